/**
 * Windows anywhere in a roadmap's epic list (a jump to row 90,000, issue 17) are the ids at their
 * positions in the list's position index, built by the pass that counts the list, then read by
 * primary key: the same rows as an OFFSET read, without sorting, skipping or applying the nesting
 * rule to the rows before them. And where an epic is in such a list (a roadmap's link to an epic,
 * decision 0056). Statements are inspected, not timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLargeGroup } from '../../../bench/seed-large-group.ts';
import { type IdList, parseIdList } from '../../db/id-list.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { captureStatements, graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { positionIndexes, startAfter } from './epic-positions.ts';

describe('position indexes', () => {
  it('reads the ids PostgreSQL prints into a typed array (8 bytes an id only past 31 bits)', () => {
    expect(Array.from(parseIdList('3,1,20'))).toEqual([3, 1, 20]);
    expect(parseIdList('3,1,20')).toBeInstanceOf(Int32Array);
    expect(parseIdList(null)).toHaveLength(0);
    const big = parseIdList(`1,${2 ** 40}`);
    expect(big).toBeInstanceOf(Float64Array);
    expect(big[1]).toBe(2 ** 40);
  });

  it("starts a window after the cursor's row: at its offset, else where the index has it", () => {
    const ids = Int32Array.from([7, 8, 9, 10]);
    expect(startAfter(ids, 8, 2)).toBe(2);
    // The list changed since the cursor was made: the row is found where it is now.
    expect(startAfter(ids, 9, 2)).toBe(3);
    expect(startAfter(ids, 99, 2)).toBeUndefined();
  });

  it('builds once for requests at the same time, again after a failure or five minutes', async () => {
    let time = 0;
    const index = positionIndexes(() => time);
    let builds = 0;
    const build = async () => {
      builds++;
      return Int32Array.from([1, 2, 3]);
    };
    await Promise.all([index.indexOf('a', build), index.indexOf('a', build), index.fresh('a', build)]);
    expect(builds).toBe(1);
    // A first page uses a build only just done, and builds it afresh after that.
    await index.fresh('a', build);
    expect(builds).toBe(1);
    time = 3_000;
    await index.fresh('a', build);
    expect(builds).toBe(2);
    time = 3_000 + 5 * 60_000;
    // Too old: neither used nor kept.
    expect(index.peek('a')).toBeUndefined();
    await index.indexOf('a', build);
    expect(builds).toBe(3);
    await expect(index.indexOf('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await index.indexOf('b', build);
    expect(builds).toBe(4);
  });

  it('counts a first page’s two seconds from the end of the build, however long it took', async () => {
    let time = 0;
    const index = positionIndexes(() => time);
    let builds = 0;
    let finish: () => void = () => {};
    const slow = () =>
      new Promise<IdList>((resolve) => {
        builds++;
        finish = () => resolve(Int32Array.from([1, 2, 3]));
      });
    const first = index.fresh('a', slow);
    time = 2_500;
    finish();
    await first;
    time = 4_000;
    const second = index.fresh('a', slow);
    expect(builds).toBe(1);
    finish();
    await second;
    time = 4_500;
    const again = index.fresh('a', slow);
    finish();
    await again;
    expect(builds).toBe(2);
  });

  it('keeps sixteen lists at most', async () => {
    const index = positionIndexes();
    for (let i = 0; i < 20; i++) await index.indexOf(`list ${i}`, async () => Int32Array.from([i]));
    expect(index.size).toBe(16);
    expect(index.peek('list 0')).toBeUndefined();
    expect(index.peek('list 19')).toBeDefined();
  });
});

type Page = { group: { epics: { count: number; nodes: { iid: string }[]; pageInfo: { endCursor: string } } } };
const QUERY = `query($after: String, $sort: EpicSort) { group(fullPath: "positions") {
  epics(first: 50, after: $after, sort: $sort, topLevelInList: true) { count nodes { iid } pageInfo { endCursor } } } }`;
/** The same list without the nesting rule: read by OFFSET and keyset as before (every epic is top level here). */
const PLAIN = `query($after: String, $sort: EpicSort) { group(fullPath: "positions") {
  epics(first: 50, after: $after, sort: $sort) { count nodes { iid } pageInfo { endCursor } } } }`;

