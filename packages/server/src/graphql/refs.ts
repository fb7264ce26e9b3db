/**
 * Object refs of the planning types, declared once here so modules can point at each other's types
 * (an epic's issues, an issue's epic) without import cycles. Each is implemented in its module's
 * `<x>.schema.ts`; fields are added there and with `builder.objectFields` elsewhere.
 */
import type { EpicIssueRow, EpicRow, GroupRow, IssueRow, LabelRow, MilestoneRow, ProjectRow } from '../db/schema.ts';
import { builder } from './builder.ts';

/** A label with the container it belongs to (group labels: GroupLabel, project labels: ProjectLabel). */
export type LabelNode = LabelRow;

/** A milestone, with the group the query started from (for groupMilestone / subgroupMilestone). */
export type MilestoneNode = { milestone: MilestoneRow; queriedGroup: GroupRow | null };

/** An epic travels with its group: every access decision about it needs both. */
export type EpicNode = { epic: EpicRow; group: GroupRow };

/** An issue travels with its project and the project's group. */
export type IssueNode = { issue: IssueRow; project: ProjectRow; group: GroupRow; assigneeIds: readonly number[] };

/** An issue as a child of an epic: the issue plus the relation row (`epicIssueId`). */
export type EpicIssueNode = IssueNode & { epicIssue: EpicIssueRow };

export const LabelRef = builder.objectRef<LabelNode>('Label');
export const MilestoneRef = builder.objectRef<MilestoneNode>('Milestone');
export const EpicRef = builder.objectRef<EpicNode>('Epic');
export const IssueRef = builder.objectRef<IssueNode>('Issue');
