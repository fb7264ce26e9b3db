import type { Key } from 'react';
import { Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './child-items-panel.module.css';

export type ChildItemsForm = 'create-issue' | 'add-issue' | 'add-epic' | 'create-epic';

type AddItemMenuProps = {
  /** The Epic group (shown when the viewer can read the epic's relations). */
  showEpicGroup: boolean;
  /** 'Add a new epic' (only for those who can admin the epic). */
  canCreateEpic: boolean;
  onSelect: (form: ChildItemsForm) => void;
};

/** The 'Add' dropdown: an Issue group and an Epic group of actions, each opening one form. */
export function AddItemMenu({ showEpicGroup, canCreateEpic, onSelect }: AddItemMenuProps) {
  return (
    <MenuTrigger>
      <Button compact>
        Add
        <Icon name="chevron-down" />
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} onAction={(key: Key) => onSelect(String(key) as ChildItemsForm)} aria-label="Add">
          <MenuSection className={styles.menuSection}>
            <Header className={styles.menuHeader}>Issue</Header>
            <MenuItem id="create-issue" className={styles.menuItem}>
              Add a new issue
            </MenuItem>
            <MenuItem id="add-issue" className={styles.menuItem}>
              Add an existing issue
            </MenuItem>
          </MenuSection>
          {showEpicGroup ? (
            <MenuSection className={styles.menuSection}>
              <Header className={styles.menuHeader}>Epic</Header>
              <MenuItem id="add-epic" className={styles.menuItem}>
                Add an existing epic
              </MenuItem>
              {canCreateEpic ? (
                <MenuItem id="create-epic" className={styles.menuItem}>
                  Add a new epic
                </MenuItem>
              ) : null}
            </MenuSection>
          ) : null}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