const cursorParts = (cursor: string) =>
  /^OffsetConnection:\d+:(\d+):([\w-]+)/.exec(Buffer.from(cursor, 'base64').toString()) ?? [];

describe('windows of a long roadmap list', () => {
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    await seedLargeGroup(t.database, t.services, { path: 'positions', owner, epics: 2_000, issues: 0, levels: 1 });
  }, 300_000);

  async function page(query: string, variables: Record<string, unknown>) {
    const { data, statements } = await graphqlStatements<Page>(t, query, variables, owner);
    return { epics: data.group.epics, statements };
  }

  it.each(['START_DATE_ASC', 'TITLE_DESC', 'end_date_asc'])(
    'sorted %s: the rows an OFFSET gives, read by id from the index',
    async (sort) => {
      const first = await page(QUERY, { sort });
      expect(first.epics.count).toBe(2_000);
      const plainFirst = await page(PLAIN, { sort });
      expect(first.epics.nodes).toEqual(plainFirst.epics.nodes);
      const [, total, digest] = cursorParts(first.epics.pageInfo.endCursor);
      const at = (offset: number, remembered: boolean) =>
        Buffer.from(`OffsetConnection:${offset - 1}${remembered ? `:${total}:${digest}` : ''}`).toString('base64');
      for (const offset of [1_500, 1_950, 777, 50]) {
        // A cursor without the total is read by its offset (and counts): the rows to expect.
        const byOffset = await page(PLAIN, { sort, after: at(offset, false) });
        const deep = await page(QUERY, { sort, after: at(offset, true) });
        expect(deep.epics.nodes.map((n) => n.iid)).toEqual(byOffset.epics.nodes.map((n) => n.iid));
        expect(deep.epics.nodes).toHaveLength(Math.min(50, 2_000 - offset));
        expect(byOffset.statements.some((s) => /\boffset\b/i.test(s))).toBe(true);
        // The window: rows by id, no OFFSET, no ORDER BY over the list, no nesting rule, no count.
        const epicReads = deep.statements.filter((s) => /from "epics"/i.test(s) && /key_values|::text\]/i.test(s));
        expect(epicReads.length).toBeGreaterThan(0);
        for (const s of deep.statements) {
          expect(s).not.toMatch(/\boffset\b|nest_parent|count\(\*\)|string_agg/i);
        }
      }
      // The window after a loaded one, by its last row's cursor: the index again.
      const next = await page(QUERY, { sort, after: first.epics.pageInfo.endCursor });
      const plainNext = await page(PLAIN, { sort, after: plainFirst.epics.pageInfo.endCursor });
      expect(next.epics.nodes).toEqual(plainNext.epics.nodes);
      expect(next.statements.some((s) => /nest_parent|string_agg/.test(s))).toBe(false);
    },
  );

  it('builds the index with the first page (its count), used by every window after it', async () => {
    const { statements } = await captureStatements(async () => {
      const first = await page(QUERY, { sort: 'CREATED_AT_ASC' });
      const [, total, digest] = cursorParts(first.epics.pageInfo.endCursor);
      const at = (offset: number) =>
        Buffer.from(`OffsetConnection:${offset - 1}:${total}:${digest}`).toString('base64');
      await page(QUERY, { sort: 'CREATED_AT_ASC', after: at(1_000) });
      await page(QUERY, { sort: 'CREATED_AT_ASC', after: at(1_800) });
      await page(QUERY, { sort: 'CREATED_AT_ASC', after: first.epics.pageInfo.endCursor });
    });
    expect(statements.filter((s) => /string_agg/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /count\(\*\)/i.test(s))).toHaveLength(0);
  });
});

