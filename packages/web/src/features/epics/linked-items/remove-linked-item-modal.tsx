import { ConfirmDialog, ConfirmText } from '../../../components/ui/confirm-dialog.tsx';
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
    <ConfirmDialog
      title="Remove linked epic"
      isOpen={item !== null}
      isPending={isRemoving}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <ConfirmText>
        Are you sure you want to remove the link to <strong>{item?.title}</strong> ({item?.reference})? The epic itself
        is not deleted.
      </ConfirmText>
    </ConfirmDialog>
  );
}
