/**
 * What the group epics list asks of `Group.epics` and `Epic.children`: the manual (relative
 * position) sort, tab counts without rows (`first: 0`), backward paging (`last` + `before`), search
 * in the title only, and hidden epics neither listed nor counted.
 */

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories, epicsGroupFixture } from '../../test/epics-factories.ts';

const LIST = `query($fullPath: ID!, $sort: EpicSort, $state: EpicState, $search: String, $in: [IssuableSearchableField!],
  $first: Int, $last: Int, $after: String, $before: String) {
  group(fullPath: $fullPath) {
    epics(sort: $sort, state: $state, search: $search, in: $in, first: $first, last: $last, after: $after, before: $before) {
      count nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
    opened: epics(state: opened, first: 0) { count nodes { id } }
    closed: epics(state: closed, first: 0) { count }
  } }`;

type List = {
  group: {
    epics: {
      count: number;
      nodes: { title: string }[];
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
    };
    opened: { count: number; nodes: unknown[] };
    closed: { count: number };
  } | null;
};

describe('the epics list queries', () => {
  const fx = epicsGroupFixture('el');

  beforeAll(async () => {
    const f = epicsFactories(fx.t);
    for (const [title, extra] of [
      ['Charlie', {}],
      ['Alpha', { description: 'mentions bravo' }],
      ['Bravo', {}],
      ['Delta', { closed: true }],
      ['Echo', { confidential: true }],
    ] as const) {
      await f.buildEpic({ group: fx.group, title, author: fx.owner, ...extra });
    }
    // A manual order unlike the titles': Bravo, Echo, Alpha, Charlie, Delta.
    const order = ['Bravo', 'Echo', 'Alpha', 'Charlie', 'Delta'];
    for (const [index, title] of order.entries()) {
      await fx.t.database.db.execute(
        sql`UPDATE epics SET relative_position = ${(index + 1) * 1000} WHERE title = ${title}`,
      );
    }
  });

  const run = (variables: Record<string, unknown>, as: UserRow | null = fx.owner) =>
    fx.t.graphql<List>(LIST, { fullPath: 'el', ...variables }, { as });

  it('sorts by the manual order (RELATIVE_POSITION_ASC)', async () => {
    const res = await run({ sort: 'RELATIVE_POSITION_ASC', state: 'all', first: 20 });
    expect(res.errors).toBeUndefined();
    expect(res.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Bravo', 'Echo', 'Alpha', 'Charlie', 'Delta']);
  });

  it('counts each state without rows (first: 0)', async () => {
    const res = await run({ state: 'opened', first: 20 });
    expect(res.data?.group?.opened).toEqual({ count: 4, nodes: [] });
    expect(res.data?.group?.closed).toEqual({ count: 1 });
  });

  it('pages forward with first/after and back with last/before', async () => {
    const first = await run({ sort: 'TITLE_ASC', state: 'all', first: 2 });
    const page1 = first.data?.group?.epics;
    expect(page1?.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo']);
    expect(page1?.pageInfo.hasNextPage).toBe(true);
    const second = await run({ sort: 'TITLE_ASC', state: 'all', first: 2, after: page1?.pageInfo.endCursor });
    const page2 = second.data?.group?.epics;
    expect(page2?.nodes.map((n) => n.title)).toEqual(['Charlie', 'Delta']);
    expect(page2?.pageInfo.hasPreviousPage).toBe(true);
    const back = await run({ sort: 'TITLE_ASC', state: 'all', last: 2, before: page2?.pageInfo.startCursor });
    expect(back.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo']);
  });

  it('searches in the title only with in: [TITLE]', async () => {
    const both = await run({ state: 'all', search: 'bravo', sort: 'TITLE_ASC', first: 20 });
    expect(both.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo']);
    const titles = await run({ state: 'all', search: 'bravo', in: ['TITLE'], first: 20 });
    expect(titles.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Bravo']);
  });

  it('neither lists nor counts what the viewer may not see', async () => {
    const asGuest = await run({ state: 'all', sort: 'TITLE_ASC', first: 20 }, fx.guest);
    expect(asGuest.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(asGuest.data?.group?.opened.count).toBe(3);
    const visitor = await run({ state: 'all', first: 20 }, null);
    expect(visitor.data?.group?.epics.count).toBe(4);
  });

  it('gives the list and its tab counts one `filters` value (EpicFilterInput)', async () => {
    const res = await fx.t.graphql<List>(
      `query($f: EpicFilterInput) { group(fullPath: "el") {
        epics(state: all, sort: TITLE_ASC, filters: $f, first: 20) {
          count nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
        opened: epics(state: opened, filters: $f, first: 0) { count nodes { id } }
        closed: epics(state: closed, filters: $f, first: 0) { count } } }`,
      { f: { search: 'a', in: ['TITLE'], not: { labelName: ['x'] }, confidential: false } },
      { as: fx.owner },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.group?.epics.nodes.map((n) => n.title)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(res.data?.group?.opened.count).toBe(3);
    expect(res.data?.group?.closed.count).toBe(1);
  });

  it('refuses a filter given both as an argument and in `filters`', async () => {
    const res = await fx.t.graphql(
      'query { group(fullPath: "el") { epics(search: "a", filters: { search: "b" }) { count } } }',
      {},
      { as: fx.owner },
    );
    expect(res.errors?.[0]?.message).toBe('`search` is given both as an argument and in `filters`; give it once.');
  });

  describe('manual reorder (PUT /groups/<path>/-/epics/<iid>/reorder)', () => {
    const manual = async () =>
      ((await run({ sort: 'RELATIVE_POSITION_ASC', state: 'all', first: 20 })).data?.group?.epics.nodes ?? []).map(
        (n) => n.title,
      );
    const epicByTitle = async (title: string) => {
      const r = await fx.t.database.db.execute<{ id: string; iid: number }>(
        sql`SELECT id, iid FROM epics WHERE title = ${title}`,
      );
      return { id: Number(r.rows[0]?.id), iid: Number(r.rows[0]?.iid) };
    };
    const move = async (title: string, before: string | null, after: string | null, as: UserRow = fx.owner) => {
      const moved = await epicByTitle(title);
      return fx.t.request({
        method: 'PUT',
        url: `/groups/el/-/epics/${moved.iid}/reorder`,
        payload: {
          move_before_id: before === null ? null : (await epicByTitle(before)).id,
          move_after_id: after === null ? null : (await epicByTitle(after)).id,
        },
        as,
      });
    };

    it('moves an epic between two others, to the top and to the end', async () => {
      expect(await manual()).toEqual(['Bravo', 'Echo', 'Alpha', 'Charlie', 'Delta']);
      const res = await move('Delta', 'Bravo', 'Echo');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(await manual()).toEqual(['Bravo', 'Delta', 'Echo', 'Alpha', 'Charlie']);
      expect((await move('Charlie', null, 'Bravo')).statusCode).toBe(200);
      expect((await move('Bravo', 'Alpha', null)).statusCode).toBe(200);
      expect(await manual()).toEqual(['Charlie', 'Delta', 'Echo', 'Alpha', 'Bravo']);
    });

    it('spreads the positions once when two neighbours leave no room', async () => {
      await fx.t.database.db.execute(sql`UPDATE epics SET relative_position = 7 WHERE title IN ('Echo', 'Alpha')`);
      await fx.t.database.db.execute(sql`UPDATE epics SET relative_position = 8 WHERE title = 'Alpha'`);
      expect((await move('Charlie', 'Echo', 'Alpha')).statusCode).toBe(200);
      const order = await manual();
      expect(order.indexOf('Charlie')).toBe(order.indexOf('Echo') + 1);
      expect(order.indexOf('Alpha')).toBe(order.indexOf('Charlie') + 1);
    });

    it('answers 404 to a Guest and for a neighbour the mover cannot see, and 422 without neighbours', async () => {
      expect((await move('Alpha', 'Bravo', null, fx.guest)).statusCode).toBe(404);
      expect((await move('Alpha', 'Echo', null, fx.guest)).statusCode).toBe(404);
      const none = await move('Alpha', null, null);
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: 'move_before_id or move_after_id must be given' });
    });
  });
});
