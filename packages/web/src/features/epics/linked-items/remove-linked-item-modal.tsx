import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import styles from './linked-items.module.css';
import type { RelatedEpicItem } from './linked-items-api.ts';

type RemoveLinkedItemModalProps = {
  item: RelatedEpicItem | null;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before removing the link to another epic (the epic itself stays). */
export function RemoveLinkedItemModal({ item, isRemoving, onCancel, onConfirm }: RemoveLinkedItemModalProps) {
  return (
    <Dialog
      title="Remove linked epic"
      isOpen={item !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
    >
      <p className={styles.modalText}>
        Are you sure you want to remove the link to <strong>{item?.title}</strong> ({item?.reference})? The epic itself
        is not deleted.
      </p>
      <div className={styles.modalActions}>
        <Button onPress={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={isRemoving}>
          {isRemoving ? 'Removing…' : 'Remove'}
        </Button>
      </div>
    </Dialog>
  );
}
