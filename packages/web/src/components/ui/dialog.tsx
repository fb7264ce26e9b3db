import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button.tsx';
import styles from './dialog.module.css';
import { Icon } from './icon.tsx';

type DialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** `wide` for a dialog of tables (880 px at most instead of 560 px). */
  size?: 'default' | 'wide';
};

/** A modal dialog with a title and a close button; Escape and the overlay close it. */
export function Dialog({ title, isOpen, onOpenChange, children, role = 'dialog', size = 'default' }: DialogProps) {
  return (
    <ModalOverlay className={styles.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className={size === 'wide' ? `${styles.modal} ${styles.wide}` : styles.modal}>
        <AriaDialog className={styles.dialog} role={role}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title">{title}</Heading>
                <Button variant="tertiary" iconOnly aria-label="Close" onPress={close}>
                  <Icon name="close" />
                </Button>
              </div>
              <div className={styles.body}>{children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
