import { describe, expect, it } from 'vitest';
import type { DiscussionFieldsFragment, DiscussionPageFragment, NoteFieldsFragment } from '../../gql/graphql.ts';
import { DiscussionStore, type FetchedPage, type NoteableFields, type PageRequest } from './discussion-store.ts';
import type { Noteable } from './noteable.ts';
import { BOB, buildDiscussion, buildNote, type TestDiscussion } from './test/discussion-fixtures.ts';
import { NOTEABLE } from './test/render-section.tsx';

const FIELDS: NoteableFields = {
  id: 'gid://gitlab/Issue/7',
  discussionLocked: false,
  createNote: true,
  markNoteAsInternal: true,
};
const OTHER: Noteable = { type: 'Issue', fullPath: 'acme/app', iid: '8' };

type Server = {
  /** The list oldest first (what ASC pages read). */
  asc: TestDiscussion[];
  /** The list as DESC pages read it, oldest first (the same unless the test changes it). */
  desc?: TestDiscussion[];
  /** A request to fail (answers an error instead of a page). */
  fail?: (request: PageRequest) => boolean;
  /** The noteable is hidden or missing. */
  missing?: boolean;
};

/**
 * A store whose pages are cut from `server`'s lists (cursors `ASC-<offset>` / `DESC-<offset>`);
 * `requests` lists each page asked for as `sort:after:first`, `release()` answers the pages held back.
 */
function storeOver(server: Server) {
  const requests: string[] = [];
  let held: (() => void)[] | null = null;
  const answer = (request: PageRequest): FetchedPage => {
    if (server.missing) return { noteable: null, page: null };
    if (server.fail?.(request)) throw new Error('offline');
    const list = request.sort === 'DESC' ? [...(server.desc ?? server.asc)].reverse() : server.asc;
    const start = request.after ? Number(request.after.split('-')[1]) : 0;
    const end = start + request.first;
    const page = {
      count: list.length,
      pageInfo: { hasNextPage: end < list.length, endCursor: end < list.length ? `${request.sort}-${end}` : null },
      nodes: list.slice(start, end),
    } as DiscussionPageFragment;
    return { noteable: FIELDS, page };
  };
  const store = new DiscussionStore((request) => {
    requests.push(`${request.sort}:${request.after ?? '-'}:${request.first}`);
    if (held) {
      const queue = held;
      return new Promise<FetchedPage>((resolve, reject) =>
        queue.push(() => {
          try {
            resolve(answer(request));
          } catch (error) {
            reject(error);
          }
        }),
      );
    }
    return Promise.resolve().then(() => answer(request));
  });
  return {
    store,
    requests,
    hold: () => {
      held = [];
    },
    release: () => {
      const queue = held ?? [];
      held = null;
      for (const run of queue) run();
    },
  };
}

const numbered = (count: number, prefix = 'c') =>
  Array.from({ length: count }, (_, i) => buildDiscussion([buildNote({ bodyHtml: `<p>${prefix}${i}</p>` })]));
const ids = (list: readonly { id: string }[]) => list.map((item) => item.id);
const asDiscussion = (discussion: TestDiscussion) => discussion as unknown as DiscussionFieldsFragment;

