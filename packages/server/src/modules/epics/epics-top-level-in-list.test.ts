/**
 * `topLevelInList` (issue 17): the server applies the roadmap's nesting rule (spec 000, the shared
 * `topLevelEpics`) to the whole list, so a roadmap's rows are positions it can ask for in any
 * order. Held against the shared rule over the whole list for several filters and a viewer who
 * cannot see some epics; `count` counts the top-level rows and pages by offset give the same rows.
 */
import { topLevelEpics } from '@milepost/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories, epicsGroupFixture } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';

type Node = {
  id: string;
  title: string;
  parent: { id: string; startDate: string | null; dueDate: string | null } | null;
  ancestors: { nodes: { id: string }[] };
};
type Page = { group: { epics: { count: number; nodes: Node[]; pageInfo: { endCursor: string } } } };

const QUERY = `query($state: EpicState, $labelName: [String!], $timeframe: Timeframe, $top: Boolean, $first: Int, $after: String) {
  group(fullPath: "nesting") {
    epics(state: $state, labelName: $labelName, timeframe: $timeframe, topLevelInList: $top, sort: TITLE_ASC,
          first: $first, after: $after) {
      count
      nodes { id title parent { id startDate dueDate } ancestors { nodes { id } } }
      pageInfo { endCursor }
    }
  }
}`;

describe('epics topLevelInList', () => {
  const fx = epicsGroupFixture('nesting');

  beforeAll(async () => {
    const { t, group } = fx;
    const { buildEpic } = epicsFactories(t);
    await labelsMilestonesFactories(t).buildLabel({ group, title: 'x' });
    const dated = {
      startDateIsFixed: true,
      startDateFixed: '2026-01-01',
      dueDateIsFixed: true,
      dueDateFixed: '2026-12-31',
    };
    const early = {
      startDateIsFixed: true,
      startDateFixed: '2025-01-01',
      dueDateIsFixed: true,
      dueDateFixed: '2025-03-31',
    };
    // A dated parent: its child nests, its grandchild nests under the child.
    const a = await buildEpic({ group, title: 'A dated parent', ...dated, labels: ['x'] });
    const a1 = await buildEpic({ group, title: 'A1 child', parent: a, ...dated });
    await buildEpic({ group, title: 'A1a grandchild', parent: a1, ...dated, labels: ['x'] });
    // A parent without dates of its own and no dated children: its child nests through ancestors.
    const u = await buildEpic({ group, title: 'U undated parent', labels: ['x'] });
    await buildEpic({ group, title: 'U1 child of undated', parent: u, labels: ['x'] });
    // A closed dated parent: with state opened its child is top level.
    const c = await buildEpic({ group, title: 'C closed parent', ...dated, closed: true });
    await buildEpic({ group, title: 'C1 open child of closed', parent: c, ...dated, labels: ['x'] });
    // A parent outside a 2026 timeframe: its child in it is top level there.
    const e = await buildEpic({ group, title: 'E early parent', ...early });
    await buildEpic({ group, title: 'E1 child in 2026', parent: e, ...dated });
    // Confidential epics (a child of a confidential epic is confidential): a visitor sees neither.
    const h = await buildEpic({ group, title: 'H hidden parent', ...dated, confidential: true });
    await buildEpic({ group, title: 'H1 child of hidden', parent: h, ...dated, confidential: true });
    await buildEpic({ group, title: 'Z lone epic', ...dated, labels: ['x'] });
  });

  async function list(variables: Record<string, unknown>, as: UserRow | null) {
    const res = await fx.t.graphql<Page>(QUERY, { first: 100, ...variables }, as ? { as } : {});
    expect(res.errors).toBeUndefined();
    return (res.data as Page).group.epics;
  }

  it.each<[string, Record<string, unknown>, 'owner' | 'guest']>([
    ['every epic', {}, 'owner'],
    ['open epics', { state: 'opened' }, 'owner'],
    ['a label', { labelName: ['x'] }, 'owner'],
    ['a timeframe', { timeframe: { start: '2026-01-01', end: '2026-12-31' } }, 'owner'],
    ['a visitor who cannot see the confidential epics', {}, 'guest'],
  ])('%s: the top-level rows are what the shared rule nests the whole list to', async (_name, variables, who) => {
    const as = who === 'owner' ? fx.owner : fx.guest;
    const all = await list(variables, as);
    const expected = topLevelEpics(all.nodes).map((n) => n.title);
    const top = await list({ ...variables, top: true }, as);
    expect(top.nodes.map((n) => n.title)).toEqual(expected);
    expect(top.count).toBe(expected.length);
    expect(expected.length).toBeLessThan(all.nodes.length);
  });

  it('names the rows it nests: children of dated and undated parents, not those of filtered-out parents', async () => {
    const titles = (await list({ top: true, state: 'opened' }, fx.owner)).nodes.map((n) => n.title);
    expect(titles).toEqual([
      'A dated parent',
      'C1 open child of closed',
      'E early parent',
      'H hidden parent',
      'U undated parent',
      'Z lone epic',
    ]);
    const guestTitles = (await list({ top: true }, fx.guest)).nodes.map((n) => n.title);
    expect(guestTitles).toEqual([
      'A dated parent',
      'C closed parent',
      'E early parent',
      'U undated parent',
      'Z lone epic',
    ]);
  });

  it('pages by offset cursors through the same rows, the count carried', async () => {
    const whole = (await list({ top: true }, fx.owner)).nodes.map((n) => n.title);
    const first = await list({ top: true, first: 2 }, fx.owner);
    // A client jumping to a position builds the cursor of the row before it from the first page's.
    const [, total, digest] = /^OffsetConnection:\d+:(\d+):([\w-]+)/.exec(
      Buffer.from(first.pageInfo.endCursor, 'base64').toString('utf8'),
    ) ?? ['', '', ''];
    const at = (offset: number) => Buffer.from(`OffsetConnection:${offset - 1}:${total}:${digest}`).toString('base64');
    const third = await list({ top: true, first: 2, after: at(4) }, fx.owner);
    expect(third.nodes.map((n) => n.title)).toEqual(whole.slice(4, 6));
    expect(third.count).toBe(whole.length);
  });
});
