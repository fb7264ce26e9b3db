import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog, ConfirmText } from '../../../components/ui/confirm-dialog.tsx';
import type { TreeChild } from './tree-model.ts';

export type RemoveItemModalProps = {
  child: TreeChild | null;
  /** The title of the epic the item is removed from. */
  parentTitle: string;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before removing a child from its epic; an epic with children of its own gets a stronger warning. */
export function RemoveItemModal({ child, parentTitle, isRemoving, onCancel, onConfirm }: RemoveItemModalProps) {
  const kind = child?.kind ?? 'issue';
  const title = child?.item.title ?? '';
  const withChildren = child?.kind === 'epic' && (child.item.hasChildren || child.item.hasIssues);
  return (
    <ConfirmDialog
      title={`Remove ${kind}`}
      isOpen={child !== null}
      isPending={isRemoving}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {withChildren ? (
        <Alert variant="warning">
          <strong>{title}</strong> has child items of its own. They stay in <strong>{title}</strong>, which will no
          longer be part of <strong>{parentTitle}</strong>, so they leave this tree too. Are you sure?
        </Alert>
      ) : (
        <ConfirmText>
          Are you sure you want to remove <strong>{title}</strong> from <strong>{parentTitle}</strong>?
        </ConfirmText>
      )}
    </ConfirmDialog>
  );
}
