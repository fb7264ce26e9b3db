import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Dialog, Menu, MenuItem, Popover } from 'react-aria-components';
import { EmojiChooser } from './award-emoji.tsx';
import styles from './discussions.module.css';

/** One entry of a comment's 'More actions' menu. */
export type NoteMenuAction = { id: string; label: string; danger?: boolean };

/** What a comment's button asks the section to open beside it. */
export type NotePopoverRequest =
  | {
      kind: 'menu';
      label: string;
      actions: readonly NoteMenuAction[];
      onAction: (id: string) => void;
      /** Opened from the keyboard: the first item takes the focus (from a pointer: the menu). */
      focusFirst: boolean;
    }
  | { kind: 'reaction'; onPick: (name: string) => void };

/**
 * Opens the section's one popover for `anchor` (the pressed button, which it hangs from and
 * gives the focus back to); `onClose` is told when it closed, also when another comment's opened.
 */
export type OpenNotePopover = (anchor: HTMLElement, request: NotePopoverRequest, onClose: () => void) => void;

type Opened = { anchor: HTMLElement; request: NotePopoverRequest; onClose: () => void };

const NotePopoversContext = createContext<OpenNotePopover | null>(null);

/** The section's `OpenNotePopover` (comments render only inside `NotePopovers`). */
export function useNotePopovers(): OpenNotePopover {
  const open = useContext(NotePopoversContext);
  if (!open) throw new Error('useNotePopovers needs a NotePopovers around it');
  return open;
}

/**
 * The one reaction picker and the one 'More actions' menu of a discussion section, shared by its
 * comments (decision 0053): a comment draws plain buttons, and the one it was pressed on gets the
 * popover, anchored to it, with React Aria's behaviour (focus inside, Escape and outside press
 * close, the focus back on the button). A 500-comment thread so builds no picker or menu trigger
 * per comment. The context's function never changes: opening re-renders no comment but the one.
 */
export function NotePopovers({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const current = useRef<Opened | null>(null);

  const open = useCallback<OpenNotePopover>((anchor, request, onClose) => {
    const previous = current.current;
    current.current = { anchor, request, onClose };
    if (previous && previous.anchor !== anchor) previous.onClose();
    setOpened(current.current);
  }, []);

  const close = useCallback(() => {
    const was = current.current;
    current.current = null;
    setOpened(null);
    was?.onClose();
  }, []);

  const triggerRef = useMemo(() => ({ current: opened?.anchor ?? null }), [opened]);
  const request = opened?.request;

  return (
    <NotePopoversContext.Provider value={open}>
      {children}
      {request && (
        <Popover
          triggerRef={triggerRef}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) close();
          }}
          placement="bottom end"
          className={request.kind === 'menu' ? styles.popover : styles.emojiPopover}
        >
          {request.kind === 'menu' ? (
            <Menu
              className={styles.menu}
              aria-label={request.label}
              autoFocus={request.focusFirst ? 'first' : true}
              onAction={(key) => {
                close();
                request.onAction(String(key));
              }}
            >
              {request.actions.map((action) => (
                <MenuItem
                  key={action.id}
                  id={action.id}
                  className={action.danger ? `${styles.menuItem} ${styles.danger}` : styles.menuItem}
                >
                  {action.label}
                </MenuItem>
              ))}
            </Menu>
          ) : (
            <Dialog className={styles.emojiDialog} aria-label="Add reaction">
              <EmojiChooser
                onPick={(name) => {
                  close();
                  request.onPick(name);
                }}
              />
            </Dialog>
          )}
        </Popover>
      )}
    </NotePopoversContext.Provider>
  );
}
