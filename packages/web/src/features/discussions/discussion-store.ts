import type {
  DiscussionFieldsFragment,
  DiscussionPageFragment,
  NoteFieldsFragment,
  NotesFilterType,
  SortDirectionEnum,
} from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import type { Noteable } from './noteable.ts';

/** The first page is small so the first discussions show at once; the rest follow in larger pages. */
export const FIRST_PAGE_SIZE = 20;
/** GitLab's largest page. */
export const NEXT_PAGE_SIZE = 100;
/** Lists kept besides those shown (the least recently asked for dropped first). */
const KEPT_LISTS = 8;

type Discussion = DiscussionFieldsFragment;

/** The noteable as a page of its discussions describes it: its id, lock and what the viewer may do there. */
export type NoteableFields = {
  id: string;
  discussionLocked: boolean;
  createNote: boolean;
  markNoteAsInternal: boolean;
};

/** One page of a list, as asked for. */
export type PageRequest = {
  noteable: Noteable;
  filter: NotesFilterType;
  sort: SortDirectionEnum;
  first: number;
  after: string | null;
};

/** A page as the server answered it: the noteable (null: it does not exist or is hidden) and the page. */
export type FetchedPage = { noteable: NoteableFields | null; page: DiscussionPageFragment | null };

export type FetchPage = (request: PageRequest) => Promise<FetchedPage>;

/** One list (a noteable's discussions with a filter and sort) as the section shows it. */
export type ThreadState = {
  /** 'loading': the first page is on its way and nothing is known; 'failed': it failed; 'ready': it came. */
  status: 'loading' | 'failed' | 'ready';
  /** The noteable; null when it does not exist or is hidden (or before the first page). */
  noteable: NoteableFields | null;
  discussions: readonly Discussion[];
  /** How many discussions the whole list has. */
  count: number;
  /** Where the next page starts; null: the list is whole. */
  next: string | null;
  /** Further pages are on their way. */
  loadingMore: boolean;
  /** A further page failed: the run stopped where the list stands (`retry` goes on). */
  moreFailed: boolean;
};

/** A list before its first page. */
export const INITIAL_THREAD: ThreadState = {
  status: 'loading',
  noteable: null,
  discussions: [],
  count: 0,
  next: null,
  loadingMore: false,
  moreFailed: false,
};

type Run = { done: Promise<void>; abandoned: boolean };

type List = {
  noteable: Noteable;
  filter: NotesFilterType;
  sort: SortDirectionEnum;
  state: ThreadState;
  listeners: Set<() => void>;
  /** The first page on its way. */
  first: Promise<void> | null;
  /** The further pages' run, while one goes. */
  run: Run | null;
};

/** The one list of a noteable, filter and sort. */
export function listKey(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): string {
  return `${noteableKey(noteable)}:${filter}:${sort}`;
}

const noteableKey = (noteable: Noteable) => `${noteable.type}/${noteable.fullPath}/${noteable.iid}`;

/** A discussion's notes with `change` applied to the one with `noteId` (the same object when it has none). */
function withNote(discussion: Discussion, noteId: string, change: (note: NoteFieldsFragment) => NoteFieldsFragment) {
  const notes = discussion.notes.nodes;
  const index = notes.findIndex((note) => note?.id === noteId);
  const note = notes[index];
  if (!note) return discussion;
  const nodes = [...notes];
  nodes[index] = change(note);
  return { ...discussion, notes: { ...discussion.notes, nodes } };
}

/**
 * The discussion section's own store of its threads (decision 0067): each list of a noteable (per
 * filter and sort) as plain answers, the pages appended as they come, the section's edits applied
 * to the discussions they change. Nothing goes through Apollo's normalised cache: writing 500 notes
 * there and reading them back was most of the main thread's work on a long thread (decision 0062).
 * Each list's state is one immutable object, replaced on every change, for `useSyncExternalStore`;
 * a discussion an edit does not touch stays the same object (its entry does not re-render).
 *
 * Pages: the first page of a list once (the prefetch and the section ask together; a list already
 * there is not asked again), then its further pages in one run per list (`loadRest`): a long list
 * from both ends at once (decision 0053) — page after page from where it stands and, in the other
 * order, from its far end, each about half of what is missing, overlapping by one discussion — then
 * the far end is joined on; when the ends do not meet as counted (the list changed meanwhile), the
 * rest comes from the near end. The next page is asked for before the one that came is added.
 */
export class DiscussionStore {
  private readonly lists = new Map<string, List>();

  constructor(private readonly fetchPage: FetchPage) {}

  private list(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): List {
    const key = listKey(noteable, filter, sort);
    let list = this.lists.get(key);
    if (list) return list;
    list = { noteable, filter, sort, state: INITIAL_THREAD, listeners: new Set(), first: null, run: null };
    this.lists.set(key, list);
    this.forgetOld(list);
    return list;
  }

