import { memo, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DiscussionFieldsFragment } from '../../gql/graphql.ts';
import { nextTask } from '../../lib/after-paint.ts';
import { absoluteTime } from '../issuables/format-created.ts';
import { DiscussionItem } from './discussion-item.tsx';
import { FIRST_PAGE_SIZE } from './discussion-store.ts';
import styles from './discussions.module.css';
import type { NoteActions, Viewer } from './note-item.tsx';
import type { Noteable } from './noteable.ts';

/** Discussions laid out by the first step after the first page; later steps adapt to the time one took. */
export const RENDER_STEP = 25;
/** What one step may take (ms): short enough for the browser to answer input and paint between steps. */
const STEP_BUDGET_MS = 30;
const STEP_MIN = 10;
const STEP_MAX = 150;

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
  /** Told once every discussion is laid out and no more pages are on their way. */
  onLaidOut: () => void;
};

/** The anchor the page's address points at (`note_12` of `#note_12`), if any. */
function addressedAnchor(): string | null {
  const hash = window.location.hash.slice(1);
  return hash.startsWith('note_') ? hash : null;
}

/**
 * The activity's entries: the first page at once, the rest a step at a time, each step its own
 * short task with the browser free to paint and answer input between them, so a long thread never
 * blocks scrolling or typing while it loads; a step's size follows the time the last one took.
 * Every entry ends up in the page (find in page, `#note_12` links), laid out lazily by
 * `content-visibility`; an address pointing at a note laid out late scrolls to it once it is there.
 */
export const DiscussionList = memo(function DiscussionList({
  noteable,
  discussions,
  viewer,
  actions,
  canReply,
  loadingMore,
  onPendingChange,
  onLaidOut,
}: DiscussionListProps) {
  const [shown, setShown] = useState(FIRST_PAGE_SIZE);
  const step = useRef({ size: RENDER_STEP, started: 0 });
  const pending = shown < discussions.length;

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);
  useEffect(() => {
    if (!pending && !loadingMore) onLaidOut();
  }, [pending, loadingMore, onLaidOut]);
  useEffect(() => {
    if (shown >= discussions.length) return;
    return nextTask(() => {
      step.current.started = performance.now();
      setShown((count) => count + step.current.size);
    });
  }, [shown, discussions.length]);
  // The step just rendered and committed: the next one is sized to take about the budget.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step (`shown`)
  useLayoutEffect(() => {
    const { started, size } = step.current;
    if (!started) return;
    const took = Math.max(1, performance.now() - started);
    step.current = {
      started: 0,
      size: Math.round(Math.min(STEP_MAX, Math.max(STEP_MIN, (size * STEP_BUDGET_MS) / took))),
    };
  }, [shown]);

  useLinkedNote(shown, discussions.length);
  const list = useRef<HTMLOListElement>(null);
  useAppLinks(list);
  useTimeTooltips(list);

  return (
    <ol ref={list} className={styles.timeline} aria-label="Activity" aria-busy={loadingMore || pending}>
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

/**
 * `#note_12` in the address: the browser scrolls to the note only if it is in the page when the
 * address is read, but a long thread lays out its later notes after that. Once the note is there it
 * is scrolled to — unless the reader scrolled or typed meanwhile (their place wins). Also for an
 * address changed to a note later (a link to a comment).
 */
function useLinkedNote(shown: number, total: number) {
  const [address, setAddress] = useState(() => addressedAnchor());
  const wanted = useRef<string | null>(address);

  useEffect(() => {
    const changed = () => setAddress(addressedAnchor());
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);

  useLayoutEffect(() => {
    wanted.current = address;
  }, [address]);

  useEffect(() => {
    if (!address) return;
    const giveUp = () => {
      wanted.current = null;
    };
    const events = ['wheel', 'touchmove', 'keydown', 'mousedown'] as const;
    for (const name of events) window.addEventListener(name, giveUp, { once: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, giveUp);
    };
  }, [address]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each step (`shown`) and page (`total`) may bring the note
  useLayoutEffect(() => {
    const anchor = wanted.current;
    const note = anchor ? document.getElementById(anchor) : null;
    if (!note) return;
    wanted.current = null;
    note.scrollIntoView({ block: 'start' });
  }, [address, shown, total]);
}

/**
 * The entries' links to people (`data-app-link`: plain anchors, as a long thread has a thousand of
 * them) open in the app like its router links: one listener for the list. A click with a modifier
 * key or another button is the browser's (new tab, new window).
 */
function useAppLinks(list: RefObject<HTMLOListElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[data-app-link]') : null;
      const href = link?.getAttribute('href');
      if (!href || !root.contains(link)) return;
      event.preventDefault();
      navigate(href);
    };
    root.addEventListener('click', follow);
    return () => root.removeEventListener('click', follow);
  }, [list, navigate]);
}

/**
 * The exact time of each '3 days ago' (`NoteTime`) as its tooltip, written into an entry's `time`
 * elements when the pointer comes over the entry — before it reaches one of them — and into a time
 * again when the pointer reaches it (an edit meanwhile). Not for every note up front: a 500-note
 * thread formatted a thousand dates no one hovered (~45 ms, decision 0076). One listener for the list.
 */
function useTimeTooltips(list: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    let entered: Element | null = null;
    const giveTitle = (time: HTMLTimeElement) => {
      time.title = absoluteTime(time.dateTime);
    };
    const fill = (event: PointerEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const entry = target?.closest(`.${styles.entry}`);
      if (!entry || !root.contains(entry)) return;
      if (entry !== entered) {
        entered = entry;
        for (const time of entry.querySelectorAll('time')) giveTitle(time);
      } else if (target instanceof HTMLTimeElement) giveTitle(target);
    };
    root.addEventListener('pointerover', fill);
    return () => root.removeEventListener('pointerover', fill);
  }, [list]);
}
