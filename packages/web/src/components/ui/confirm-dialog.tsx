import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './confirm-dialog.module.css';
import { Dialog } from './dialog.tsx';

type ConfirmDialogProps = {
  title: string;
  isOpen: boolean;
  /** The question (`ConfirmText`) or a warning. */
  children: ReactNode;
  /** The destructive button's words, and its words while the action runs. */
  confirmLabel?: string;
  pendingLabel?: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Asks before a destructive action (an `alertdialog`): Cancel has the focus, the danger button
 * does it and stays disabled while it runs; Escape and the overlay cancel.
 */
export function ConfirmDialog({
  title,
  isOpen,
  children,
  confirmLabel = 'Remove',
  pendingLabel = 'Removing…',
  isPending,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
    >
      {children}
      <div className={styles.actions}>
        <Button onPress={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onPress={onConfirm} isDisabled={isPending}>
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/** The question of a `ConfirmDialog`. */
export function ConfirmText({ children }: { children: ReactNode }) {
  return <p className={styles.text}>{children}</p>;
}