  /** Drops the oldest lists nobody shows or loads (not `kept`), beyond `KEPT_LISTS`. */
  private forgetOld(kept: List): void {
    let over = this.lists.size - KEPT_LISTS;
    for (const [key, list] of this.lists) {
      if (over <= 0) return;
      if (list === kept || list.listeners.size > 0 || list.first || list.run) continue;
      this.lists.delete(key);
      over--;
    }
  }

  private set(list: List, change: Partial<ThreadState>): void {
    list.state = { ...list.state, ...change };
    for (const listener of list.listeners) listener();
  }

  /** A list's state now (the same object until it changes). */
  state(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): ThreadState {
    return this.list(noteable, filter, sort).state;
  }

  subscribe(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum, listener: () => void): () => void {
    const list = this.list(noteable, filter, sort);
    // Most recently shown last: the last to be forgotten.
    const key = listKey(noteable, filter, sort);
    this.lists.delete(key);
    this.lists.set(key, list);
    list.listeners.add(listener);
    return () => {
      list.listeners.delete(listener);
    };
  }

  /**
   * Asks for a list's first page unless it is on its way or came (a failed one is asked again).
   * Answers once it is in (or failed: the state says so).
   */
  loadFirstPage(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): Promise<void> {
    const list = this.list(noteable, filter, sort);
    if (list.first) return list.first;
    if (list.state.status === 'ready') return Promise.resolve();
    if (list.state.status === 'failed') this.set(list, { status: 'loading' });
    const first = this.fetchPage({ noteable, filter, sort, first: FIRST_PAGE_SIZE, after: null }).then(
      ({ noteable: fields, page }) => {
        const discussions = nodesOf(page);
        this.set(list, {
          status: 'ready',
          noteable: fields,
          discussions,
          count: page?.count ?? discussions.length,
          next: nextOf(page),
          moreFailed: false,
        });
      },
      () => this.set(list, { status: 'failed' }),
    );
    list.first = first.finally(() => {
      list.first = null;
    });
    return list.first;
  }

  /**
   * Fetches a list's further pages into it: one run per list (the prefetch starts it as soon as the
   * first page came, the section joins it). Answers when the list is whole, was given up
   * (`abandon`), or a page failed (`moreFailed`); a list with nothing missing asks for nothing.
   */
  loadRest(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): Promise<void> {
    const list = this.list(noteable, filter, sort);
    if (list.run) {
      list.run.abandoned = false;
      return list.run.done;
    }
    const { status, next, moreFailed } = list.state;
    if (status !== 'ready' || !next || moreFailed) return Promise.resolve();
    const run: Run = { done: Promise.resolve(), abandoned: false };
    list.run = run;
    this.set(list, { loadingMore: true });
    run.done = this.pages(list, run)
      .catch(() => this.set(list, { moreFailed: true }))
      .finally(() => {
        list.run = null;
        this.set(list, { loadingMore: false });
      });
    return run.done;
  }

  /** Stops a list's run after the pages on their way (the viewer chose another list or left). */
  abandon(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): void {
    const run = this.lists.get(listKey(noteable, filter, sort))?.run;
    if (run) run.abandoned = true;
  }

  /** Tries again what failed: the first page, or the further pages from where the list stands. */
  retry(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): Promise<void> {
    const list = this.list(noteable, filter, sort);
    if (list.state.status === 'failed') return this.loadFirstPage(noteable, filter, sort);
    if (list.state.moreFailed) this.set(list, { moreFailed: false });
    return this.loadRest(noteable, filter, sort);
  }

  private async pages(list: List, run: Run): Promise<void> {
    const { sort } = list;
    const { next, count, discussions } = list.state;
    let cursor = next;
    const missing = count - discussions.length;
    if (missing > NEXT_PAGE_SIZE) {
      const near = Math.ceil(missing / 2);
      const far: Discussion[] = [];
      const [head] = await Promise.all([
        this.fetchRun(list, run, sort, cursor, near, (page) => this.append(list, page)),
        this.fetchRun(list, run, sort === 'ASC' ? 'DESC' : 'ASC', null, missing - near + 1, (page) => {
          far.push(...nodesOf(page));
        }),
      ]);
      cursor = head;
      if (!cursor || run.abandoned) return;
      if (this.join(list, far.reverse())) return;
    }
    while (cursor && !run.abandoned) {
      cursor = await this.fetchRun(list, run, sort, cursor, NEXT_PAGE_SIZE, (page) => this.append(list, page));
    }
  }

