import { memo, useId, useState } from 'react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClassName } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import type { DiscussionFieldsFragment, NoteFieldsFragment } from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import styles from './discussions.module.css';
import { type NoteActions, NoteItem, type Viewer } from './note-item.tsx';
import type { Noteable } from './noteable.ts';
import { ReplyForm } from './reply-form.tsx';
import { NoteTime, noteAnchor, SystemNote } from './system-note.tsx';

const RESOLVE_BUTTON = buttonClassName({ compact: true });

type DiscussionItemProps = {
  noteable: Noteable;
  discussion: DiscussionFieldsFragment;
  viewer: Viewer;
  actions: NoteActions;
  /** The viewer may comment here (not on a locked issue unless a member). */
  canReply: boolean;
};

/**
 * One entry of the activity: a history line, a comment, or a thread — its notes, 'Reply…', and
 * 'Resolve thread' / 'Unresolve thread' for those who may.
 */
export const DiscussionItem = memo(function DiscussionItem({
  noteable,
  discussion,
  viewer,
  actions,
  canReply,
}: DiscussionItemProps) {
  const [replying, setReplying] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // A resolved thread starts collapsed unless the page's address points into it; resolving
  // collapses it, unresolving opens it (GitLab's `expanded`).
  const [expanded, setExpanded] = useState(() => !discussion.resolved || linkedTo(discussion));
  const [shownResolved, setShownResolved] = useState(discussion.resolved);
  if (shownResolved !== discussion.resolved) {
    setShownResolved(discussion.resolved);
    setExpanded(!discussion.resolved);
  }
  const notesId = useId();
  const notes = nodesOf(discussion.notes);
  const [first] = notes;
  if (!first) return null;
  if (first.system) return <SystemNote note={first} />;

  const isThread = !discussion.individualNote;
  const collapsible = isThread && discussion.resolved;
  const open = !collapsible || expanded || replying;
  const mayReply = canReply && first.userPermissions.createNote;
  const mayResolve = discussion.resolvable && first.userPermissions.resolveNote;

  const reply = (body: string) => actions.create({ body, internal: first.internal ?? false, thread: true, discussion });

  const toggleResolve = async () => {
    setResolving(true);
    const result = await actions.toggleResolve(discussion);
    setResolving(false);
    setErrors(result.errors);
  };

  return (
    <div
      className={[styles.discussion, discussion.resolved && styles.resolved, first.internal && styles.internal]
        .filter(Boolean)
        .join(' ')}
    >
      {collapsible && (
        <ThreadSummary
          discussion={discussion}
          notes={notes}
          expanded={open}
          controls={notesId}
          onToggle={() => setExpanded(!open)}
        />
      )}
      {open && (
        <div id={notesId}>
          {notes.map((note, index) => (
            <div key={note.id} className={index > 0 ? styles.reply : undefined}>
              <NoteItem
                noteable={noteable}
                note={note}
                viewer={viewer}
                actions={actions}
                onReply={index === 0 && mayReply && !replying ? () => setReplying(true) : undefined}
                onError={setErrors}
              />
            </div>
          ))}
        </div>
      )}
      {errors.length > 0 && (
        <div className={styles.formErrors} role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      {discussion.resolved && !collapsible && (
        <p className={styles.resolvedBy}>
          <Icon name="check" size={14} />
          {discussion.resolvedBy ? `Resolved by ${discussion.resolvedBy.name}` : 'Resolved'}
        </p>
      )}
      {open && (replying || (isThread && (mayReply || mayResolve))) && (
        <div className={styles.threadFooter}>
          {replying ? (
            <ReplyForm
              noteable={noteable}
              discussionId={discussion.id}
              onSubmit={reply}
              onClose={() => setReplying(false)}
            />
          ) : (
            <div className={styles.threadActions}>
              {mayReply && (
                <button type="button" className={styles.replyPlaceholder} onClick={() => setReplying(true)}>
                  Reply…
                </button>
              )}
              {mayResolve && (
                // A plain button drawn as the app's `Button` (a long thread has one per thread). While
                // the request goes it stays focusable but does nothing (`aria-disabled`), so the focus
                // stays on it for 'Unresolve thread' → 'Resolve thread'.
                <button
                  type="button"
                  className={RESOLVE_BUTTON}
                  aria-disabled={resolving || undefined}
                  data-disabled={resolving || undefined}
                  onClick={resolving ? undefined : () => void toggleResolve()}
                >
                  <Icon name="check" size={14} />
                  {discussion.resolved ? 'Unresolve thread' : 'Resolve thread'}
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
});

/** Whether the page's address (`#note_12`) points at one of the discussion's notes. */
function linkedTo(discussion: DiscussionFieldsFragment): boolean {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return hash !== '' && nodesOf(discussion.notes).some((note) => noteAnchor(note.id) === hash);
}

type ThreadSummaryProps = {
  discussion: DiscussionFieldsFragment;
  notes: readonly NoteFieldsFragment[];
  expanded: boolean;
  /** The id of the notes' container the toggle shows and hides. */
  controls: string;
  onToggle: () => void;
};

/**
 * The head of a resolved thread (GitLab collapses those): who started it, 'N replies' as the
 * toggle, the last reply, and who resolved it when.
 */
function ThreadSummary({ discussion, notes, expanded, controls, onToggle }: ThreadSummaryProps) {
  const [first] = notes;
  const replies = notes.length - 1;
  const last = replies > 0 ? notes[notes.length - 1] : undefined;
  return (
    <div className={styles.threadSummary}>
      <button
        type="button"
        className={styles.threadToggle}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        onClick={onToggle}
      >
        <Icon name={expanded ? 'chevron-down' : 'chevron-right'} size={14} />
        {expanded ? 'Hide thread' : replies > 0 ? `${replies} ${replies === 1 ? 'reply' : 'replies'}` : 'Show thread'}
      </button>
      <span className={styles.threadMeta}>
        {first?.author && (
          <span>
            <Avatar name={first.author.name} src={first.author.avatarUrl} seed={first.author.id} size="s" />{' '}
            {first.author.name} started a thread
          </span>
        )}
        {last?.author && (
          <span>
            Last reply by {last.author.name} <NoteTime value={last.createdAt} />
          </span>
        )}
      </span>
      <span className={styles.threadResolved}>
        <Icon name="check" size={14} />
        Resolved
        {discussion.resolvedAt ? (
          <>
            {' '}
            <NoteTime value={discussion.resolvedAt} />
          </>
        ) : null}
        {discussion.resolvedBy ? ` by ${discussion.resolvedBy.name}` : ''}
      </span>
    </div>
  );
}