describe('DiscussionStore', () => {
  it('asks for a first page once: the prefetch and the section asking together, and again later', async () => {
    const all = numbered(30);
    const { store, requests } = storeOver({ asc: all });
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').status).toBe('loading');
    await Promise.all([
      store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC'),
      store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC'),
    ]);
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(requests).toEqual(['ASC:-:20']);
    const state = store.state(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(state).toMatchObject({ status: 'ready', noteable: FIELDS, count: 30, next: 'ASC-20' });
    expect(ids(state.discussions)).toEqual(ids(all.slice(0, 20)));
    // The same object until something changes (what `useSyncExternalStore` needs).
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toBe(state);
  });

  it('tells its listeners of each change, and no longer once they unsubscribed', async () => {
    const { store } = storeOver({ asc: numbered(30) });
    let heard = 0;
    const stop = store.subscribe(NOTEABLE, 'ALL_NOTES', 'ASC', () => heard++);
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(heard).toBe(1);
    stop();
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(heard).toBe(1);
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions).toHaveLength(30);
  });

  it('says a hidden or missing noteable is missing', async () => {
    const { store } = storeOver({ asc: [], missing: true });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toMatchObject({ status: 'ready', noteable: null });
  });

  it('says when the first page failed and asks again on retry', async () => {
    let offline = true;
    const { store, requests } = storeOver({ asc: numbered(5), fail: () => offline });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').status).toBe('failed');
    offline = false;
    await store.retry(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toMatchObject({ status: 'ready', count: 5, next: null });
    expect(requests).toEqual(['ASC:-:20', 'ASC:-:20']);
  });

  it('adds the further pages in order, in one run however often it is asked for', async () => {
    const all = numbered(70);
    const { store, requests } = storeOver({ asc: all });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    const run = store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').loadingMore).toBe(true);
    await Promise.all([run, store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC')]);
    const state = store.state(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(ids(state.discussions)).toEqual(ids(all));
    expect(state).toMatchObject({ next: null, loadingMore: false, moreFailed: false });
    expect(requests).toEqual(['ASC:-:20', 'ASC:ASC-20:100']);
    // A whole list asks for nothing more.
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(requests).toHaveLength(2);
  });

  it('fetches a long list from both ends at once and joins them (newest first too)', async () => {
    for (const sort of ['ASC', 'DESC'] as const) {
      const all = numbered(350);
      const { store, requests } = storeOver({ asc: all });
      await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', sort);
      await store.loadRest(NOTEABLE, 'ALL_NOTES', sort);
      const inOrder = sort === 'ASC' ? all : [...all].reverse();
      expect(ids(store.state(NOTEABLE, 'ALL_NOTES', sort).discussions)).toEqual(ids(inOrder));
      expect(store.state(NOTEABLE, 'ALL_NOTES', sort).next).toBeNull();
      // 330 missing: 165 from the near end, 166 from the far end (one to prove the seam).
      const other = sort === 'ASC' ? 'DESC' : 'ASC';
      expect([...requests].sort()).toEqual(
        [
          `${sort}:-:20`,
          `${sort}:${sort}-20:100`,
          `${sort}:${sort}-120:65`,
          `${other}:-:100`,
          `${other}:${other}-100:66`,
        ].sort(),
      );
    }
  });

  it('pages on from the near end when the far end does not meet it as counted', async () => {
    const all = numbered(124, 'd');
    // Someone added a comment between the requests: the far end starts past the near one.
    const { store, requests } = storeOver({ asc: all, desc: [...all, ...numbered(1, 'e')] });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(ids(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions)).toEqual(ids(all));
    expect(requests).toContain('ASC:ASC-72:100');
  });

  it('keeps what came when a further page fails, and goes on from there on retry', async () => {
    const all = numbered(70);
    let offline = true;
    const { store, requests } = storeOver({ asc: all, fail: (request) => offline && request.after !== null });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toMatchObject({ moreFailed: true, loadingMore: false });
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions).toHaveLength(20);
    offline = false;
    await store.retry(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(ids(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions)).toEqual(ids(all));
    expect(requests).toEqual(['ASC:-:20', 'ASC:ASC-20:100', 'ASC:ASC-20:100']);
  });

  it('stops an abandoned run after the pages on their way, and goes on from there when asked again', async () => {
    const all = numbered(250);
    const { store, requests, hold, release } = storeOver({ asc: all });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    hold();
    const run = store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    store.abandon(NOTEABLE, 'ALL_NOTES', 'ASC');
    release();
    await run;
    // The two pages on their way came (the near one added); nothing after them was asked for.
    expect([...requests].sort()).toEqual(['ASC:-:20', 'ASC:ASC-20:100', 'DESC:-:100'].sort());
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toMatchObject({ next: 'ASC-120', loadingMore: false });
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions).toHaveLength(120);
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(ids(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions)).toEqual(ids(all));
    expect(requests.slice(3).sort()).toEqual(['ASC:ASC-120:65', 'DESC:-:66'].sort());
  });

  it('keeps the lists last asked for, and forgets the oldest nobody shows', async () => {
    const { store } = storeOver({ asc: numbered(3) });
    const other = (iid: number): Noteable => ({ ...NOTEABLE, iid: String(iid) });
    const stop = store.subscribe(NOTEABLE, 'ALL_NOTES', 'ASC', () => undefined);
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    for (let iid = 100; iid < 110; iid++) await store.loadFirstPage(other(iid), 'ALL_NOTES', 'ASC');
    // The list shown stays, however long ago it came; the oldest of the others is asked for again.
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').status).toBe('ready');
    expect(store.state(other(100), 'ALL_NOTES', 'ASC').status).toBe('loading');
    expect(store.state(other(109), 'ALL_NOTES', 'ASC').status).toBe('ready');
    stop();
  });

  it('lists a discussion a page brings twice once', async () => {
    const all = numbered(30);
    const { store } = storeOver({ asc: [...all.slice(0, 20), all[19] as TestDiscussion, ...all.slice(20)] });
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(ids(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions)).toEqual(ids(all));
  });

  describe('edits', () => {
    /** Three lists of issue #7 (all oldest first, all newest first, history only) and one of #8. */
    async function lists() {
      const all = numbered(3);
      const { store } = storeOver({ asc: all });
      const orders = [
        ['ALL_NOTES', 'ASC'],
        ['ALL_NOTES', 'DESC'],
        ['ONLY_ACTIVITY', 'ASC'],
      ] as const;
      for (const [filter, sort] of orders) await store.loadFirstPage(NOTEABLE, filter, sort);
      await store.loadFirstPage(OTHER, 'ALL_NOTES', 'ASC');
      const read = (filter: 'ALL_NOTES' | 'ONLY_ACTIVITY', sort: 'ASC' | 'DESC', noteable: Noteable = NOTEABLE) =>
        store.state(noteable, filter, sort);
      return { store, all, read };
    }

    it("adds the viewer's new discussion at the end oldest first and on top newest first, not to history", async () => {
      const { store, read } = await lists();
      const before = read('ALL_NOTES', 'ASC');
      const added = buildDiscussion([buildNote({ bodyHtml: '<p>new</p>' })]);
      store.addDiscussion(NOTEABLE, asDiscussion(added));
      expect(read('ALL_NOTES', 'ASC').discussions.at(-1)?.id).toBe(added.id);
      expect(read('ALL_NOTES', 'ASC').count).toBe(4);
      expect(read('ALL_NOTES', 'DESC').discussions[0]?.id).toBe(added.id);
      expect(read('ONLY_ACTIVITY', 'ASC').discussions).toHaveLength(3);
      expect(read('ALL_NOTES', 'ASC', OTHER).discussions).toHaveLength(3);
      // The others stay the same objects: their entries do not render again.
      expect(read('ALL_NOTES', 'ASC').discussions.slice(0, 3)).toEqual(before.discussions);
      expect(read('ALL_NOTES', 'ASC').discussions[0]).toBe(before.discussions[0]);
      store.addDiscussion(NOTEABLE, asDiscussion(added));
      expect(read('ALL_NOTES', 'ASC').discussions).toHaveLength(4);
    });

    it('puts a discussion and a note as saved wherever they are listed, and nothing else changes', async () => {
      const { store, all, read } = await lists();
      const [first, second] = all as [TestDiscussion, TestDiscussion];
      const untouched = read('ALL_NOTES', 'ASC').discussions[1];
      const reply = buildNote({ bodyHtml: '<p>reply</p>' }, BOB);
      store.putDiscussion(
        asDiscussion({ ...first, resolved: true, notes: { ...first.notes, nodes: [...first.notes.nodes, reply] } }),
      );
      for (const sort of ['ASC', 'DESC'] as const) {
        const shown = read('ALL_NOTES', sort).discussions.find((discussion) => discussion.id === first.id);
        expect(shown?.resolved).toBe(true);
        expect(ids(shown?.notes.nodes ?? [])).toEqual([first.notes.nodes[0]?.id, reply.id]);
      }
      expect(read('ALL_NOTES', 'ASC').discussions[1]).toBe(untouched);

      const note = second.notes.nodes[0] as NoteFieldsFragment;
      store.putNote({ ...note, body: 'edited', bodyHtml: '<p>edited</p>', lockVersion: 1 });
      expect(read('ALL_NOTES', 'ASC').discussions[1]?.notes.nodes[0]).toMatchObject({ body: 'edited', lockVersion: 1 });
      store.updateNote(note.id, (current) => ({ ...current, awardEmoji: { nodes: [{ name: 'tada', user: BOB }] } }));
      expect(read('ALL_NOTES', 'DESC').discussions[1]?.notes.nodes[0]?.awardEmoji?.nodes[0]?.name).toBe('tada');
      expect(read('ALL_NOTES', 'DESC').discussions[1]?.notes.nodes[0]?.body).toBe('edited');
    });

    it('takes a deleted note out, and its discussion too when it was the last', async () => {
      const { store, read } = await lists();
      const thread = buildDiscussion([buildNote(), buildNote()], { individualNote: false });
      store.addDiscussion(NOTEABLE, asDiscussion(thread));
      const [start, answer] = thread.notes.nodes as unknown as [NoteFieldsFragment, NoteFieldsFragment];
      store.removeNote(answer.id);
      expect(ids(read('ALL_NOTES', 'ASC').discussions.at(-1)?.notes.nodes ?? [])).toEqual([start.id]);
      expect(read('ALL_NOTES', 'ASC').count).toBe(4);
      store.removeNote(start.id);
      expect(read('ALL_NOTES', 'ASC').discussions.map((discussion) => discussion.id)).not.toContain(thread.id);
      expect(read('ALL_NOTES', 'ASC').count).toBe(3);
      expect(read('ALL_NOTES', 'DESC').discussions).toHaveLength(3);
    });
  });
});
