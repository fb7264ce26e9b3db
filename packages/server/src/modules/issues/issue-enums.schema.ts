/** GitLab's enums and small types around issues. */
import { HEALTH_STATUS } from '@milepost/shared';
import { builder } from '../../graphql/builder.ts';
import { ISSUE_SORTS } from './issue-filters.ts';

const STATE_VALUES = {
  opened: { value: 'opened', description: 'In open state.' },
  closed: { value: 'closed', description: 'In closed state.' },
  locked: { value: 'locked', description: 'Discussion has been locked.' },
  all: { value: 'all', description: 'All available.' },
} as const;

export const IssueStateEnum = builder.enumType('IssueState', {
  description: 'State of a GitLab issue.',
  values: STATE_VALUES,
});

export const IssuableStateEnum = builder.enumType('IssuableState', {
  description: 'State of a GitLab issue or merge request.',
  values: STATE_VALUES,
});

export const IssueTypeEnum = builder.enumType('IssueType', {
  description: 'Issue type.',
  values: {
    ISSUE: { value: 'issue', description: 'Issue issue type.' },
    INCIDENT: { value: 'incident', description: 'Incident issue type.' },
    TASK: { value: 'task', description: 'Task issue type.' },
  } as const,
});

export const HealthStatusEnum = builder.enumType('HealthStatus', {
  description: 'Health status of an issue or epic.',
  values: {
    onTrack: { value: HEALTH_STATUS.onTrack, description: 'On track' },
    needsAttention: { value: HEALTH_STATUS.needsAttention, description: 'Needs attention' },
    atRisk: { value: HEALTH_STATUS.atRisk, description: 'At risk' },
  } as const,
});

export const HealthStatusFilterEnum = builder.enumType('HealthStatusFilter', {
  description: 'Health status of an issue or epic for filtering.',
  values: {
    NONE: { value: 'NONE', description: 'No health status is assigned.' },
    ANY: { value: 'ANY', description: 'Any health status is assigned.' },
    onTrack: { value: HEALTH_STATUS.onTrack, description: 'On track' },
    needsAttention: { value: HEALTH_STATUS.needsAttention, description: 'Needs attention' },
    atRisk: { value: HEALTH_STATUS.atRisk, description: 'At risk' },
  } as const,
});

export const IssueStateEventEnum = builder.enumType('IssueStateEvent', {
  description: 'Values for issue state events.',
  values: {
    REOPEN: { value: 'reopen', description: 'Reopens the issue.' },
    CLOSE: { value: 'close', description: 'Closes the issue.' },
  } as const,
});

const SORT_DESCRIPTIONS: Record<string, string> = {
  CREATED: 'Created at',
  UPDATED: 'Updated at',
  DUE_DATE: 'Due date (issues without one last)',
  TITLE: 'Title',
  WEIGHT: 'Weight (issues without one last)',
  RELATIVE_POSITION: 'Relative position (manual order)',
  MILESTONE_DUE: 'Milestone due date',
  POPULARITY: 'Number of upvotes',
  PRIORITY: 'Priority (milestone due date, then label priority)',
  LABEL_PRIORITY: 'Label priority (the project’s highest-ranked label on the issue)',
  CLOSED_AT: 'Closed time',
  HEALTH_STATUS: 'Health status',
  BLOCKING_ISSUES: 'Number of issues blocked',
};

export const IssueSortEnum = builder.enumType('IssueSort', {
  description: 'Values for sorting issues.',
  values: {
    ...Object.fromEntries(
      ISSUE_SORTS.map((s) => [
        s,
        {
          value: s,
          description: `${SORT_DESCRIPTIONS[s.replace(/_(ASC|DESC)$/, '')]} by ${s.endsWith('_ASC') ? 'ascending' : 'descending'} order.`,
        },
      ]),
    ),
    created_desc: {
      value: 'CREATED_DESC',
      description: 'Created at descending order.',
      deprecationReason: 'Use CREATED_DESC. Deprecated in GitLab 13.5.',
    },
    created_asc: {
      value: 'CREATED_ASC',
      description: 'Created at ascending order.',
      deprecationReason: 'Use CREATED_ASC. Deprecated in GitLab 13.5.',
    },
    updated_desc: {
      value: 'UPDATED_DESC',
      description: 'Updated at descending order.',
      deprecationReason: 'Use UPDATED_DESC. Deprecated in GitLab 13.5.',
    },
    updated_asc: {
      value: 'UPDATED_ASC',
      description: 'Updated at ascending order.',
      deprecationReason: 'Use UPDATED_ASC. Deprecated in GitLab 13.5.',
    },
  } as Record<string, { value: (typeof ISSUE_SORTS)[number]; description: string; deprecationReason?: string }>,
});

/** A wildcard enum (`NONE`, `ANY`, …): each value is its own name, with its description. */
export function wildcardEnum<const V extends string>(name: string, description: string, values: Record<V, string>) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(
      Object.entries<string>(values).map(([value, text]) => [value, { value, description: text }]),
    ) as Record<V, { value: V; description: string }>,
  });
}

export const AssigneeWildcardIdEnum = wildcardEnum('AssigneeWildcardId', 'Assignee ID wildcard values.', {
  NONE: 'No assignee is assigned.',
  ANY: 'An assignee is assigned.',
});
export const WeightWildcardIdEnum = wildcardEnum('WeightWildcardId', 'Weight ID wildcard values.', {
  NONE: 'No weight is assigned.',
  ANY: 'A weight is assigned.',
});
export const EpicWildcardIdEnum = wildcardEnum('EpicWildcardId', 'Epic ID wildcard values.', {
  NONE: 'No epic is assigned.',
  ANY: 'An epic is assigned.',
  CURRENT: 'An open epic is assigned whose dates include today (Milepost; not in GitLab).',
});
export const MilestoneWildcardIdEnum = wildcardEnum('MilestoneWildcardId', 'Milestone ID wildcard values.', {
  NONE: 'No milestone is assigned.',
  ANY: 'Milestone is assigned.',
  STARTED: 'Milestone assigned is open and started (overlaps current date).',
  UPCOMING: 'Milestone assigned is open but starts in the future.',
});

export const IssuableSearchableFieldEnum = builder.enumType('IssuableSearchableField', {
  description: 'Fields to perform the search in.',
  values: {
    TITLE: { value: 'title', description: 'Search in title field.' },
    DESCRIPTION: { value: 'description', description: 'Search in description field.' },
  } as const,
});

export const TaskCompletionStatusRef = builder
  .objectRef<{ count: number; completedCount: number }>('TaskCompletionStatus')
  .implement({
    description: 'Completion status of tasks',
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'Number of total tasks.' }),
      completedCount: t.exposeInt('completedCount', { description: 'Number of completed tasks.' }),
    }),
  });