  /**
   * Pages in `order` from `after` until `wanted` discussions came (or the end), each given to `take`
   * in turn; answers the cursor after the last. The next page is asked for before the one that came
   * is taken.
   */
  private async fetchRun(
    list: List,
    run: Run,
    order: SortDirectionEnum,
    after: string | null,
    wanted: number,
    take: (page: DiscussionPageFragment | null) => void,
  ): Promise<string | null> {
    const ask = (from: string | null, first: number) =>
      this.fetchPage({ noteable: list.noteable, filter: list.filter, sort: order, first, after: from });
    let left = wanted;
    let cursor = after;
    let next: Promise<FetchedPage> | null = ask(cursor, Math.min(NEXT_PAGE_SIZE, left));
    while (next) {
      const { page } = await next;
      left -= NEXT_PAGE_SIZE;
      cursor = nextOf(page);
      next = left > 0 && cursor && !run.abandoned ? ask(cursor, Math.min(NEXT_PAGE_SIZE, left)) : null;
      // A page that fails while this one is taken is reported by the `await` above, once its turn comes.
      next?.catch(() => undefined);
      take(page);
    }
    return cursor;
  }

  /** Adds a further page at the list's end (a page asked for twice lists its discussions once). */
  private append(list: List, page: DiscussionPageFragment | null): void {
    if (!page) return;
    const seen = new Set(list.state.discussions.map((discussion) => discussion.id));
    const added = nodesOf(page).filter((discussion) => !seen.has(discussion.id));
    this.set(list, { discussions: [...list.state.discussions, ...added], count: page.count, next: nextOf(page) });
  }

  /**
   * Completes a list with its far end (`far`: fetched in the other order, given in this list's
   * order). The far end must start with the list's last discussion and the two must make the list's
   * count: then the list is whole. Answers whether it was joined (not: the list changed meanwhile).
   */
  private join(list: List, far: readonly Discussion[]): boolean {
    const near = list.state.discussions;
    const last = near.at(-1)?.id;
    const seam = far.findIndex((discussion) => discussion.id === last);
    if (seam < 0) return false;
    const discussions = [...near, ...far.slice(seam + 1)];
    if (discussions.length !== list.state.count) return false;
    this.set(list, { discussions, next: null });
    return true;
  }

  /** Applies `change` to every list that holds discussions (their states are replaced where it changed something). */
  private edit(change: (list: List) => Partial<ThreadState> | null, only?: Noteable): void {
    const prefix = only ? `${noteableKey(only)}:` : '';
    for (const [key, list] of this.lists) {
      if (!key.startsWith(prefix) || list.state.status !== 'ready') continue;
      const changed = change(list);
      if (changed) this.set(list, changed);
    }
  }

  /** Replaces each list's discussions through `map` (null: nothing changed). */
  private mapDiscussions(map: (discussion: Discussion) => Discussion): void {
    this.edit(({ state }) => {
      let changed = false;
      const discussions = state.discussions.map((discussion) => {
        const next = map(discussion);
        if (next !== discussion) changed = true;
        return next;
      });
      return changed ? { discussions } : null;
    });
  }

  /**
   * A discussion the viewer started (a comment or a thread): into every list of the noteable that
   * shows comments, at the end oldest first, at the top newest first.
   */
  addDiscussion(noteable: Noteable, discussion: Discussion): void {
    this.edit(({ filter, sort, state }) => {
      if (filter === 'ONLY_ACTIVITY' || state.discussions.some((known) => known.id === discussion.id)) return null;
      const discussions = sort === 'DESC' ? [discussion, ...state.discussions] : [...state.discussions, discussion];
      return { discussions, count: state.count + 1 };
    }, noteable);
  }

  /** A discussion as the server answered it now (a reply added, resolved or unresolved), wherever it is listed. */
  putDiscussion(discussion: Discussion): void {
    this.mapDiscussions((known) => (known.id === discussion.id ? discussion : known));
  }

  /** A note as saved now (edited, re-read), wherever it is listed. */
  putNote(note: NoteFieldsFragment): void {
    this.updateNote(note.id, (known) => ({ ...known, ...note }));
  }

  /** Changes a note wherever it is listed (its reactions toggled). */
  updateNote(noteId: string, change: (note: NoteFieldsFragment) => NoteFieldsFragment): void {
    this.mapDiscussions((discussion) => withNote(discussion, noteId, change));
  }

  /** A note deleted: out of its discussion, and its discussion out of the lists when it was the last. */
  removeNote(noteId: string): void {
    this.edit(({ state }) => {
      const index = state.discussions.findIndex((discussion) =>
        discussion.notes.nodes.some((note) => note?.id === noteId),
      );
      const discussion = state.discussions[index];
      if (!discussion) return null;
      const notes = discussion.notes.nodes.filter((note) => note !== null && note.id !== noteId);
      const discussions = [...state.discussions];
      if (notes.length > 0) {
        discussions[index] = { ...discussion, notes: { ...discussion.notes, nodes: notes } };
        return { discussions };
      }
      discussions.splice(index, 1);
      return { discussions, count: Math.max(0, state.count - 1) };
    });
  }
}

/** Where the page after this one starts (null: it was the last). */
function nextOf(page: DiscussionPageFragment | null | undefined): string | null {
  return page?.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
}
