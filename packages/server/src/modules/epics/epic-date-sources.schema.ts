/**
 * Where an epic's inherited dates come from: the milestone or the child epic whose date it
 * inherits (the epic sidebar shows it beside an inherited date). Only sources the viewer may read.
 */
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { EpicRef, MilestoneRef } from '../../graphql/refs.ts';
import { epicLoaders } from './epics.loaders.ts';
import type { EpicNode } from './epics.types.ts';

async function milestoneSource(ctx: GraphQLContext, id: number | null) {
  if (id === null) return null;
  const row = await ctx.services.milestones.findVisible(ctx.actor, id);
  return row ? { milestone: row, queriedGroup: null } : null;
}

async function epicSource(ctx: GraphQLContext, id: number | null): Promise<EpicNode | null> {
  return id === null ? null : epicLoaders(ctx).visibleEpic.load(id);
}

builder.objectFields(EpicRef, (t) => ({
  startDateSourcingMilestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone the inherited start date comes from (null when it comes from a child epic or is hidden).',
    resolve: (e, _a, ctx) => milestoneSource(ctx, e.epic.startDateSourcingMilestoneId),
  }),
  dueDateSourcingMilestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone the inherited due date comes from (null when it comes from a child epic or is hidden).',
    resolve: (e, _a, ctx) => milestoneSource(ctx, e.epic.dueDateSourcingMilestoneId),
  }),
  startDateSourcingEpic: t.field({
    type: EpicRef,
    nullable: true,
    description: 'Child epic the inherited start date comes from (null when it comes from a milestone or is hidden).',
    resolve: (e, _a, ctx) => epicSource(ctx, e.epic.startDateSourcingEpicId),
  }),
  dueDateSourcingEpic: t.field({
    type: EpicRef,
    nullable: true,
    description: 'Child epic the inherited due date comes from (null when it comes from a milestone or is hidden).',
    resolve: (e, _a, ctx) => epicSource(ctx, e.epic.dueDateSourcingEpicId),
  }),
}));
