/**
 * The roadmap's operations (GitLab's front-end queries, verbatim shapes): filters as a table, access
 * in lists / counts / ancestors / blocked-by, and a bounded number of SQL queries per page.
 */
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicWithGroup } from './epics.service.ts';

const ROADMAP = `query roadmapGroupEpics($fullPath: ID!, $state: EpicState, $sort: EpicSort, $iid: ID, $timeframe: Timeframe,
  $labelName: [String!] = [], $authorUsername: String = "", $milestoneTitle: String = "", $myReactionEmoji: String,
  $confidential: Boolean, $search: String = "", $first: Int = 50, $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput,
  $endCursor: String = "", $includeDescendantGroups: Boolean = true, $topLevelHierarchyOnly: Boolean) {
  group(fullPath: $fullPath) { id name
    epics(iid: $iid, state: $state, sort: $sort, labelName: $labelName, authorUsername: $authorUsername,
      milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji, confidential: $confidential, search: $search,
      first: $first, timeframe: $timeframe, not: $not, or: $or, after: $endCursor,
      includeDescendantGroups: $includeDescendantGroups, topLevelHierarchyOnly: $topLevelHierarchyOnly) {
      count
      nodes { id iid title description state webUrl startDate dueDate hasChildren hasChildrenWithinTimeframe hasParent
        confidential blocked blockedByCount descendantWeightSum { closedIssues openedIssues }
        descendantCounts { openedEpics closedEpics closedIssues openedIssues } group { id name fullName fullPath }
        labels { nodes { id title description color textColor } } ancestors { nodes { id } } color textColor
        parent { id startDate dueDate } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

type Roadmap = { group: { epics: { count: number; nodes: Record<string, unknown>[] } } | null };

/** Counts SQL statements sent by any pg client while `fn` runs. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let n = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return n;
}

describe('roadmap queries', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let acme: GroupRow;
  let platform: GroupRow;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let epics: Record<string, EpicWithGroup>;

  const run = (variables: Record<string, unknown>, as: UserRow | null = owner) =>
    t.graphql<Roadmap>(ROADMAP, { fullPath: 'acme', sort: 'TITLE_ASC', ...variables }, { as });
  const titles = (r: { data: Roadmap | null | undefined }) => r.data?.group?.epics.nodes.map((n) => n.title);

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser({ username: 'rm-owner' });
    reporter = await t.buildUser({ username: 'rm-reporter' });
    guest = await t.buildUser({ username: 'rm-guest' });
    acme = await t.buildGroup({ path: 'acme', owner });
    platform = await t.buildGroup({ path: 'platform', parent: acme, owner });
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, guest, 10);
    await lm.buildLabel({ group: acme, title: 'frontend' });
    await lm.buildLabel({ group: acme, title: 'backend' });
    const project = await t.buildProject({ group: platform });
    const m1 = await lm.buildMilestone({ group: acme, title: 'M1', startDate: '2026-01-01', dueDate: '2026-02-28' });
    const a = await f.buildEpic({
      group: acme,
      title: 'Alpha',
      labels: ['frontend', 'backend'],
      author: owner,
      startDateFixed: '2026-01-01',
      dueDateFixed: '2026-03-31',
    });
    const b = await f.buildEpic({ group: acme, title: 'Bravo', labels: ['frontend'], author: reporter, parent: a });
    const c = await f.buildEpic({
      group: platform,
      title: 'Charlie',
      author: reporter,
      closed: true,
      startDateFixed: '2025-05-01',
      dueDateFixed: '2025-06-01',
    });
    const d = await f.buildEpic({ group: acme, title: 'Delta 100%', confidential: true, author: owner });
    const e = await f.buildEpic({ group: platform, title: 'Echo', parent: b, description: 'needle in description' });
    await f.buildIssue({ project, epic: b, milestoneId: m1.id });
    await t.services.epics.addBlockingLink(userActor(owner), d, e);
    await t.services.epics.addBlockingLink(userActor(owner), c, e);
    await t.request({ method: 'POST', url: '/api/graphql', as: owner, payload: { query: '{ __typename }' } });
    epics = { a, b, c, d, e };
    // The current user's reaction (awards module may not exist yet: write through SQL of the test db).
    await t.database.pool.query(
      `INSERT INTO award_emoji (name, user_id, awardable_type, awardable_id) VALUES ('thumbsup', $1, 'Epic', $2)`,
      [owner.id, a.epic.id],
    );
  });

  it.each([
    ['no filter (empty-string defaults)', {}, ['Alpha', 'Bravo', 'Charlie', 'Delta 100%', 'Echo']],
    ['state opened', { state: 'opened' }, ['Alpha', 'Bravo', 'Delta 100%', 'Echo']],
    ['state closed', { state: 'closed' }, ['Charlie']],
    ['state all', { state: 'all' }, ['Alpha', 'Bravo', 'Charlie', 'Delta 100%', 'Echo']],
    ['labelName AND', { labelName: ['frontend', 'backend'] }, ['Alpha']],
    ['labelName one', { labelName: ['frontend'] }, ['Alpha', 'Bravo']],
    ['not labelName', { not: { labelName: ['frontend'] } }, ['Charlie', 'Delta 100%', 'Echo']],
    ['or labelNames', { or: { labelNames: ['backend', 'nope'] } }, ['Alpha']],
    ['authorUsername', { authorUsername: 'rm-reporter' }, ['Bravo', 'Charlie']],
    ['not authorUsername', { not: { authorUsername: 'rm-reporter' } }, ['Alpha', 'Delta 100%', 'Echo']],
    [
      'or authorUsernames',
      { or: { authorUsernames: ['rm-reporter', 'rm-owner'] } },
      ['Alpha', 'Bravo', 'Charlie', 'Delta 100%'],
    ],
    ['milestoneTitle (via issues)', { milestoneTitle: 'M1' }, ['Bravo']],
    ['myReactionEmoji', { myReactionEmoji: 'thumbsup' }, ['Alpha']],
    ['not myReactionEmoji', { not: { myReactionEmoji: 'thumbsup' } }, ['Bravo', 'Charlie', 'Delta 100%', 'Echo']],
    ['confidential', { confidential: true }, ['Delta 100%']],
    ['search title', { search: 'alp' }, ['Alpha']],
    ['search description', { search: 'needle' }, ['Echo']],
    ['search % literally', { search: '100%' }, ['Delta 100%']],
    ['search _ literally', { search: '_' }, []],
    ['timeframe overlap', { timeframe: { start: '2026-02-01', end: '2026-12-31' } }, ['Alpha', 'Bravo']],
    ['timeframe excludes', { timeframe: { start: '2025-01-01', end: '2025-05-01' } }, ['Charlie']],
    // iids are per group: with descendant groups, acme&1 and acme/platform&1 both match.
    ['iid', { iid: '1' }, ['Alpha', 'Charlie']],
    ['iid without descendants', { iid: '1', includeDescendantGroups: false }, ['Alpha']],
    ['no descendant groups', { includeDescendantGroups: false }, ['Alpha', 'Bravo', 'Delta 100%']],
    ['top-level only', { topLevelHierarchyOnly: true }, ['Alpha', 'Charlie', 'Delta 100%']],
  ])('filters: %s', async (_name, variables, expected) => {
    const r = await run(variables);
    expect(r.errors).toBeUndefined();
    expect(titles(r)).toEqual(expected);
    expect(r.data?.group?.epics.count).toBe(expected.length);
  });

  it('sorts by dates with empty dates last', async () => {
    expect(titles(await run({ sort: 'START_DATE_ASC', state: 'all' }))?.slice(0, 3)).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
    ]);
    expect(titles(await run({ sort: 'end_date_desc' }))?.slice(0, 2)).toEqual(['Alpha', 'Bravo']);
  });

  it.each([
    ['an unknown sort', { sort: 'WEIGHT_ASC' }],
    ['an unknown state', { state: 'open' }],
    ['an uppercase state', { state: 'OPENED' }],
  ])('refuses %s with a GraphQL validation error', async (_name, variables) => {
    const r = await run(variables);
    expect(r.errors?.[0]?.message).toMatch(/Variable "\$(sort|state)" got invalid value/);
  });

  it('refuses a reversed or impossible timeframe and a bad iidStartsWith', async () => {
    expect((await run({ timeframe: { start: '2026-02-01', end: '2026-01-01' } })).errors?.[0]?.message).toBe(
      'start must be before end',
    );
    expect((await run({ timeframe: { start: '2027-02-30', end: '2027-03-01' } })).errors?.[0]?.message).toMatch(
      /not a valid date/,
    );
    const r = await t.graphql(
      `{ group(fullPath: "acme") { epics(iidStartsWith: "1a") { count } } }`,
      {},
      { as: owner },
    );
    expect(r.errors?.[0]?.message).toBe('Invalid `iidStartsWith` query');
  });

  it('computes roadmap fields (parents, ancestors, blocked, timeframe children)', async () => {
    const r = await run({ timeframe: { start: '2026-01-01', end: '2026-12-31' }, state: 'all' });
    const byTitle = Object.fromEntries((r.data?.group?.epics.nodes ?? []).map((n) => [n.title, n]));
    expect(byTitle.Alpha).toMatchObject({
      hasChildren: true,
      hasChildrenWithinTimeframe: true,
      hasParent: false,
      parent: null,
    });
    expect(byTitle.Bravo).toMatchObject({
      hasParent: true,
      parent: { id: `gid://gitlab/Epic/${epics.a?.epic.id}`, startDate: '2026-01-01', dueDate: '2026-03-31' },
      ancestors: { nodes: [{ id: `gid://gitlab/Epic/${epics.a?.epic.id}` }] },
      startDate: '2026-01-01',
      dueDate: '2026-02-28',
      hasChildren: true,
      hasChildrenWithinTimeframe: false,
      labels: { nodes: [{ title: 'frontend', color: '#428bca', textColor: '#FFFFFF' }] },
      group: { fullPath: 'acme', fullName: 'acme' },
    });
    const echo = (await run({ search: 'needle' })).data?.group?.epics.nodes[0];
    expect(echo).toMatchObject({ blocked: true, blockedByCount: 2 });
    expect(echo?.ancestors).toEqual({ nodes: [expect.anything(), expect.anything()] });
  });

  it('never shows hidden epics: lists, counts, blocked-by, search (guest and signed-out)', async () => {
    for (const as of [guest, null]) {
      const r = await run({}, as);
      expect(titles(r)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Echo']);
      expect(r.data?.group?.epics.count).toBe(4);
      expect(titles(await run({ search: 'Delta' }, as))).toEqual([]);
      const echo = (await run({ search: 'needle' }, as)).data?.group?.epics.nodes[0];
      expect(echo).toMatchObject({ blocked: true, blockedByCount: 1 });
      const blockers = await t.graphql<{ group: { epic: { blockedByEpics: { nodes: { title: string }[] } } } }>(
        `query BlockingEpics { group(fullPath: "acme/platform") { epic(iid: "${epics.e?.epic.iid}") { blockedByEpics { nodes { title } } } } }`,
        {},
        { as },
      );
      expect(blockers.data?.group.epic.blockedByEpics.nodes.map((n) => n.title)).toEqual(['Charlie']);
    }
    expect(titles(await run({}, reporter))).toContain('Delta 100%');
    const hidden = await t.graphql(
      `{ group(fullPath: "acme") { epic(iid: "${epics.d?.epic.iid}") { id } } }`,
      {},
      { as: guest },
    );
    const missing = await t.graphql(`{ group(fullPath: "acme") { epic(iid: "999") { id } } }`, {}, { as: guest });
    expect(hidden.body).toEqual(missing.body);
  });

  it('clamps first above 100', async () => {
    const r = await t.graphql<Roadmap>(
      `{ group(fullPath: "acme") { epics(first: 5000) { count nodes { id } } } }`,
      {},
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.group?.epics.nodes).toHaveLength(5);
  });

  describe('SQL per page', () => {
    let big: GroupRow;
    afterEach(() => undefined);

    it('costs the same bounded number of queries for 10 or 100 epics', async () => {
      big = await t.buildGroup({ path: 'big', owner });
      const sub = await t.buildGroup({ path: 'sub', parent: big, owner });
      const lm = labelsMilestonesFactories(t);
      await lm.buildLabel({ group: big, title: 'perf' });
      let parent: EpicWithGroup | undefined;
      for (let i = 0; i < 100; i += 1) {
        const e = await f.buildEpic({
          group: i % 2 ? sub : big,
          title: `Perf ${String(i).padStart(3, '0')}`,
          labels: ['perf'],
          parent: i % 10 === 0 ? undefined : parent,
          startDateFixed: '2026-01-01',
          dueDateFixed: '2026-12-31',
        });
        if (i % 10 === 0) parent = e;
      }
      const page = (first: number) =>
        t.graphql<Roadmap>(
          ROADMAP,
          { fullPath: 'big', first, timeframe: { start: '2026-01-01', end: '2026-12-31' } },
          { as: owner },
        );
      await page(1); // warm-up (token lookup caches nothing, but keeps timings comparable)
      const ten = await countQueries(() => page(10));
      const hundred = await countQueries(() => page(100));
      expect((await page(100)).data?.group?.epics.nodes).toHaveLength(100);
      expect(hundred).toBe(ten);
      expect(hundred).toBeLessThanOrEqual(25);
    });
  });
});
