import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { ActivityControls } from './activity-controls.tsx';
import { CommentForm } from './comment-form.tsx';
import { DiscussionList } from './discussion-list.tsx';
import styles from './discussions.module.css';
import { NotePopovers } from './note-popovers.tsx';
import { issuableWord, type Noteable } from './noteable.ts';
import { useDiscussions } from './use-discussions.ts';
import { useNoteActions } from './use-note-actions.ts';
import { useNotesPreferences } from './use-notes-preferences.ts';

export const FETCH_ERROR = 'Something went wrong while fetching comments. Please try again.';
export const PREFERENCE_ERROR = 'Your choice could not be saved; it applies on this page only.';

/** Spec 002: the locked-discussion text. */
export function lockedText(noteable: Noteable): string {
  return `The discussion in this ${issuableWord(noteable.type)} is locked. Only project members can comment.`;
}

/**
 * The discussion section of the issue and epic pages: the activity (history lines, comments and
 * threads) with its filter and sort kept per user, and the comment form — at the end oldest first,
 * on top newest first, as GitLab places it.
 */
export function DiscussionSection({ noteable: given }: { noteable: Noteable }) {
  const headingId = useId();
  // Pages pass a new object each render: keep one per noteable, or every discussion re-renders.
  const { type, fullPath, iid } = given;
  const noteable = useMemo(() => ({ type, fullPath, iid }), [type, fullPath, iid]);
  const preferences = useNotesPreferences(noteable.type);
  const state = useDiscussions(noteable, preferences.filter, preferences.sort, !preferences.ready);
  const actions = useNoteActions(noteable, state.noteableId);
  const { currentUser } = useCurrentUser();
  const viewerId = currentUser?.id;
  const viewerName = currentUser?.name;
  const viewerUsername = currentUser?.username;
  const viewer = useMemo(
    () =>
      viewerId && viewerName && viewerUsername ? { id: viewerId, name: viewerName, username: viewerUsername } : null,
    [viewerId, viewerName, viewerUsername],
  );
  const canComment = state.canCreateNote && Boolean(currentUser);
  const [layingOut, setLayingOut] = useState(false);
  // Under an oldest-first thread the form (a markdown editor with its tabs and toolbar) mounts once the
  // thread is laid out: nobody reaches it before, and on a long thread mounting it with the first page
  // put its work ahead of the thread's (decision 0086). Newest first it is on top: at once.
  const [laidOut, setLaidOut] = useState(false);
  const markLaidOut = useCallback(() => setLaidOut(true), []);

  if (state.missing) return null;

  const form = (
    <div className={styles.formArea}>
      {state.discussionLocked && (
        <p className={styles.locked}>
          <Icon name="lock" size={14} />
          {lockedText(noteable)}
        </p>
      )}
      {preferences.filter === 'ONLY_ACTIVITY' ? (
        <div className={styles.historyOnly}>
          <p>
            You're only seeing <strong>other activity</strong> in the feed. To add a comment, switch to one of the
            following options.
          </p>
          <div className={styles.threadActions}>
            <Button compact onPress={() => preferences.setFilter('ALL_NOTES')}>
              Show all activity
            </Button>
            <Button compact onPress={() => preferences.setFilter('ONLY_COMMENTS')}>
              Show comments only
            </Button>
          </div>
        </div>
      ) : canComment ? (
        // Stable props (`actions` is one object per noteable): a new page of the thread does not render the form.
        <CommentForm noteable={noteable} canMarkInternal={state.canMarkInternal} onSubmit={actions.create} />
      ) : !currentUser && !state.loading ? (
        <p className={styles.signIn}>
          Please <Link href="/users/sign_up">register</Link> or <Link href="/users/sign_in">sign in</Link> to reply
        </p>
      ) : null}
    </div>
  );

  return (
    <section className={styles.section} aria-labelledby={headingId} data-discussions="">
      <header className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.heading}>
          Activity
        </h2>
        <ActivityControls
          filter={preferences.filter}
          sort={preferences.sort}
          onFilterChange={preferences.setFilter}
          onSortChange={preferences.setSort}
        />
      </header>
      {preferences.saveError && (
        <p className={styles.notice} role="status">
          {PREFERENCE_ERROR}
        </p>
      )}
      {preferences.sort === 'DESC' && form}
      {state.loading ? (
        <SkeletonList rows={3} label="Loading activity" />
      ) : (
        // One reaction picker and one 'More actions' menu for all the comments (decision 0053).
        <NotePopovers>
          <DiscussionList
            // A new filter or sort is a new list: its first page at once again.
            key={`${preferences.filter}:${preferences.sort}`}
            noteable={noteable}
            discussions={state.discussions}
            viewer={viewer}
            actions={actions}
            canReply={canComment}
            loadingMore={state.loadingMore}
            onPendingChange={setLayingOut}
            onLaidOut={markLaidOut}
          />
        </NotePopovers>
      )}
      {(state.loadingMore || layingOut) && !state.error && <SkeletonList rows={1} label="Loading more activity" />}
      {state.error && (
        <div className={styles.fetchError} role="alert">
          <p>{FETCH_ERROR}</p>
          <Button compact onPress={state.retry}>
            Try again
          </Button>
        </div>
      )}
      {preferences.sort === 'ASC' && (laidOut || state.error) && form}
    </section>
  );
}
