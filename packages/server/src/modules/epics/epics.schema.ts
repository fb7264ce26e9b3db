/** The `Epic` type, `Group.epics` / `Group.epic`, and (imported below) the epic mutations. */
import { textColorFor } from '@milepost/shared';
import { toGlobalId } from '../../graphql/global-id.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import {
  EpicDescendantCountRef,
  EpicDescendantWeightsRef,
  EpicHealthStatusRef,
  EpicPermissionsRef,
  EpicStateEnum,
  type ListedEpic,
} from './epic-types.schema.ts';
import { childCountsWithin, epicLoaders } from './epics.loaders.ts';
import type { EpicNode } from './epics.types.ts';

export const epicWebPath = (e: EpicNode) => `/groups/${e.group.fullPath}/-/epics/${e.epic.iid}`;

EpicRef.implement({
  description: 'Represents an epic.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the epic.', resolve: (e) => toGlobalId('Epic', e.epic.id) }),
    iid: t.string({ description: 'Internal ID of the epic.', resolve: (e) => String(e.epic.iid) }),
    title: t.string({ nullable: true, description: 'Title of the epic.', resolve: (e) => e.epic.title }),
    titleHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `title` (references resolved for you).',
      resolve: (e, _args, ctx) =>
        ctx.services.markdown.renderTitle(ctx.actor, e.epic.title, { type: 'Group', group: e.group }),
    }),
    description: t.string({
      nullable: true,
      description: 'Description of the epic.',
      resolve: (e) => e.epic.description,
    }),
    descriptionHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `description`.',
      resolve: (e, _args, ctx) =>
        ctx.services.markdown.render(ctx.actor, e.epic.description, { type: 'Group', group: e.group }),
    }),
    state: t.field({ type: EpicStateEnum, description: 'State of the epic.', resolve: (e) => e.epic.state }),
    confidential: t.boolean({
      nullable: true,
      description: 'Indicates if the epic is confidential.',
      resolve: (e) => e.epic.confidential,
    }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Start date of the epic.',
      resolve: (e) => e.epic.startDate,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Due date of the epic.',
      resolve: (e) => e.epic.dueDate,
    }),
    startDateIsFixed: t.boolean({
      nullable: true,
      description: 'Indicates if the start date has been manually set.',
      resolve: (e) => e.epic.startDateIsFixed,
    }),
    dueDateIsFixed: t.boolean({
      nullable: true,
      description: 'Indicates if the due date has been manually set.',
      resolve: (e) => e.epic.dueDateIsFixed,
    }),
    startDateFixed: t.field({
      type: 'Time',
      nullable: true,
      description: 'Fixed start date of the epic.',
      resolve: (e) => e.epic.startDateFixed,
    }),
    dueDateFixed: t.field({
      type: 'Time',
      nullable: true,
      description: 'Fixed due date of the epic.',
      resolve: (e) => e.epic.dueDateFixed,
    }),
    startDateFromMilestones: t.field({
      type: 'Time',
      nullable: true,
      description: 'Inherited start date of the epic from milestones.',
      resolve: (e) => e.epic.startDateFromMilestones,
    }),
    dueDateFromMilestones: t.field({
      type: 'Time',
      nullable: true,
      description: 'Inherited due date of the epic from milestones.',
      resolve: (e) => e.epic.dueDateFromMilestones,
    }),
    startDateFromInheritedSource: t.field({
      type: 'Time',
      nullable: true,
      description: 'Inherited start date of the epic from child epics or milestones.',
      resolve: (e) => e.epic.startDateFromInheritedSource,
    }),
    dueDateFromInheritedSource: t.field({
      type: 'Time',
      nullable: true,
      description: 'Inherited due date of the epic from child epics or milestones.',
      resolve: (e) => e.epic.dueDateFromInheritedSource,
    }),
    color: t.string({ nullable: true, description: 'Color of the epic.', resolve: (e) => e.epic.color }),
    textColor: t.string({
      nullable: true,
      description: 'Text color generated for the epic.',
      resolve: (e) => textColorFor(e.epic.color),
    }),
    webPath: t.string({ description: 'Web path of the epic.', resolve: (e) => epicWebPath(e) }),
    webUrl: t.string({
      description: 'Web URL of the epic.',
      resolve: (e, _a, ctx) => `${ctx.config.externalUrl}${epicWebPath(e)}`,
    }),
    reference: t.string({
      description: 'Internal reference of the epic. Returned in shortened format by default.',
      args: {
        full: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Indicates if the reference should be returned in full.',
        }),
      },
      resolve: (e, args) => (args.full ? `${e.group.fullPath}&${e.epic.iid}` : `&${e.epic.iid}`),
    }),
    relationPath: t.string({
      nullable: true,
      description: 'URI path of the epic-parent relation.',
      resolve: async (e, _a, ctx) => {
        if (e.epic.parentId === null) return null;
        const parent = await epicLoaders(ctx).visibleEpic.load(e.epic.parentId);
        return parent ? `${epicWebPath(parent)}/links/${e.epic.id}` : null;
      },
    }),
    relativePosition: t.int({
      nullable: true,
      description: 'Relative position of the epic in the epic tree.',
      resolve: (e) => e.epic.relativePosition,
    }),
    hasChildren: t.boolean({
      description: 'Indicates if the epic has children (that the current user can see).',
      resolve: async (e, _a, ctx) => (await epicLoaders(ctx).childCounts.load(e.epic.id)) > 0,
    }),
    hasChildrenWithinTimeframe: t.boolean({
      description: 'Indicates if the epic has children in the timeframe of the list it came from.',
      resolve: async (e, _a, ctx) => {
        const timeframe = (e as ListedEpic).timeframe;
        const loader = timeframe ? childCountsWithin(ctx, timeframe) : epicLoaders(ctx).childCounts;
        return (await loader.load(e.epic.id)) > 0;
      },
    }),
    childrenCount: t.int({
      description: 'Number of direct child epics (that the current user can see).',
      resolve: (e, _a, ctx) => epicLoaders(ctx).childCounts.load(e.epic.id),
    }),
    childrenCountWithinTimeframe: t.int({
      description:
        'Number of direct child epics (that the current user can see) in the timeframe of the list it came from.',
      resolve: (e, _a, ctx) => {
        const timeframe = (e as ListedEpic).timeframe;
        return (timeframe ? childCountsWithin(ctx, timeframe) : epicLoaders(ctx).childCounts).load(e.epic.id);
      },
    }),
    hasIssues: t.boolean({
      description: 'Indicates if the epic has direct issues (that the current user can see).',
      resolve: (e, _a, ctx) => epicLoaders(ctx).withIssues.load(e.epic.id),
    }),
    hasParent: t.boolean({
      description: 'Indicates if the epic has a parent epic.',
      resolve: (e) => e.epic.parentId !== null,
    }),
    parent: t.field({
      type: EpicRef,
      nullable: true,
      description: 'Parent epic of the epic (null when hidden from the current user).',
      resolve: async (e, _a, ctx) =>
        e.epic.parentId === null ? null : epicLoaders(ctx).visibleEpic.load(e.epic.parentId),
    }),
    descendantCounts: t.field({
      type: EpicDescendantCountRef,
      nullable: true,
      description:
        'Number of open and closed descendant epics and issues (counts reflect children you may not have access to).',
      resolve: (e, _a, ctx) => epicLoaders(ctx).rollups.load(e.epic.id),
    }),
    descendantWeightSum: t.field({
      type: EpicDescendantWeightsRef,
      nullable: true,
      description: 'Total weight of open and closed issues in the epic and its descendants.',
      resolve: (e, _a, ctx) => epicLoaders(ctx).rollups.load(e.epic.id),
    }),
    healthStatus: t.field({
      type: EpicHealthStatusRef,
      nullable: true,
      description:
        'Current health status of the epic (open issues in the epic and its descendants); null while health status is switched off on this instance.',
      resolve: async (e, _a, ctx) =>
        (await ctx.services.applicationSettings.features()).healthStatus
          ? epicLoaders(ctx).rollups.load(e.epic.id)
          : null,
    }),
    group: t.field({ type: GroupRef, description: 'Group to which the epic belongs.', resolve: (e) => e.group }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'Author of the epic.',
      resolve: async (e, _a, ctx) =>
        e.epic.authorId === null
          ? null
          : await UserCoreRef.getDataloader(ctx)
              .load(e.epic.authorId)
              .catch(() => null),
    }),
    blocked: t.boolean({
      nullable: true,
      description: 'Indicates the epic is blocked (by epics the current user can see).',
      resolve: async (e, _a, ctx) => (await epicLoaders(ctx).blockers.load(e.epic.id)).length > 0,
    }),
    blockedByCount: t.int({
      nullable: true,
      description: 'Count of epics blocking this epic (that the current user can see).',
      resolve: async (e, _a, ctx) => (await epicLoaders(ctx).blockers.load(e.epic.id)).length,
    }),
    blockingCount: t.int({
      nullable: true,
      description: 'Count of epics that this epic is blocking (that the current user can see).',
      resolve: (e, _a, ctx) => epicLoaders(ctx).blockingCounts.load(e.epic.id),
    }),
    upvotes: t.int({
      description: 'Number of upvotes the epic has received.',
      resolve: async (e, _a, ctx) => (await epicLoaders(ctx).votes.load(e.epic.id)).up,
    }),
    downvotes: t.int({
      description: 'Number of downvotes the epic has received.',
      resolve: async (e, _a, ctx) => (await epicLoaders(ctx).votes.load(e.epic.id)).down,
    }),
    subscribed: t.boolean({
      description: 'Indicates the currently logged in user is subscribed to the epic.',
      resolve: (e, _a, ctx) => epicLoaders(ctx).subscribed.load(e.epic.id),
    }),
    createdAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was created.',
      resolve: (e) => e.epic.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was updated.',
      resolve: (e) => e.epic.updatedAt,
    }),
    closedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the epic was closed.',
      resolve: (e) => e.epic.closedAt,
    }),
    lockVersion: t.int({
      description: 'Version of the epic, for optimistic locking of edits (REST `lock_version`).',
      resolve: (e) => e.epic.lockVersion,
    }),
    userPermissions: t.field({
      type: EpicPermissionsRef,
      description: 'Permissions for the current user on the resource.',
      resolve: (e) => e,
    }),
    defaultProjectForIssueCreation: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'Default Project for issue creation. Based on the project the user created the last issue in.',
      resolve: async (e, _a, ctx) => {
        const id = await ctx.services.epics.defaultProjectId(ctx.actor, e);
        return id === undefined ? null : ((await ctx.services.projects.find(ctx.actor, id)) ?? null);
      },
    }),
  }),
});

import './epic-connections.schema.ts';
import './epic-date-sources.schema.ts';
import './epic-group.schema.ts';
import './epic-mutations.schema.ts';
