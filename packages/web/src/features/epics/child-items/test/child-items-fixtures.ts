/** Builders for the child-items tree's GraphQL answers in component tests. */
import type { ChildEpic, ChildIssue } from '../tree-model.ts';

let next = 100;

const labels = (titles: string[] = []) => ({
  __typename: 'LabelConnection',
  nodes: titles.map((title, i) => ({
    __typename: 'Label',
    id: `gid://gitlab/GroupLabel/${title.length * 10 + i}`,
    title,
    color: '#428bca',
    textColor: '#FFFFFF',
    description: null,
  })),
});

const permissions = (admin = true) => ({
  __typename: 'EpicPermissions',
  adminEpic: admin,
  adminEpicRelation: admin,
  readEpicRelation: true,
  createEpic: admin,
});

export function buildChildEpic(overrides: Partial<ChildEpic> & { labelTitles?: string[] } = {}): ChildEpic {
  const id = next++;
  const { labelTitles, ...rest } = overrides;
  return {
    __typename: 'Epic',
    id: `gid://gitlab/Epic/${id}`,
    iid: String(id),
    title: `Epic ${id}`,
    state: 'opened',
    confidential: false,
    reference: `acme&${id}`,
    webPath: `/groups/acme/-/epics/${id}`,
    createdAt: '2026-11-01T10:00:00Z',
    closedAt: null,
    relationPath: `/groups/acme/-/epics/1/links/${id}`,
    relativePosition: id * 10,
    hasChildren: false,
    hasIssues: false,
    color: '#1068bf',
    textColor: '#FFFFFF',
    group: { __typename: 'Group', id: 'gid://gitlab/Group/1', fullPath: 'acme' },
    userPermissions: permissions(),
    labels: labels(labelTitles),
    descendantCounts: {
      __typename: 'EpicDescendantCount',
      openedEpics: 1,
      closedEpics: 2,
      openedIssues: 3,
      closedIssues: 1,
    },
    descendantWeightSum: { __typename: 'EpicDescendantWeights', openedIssues: 5, closedIssues: 3 },
    healthStatus: { __typename: 'EpicHealthStatus', issuesOnTrack: 1, issuesNeedingAttention: 0, issuesAtRisk: 0 },
    ...rest,
  } as ChildEpic;
}

export function buildChildIssue(overrides: Partial<ChildIssue> & { labelTitles?: string[] } = {}): ChildIssue {
  const id = next++;
  const { labelTitles, ...rest } = overrides;
  return {
    __typename: 'EpicIssue',
    id: `gid://gitlab/Issue/${id}`,
    iid: String(id),
    epicIssueId: `gid://gitlab/EpicIssue/${id}`,
    title: `Issue ${id}`,
    state: 'opened',
    confidential: false,
    blocked: false,
    reference: `acme/web#${id}`,
    webPath: `/acme/web/-/issues/${id}`,
    createdAt: '2026-11-02T10:00:00Z',
    closedAt: null,
    dueDate: null,
    weight: null,
    healthStatus: null,
    relationPath: `/groups/acme/-/epics/1/issues/${id}`,
    relativePosition: id * 10,
    milestone: null,
    assignees: { __typename: 'UserCoreConnection', nodes: [] },
    labels: labels(labelTitles),
    ...rest,
  } as ChildIssue;
}

type Page<T> = { nodes: T[]; hasNextPage?: boolean; endCursor?: string | null; count?: number };

/** The `EpicChildItemsQuery` answer for epic `iid` with the given pages of children. */
export function childItemsAnswer(
  iid: string,
  epics: Page<ChildEpic>,
  issues: Page<ChildIssue>,
  options: { admin?: boolean; confidential?: boolean } = {},
) {
  const admin = options.admin ?? true;
  return {
    group: {
      __typename: 'Group',
      id: 'gid://gitlab/Group/1',
      epic: {
        __typename: 'Epic',
        id: `gid://gitlab/Epic/${iid}`,
        iid,
        title: 'Platform modernization',
        confidential: options.confidential ?? false,
        reference: `acme&${iid}`,
        group: { __typename: 'Group', id: 'gid://gitlab/Group/1', fullPath: 'acme', name: 'Acme Corp' },
        userPermissions: permissions(admin),
        descendantCounts: {
          __typename: 'EpicDescendantCount',
          openedEpics: 0,
          closedEpics: 0,
          openedIssues: 0,
          closedIssues: 0,
        },
        descendantWeightSum: { __typename: 'EpicDescendantWeights', openedIssues: 0, closedIssues: 0 },
        healthStatus: { __typename: 'EpicHealthStatus', issuesOnTrack: 0, issuesNeedingAttention: 0, issuesAtRisk: 0 },
        defaultProjectForIssueCreation: null,
        children: {
          __typename: 'EpicConnection',
          count: epics.count ?? epics.nodes.length,
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage: epics.hasNextPage ?? false,
            endCursor: epics.endCursor ?? null,
          },
          nodes: epics.nodes,
        },
        issues: {
          __typename: 'EpicIssueConnection',
          count: issues.count ?? issues.nodes.length,
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage: issues.hasNextPage ?? false,
            endCursor: issues.endCursor ?? null,
          },
          nodes: issues.nodes,
        },
      },
    },
  };
}
