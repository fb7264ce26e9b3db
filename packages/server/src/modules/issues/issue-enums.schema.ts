/** GitLab's enums and small types around issues. */
import { HEALTH_STATUS } from '@milepost/shared';
import { builder } from '../../graphql/builder.ts';
import { ISSUE_SORTS } from './issue-filters.ts';

export const IssueStateEnum = builder.enumType('IssueState', {
  description: 'State of a GitLab issue.',
  values: {
    opened: { value: 'opened', description: 'In open state.' },
    closed: { value: 'closed', description: 'In closed state.' },
    locked: { value: 'locked', description: 'Discussion has been locked.' },
    all: { value: 'all', description: 'All available.' },
  } as const,
});

export const IssuableStateEnum = builder.enumType('IssuableState', {
  description: 'State of a GitLab issue or merge request.',
  values: {
    opened: { value: 'opened', description: 'In open state.' },
    closed: { value: 'closed', description: 'In closed state.' },
    locked: { value: 'locked', description: 'Discussion has been locked.' },
    all: { value: 'all', description: 'All available.' },
  } as const,
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

const wildcard = (name: string, what: string) =>
  builder.enumType(name, {
    description: `${what} ID wildcard values.`,
    values: {
      NONE: { value: 'NONE', description: `No ${what.toLowerCase()} is assigned.` },
      ANY: { value: 'ANY', description: `An ${what.toLowerCase()} is assigned.` },
    } as const,
  });

export const AssigneeWildcardIdEnum = wildcard('AssigneeWildcardId', 'Assignee');
export const WeightWildcardIdEnum = wildcard('WeightWildcardId', 'Weight');
export const EpicWildcardIdEnum = builder.enumType('EpicWildcardId', {
  description: 'Epic ID wildcard values.',
  values: {
    NONE: { value: 'NONE', description: 'No epic is assigned.' },
    ANY: { value: 'ANY', description: 'An epic is assigned.' },
    CURRENT: {
      value: 'CURRENT',
      description: 'An open epic is assigned whose dates include today (Milepost; not in GitLab).',
    },
  } as const,
});

export const MilestoneWildcardIdEnum = builder.enumType('MilestoneWildcardId', {
  description: 'Milestone ID wildcard values.',
  values: {
    NONE: { value: 'NONE', description: 'No milestone is assigned.' },
    ANY: { value: 'ANY', description: 'Milestone is assigned.' },
    STARTED: { value: 'STARTED', description: 'Milestone assigned is open and started (overlaps current date).' },
    UPCOMING: { value: 'UPCOMING', description: 'Milestone assigned is open but starts in the future.' },
  } as const,
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
