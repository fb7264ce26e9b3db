import { type FocusEvent, type KeyboardEvent, type MouseEvent, memo, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClassName } from '../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useToast } from '../../components/ui/use-toast.ts';
import type { NoteFieldsFragment } from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import { displayUsername } from '../issuables/format-created.ts';
import { ServerHtml } from '../issuables/server-html.tsx';
import { NoteTaskList } from '../work-items/task-list/note-task-list.tsx';
import { AwardsList } from './award-emoji.tsx';
import styles from './discussions.module.css';
import { NoteEditForm } from './note-edit-form.tsx';
import icons from './note-icons.module.css';
import { type NoteMenuAction, type NotePopoverRequest, useNotePopovers } from './note-popovers.tsx';
import type { Noteable } from './noteable.ts';
import { NoteTime, noteAnchor } from './system-note.tsx';
import type { useNoteActions } from './use-note-actions.ts';

export type NoteActions = ReturnType<typeof useNoteActions>;

/**
 * A note's icon buttons, drawn as the app's compact tertiary `Button`, each with its icon as a mask
 * (`note-icons.module.css`: no svg elements per button, decision 0089).
 */
const ACTION_BUTTON = buttonClassName({ compact: true, iconOnly: true, variant: 'tertiary' });
type NoteIcon = 'smiley' | 'reply' | 'pencil' | 'ellipsis';
const iconButton = (icon: NoteIcon) => `${ACTION_BUTTON} ${icons.icon} ${icons[icon]}`;
const REPLY_BUTTON = iconButton('reply');
const EDIT_BUTTON = iconButton('pencil');
export type Viewer = { id: string; name: string; username: string } | null;

type NoteItemProps = {
  noteable: Noteable;
  note: NoteFieldsFragment;
  viewer: Viewer;
  actions: NoteActions;
  /** Shows 'Reply to comment' (the first note of a discussion the viewer may answer). */
  onReply?: () => void;
  /** Problems of the last action on this note (reaction, delete). */
  onError: (errors: string[]) => void;
};

/**
 * A comment: the author's avatar and name linking to them, when, 'Internal note', the rendered
 * markdown, 'Edited … by …', its reactions, and what the viewer may do (react, reply, edit, delete).
 */
