import type { CSSProperties, ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button.tsx';
import styles from './drawer.module.css';
import { Icon, type IconName } from './icon.tsx';

export type DrawerProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** The drawer's width (CSS), at most `maxWidth`. */
  width: string;
  /** Default: the viewport's width. */
  maxWidth?: string;
  /** The layer (CSS z-index); default the drawer layer (`--z-drawer`). */
  zIndex?: string;
  /** Below the top bar (default) or over the whole viewport. */
  placement?: 'below-top-bar' | 'viewport';
  /** Dim the page behind the drawer (default) or leave it as it is. */
  dimmed?: boolean;
  /** Square corners instead of the rounded left edge. */
  square?: boolean;
  /** Keep the header and the content off the drawer's edges (the content then needs no padding of its own). */
  inset?: boolean;
  titleSize?: 'h2' | 'h3';
  /** The close button in the header: 'Close' with a cross unless told otherwise. */
  closeLabel?: string;
  closeIcon?: IconName;
  compactClose?: boolean;
  /** The dialog's id, for the `aria-controls` of the button that opens it. */
  id?: string;
};

/**
 * A drawer sliding in from the right, with a sticky header (title and close button). Escape, the close
 * button and a press outside close it.
 */
export function Drawer({
  title,
  isOpen,
  onOpenChange,
  children,
  width,
  maxWidth,
  zIndex,
  placement = 'below-top-bar',
  dimmed = true,
  square = false,
  inset = false,
  titleSize = 'h3',
  closeLabel = 'Close',
  closeIcon = 'close',
  compactClose = false,
  id,
}: DrawerProps) {
  const overlayStyle = { '--drawer-z': zIndex } as CSSProperties;
  const drawerStyle = { '--drawer-width': width, '--drawer-max-width': maxWidth } as CSSProperties;
  return (
    <ModalOverlay
      className={styles.overlay}
      style={overlayStyle}
      data-placement={placement}
      data-dimmed={dimmed}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={styles.drawer} style={drawerStyle} data-square={square} data-inset={inset}>
        <Dialog className={styles.dialog} id={id}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title} data-size={titleSize}>
                  {title}
                </Heading>
                <Button variant="tertiary" compact={compactClose} iconOnly aria-label={closeLabel} onPress={close}>
                  <Icon name={closeIcon} />
                </Button>
              </div>
              {children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