describe("the pass of a roadmap's default list", () => {
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    await seedLargeGroup(t.database, t.services, { path: 'pass', owner, epics: 300, issues: 0, levels: 3 });
  }, 300_000);

  const LIST = `query($sort: EpicSort, $state: EpicState, $search: String, $labelName: [String!],
    $not: NegatedEpicFilterInput, $createdAfter: Time) {
    group(fullPath: "pass") { epics(first: 50, sort: $sort, state: $state, search: $search, labelName: $labelName,
      not: $not, createdAfter: $createdAfter, timeframe: { start: "2000-01-01", end: "2100-12-31" }, topLevelInList: true) {
      count nodes { iid } } } }`;
  type List = { group: { epics: { count: number; nodes: { iid: string }[] } } };
  const NO_BITMAP = /^SET LOCAL enable_bitmapscan = off$/;

  async function list(variables: Record<string, unknown>) {
    const { data, statements } = await graphqlStatements<List>(t, LIST, variables, owner);
    return { epics: data.group.epics, planned: statements.some((s) => NO_BITMAP.test(s.trim())), statements };
  }

  it('plans without bitmap scans in a date order with no filter but the state and timeframe: the same rows', async () => {
    for (const variables of [
      { sort: 'START_DATE_ASC' },
      { sort: 'START_DATE_DESC', state: 'opened' },
      { sort: 'END_DATE_ASC', not: {}, labelName: [], search: '' },
    ]) {
      const { epics, planned, statements } = await list(variables);
      expect(planned, JSON.stringify(variables)).toBe(true);
      // The setting holds for the pass alone: it is set in the pass's own transaction.
      const at = statements.findIndex((s) => NO_BITMAP.test(s.trim()));
      expect(statements[at + 1]).toMatch(/string_agg/);
      expect(statements.filter((s) => /string_agg/.test(s))).toHaveLength(1);
      // The same list planned as before (a filter every epic matches): the same rows and count.
      const plain = await list({ ...variables, createdAfter: '2000-01-01T00:00:00Z' });
      expect(plain.planned).toBe(false);
      expect(epics.count).toBeGreaterThan(10);
      expect(epics).toEqual(plain.epics);
    }
  });

  it('plans as before in any other order or with any other filter', async () => {
    for (const variables of [
      { sort: 'TITLE_ASC' },
      { sort: 'CREATED_AT_DESC' },
      { sort: 'START_DATE_ASC', search: 'x' },
    ]) {
      const { planned, statements } = await list(variables);
      expect(planned, JSON.stringify(variables)).toBe(false);
      expect(statements.filter((s) => /string_agg/.test(s))).toHaveLength(1);
    }
    expect((await list({ sort: 'START_DATE_ASC', labelName: ['Nope'] })).planned).toBe(false);
    expect((await list({ sort: 'START_DATE_ASC', not: { labelName: ['Nope'] } })).planned).toBe(false);
  });
});

type Positioned = {
  group: {
    epics: {
      count: number;
      nodes: { iid: string }[];
      epicPosition: { position: number; expandIds: string[] } | null;
    };
  };
};
const POSITION = `query($path: ID!, $iid: ID!, $groupPath: ID, $after: String, $state: EpicState, $sort: EpicSort) {
  group(fullPath: $path) {
    epics(first: 50, after: $after, state: $state, sort: $sort, topLevelInList: true) {
      count nodes { iid } epicPosition(iid: $iid, groupPath: $groupPath) { position expandIds } } } }`;

