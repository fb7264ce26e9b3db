import type { Key } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { ChildItemsForm } from './add-item-menu.tsx';
import styles from './child-items-panel.module.css';

export const EMPTY_TEXT =
  "Link child issues and epics together to show that they're related, or that one blocks another.";
/** 'Learn more' goes to Milepost's own help page, never to another product's documentation. */
export const LEARN_MORE_PATH = '/-/help';

/** The panel's header counts: direct child epics and issues. */
export function ChildItemsHeaderCounts({ epics, issues }: { epics: number; issues: number }) {
  return (
    <span className={styles.counts}>
      <span className={styles.count}>
        <Icon name="epic" />
        <span aria-hidden="true">{epics}</span>
        <span className="visually-hidden">{epics === 1 ? '1 child epic' : `${epics} child epics`}</span>
      </span>
      <span className={styles.count}>
        <Icon name="issues" />
        <span aria-hidden="true">{issues}</span>
        <span className="visually-hidden">{issues === 1 ? '1 child issue' : `${issues} child issues`}</span>
      </span>
    </span>
  );
}

type EmptyAddButtonProps = {
  kind: 'issue' | 'epic';
  /** The 'new' choice is offered (an epic needs the right to create one). */
  canCreate: boolean;
  primary?: boolean;
  onSelect: (form: ChildItemsForm) => void;
};

/** 'Add issue' / 'Add epic': a new one or an existing one, each opening its form. */
function EmptyAddButton({ kind, canCreate, primary = false, onSelect }: EmptyAddButtonProps) {
  return (
    <MenuTrigger>
      <Button variant={primary ? 'primary' : 'default'}>
        {kind === 'issue' ? 'Add issue' : 'Add epic'}
        <Icon name="chevron-down" />
      </Button>
      <Popover className={styles.popover} placement="bottom start">
        <Menu
          className={styles.menu}
          aria-label={kind === 'issue' ? 'Add issue' : 'Add epic'}
          onAction={(key: Key) => onSelect(String(key) as ChildItemsForm)}
        >
          {canCreate ? (
            <MenuItem id={`create-${kind}`} className={styles.menuItem}>
              {`Add a new ${kind}`}
            </MenuItem>
          ) : null}
          <MenuItem id={`add-${kind}`} className={styles.menuItem}>
            {`Add an existing ${kind}`}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

type ChildItemsEmptyStateProps = {
  /** The viewer may add children (null: no buttons, the text only). */
  add: { canCreateEpic: boolean; onSelect: (form: ChildItemsForm) => void } | null;
};

/** Shown when the epic has no child items yet: what they are for and, for those who may, 'Add issue' / 'Add epic'. */
export function ChildItemsEmptyState({ add }: ChildItemsEmptyStateProps) {
  return (
    <EmptyState
      icon="epic"
      title="No child items yet"
      headingLevel={3}
      description={
        <>
          {EMPTY_TEXT}{' '}
          <Link to={LEARN_MORE_PATH} className={styles.inlineLink} aria-label="Learn more about child issues and epics">
            Learn more
          </Link>
        </>
      }
      actions={
        add ? (
          <>
            <EmptyAddButton kind="issue" canCreate primary onSelect={add.onSelect} />
            <EmptyAddButton kind="epic" canCreate={add.canCreateEpic} onSelect={add.onSelect} />
          </>
        ) : undefined
      }
    />
  );
}
