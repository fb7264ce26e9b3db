/**
 * Roll-ups as a table: `descendantCounts`, `descendantWeightSum` and `healthStatus` of a root epic
 * over its whole subtree, read over GraphQL by a guest (who cannot see confidential items: counts
 * include them, see docs/decisions/0007-rollup-counts-and-hidden-items.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicWithGroup } from './epics.service.ts';

type Health = 'on_track' | 'needs_attention' | 'at_risk';
type Case = {
  name: string;
  /** epic name → its parent ('root' is the epic read) */
  epics?: Record<string, { parent: string; closed?: boolean; confidential?: boolean }>;
  issues?: { epic: string; weight?: number; closed?: boolean; confidential?: boolean; health?: Health }[];
  expect: {
    counts: [openedEpics: number, closedEpics: number, openedIssues: number, closedIssues: number];
    weight: [opened: number, closed: number];
    health: [onTrack: number, needsAttention: number, atRisk: number];
  };
};

const CASES: Case[] = [
  { name: 'an empty epic', expect: { counts: [0, 0, 0, 0], weight: [0, 0], health: [0, 0, 0] } },
  {
    name: 'direct issues, open and closed, with weights',
    issues: [{ epic: 'root', weight: 3 }, { epic: 'root', weight: 2, closed: true }, { epic: 'root' }],
    expect: { counts: [0, 0, 2, 1], weight: [3, 2], health: [0, 0, 0] },
  },
  {
    name: 'child epics, open and closed, are counted, not the root itself',
    epics: { a: { parent: 'root' }, b: { parent: 'root', closed: true } },
    expect: { counts: [1, 1, 0, 0], weight: [0, 0], health: [0, 0, 0] },
  },
  {
    name: 'the whole subtree: grandchildren and their issues',
    epics: { a: { parent: 'root' }, b: { parent: 'a' }, c: { parent: 'b', closed: true } },
    issues: [
      { epic: 'b', weight: 5 },
      { epic: 'c', weight: 1, closed: true },
    ],
    expect: { counts: [2, 1, 1, 1], weight: [5, 1], health: [0, 0, 0] },
  },
  {
    name: 'health status counts open issues only',
    issues: [
      { epic: 'root', health: 'on_track' },
      { epic: 'root', health: 'needs_attention' },
      { epic: 'root', health: 'at_risk' },
      { epic: 'root', health: 'at_risk', closed: true },
    ],
    expect: { counts: [0, 0, 3, 1], weight: [0, 0], health: [1, 1, 1] },
  },
  {
    name: 'confidential children and issues count even for a guest who cannot see them',
    epics: { secret: { parent: 'root', confidential: true } },
    issues: [
      { epic: 'root', confidential: true, weight: 4, health: 'at_risk' },
      { epic: 'root', weight: 1 },
    ],
    expect: { counts: [1, 0, 2, 0], weight: [5, 0], health: [0, 0, 1] },
  },
];

const QUERY = `query($path: ID!, $iid: ID!) { group(fullPath: $path) { epic(iid: $iid) {
  descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  descendantWeightSum { openedIssues closedIssues }
  healthStatus { issuesOnTrack issuesNeedingAttention issuesAtRisk } } } }`;

type Rollups = {
  descendantCounts: { openedEpics: number; closedEpics: number; openedIssues: number; closedIssues: number };
  descendantWeightSum: { openedIssues: number; closedIssues: number };
  healthStatus: { issuesOnTrack: number; issuesNeedingAttention: number; issuesAtRisk: number };
};

describe('epic roll-ups (table)', () => {
  let t: TestApp;
  let guest: UserRow;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    guest = await t.buildUser();
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    n += 1;
    const group = await t.buildGroup({ path: `rollups-${n}`, visibility: 'public' });
    await t.addGroupMember(group, guest, 10);
    const project = await t.buildProject({ group, visibility: 'public' });
    const f = epicsFactories(t);
    const anyConfidential = Object.values(c.epics ?? {}).some((e) => e.confidential);
    const epics: Record<string, EpicWithGroup> = {
      root: await f.buildEpic({ group, title: 'root' }),
    };
    for (const [name, spec] of Object.entries(c.epics ?? {})) {
      epics[name] = await f.buildEpic({
        group,
        title: name,
        parent: epics[spec.parent],
        closed: spec.closed,
        confidential: spec.confidential,
      });
    }
    for (const issue of c.issues ?? []) {
      await f.buildIssue({
        project,
        epic: epics[issue.epic],
        weight: issue.weight,
        closed: issue.closed,
        confidential: issue.confidential,
        healthStatus: issue.health,
      });
    }
    const root = epics.root as EpicWithGroup;
    const res = await t.graphql<{ group: { epic: Rollups } }>(
      QUERY,
      { path: group.fullPath, iid: String(root.epic.iid) },
      { as: guest },
    );
    expect(res.errors).toBeUndefined();
    const e = res.data?.group.epic as Rollups;
    expect({
      counts: [
        e.descendantCounts.openedEpics,
        e.descendantCounts.closedEpics,
        e.descendantCounts.openedIssues,
        e.descendantCounts.closedIssues,
      ],
      weight: [e.descendantWeightSum.openedIssues, e.descendantWeightSum.closedIssues],
      health: [e.healthStatus.issuesOnTrack, e.healthStatus.issuesNeedingAttention, e.healthStatus.issuesAtRisk],
    }).toEqual(c.expect);
    // The guest really cannot see the confidential child (the counts are not a visibility leak by accident).
    if (anyConfidential) {
      const children = await t.graphql<{ group: { epic: { children: { nodes: unknown[] } } } }>(
        `query($path: ID!, $iid: ID!) { group(fullPath: $path) { epic(iid: $iid) { children { nodes { iid } } } } }`,
        { path: group.fullPath, iid: String(root.epic.iid) },
        { as: guest },
      );
      expect(children.data?.group.epic.children.nodes).toEqual([]);
    }
  });
});
