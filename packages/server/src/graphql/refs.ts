/**
 * Object refs of the planning types, declared once here so modules can point at each other's types
 * (an epic's issues, an issue's epic) without import cycles. Each is implemented in its module's
 * `<x>.schema.ts`; fields are added there and with `builder.objectFields` elsewhere. The domain's
 * node types (`EpicNode`, `IssueNode`) live in their modules (`<x>.types.ts`): services and REST
 * import them from there, never from this file (the transport depends on the domain, not back).
 */
import type { GroupRow, LabelRow, MilestoneRow } from '../db/schema.ts';
import type { EpicNode } from '../modules/epics/epics.types.ts';
import type { IssueNode } from '../modules/issues/issues.types.ts';
import { builder } from './builder.ts';

/** A label with the container it belongs to (group labels: GroupLabel, project labels: ProjectLabel). */
export type LabelNode = LabelRow;

/** A milestone, with the group the query started from (for groupMilestone / subgroupMilestone). */
export type MilestoneNode = { milestone: MilestoneRow; queriedGroup: GroupRow | null };

export const LabelRef = builder.objectRef<LabelNode>('Label');
export const MilestoneRef = builder.objectRef<MilestoneNode>('Milestone');
export const EpicRef = builder.objectRef<EpicNode>('Epic');
export const IssueRef = builder.objectRef<IssueNode>('Issue');
