import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './issuable-actions-menu.module.css';
import { ReportAbuseDrawer } from './report-abuse-drawer.tsx';

/** One item of an issuable's actions menu: an action, or a link (`href`). */
export type IssuableAction = {
  id: string;
  label: string;
  onAction?: () => void;
  href?: string;
  /** Red text: destructive (delete, submit as spam). */
  danger?: boolean;
};

export type IssuableActionsMenuProps = {
  /** The trigger's and the menu's accessible name: 'Epic actions', 'Issue actions'. */
  label: string;
  /** The main items, in order; the page leaves out what the viewer may not do. */
  items: IssuableAction[];
  /** Items after a separator, below 'Report abuse' (spam, delete). */
  endItems?: IssuableAction[];
  /** Items shown but not usable now (e.g. the state toggle while it is saving). */
  disabledKeys?: string[];
  /**
   * 'Report abuse' (signed-in viewers who are not the author): opens the abuse drawer with the
   * author's numeric id and the page's URL. Absent: no menu item.
   */
  reportAbuse?: { reportedUserId: number; reportedFromUrl: string };
};

/**
 * The actions menu of an epic or an issue (spec 001 §2.1, spec 002 §2.1): a ⋮ button opening the
 * page's items, then 'Report abuse' and the end items after a separator. One component for both
 * pages: each page builds its items from its own permissions.
 */
export function IssuableActionsMenu({
  label,
  items,
  endItems = [],
  disabledKeys,
  reportAbuse,
}: IssuableActionsMenuProps) {
  const [reporting, setReporting] = useState(false);
  const tail: IssuableAction[] = [
    ...(reportAbuse ? [{ id: 'report-abuse', label: 'Report abuse', onAction: () => setReporting(true) }] : []),
    ...endItems,
  ];
  const renderItem = (item: IssuableAction) => (
    <MenuItem
      key={item.id}
      id={item.id}
      textValue={item.label}
      className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
      onAction={item.onAction}
      href={item.href}
    >
      {item.label}
    </MenuItem>
  );
  return (
    <>
      <MenuTrigger>
        <Button iconOnly aria-label={label} className={styles.trigger}>
          <Icon name="ellipsis-v" />
        </Button>
        <Popover className={styles.popover} placement="bottom end">
          <Menu className={styles.menu} aria-label={label} disabledKeys={disabledKeys}>
            {items.map(renderItem)}
            {tail.length > 0 && items.length > 0 && <Separator className={styles.separator} />}
            {tail.map(renderItem)}
          </Menu>
        </Popover>
      </MenuTrigger>
      {reportAbuse && (
        <ReportAbuseDrawer
          reportedUserId={reportAbuse.reportedUserId}
          reportedFromUrl={reportAbuse.reportedFromUrl}
          isOpen={reporting}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
