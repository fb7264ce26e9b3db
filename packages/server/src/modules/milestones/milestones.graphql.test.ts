import { beforeAll, describe, expect, it } from 'vitest';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildMilestoneWorld, fromToday, type MilestoneWorld } from './milestones.world.ts';

type Node = Record<string, unknown> & { title: string };
type Conn = { count: number; nodes: Node[] };

const GROUP_MILESTONES = `query($fullPath: ID!, $state: MilestoneStateEnum, $timeframe: Timeframe, $includeDescendants: Boolean,
  $includeAncestors: Boolean, $searchTitle: String, $title: String, $ids: [ID!], $containingDate: Time,
  $sort: MilestoneSort, $first: Int) {
  group(fullPath: $fullPath) { milestones(state: $state, timeframe: $timeframe, includeDescendants: $includeDescendants,
    includeAncestors: $includeAncestors, searchTitle: $searchTitle, title: $title, ids: $ids, containingDate: $containingDate,
    sort: $sort, first: $first) {
    count nodes { id iid title description state expired upcoming webPath startDate dueDate
      projectMilestone groupMilestone subgroupMilestone } } } }`;

const WITH_CONTAINERS = 'nodes { title webPath groupMilestone subgroupMilestone group { id } project { id } }';

describe('milestones over GraphQL', () => {
  let t: TestApp;
  let w: MilestoneWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildMilestoneWorld(t);
  });

  async function milestones(vars: Record<string, unknown>, as: MilestoneWorld['owner'] | null = w.owner) {
    const res = await t.graphql<{ group: { milestones: Conn } | null }>(GROUP_MILESTONES, vars, { as });
    return { conn: res.data?.group?.milestones, errors: res.errors?.map((e) => e.message) };
  }
  const titles = (c: Conn | undefined) => c?.nodes.map((n) => n.title);

  it('lists the group’s own milestones by due date (undated last) by default', async () => {
    const { conn } = await milestones({ fullPath: w.acme.fullPath });
    expect(titles(conn)).toEqual(['Acme 100% done', 'Acme Q1', 'Past', 'Future', 'Acme open']);
    expect(conn?.count).toBe(5);
  });

  it.each([
    ['owner', 'owner', ['Acme Q1', 'Lab secret', 'Platform R1', 'Proto X', 'Web 1.0']],
    ['lab member', 'labMember', ['Acme Q1', 'Lab secret', 'Platform R1', 'Proto X', 'Web 1.0']],
    ['outsider', 'outsider', ['Acme Q1', 'Platform R1', 'Web 1.0']],
    ['visitor', null, ['Acme Q1', 'Platform R1', 'Web 1.0']],
  ])('includes descendants the %s may read, and nothing hidden', async (_n, who, expected) => {
    const as = who ? w[who as 'owner'] : null;
    const vars = {
      fullPath: w.acme.fullPath,
      includeDescendants: true,
      timeframe: { start: '2024-01-01', end: '2024-12-31' },
    };
    const { conn } = await milestones(vars, as);
    expect(titles(conn)?.sort()).toEqual(expected);
    expect(conn?.count).toBe(expected.length);
  });

  it('tells group, subgroup and project milestones apart relative to the queried group', async () => {
    const flags = (c: Conn | undefined) =>
      Object.fromEntries(
        (c?.nodes ?? []).map((n) => [n.title, [n.groupMilestone, n.subgroupMilestone, n.projectMilestone]]),
      );
    const fromAcme = await milestones({ fullPath: w.acme.fullPath, includeDescendants: true, searchTitle: '1' });
    expect(flags(fromAcme.conn)).toEqual({
      'Acme Q1': [true, false, false],
      'Platform R1': [false, true, false],
      'Web 1.0': [false, false, true],
      'Acme 100% done': [true, false, false],
    });
    const fromPlatform = await milestones({ fullPath: w.platform.fullPath, includeAncestors: true, searchTitle: '1' });
    expect(flags(fromPlatform.conn)).toEqual({
      'Acme Q1': [true, false, false],
      'Platform R1': [true, false, false],
      'Acme 100% done': [true, false, false],
    });
  });

  it('exposes the milestone fields', async () => {
    const { conn } = await milestones({ fullPath: w.platform.fullPath, includeDescendants: true, title: 'Web 1.0' });
    expect(conn?.nodes).toEqual([
      {
        id: `gid://gitlab/Milestone/${w.m.web.id}`,
        iid: '1',
        title: 'Web 1.0',
        description: null,
        state: 'active',
        expired: true,
        upcoming: false,
        webPath: `/${w.web.project.fullPath}/-/milestones/1`,
        startDate: '2024-03-15',
        dueDate: '2024-04-15',
        projectMilestone: true,
        groupMilestone: false,
        subgroupMilestone: false,
      },
    ]);
    const group = await milestones({ fullPath: w.acme.fullPath, title: 'Future' });
    expect(group.conn?.nodes[0]).toMatchObject({
      iid: String(w.m.future.iid),
      webPath: `/groups/${w.acme.fullPath}/-/milestones/${w.m.future.iid}`,
      expired: false,
      upcoming: true,
    });
  });

  it.each([
    ['state active', { state: 'active' }, ['Acme Q1', 'Past', 'Future', 'Acme open']],
    ['state closed', { state: 'closed' }, ['Acme 100% done']],
    [
      'an overlapping timeframe',
      { timeframe: { start: '2023-06-30', end: '2024-01-01' } },
      ['Acme 100% done', 'Acme Q1'],
    ],
    ['a timeframe of one day', { timeframe: { start: fromToday(45), end: fromToday(45) } }, ['Future']],
    ['a literal % in the title search', { searchTitle: '100%' }, ['Acme 100% done']],
    ['a literal _ in the title search', { searchTitle: '_' }, []],
    [
      'an empty title search as no filter',
      { searchTitle: '', title: '' },
      ['Acme 100% done', 'Acme Q1', 'Past', 'Future', 'Acme open'],
    ],
    ['a containing date', { containingDate: '2024-02-15' }, ['Acme Q1']],
    ['due date descending', { sort: 'DUE_DATE_DESC', state: 'active' }, ['Future', 'Past', 'Acme Q1', 'Acme open']],
    ['created ascending', { sort: 'CREATED_ASC', state: 'active' }, ['Acme Q1', 'Acme open', 'Future', 'Past']],
  ])('filters by %s', async (_n, vars, expected) => {
    const { conn, errors } = await milestones({ fullPath: w.acme.fullPath, ...vars });
    expect(errors).toBeUndefined();
    expect(titles(conn)).toEqual(expected);
  });

  it('filters by global ids', async () => {
    const ids = [w.m.q1.id, w.m.r1.id].map((id) => `gid://gitlab/Milestone/${id}`);
    const { conn } = await milestones({ fullPath: w.acme.fullPath, ids, includeDescendants: true });
    expect(titles(conn)).toEqual(['Platform R1', 'Acme Q1']);
  });

  it('links each milestone to its group or project', async () => {
    const res = await t.graphql<{ group: { milestones: { nodes: unknown[] } } }>(
      `query($p: ID!) { group(fullPath: $p) { milestones(includeDescendants: true, searchTitle: "1") {
        nodes { title group { fullPath } project { fullPath } } } } }`,
      { p: w.acme.fullPath },
    );
    expect(res.data?.group.milestones.nodes).toEqual([
      { title: 'Acme 100% done', group: { fullPath: w.acme.fullPath }, project: null },
      { title: 'Platform R1', group: { fullPath: w.platform.fullPath }, project: null },
      { title: 'Acme Q1', group: { fullPath: w.acme.fullPath }, project: null },
      { title: 'Web 1.0', group: null, project: { fullPath: w.web.project.fullPath } },
    ]);
  });

  it.each([
    ['start after end', { start: '2024-02-01', end: '2024-01-01' }, 'start must be before end'],
    ['an impossible date', { start: '2027-02-30', end: '2027-03-01' }, 'timeframe start is invalid'],
  ])('refuses a timeframe with %s', async (_n, timeframe, message) => {
    const { conn, errors } = await milestones({ fullPath: w.acme.fullPath, timeframe });
    expect(conn).toBeUndefined();
    expect(errors).toEqual([message]);
  });

  it('refuses unknown enum values with a validation error', async () => {
    const { errors } = await milestones({ fullPath: w.acme.fullPath, state: 'ACTIVE' });
    expect(errors?.[0]).toMatch(/MilestoneStateEnum/);
    expect((await milestones({ fullPath: w.acme.fullPath, sort: 'nonsense' })).errors?.[0]).toMatch(/MilestoneSort/);
  });

  it('lists a project’s milestones, with its groups’ on request', async () => {
    const q = `query($p: ID!, $a: Boolean) { project(fullPath: $p) { milestones(includeAncestors: $a, state: active) {
      nodes { title groupMilestone subgroupMilestone projectMilestone } } } }`;
    const own = await t.graphql<{ project: { milestones: Conn } }>(q, { p: w.web.project.fullPath, a: false });
    expect(titles(own.data?.project.milestones)).toEqual(['Web 1.0']);
    const all = await t.graphql<{ project: { milestones: Conn } }>(q, { p: w.web.project.fullPath, a: true });
    expect(titles(all.data?.project.milestones)).toEqual([
      'Platform R1',
      'Acme Q1',
      'Web 1.0',
      'Past',
      'Future',
      'Acme open',
    ]);
    expect(all.data?.project.milestones.nodes[0]).toMatchObject({ groupMilestone: false, subgroupMilestone: true });
  });

  it('finds one milestone by global id, hidden ones looking missing', async () => {
    const q = 'query($id: ID!) { milestone(id: $id) { title } }';
    const id = `gid://gitlab/Milestone/${w.m.lab.id}`;
    expect((await t.graphql(q, { id }, { as: w.labMember })).data).toEqual({ milestone: { title: 'Lab secret' } });
    expect((await t.graphql(q, { id }, { as: w.outsider })).data).toEqual({ milestone: null });
    expect((await t.graphql(q, { id: 'gid://gitlab/Milestone/999999' })).data).toEqual({ milestone: null });
  });

  it('clamps first to 100 and keeps the SQL bounded whatever the page size', async () => {
    const big = await t.buildGroup();
    const sub = await t.buildGroup({ parent: big });
    const project = await t.buildProject({ group: sub });
    const { buildMilestone } = labelsMilestonesFactories(t);
    for (let i = 0; i < 105; i += 1) {
      const on = i % 3 === 0 ? { group: big } : i % 3 === 1 ? { group: sub } : { project };
      await buildMilestone({ ...on, title: `m${i}`, dueDate: `2025-01-${String((i % 28) + 1).padStart(2, '0')}` });
    }
    const pool = t.database.pool;
    const original = pool.query.bind(pool);
    let queries = 0;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      queries += 1;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const run = async (first: number) => {
        queries = 0;
        const res = await t.graphql<{ group: { milestones: Conn } }>(
          `query($p: ID!, $first: Int) { group(fullPath: $p) { milestones(includeDescendants: true, first: $first) {
            count ${WITH_CONTAINERS} } } }`,
          { p: big.fullPath, first },
          { as: w.owner },
        );
        const conn = res.data?.group.milestones;
        expect(conn?.nodes.every((n) => n.group !== null || n.project !== null)).toBe(true);
        return { n: conn?.nodes.length, total: conn?.count, queries };
      };
      await run(1);
      const small = await run(5);
      const large = await run(500);
      expect(large).toMatchObject({ n: 100, total: 105 });
      expect(large.queries).toBe(small.queries);
      expect(large.queries).toBeLessThanOrEqual(8);
    } finally {
      (pool as { query: unknown }).query = original;
    }
  });
});
