/**
 * Paging through a group's epics counts the matching epics once per filter (issue 17): the first
 * page counts, its cursors carry the total, and the next pages of the same filter (and viewer) only
 * read their window — no count over every match per page. A cursor of another filter or another
 * viewer is counted afresh. Statements are inspected, not timed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { graphqlStatements } from '../../test/statements.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Page = {
  group: {
    epics: { count: number; nodes: { title: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
  };
};
const QUERY = `query($state: EpicState, $after: String) { group(fullPath: "paging") {
  epics(state: $state, first: 2, after: $after, sort: TITLE_ASC) { count nodes { title } pageInfo { hasNextPage endCursor } } } }`;

describe('epics pages count their total once per filter', () => {
  let t: TestApp;
  let owner: UserRow;
  let other: UserRow;
  let group: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    other = await t.buildUser();
    group = await t.buildGroup({ path: 'paging', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    const f = epicsFactories(t);
    for (const title of ['E1', 'E2', 'E3', 'E4', 'E5']) await f.buildEpic({ group, title });
    await f.buildEpic({ group, title: 'E6 closed', closed: true });
  });

  /** The page and the SQL statements it sent. */
  async function page(variables: Record<string, unknown>, as: UserRow) {
    const { data, statements } = await graphqlStatements<Page>(t, QUERY, variables, as);
    return { epics: data.group.epics, statements };
  }
  const counts = (statements: string[]) => statements.filter((s) => /count\(\*\)/i.test(s)).length;

  it('counts on the first page only, and every page reports the same total', async () => {
    const first = await page({ state: 'opened' }, owner);
    expect(first.epics.count).toBe(5);
    expect(counts(first.statements)).toBe(1);
    const titles = first.epics.nodes.map((n) => n.title);
    let cursor = first.epics.pageInfo.endCursor;
    for (let n = 0; n < 2; n++) {
      const next = await page({ state: 'opened', after: cursor }, owner);
      expect(next.epics.count).toBe(5);
      expect(counts(next.statements)).toBe(0);
      titles.push(...next.epics.nodes.map((node) => node.title));
      cursor = next.epics.pageInfo.endCursor;
    }
    expect(titles).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
  });

  it('counts again for a cursor of another filter or another viewer', async () => {
    const first = await page({ state: 'opened' }, owner);
    const otherFilter = await page({ state: 'all', after: first.epics.pageInfo.endCursor }, owner);
    expect(otherFilter.epics.count).toBe(6);
    expect(counts(otherFilter.statements)).toBe(1);
    expect(otherFilter.epics.nodes.map((n) => n.title)).toEqual(['E3', 'E4']);
    const otherViewer = await page({ state: 'opened', after: first.epics.pageInfo.endCursor }, other);
    expect(otherViewer.epics.count).toBe(5);
    expect(counts(otherViewer.statements)).toBe(1);
  });
});
