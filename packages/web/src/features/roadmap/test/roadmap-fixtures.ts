import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

let next = 1;

/** A roadmap epic as the API returns it; every field can be overridden. */
/** Overrides may carry `__typename`s (the generated types leave them out; the cache wants them). */
export function buildRoadmapEpic(overrides: { [K in keyof RoadmapEpic]?: unknown } = {}): RoadmapEpic {
  const n = next++;
  return {
    __typename: 'Epic',
    id: `gid://gitlab/Epic/${n}`,
    iid: String(n),
    title: `Epic ${n}`,
    state: 'opened',
    startDate: '2026-10-05',
    dueDate: '2026-11-30',
    color: '#1068bf',
    textColor: '#FFFFFF',
    webPath: `/groups/acme/-/epics/${n}`,
    blocked: false,
    hasChildrenWithinTimeframe: false,
    childrenCount: 0,
    childrenCountWithinTimeframe: 0,
    parent: null,
    ancestors: { __typename: 'EpicConnection', nodes: [] },
    group: { __typename: 'Group', id: 'gid://gitlab/Group/1', name: 'Acme Corp', fullPath: 'acme' },
    descendantCounts: {
      __typename: 'EpicDescendantCount',
      openedEpics: 0,
      closedEpics: 0,
      openedIssues: 3,
      closedIssues: 1,
    },
    descendantWeightSum: { __typename: 'EpicDescendantWeights', openedIssues: 6, closedIssues: 4 },
    ...overrides,
  } as RoadmapEpic;
}

export type RoadmapMilestoneFixture = {
  __typename: 'Milestone';
  id: string;
  title: string;
  webPath: string;
  startDate: string | null;
  dueDate: string | null;
  groupMilestone: boolean;
  subgroupMilestone: boolean;
  projectMilestone: boolean;
};

export function buildRoadmapMilestone(overrides: Partial<RoadmapMilestoneFixture> = {}): RoadmapMilestoneFixture {
  const n = next++;
  return {
    __typename: 'Milestone',
    id: `gid://gitlab/Milestone/${n}`,
    title: `Milestone ${n}`,
    webPath: `/groups/acme/-/milestones/${n}`,
    startDate: '2026-10-01',
    dueDate: '2026-10-31',
    groupMilestone: true,
    subgroupMilestone: false,
    projectMilestone: false,
    ...overrides,
  };
}
