import { useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { ReportAbuseDrawer } from '../../../components/planning/report-abuse-drawer.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './epic-actions-menu.module.css';

export type EpicActionsMenuProps = {
  isOpen: boolean;
  /** Offers Edit too (the narrow variant: no separate Edit button there). */
  includeEdit: boolean;
  canUpdate: boolean;
  canCreate: boolean;
  canDestroy: boolean;
  /** The New epic page. */
  newEpicHref: string;
  isStateChanging: boolean;
  onEdit: () => void;
  onToggleState: () => void;
  onCopyReference: () => void;
  onDelete: () => void;
  /**
   * 'Report abuse' (signed-in viewers who are not the author): opens the abuse drawer with the
   * author's numeric id and the epic's URL. Absent: no menu item.
   */
  reportAbuse?: { reportedUserId: number; reportedFromUrl: string };
};

/**
 * 'Epic actions': Edit (narrow only), Close/Reopen, New epic, Copy reference, Report abuse, Delete epic,
 * by permission.
 */
export function EpicActionsMenu({
  isOpen,
  includeEdit,
  canUpdate,
  canCreate,
  canDestroy,
  newEpicHref,
  isStateChanging,
  onEdit,
  onToggleState,
  onCopyReference,
  onDelete,
  reportAbuse,
}: EpicActionsMenuProps) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <MenuTrigger>
        <Button iconOnly aria-label="Epic actions" className={styles.trigger}>
          <Icon name="ellipsis-v" />
        </Button>
        <Popover className={styles.popover} placement="bottom end">
          <Menu className={styles.menu} aria-label="Epic actions" disabledKeys={isStateChanging ? ['state'] : []}>
            {includeEdit && canUpdate && (
              <MenuItem id="edit" className={styles.item} textValue="Edit" onAction={onEdit}>
                Edit
              </MenuItem>
            )}
            {canUpdate && (
              <MenuItem id="state" className={styles.item} onAction={onToggleState}>
                {isOpen ? 'Close epic' : 'Reopen epic'}
              </MenuItem>
            )}
            {canCreate && (
              <MenuItem id="new" className={styles.item} href={newEpicHref}>
                New epic
              </MenuItem>
            )}
            <MenuItem id="copy" className={styles.item} onAction={onCopyReference}>
              Copy reference
            </MenuItem>
            {reportAbuse && (
              <MenuItem id="report" className={styles.item} onAction={() => setReporting(true)}>
                Report abuse
              </MenuItem>
            )}
            {canDestroy && <Separator className={styles.separator} />}
            {canDestroy && (
              <MenuItem id="delete" className={[styles.item, styles.danger].join(' ')} onAction={onDelete}>
                Delete epic
              </MenuItem>
            )}
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
