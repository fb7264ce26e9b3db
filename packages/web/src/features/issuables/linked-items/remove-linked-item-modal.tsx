import { ConfirmDialog, ConfirmText } from '../../../components/ui/confirm-dialog.tsx';
import type { LinkedItem, LinkedItemType } from './linked-items-api.ts';

type RemoveLinkedItemModalProps = {
  type: LinkedItemType;
  item: LinkedItem | null;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before removing the link to another epic or issue (the item itself stays). */
export function RemoveLinkedItemModal({ type, item, isRemoving, onCancel, onConfirm }: RemoveLinkedItemModalProps) {
  return (
    <ConfirmDialog
      title={`Remove linked ${type}`}
      isOpen={item !== null}
      isPending={isRemoving}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <ConfirmText>
        Are you sure you want to remove the link to <strong>{item?.title}</strong> ({item?.reference})? The {type}{' '}
        itself is not deleted.
      </ConfirmText>
    </ConfirmDialog>
  );
}
