import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './task-list-html.module.css';

type TaskItemActionsProps = {
  /** 'Convert to child item' (incidents, issues and epics only, spec 001 §2.5); absent: not offered. */
  onConvert?: () => void;
  onDelete: () => void;
  /** Keyboard users' way to reorder (what the drag handle does): absent at the list's ends. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  isDisabled: boolean;
};

/**
 * The ⋮ menu beside a task-list item: 'Convert to child item' and 'Delete', as GitLab's, and 'Move
 * up' / 'Move down' so the order can be changed without a pointer.
 */
export function TaskItemActions({ onConvert, onDelete, onMoveUp, onMoveDown, isDisabled }: TaskItemActionsProps) {
  return (
    <MenuTrigger>
      <Button iconOnly compact aria-label="Task actions" className={styles.actionsTrigger} isDisabled={isDisabled}>
        <Icon name="ellipsis-v" size={14} />
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu} aria-label="Task actions">
          {onConvert && (
            <MenuItem id="convert" className={styles.menuItem} onAction={onConvert}>
              Convert to child item
            </MenuItem>
          )}
          {onMoveUp && (
            <MenuItem id="move-up" className={styles.menuItem} onAction={onMoveUp}>
              Move up
            </MenuItem>
          )}
          {onMoveDown && (
            <MenuItem id="move-down" className={styles.menuItem} onAction={onMoveDown}>
              Move down
            </MenuItem>
          )}
          <MenuItem id="delete" className={`${styles.menuItem} ${styles.danger}`} onAction={onDelete}>
            Delete
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
