import { Link } from 'react-aria-components';
import { ConfirmDialog, ConfirmText } from '../../../components/ui/confirm-dialog.tsx';
import styles from './issue-actions.module.css';

type Blocker = { id: string; webUrl: string; fullReference: string; title: string };

type BlockedCloseDialogProps = {
  isOpen: boolean;
  blockers: Blocker[];
  /** How many block the issue in all (some may not be listed, or be hidden from the viewer). */
  count: number;
  isClosing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Closing a blocked issue first asks, listing the blockers (spec 002 §4.1): 'Yes, close issue'. */
export function BlockedCloseDialog({
  isOpen,
  blockers,
  count,
  isClosing,
  onCancel,
  onConfirm,
}: BlockedCloseDialogProps) {
  const more = count - blockers.length;
  return (
    <ConfirmDialog
      title="Are you sure you want to close this blocked issue?"
      isOpen={isOpen}
      confirmLabel="Yes, close issue"
      pendingLabel="Closing…"
      isPending={isClosing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <ConfirmText>This issue is currently blocked by the following issues:</ConfirmText>
      <ul className={styles.blockers}>
        {blockers.map((b) => (
          <li key={b.id}>
            <Link href={b.webUrl} className={styles.blockerLink}>
              {b.fullReference}
            </Link>{' '}
            {b.title}
          </li>
        ))}
        {more > 0 && <li>+ {more} more</li>}
      </ul>
    </ConfirmDialog>
  );
}
