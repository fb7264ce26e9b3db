import type { EpicIssueRow, GroupRow, IssueRow, ProjectRow } from '../../db/schema.ts';

/** An issue travels with its project and the project's group. */
export type IssueNode = { issue: IssueRow; project: ProjectRow; group: GroupRow; assigneeIds: readonly number[] };

/** An issue as a child of an epic: the issue plus the relation row (`epicIssueId`). */
export type EpicIssueNode = IssueNode & { epicIssue: EpicIssueRow };
