import { deleteConfirmBody, deleteConfirmTitle } from '@milepost/shared';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import styles from './delete-confirm-modal.module.css';

export type DeleteConfirmModalProps = {
  /** 'epic', 'issue', or any other issuable type ('incident', 'work item'…). */
  issuableType: 'epic' | 'issue' | (string & {});
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Heading and confirm-button text; 'Delete epic', 'Delete issue'… by default. */
  title?: string;
  /** Disables the confirm button while the deletion runs. */
  isDeleting?: boolean;
};

/** Asks before deleting an epic or issue: Cancel, or the danger button. Escape and Close cancel. */
export function DeleteConfirmModal({
  issuableType,
  isOpen,
  onCancel,
  onConfirm,
  title,
  isDeleting = false,
}: DeleteConfirmModalProps) {
  const heading = title ?? deleteConfirmTitle(issuableType);
  const handleOpenChange = (open: boolean) => {
    if (!open) onCancel();
  };
  return (
    <Dialog title={heading} isOpen={isOpen} onOpenChange={handleOpenChange} role="alertdialog">
      <p className={styles.body}>{deleteConfirmBody(issuableType)}</p>
      <div className={styles.actions}>
        <Button onPress={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={isDeleting}>
          {heading}
        </Button>
      </div>
    </Dialog>
  );
}
