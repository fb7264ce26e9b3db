import { memo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import type { DiscussionFieldsFragment } from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import styles from './discussions.module.css';
import { type NoteActions, NoteItem, type Viewer } from './note-item.tsx';
import type { Noteable } from './noteable.ts';
import { ReplyForm } from './reply-form.tsx';
import { SystemNote } from './system-note.tsx';

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
  const notes = nodesOf(discussion.notes);
  const [first] = notes;
  if (!first) return null;
  if (first.system) return <SystemNote note={first} />;

  const isThread = !discussion.individualNote;
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
      {notes.map((note, index) => (
        <div key={note.id} className={index > 0 ? styles.reply : undefined}>
          <NoteItem
            noteable={noteable}
            note={note}
            discussion={discussion}
            viewer={viewer}
            actions={actions}
            onReply={index === 0 && mayReply && !replying ? () => setReplying(true) : undefined}
            onError={setErrors}
          />
        </div>
      ))}
      {errors.length > 0 && (
        <div className={styles.formErrors} role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      {discussion.resolved && (
        <p className={styles.resolvedBy}>
          <Icon name="check" size={14} />
          {discussion.resolvedBy ? `Resolved by ${discussion.resolvedBy.name}` : 'Resolved'}
        </p>
      )}
      {(replying || (isThread && (mayReply || mayResolve))) && (
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
                <Button compact onPress={() => void toggleResolve()} isDisabled={resolving} isPending={resolving}>
                  <Icon name="check" size={14} />
                  {discussion.resolved ? 'Unresolve thread' : 'Resolve thread'}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
});
