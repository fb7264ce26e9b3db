import { memo, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Link as RouterLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useToast } from '../../components/ui/use-toast.ts';
import type { DiscussionFieldsFragment, NoteFieldsFragment } from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import { displayUsername } from '../issuables/format-created.ts';
import { NoteTaskList } from '../work-items/task-list/note-task-list.tsx';
import { AwardsList, EmojiPicker } from './award-emoji.tsx';
import styles from './discussions.module.css';
import { NoteEditForm } from './note-edit-form.tsx';
import type { Noteable } from './noteable.ts';
import { NoteTime, noteAnchor } from './system-note.tsx';
import type { useNoteActions } from './use-note-actions.ts';

export type NoteActions = ReturnType<typeof useNoteActions>;

/** A note's icon buttons, drawn as the app's compact tertiary `Button`. */
const ACTION_BUTTON = buttonClassName({ compact: true, iconOnly: true, variant: 'tertiary' });
export type Viewer = { id: string; name: string; username: string } | null;

type NoteItemProps = {
  noteable: Noteable;
  note: NoteFieldsFragment;
  discussion: DiscussionFieldsFragment;
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
export const NoteItem = memo(function NoteItem({
  noteable,
  note,
  discussion,
  viewer,
  actions,
  onReply,
  onError,
}: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
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
    const result = await actions.destroy(note, discussion);
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

  return (
    <article
      className={styles.note}
      id={noteAnchor(note.id)}
      aria-label={`Comment by ${author?.name ?? 'a deleted user'}`}
      data-own-note={(viewer && author && viewer.id === author.id) || undefined}
    >
      {author ? (
        // The name beside it is the link for keyboards and screen readers; the avatar is for the mouse.
        <RouterLink to={author.webPath} className={styles.avatarLink} aria-hidden="true" tabIndex={-1}>
          <Avatar name={author.name} src={author.avatarUrl} seed={author.id} />
        </RouterLink>
      ) : (
        <span className={styles.avatarLink}>
          <Avatar name="?" />
        </span>
      )}
      <div className={styles.noteMain}>
        <header className={styles.noteHeader}>
          <div className={styles.noteMeta}>
            {author && (
              <RouterLink to={author.webPath} className={styles.authorName}>
                {author.name}
              </RouterLink>
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
            {permissions.awardEmoji && viewer && <EmojiPicker onPick={(name) => void award(name)} />}
            {/* Plain buttons where no popover hangs on them: a long thread has hundreds (decision 0049). */}
            {onReply && (
              <button type="button" className={ACTION_BUTTON} aria-label="Reply to comment" onClick={onReply}>
                <Icon name="reply" />
              </button>
            )}
            {permissions.adminNote && !editing && (
              <button
                type="button"
                className={ACTION_BUTTON}
                aria-label="Edit comment"
                onClick={() => setEditing(true)}
              >
                <Icon name="pencil" />
              </button>
            )}
            <MenuTrigger isOpen={menuOpen} onOpenChange={setMenuOpen}>
              <Button compact iconOnly variant="tertiary" aria-label="More actions">
                <Icon name="ellipsis-v" />
              </Button>
              {/* Mounted only while open: a closed menu of every note would still be built. */}
              {menuOpen && (
                <Popover className={styles.popover} placement="bottom end">
                  <Menu className={styles.menu} aria-label="More actions">
                    <MenuItem id="copy" className={styles.menuItem} onAction={() => void copyLink()}>
                      Copy link
                    </MenuItem>
                    {permissions.adminNote && (
                      <MenuItem
                        id="delete"
                        className={`${styles.menuItem} ${styles.danger}`}
                        onAction={() => setConfirmingDelete(true)}
                      >
                        Delete comment
                      </MenuItem>
                    )}
                  </Menu>
                </Popover>
              )}
            </MenuTrigger>
          </div>
        </header>
        {editing ? (
          <NoteEditForm
            noteable={noteable}
            note={note}
            onSave={(body, lockVersion) => actions.update(note, body, lockVersion)}
            onClose={() => setEditing(false)}
          />
        ) : (
          <NoteTaskList
            note={note}
            editable={permissions.adminNote}
            className={styles.noteBody as string}
            update={actions.update}
          />
        )}
        {note.lastEditedAt && !editing && (
          <p className={styles.edited}>
            Edited <NoteTime value={note.lastEditedAt} />
            {note.lastEditedBy && (
              <>
                {' by '}
                <RouterLink to={note.lastEditedBy.webPath} className={styles.editedBy}>
                  {note.lastEditedBy.name}
                </RouterLink>
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
