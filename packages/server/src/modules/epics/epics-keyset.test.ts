/**
 * Epics pages are keyset windows (issues 13 and 17, decision 0041): a page asked after (or before)
 * a cursor of the same filter reads "the rows beyond that one" — no OFFSET, so a deep page costs what
 * the first costs — in every sort, rows without a date last, ties broken by id; and a row added
 * before the cursor meanwhile does not repeat a row on the next page. Statements are inspected, not
 * timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Connection = {
  count: number;
  nodes: { title: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
};
type Page = { group: { epics: Connection } };
const QUERY = `query($sort: EpicSort, $first: Int, $last: Int, $after: String, $before: String) {
  group(fullPath: "keyset") { epics(sort: $sort, first: $first, last: $last, after: $after, before: $before) {
    count nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

const SORTS = [
  'START_DATE_ASC',
  'START_DATE_DESC',
  'END_DATE_ASC',
  'END_DATE_DESC',
  'TITLE_ASC',
  'TITLE_DESC',
  'CREATED_AT_ASC',
  'CREATED_AT_DESC',
  'UPDATED_AT_ASC',
  'UPDATED_AT_DESC',
  'RELATIVE_POSITION_ASC',
];

describe('epics pages as keyset windows', () => {
  let t: TestApp;
  let owner: UserRow;
  let group: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    group = await t.buildGroup({ path: 'keyset', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    const f = epicsFactories(t);
    // Ties on the dates (three on 2027-01-10), epics without dates, equal titles: the id breaks them.
    const dates: [string, string | null, string | null][] = [
      ['Delta', '2027-01-10', '2027-03-01'],
      ['Alpha', '2027-01-10', null],
      ['Echo', null, '2027-02-01'],
      ['Bravo', '2027-02-01', '2027-02-01'],
      ['Alpha', '2027-01-10', '2027-06-01'],
      ['Charlie', null, null],
      ['Foxtrot', '2026-12-01', '2027-03-01'],
    ];
    for (const [title, start, due] of dates)
      await f.buildEpic({
        group,
        title,
        ...(start ? { startDateIsFixed: true, startDateFixed: start } : {}),
        ...(due ? { dueDateIsFixed: true, dueDateFixed: due } : {}),
      });
  }, 120_000);

  /** The page and the SQL statements it sent. */
  async function page(variables: Record<string, unknown>) {
    const { data, statements } = await graphqlStatements<Page>(t, QUERY, variables, owner);
    return { epics: data.group.epics, statements };
  }
  const titles = (c: Connection) => c.nodes.map((n) => n.title);
  const offsets = (statements: string[]) => statements.filter((s) => /\boffset\b/i.test(s)).length;

  it.each(SORTS)('pages forwards and back in %s as the whole list reads, without OFFSET', async (sort) => {
    const whole = titles((await page({ sort, first: 100 })).epics);
    expect(whole).toHaveLength(7);

    const forwards: string[] = [];
    const cursors: string[] = [];
    let next = await page({ sort, first: 2 });
    forwards.push(...titles(next.epics));
    while (next.epics.pageInfo.hasNextPage) {
      cursors.push(next.epics.pageInfo.startCursor);
      next = await page({ sort, first: 2, after: next.epics.pageInfo.endCursor });
      expect(offsets(next.statements)).toBe(0);
      expect(next.epics.count).toBe(7);
      expect(next.epics.pageInfo.hasPreviousPage).toBe(true);
      forwards.push(...titles(next.epics));
    }
    expect(forwards).toEqual(whole);

    // Back from the last page, before each page's first row.
    const backwards: string[] = [...titles(next.epics)];
    let previous = next;
    while (previous.epics.pageInfo.hasPreviousPage) {
      previous = await page({ sort, last: 2, before: previous.epics.pageInfo.startCursor });
      expect(offsets(previous.statements)).toBe(0);
      expect(previous.epics.pageInfo.hasNextPage).toBe(true);
      backwards.unshift(...titles(previous.epics));
    }
    expect(backwards).toEqual(whole);
  });

  it('does not repeat a row when an epic is added before the cursor meanwhile', async () => {
    const first = await page({ sort: 'TITLE_ASC', first: 3 });
    expect(titles(first.epics)).toEqual(['Alpha', 'Alpha', 'Bravo']);
    const added = await epicsFactories(t).buildEpic({ group, title: 'Aardvark' });
    try {
      const second = await page({ sort: 'TITLE_ASC', first: 3, after: first.epics.pageInfo.endCursor });
      expect(titles(second.epics)).toEqual(['Charlie', 'Delta', 'Echo']);
    } finally {
      await t.services.epics.remove(userActor(await t.systemAdmin()), added);
    }
  });

  it('reads an old cursor without a key (or of another filter) by its offset, as before', async () => {
    const first = await page({ sort: 'TITLE_ASC', first: 2 });
    const text = Buffer.from(first.epics.pageInfo.endCursor, 'base64').toString('utf8');
    const bare = Buffer.from(text.split(':').slice(0, 2).join(':'), 'utf8').toString('base64');
    const byOffset = await page({ sort: 'TITLE_ASC', first: 2, after: bare });
    expect(titles(byOffset.epics)).toEqual(['Bravo', 'Charlie']);
    expect(offsets(byOffset.statements)).toBe(1);
    const otherSort = await page({ sort: 'TITLE_DESC', first: 2, after: first.epics.pageInfo.endCursor });
    expect(titles(otherSort.epics)).toEqual(['Delta', 'Charlie']);
  });

  it('reads a cursor whose key was made up by hand by its offset, not as an error', async () => {
    const first = await page({ sort: 'START_DATE_ASC', first: 2 });
    const [head, offset, total, filter] = Buffer.from(first.epics.pageInfo.endCursor, 'base64')
      .toString('utf8')
      .split(':');
    const key = Buffer.from(JSON.stringify({ v: ['not a date'], id: '1' })).toString('base64url');
    const forged = Buffer.from([head, offset, total, filter, key].join(':'), 'utf8').toString('base64');
    const next = await page({ sort: 'START_DATE_ASC', first: 2, after: forged });
    const whole = titles((await page({ sort: 'START_DATE_ASC', first: 100 })).epics);
    expect(titles(next.epics)).toEqual(whole.slice(2, 4));
  });
});