describe("an epic's position in a roadmap's list (a link to it)", () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  const iids: Record<string, string> = {};
  const gids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    outsider = await t.buildUser();
    group = await t.buildGroup({ path: 'deep-link', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    const f = epicsFactories(t);
    const dated = {
      startDateIsFixed: true,
      startDateFixed: '2026-01-01',
      dueDateIsFixed: true,
      dueDateFixed: '2026-12-31',
    };
    const a = await f.buildEpic({ group, title: 'A', ...dated });
    const b = await f.buildEpic({ group, title: 'B', parent: a, ...dated });
    const c = await f.buildEpic({ group, title: 'C', parent: b, ...dated });
    const sub = await t.buildGroup({ path: 'sub', parent: group, visibility: 'public' });
    const d = await f.buildEpic({ group: sub, title: 'D', parent: a, ...dated });
    const secret = await f.buildEpic({ group, title: 'Secret', confidential: true, ...dated });
    const closed = await f.buildEpic({ group, title: 'Closed', closed: true, ...dated });
    const more = [];
    for (let i = 0; i < 60; i++)
      more.push(await f.buildEpic({ group, title: `Z ${String(i).padStart(2, '0')}`, ...dated }));
    for (const [name, e] of Object.entries({ a, b, c, d, secret, closed, last: more.at(-1) })) {
      if (!e) continue;
      iids[name] = String(e.epic.iid);
      gids[name] = `gid://gitlab/Epic/${e.epic.id}`;
    }
  }, 300_000);

  const ask = async (variables: Record<string, unknown>, as = owner) =>
    (await graphqlStatements<Positioned>(t, POSITION, { path: 'deep-link', sort: 'TITLE_ASC', ...variables }, as)).data
      .group.epics;

  it('answers a top-level row by its own position, and a nested epic by the row it nests under', async () => {
    const last = await ask({ iid: iids.last });
    // A, Closed, Secret, Z 00 … Z 59: the last row is at 62.
    expect(last.count).toBe(63);
    expect(last.epicPosition).toEqual({ position: 62, expandIds: [] });
    const nested = await ask({ iid: iids.c });
    expect(nested.epicPosition).toEqual({ position: 0, expandIds: [gids.a, gids.b] });
    expect((await ask({ iid: iids.b })).epicPosition).toEqual({ position: 0, expandIds: [gids.a] });
    // A subgroup's epic, named by its group's path.
    expect((await ask({ iid: iids.d, groupPath: 'deep-link/sub' })).epicPosition).toEqual({
      position: 0,
      expandIds: [gids.a],
    });
  });

  it('follows the filter and sort, and is null for an epic outside the list, hidden or missing', async () => {
    expect((await ask({ iid: iids.last, sort: 'TITLE_DESC' })).epicPosition).toEqual({ position: 0, expandIds: [] });
    const open = await ask({ iid: iids.last, state: 'opened' });
    expect(open.epicPosition).toEqual({ position: 61, expandIds: [] });
    expect((await ask({ iid: iids.closed, state: 'opened' })).epicPosition).toBeNull();
    expect((await ask({ iid: iids.secret }, outsider)).epicPosition).toBeNull();
    expect((await ask({ iid: iids.secret })).epicPosition).toEqual({ position: 2, expandIds: [] });
    expect((await ask({ iid: '999999' })).epicPosition).toBeNull();
    expect((await ask({ iid: 'x' })).epicPosition).toBeNull();
  });

  it('names the row whose window then holds the epic', async () => {
    const { epicPosition, nodes } = await ask({ iid: iids.last });
    expect(nodes).toHaveLength(50);
    const position = epicPosition?.position ?? -1;
    const first = await graphqlStatements<Page>(
      t,
      `{ group(fullPath: "deep-link") { epics(first: 50, sort: TITLE_ASC, topLevelInList: true) { count nodes { iid } pageInfo { endCursor } } } }`,
      {},
      owner,
    );
    const [, total, digest] = cursorParts(first.data.group.epics.pageInfo.endCursor);
    const after = Buffer.from(`OffsetConnection:${position - 1}:${total}:${digest}`).toString('base64');
    const window = await ask({ iid: iids.last, after });
    expect(window.nodes[0]?.iid).toBe(iids.last);
  });
});
