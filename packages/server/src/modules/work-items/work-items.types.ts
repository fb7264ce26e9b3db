/**
 * Work items (GitLab's `WorkItem`): in Milepost one of a project's issues — types Issue, Incident
 * and Task (the `issues.issue_type` column) — with tasks as children of issues and incidents
 * (decision 0036). GitLab's base type ids name the types (`gid://gitlab/WorkItems::Type/<id>`).
 */
import type { IssueRow } from '../../db/schema.ts';

type IssueType = IssueRow['issueType'];

/**
 * The widgets Milepost's work items have (GitLab's `WorkItemWidgetType` names), each an attribute
 * group of the issue. GitLab's PROGRESS (objectives and key results) and COLOR (epics) belong to
 * types Milepost's work items are not (decision 0045).
 */
export const WORK_ITEM_WIDGETS = [
  'ASSIGNEES',
  'DESCRIPTION',
  'HEALTH_STATUS',
  'HIERARCHY',
  'LABELS',
  'LINKED_ITEMS',
  'MILESTONE',
  'PARTICIPANTS',
  'START_AND_DUE_DATE',
  'TIME_TRACKING',
  'WEIGHT',
] as const;
export type WorkItemWidgetType = (typeof WORK_ITEM_WIDGETS)[number];

export type WorkItemTypeDefinition = {
  /** GitLab's base type id. */
  id: number;
  name: 'Issue' | 'Incident' | 'Task';
  issueType: IssueType;
  iconName: string;
  widgets: readonly WorkItemWidgetType[];
  /** Types of the children this type may have. */
  allowedChildTypes: readonly IssueType[];
};

export const WORK_ITEM_TYPES: readonly WorkItemTypeDefinition[] = [
  {
    id: 1,
    name: 'Issue',
    issueType: 'issue',
    iconName: 'issue-type-issue',
    widgets: WORK_ITEM_WIDGETS,
    allowedChildTypes: ['task'],
  },
  {
    id: 2,
    name: 'Incident',
    issueType: 'incident',
    iconName: 'issue-type-incident',
    widgets: WORK_ITEM_WIDGETS,
    allowedChildTypes: ['task'],
  },
  {
    id: 5,
    name: 'Task',
    issueType: 'task',
    iconName: 'issue-type-task',
    widgets: WORK_ITEM_WIDGETS,
    allowedChildTypes: [],
  },
];

export function workItemTypeOf(issueType: IssueType): WorkItemTypeDefinition {
  return WORK_ITEM_TYPES.find((t) => t.issueType === issueType) ?? (WORK_ITEM_TYPES[0] as WorkItemTypeDefinition);
}

/** GitLab's limit on one parent's children. */
export const MAX_WORK_ITEM_CHILDREN = 5000;