export const NoteItem = memo(function NoteItem({ noteable, note, viewer, actions, onReply, onError }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Which of the section's shared popovers hangs from this comment's buttons now (decision 0053).
  const [popover, setPopover] = useState<NotePopoverRequest['kind'] | null>(null);
  // A list's drag handles show only on hover: they are attached once the pointer or the focus comes
  // near (the header is focused before the text). A comment with task items has them at once, so
  // its checkboxes work from the start.
  const [near, setNear] = useState(false);
  const openPopover = useNotePopovers();
  const { showToast } = useToast();
  const permissions = note.userPermissions;
  const awards = nodesOf(note.awardEmoji);
  const author = note.author;

  const award = async (name: string) => {
    if (!viewer) return;
    const result = await actions.toggleAward(note, name, viewer);
    onError(result.errors);
  };

  const handleDelete = async () => {
    setDeleting(true);
    const result = await actions.destroy(note);
    setDeleting(false);
    setConfirmingDelete(false);
    onError(result.errors);
  };

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}#${noteAnchor(note.id)}`;
    try {
      await navigator.clipboard.writeText(url);
      showToast('Link copied to clipboard.');
    } catch {
      onError(['The link could not be copied.']);
    }
  };

  const show = (anchor: HTMLElement, request: NotePopoverRequest) => {
    setPopover(request.kind);
    openPopover(anchor, request, () => setPopover(null));
  };

  const menuActions: NoteMenuAction[] = [
    { id: 'copy', label: 'Copy link' },
    ...(permissions.adminNote ? [{ id: 'delete', label: 'Delete comment', danger: true }] : []),
  ];
  const openMenu = (anchor: HTMLElement, fromKeyboard: boolean) =>
    show(anchor, {
      kind: 'menu',
      label: 'More actions',
      actions: menuActions,
      focusFirst: fromKeyboard,
      onAction: (id) => (id === 'delete' ? setConfirmingDelete(true) : void copyLink()),
    });

  const html = note.bodyHtml ?? '';
  const taskListLive = near || html.includes('task-list-item');
  const comeNear = near ? undefined : () => setNear(true);
  // Not from inside the text: attaching re-renders it, which would take the focus away.
  const focusNear = near
    ? undefined
    : (event: FocusEvent<HTMLElement>) => {
        if (!(event.target as Element).closest(`.${styles.noteBody}`)) setNear(true);
      };

  return (
    <article
      className={styles.note}
      id={noteAnchor(note.id)}
      aria-label={`Comment by ${author?.name ?? 'a deleted user'}`}
      data-own-note={(viewer && author && viewer.id === author.id) || undefined}
      onPointerEnter={comeNear}
      onFocus={focusNear}
    >
      {/* Links to people are plain anchors the list opens in the app (`data-app-link`, decision 0053). */}
      {author ? (
        <AvatarLink author={author} />
      ) : (
        <span className={styles.avatarLink}>
          <Avatar name="?" />
        </span>
      )}
      <div className={styles.noteMain}>
        <header className={styles.noteHeader}>
          <div className={styles.noteMeta}>
            {author && (
              <a href={author.webPath} data-app-link="" className={styles.authorName}>
                {author.name}
              </a>
            )}
            {author && <span className={styles.username}>@{displayUsername(author.username)}</span>}
            <span aria-hidden="true">·</span>
            <NoteTime value={note.createdAt} />
            {note.internal && (
              <span className={styles.internalBadge} title="This internal note will always remain confidential">
                <Icon name="eye-slash" size={14} />
                Internal note
              </span>
            )}
          </div>
          <div className={styles.noteActions}>
            {permissions.awardEmoji && viewer && (
              <PopoverButton
                label="Add reaction"
                icon="smiley"
                popup="dialog"
                expanded={popover === 'reaction'}
                onOpen={(anchor) => show(anchor, { kind: 'reaction', onPick: (name) => void award(name) })}
              />
            )}
            {/* Plain buttons: a long thread has hundreds (decisions 0049, 0053). */}
            {onReply && (
              <button type="button" className={REPLY_BUTTON} aria-label="Reply to comment" onClick={onReply} />
            )}
            {permissions.adminNote && !editing && (
              <button
                type="button"
                className={EDIT_BUTTON}
                aria-label="Edit comment"
                onClick={() => setEditing(true)}
              />
            )}
            <PopoverButton
              label="More actions"
              icon="ellipsis"
              popup="menu"
              expanded={popover === 'menu'}
              onOpen={openMenu}
            />
          </div>
        </header>
        {editing ? (
          <NoteEditForm
            noteable={noteable}
            note={note}
            onSave={(body, lockVersion) => actions.update(note, body, lockVersion)}
            onClose={() => setEditing(false)}
          />
        ) : permissions.adminNote && taskListLive ? (
          <NoteTaskList
            note={note}
            editable
            className={styles.noteBody as string}
            update={actions.update}
            refresh={actions.refresh}
          />
        ) : (
          <ServerHtml html={html} className={styles.noteBody as string} />
        )}
        {note.lastEditedAt && !editing && (
          <p className={styles.edited}>
            Edited <NoteTime value={note.lastEditedAt} />
            {note.lastEditedBy && (
              <>
                {' by '}
                <a href={note.lastEditedBy.webPath} data-app-link="" className={styles.editedBy}>
                  {note.lastEditedBy.name}
                </a>
              </>
            )}
          </p>
        )}
        <AwardsList
          awards={awards}
          viewerId={viewer?.id ?? null}
          canAward={permissions.awardEmoji && Boolean(viewer)}
          onToggle={(name) => void award(name)}
        />
      </div>
      {(confirmingDelete || deleting) && (
        <ConfirmDialog
          title="Delete comment"
          isOpen={confirmingDelete}
          confirmLabel="Delete comment"
          pendingLabel="Deleting…"
          isPending={deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => void handleDelete()}
        >
          <ConfirmText>Are you sure you want to delete this comment?</ConfirmText>
        </ConfirmDialog>
      )}
    </article>
  );
});

type PopoverButtonProps = {
  label: string;
  icon: NoteIcon;
  popup: 'menu' | 'dialog';
  expanded: boolean;
  /** Opens the section's popover from this button (`fromKeyboard`: Enter, Space or the arrows). */
  onOpen: (anchor: HTMLElement, fromKeyboard: boolean) => void;
};

/** A comment's button that opens the section's shared menu or picker; a menu also opens with the arrows. */
function PopoverButton({ label, icon, popup, expanded, onOpen }: PopoverButtonProps) {
  return (
    <button
      type="button"
      className={iconButton(icon)}
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={expanded}
      // `detail` 0: a click from the keyboard.
      onClick={(event: MouseEvent<HTMLButtonElement>) => onOpen(event.currentTarget, event.detail === 0)}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (popup !== 'menu' || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
        event.preventDefault();
        onOpen(event.currentTarget, true);
      }}
    />
  );
}

/** The author's avatar as a link for the mouse; the name beside it is the link for keyboards and screen readers. */
function AvatarLink({ author }: { author: NonNullable<NoteFieldsFragment['author']> }) {
  // biome-ignore-start lint/a11y/useAnchorContent: a second way to the author's page, hidden from assistive technology
  return (
    <a href={author.webPath} data-app-link="" className={styles.avatarLink} aria-hidden="true" tabIndex={-1}>
      <Avatar name={author.name} src={author.avatarUrl} seed={author.id} />
    </a>
  );
  // biome-ignore-end lint/a11y/useAnchorContent: see above
}
