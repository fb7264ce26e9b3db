import { memo, useEffect, useState } from 'react';
import type { DiscussionFieldsFragment } from '../../gql/graphql.ts';
import { DiscussionItem } from './discussion-item.tsx';
import styles from './discussions.module.css';
import type { NoteActions, Viewer } from './note-item.tsx';
import type { Noteable } from './noteable.ts';
import { FIRST_PAGE_SIZE } from './prefetch-discussions.ts';

/** Discussions laid out per step after the first page; a step is one short task, then the browser paints. */
export const RENDER_STEP = 25;

type DiscussionListProps = {
  noteable: Noteable;
  discussions: readonly DiscussionFieldsFragment[];
  viewer: Viewer;
  actions: NoteActions;
  canReply: boolean;
  /** More pages are on their way. */
  loadingMore: boolean;
  /** Told whether discussions loaded so far still wait to be laid out. */
  onPendingChange: (pending: boolean) => void;
};

/**
 * The activity's entries: the first page at once, the rest a step at a time, each step its own
 * short task with the browser free to paint and answer input between them, so a long thread never
 * blocks scrolling or typing while it loads. Every entry ends up in the page (find in page,
 * `#note_12` links), laid out lazily by `content-visibility`.
 */
export const DiscussionList = memo(function DiscussionList({
  noteable,
  discussions,
  viewer,
  actions,
  canReply,
  loadingMore,
  onPendingChange,
}: DiscussionListProps) {
  const [shown, setShown] = useState(FIRST_PAGE_SIZE);
  const pending = shown < discussions.length;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);
  useEffect(() => {
    if (shown >= discussions.length) return;
    const step = setTimeout(() => setShown((count) => count + RENDER_STEP), 0);
    return () => clearTimeout(step);
  }, [shown, discussions.length]);

  return (
    <ol className={styles.timeline} aria-label="Activity" aria-busy={loadingMore || pending}>
      {discussions.slice(0, shown).map((discussion) => (
        <li key={discussion.id} className={styles.entry}>
          <DiscussionItem
            noteable={noteable}
            discussion={discussion}
            viewer={viewer}
            actions={actions}
            canReply={canReply}
          />
        </li>
      ))}
    </ol>
  );
});
