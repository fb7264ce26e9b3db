/**
 * Windows deep in an epic list (a roadmap's jump to row 90,000, issue 17) are read after the row
 * before them, found through a position index built once per list, not by sorting and skipping
 * every row before them: the same rows as an OFFSET read, without its OFFSET. Statements are
 * inspected, not timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLargeGroup } from '../../../bench/seed-large-group.ts';
import type { UserRow } from '../../db/schema.ts';
import { captureStatements, graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { positionIndexes, SEEK_FROM, STRIDE } from './epic-positions.ts';

describe('positionIndexes', () => {
  const keys = Array.from({ length: 40 }, (_, i) => ({ values: [String(i)], id: (i + 1) * STRIDE - 1 }));

  it('leaves shallow offsets alone, and finds the indexed row before a deep one', async () => {
    const index = positionIndexes();
    let builds = 0;
    const build = async () => {
      builds++;
      return keys;
    };
    expect(await index.seek('list', SEEK_FROM - 1, build)).toBeUndefined();
    expect(builds).toBe(0);
    // Position 999 is indexed (the 20th key): the window at 1,000 starts right after it.
    expect(await index.seek('list', 1_000, build)).toEqual({ after: keys[19], skip: 0 });
    expect(await index.seek('list', 1_023, build)).toEqual({ after: keys[19], skip: 23 });
    expect(builds).toBe(1);
  });

  it('builds once for requests at the same time, again after a failure or five minutes', async () => {
    let time = 0;
    const index = positionIndexes(() => time);
    let builds = 0;
    const build = async () => {
      builds++;
      return keys;
    };
    await Promise.all([index.seek('a', 600, build), index.seek('a', 900, build)]);
    expect(builds).toBe(1);
    time = 5 * 60_000;
    await index.seek('a', 600, build);
    expect(builds).toBe(2);
    await expect(index.seek('b', 600, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await index.seek('b', 600, build);
    expect(builds).toBe(3);
  });

  it('keeps sixteen lists at most', async () => {
    const index = positionIndexes();
    for (let i = 0; i < 20; i++) await index.seek(`list ${i}`, 600, async () => keys);
    expect(index.size).toBe(16);
  });
});

type Page = { group: { epics: { count: number; nodes: { iid: string }[]; pageInfo: { endCursor: string } } } };
const QUERY = `query($after: String, $sort: EpicSort) { group(fullPath: "positions") {
  epics(first: 50, after: $after, sort: $sort, topLevelInList: true) { count nodes { iid } pageInfo { endCursor } } } }`;

describe('a deep window of an epic list', () => {
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    await seedLargeGroup(t.database, t.services, { path: 'positions', owner, epics: 2_000, issues: 0, levels: 1 });
  }, 300_000);

  async function page(variables: Record<string, unknown>) {
    const { data, statements } = await graphqlStatements<Page>(t, QUERY, variables, owner);
    return { epics: data.group.epics, statements };
  }

  it.each(['START_DATE_ASC', 'TITLE_DESC', 'end_date_asc'])(
    'sorted %s: the rows an OFFSET gives, read after the indexed row before them',
    async (sort) => {
      const first = await page({ sort });
      expect(first.epics.count).toBe(2_000);
      const [, total, digest] =
        /^OffsetConnection:\d+:(\d+):([\w-]+)/.exec(Buffer.from(first.epics.pageInfo.endCursor, 'base64').toString()) ??
        [];
      const at = (offset: number, remembered: boolean) =>
        Buffer.from(`OffsetConnection:${offset - 1}${remembered ? `:${total}:${digest}` : ''}`).toString('base64');
      for (const offset of [1_500, 1_950, 777]) {
        // A cursor without the total is read by its offset (and counts): the rows to expect.
        const byOffset = await page({ sort, after: at(offset, false) });
        const deep = await page({ sort, after: at(offset, true) });
        expect(deep.epics.nodes.map((n) => n.iid)).toEqual(byOffset.epics.nodes.map((n) => n.iid));
        expect(deep.epics.nodes).toHaveLength(Math.min(50, 2_000 - offset));
        expect(byOffset.statements.some((s) => /\boffset\b/i.test(s))).toBe(true);
        const window = deep.statements.filter((s) => /key_values/.test(s) && !/row_number/.test(s));
        expect(window.length).toBeGreaterThan(0);
        // A window at a multiple of the stride starts right after its indexed row: no OFFSET at all.
        if (offset % STRIDE === 0) expect(window.some((s) => /\boffset\b/i.test(s))).toBe(false);
      }
    },
  );

  it('builds the index once per list: in the background after the first page, used by every jump', async () => {
    const { statements } = await captureStatements(async () => {
      const first = await page({ sort: 'CREATED_AT_ASC' });
      const [, total, digest] =
        /^OffsetConnection:\d+:(\d+):([\w-]+)/.exec(Buffer.from(first.epics.pageInfo.endCursor, 'base64').toString()) ??
        [];
      const at = (offset: number) =>
        Buffer.from(`OffsetConnection:${offset - 1}:${total}:${digest}`).toString('base64');
      await page({ sort: 'CREATED_AT_ASC', after: at(1_000) });
      await page({ sort: 'CREATED_AT_ASC', after: at(1_800) });
    });
    expect(statements.filter((s) => /row_number/.test(s))).toHaveLength(1);
  });
});
