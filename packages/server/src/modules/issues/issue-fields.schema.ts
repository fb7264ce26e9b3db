/**
 * The fields of `Issue`, shared with `EpicIssue` (which has every Issue field plus the relation's).
 * Nested reads go through the per-request loaders in issues.loaders.ts.
 */
import { ISSUE_ABILITIES, taskCompletionStatus } from '@milepost/shared';
import type { LabelRow, UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { EpicRef, IssueRef, MilestoneRef } from '../../graphql/refs.ts';
import { LabelConnection } from '../labels/labels.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreConnection, UserCoreRef } from '../users/users.schema.ts';
import { HealthStatusEnum, IssueStateEnum, IssueTypeEnum, TaskCompletionStatusRef } from './issue-enums.schema.ts';
import { issueReference, issueWebPath } from './issues.entity.ts';
import { issueLoaders } from './issues.loaders.ts';
import type { IssueNode } from './issues.types.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

export const IssuePermissionsRef = permissionsType<IssueNode>('IssuePermissions', ISSUE_ABILITIES, (i) => ({
  type: 'Issue',
  ...i,
}));

export const IssueConnection = builder.connectionObject(
  { type: IssueRef, name: 'IssueConnection' },
  { name: 'IssueEdge' },
);
builder.objectField(IssueConnection, 'count', (t) =>
  t.int({
    description: 'Total count of collection.',
    // A keyset page counts only when asked (the count is a function there).
    resolve: (c) => {
      const count = (c as unknown as { count: number | (() => Promise<number>) }).count;
      return typeof count === 'function' ? count() : count;
    },
  }),
);

async function readableIssue(ctx: GraphQLContext, id: number | null): Promise<IssueNode | null> {
  if (id === null) return null;
  const node = await issueLoaders(ctx).issue.load(id);
  return node && (await ctx.can('readIssue', { type: 'Issue', ...node })) ? node : null;
}

/** Users in a connection, loaded through the user loader (one batched query). */
export function usersPage(ctx: GraphQLContext, ids: number[], args: Record<string, unknown>) {
  return offsetConnection(args, async ({ limit, offset }) => {
    const page = ids.slice(offset, offset + limit);
    const users = await UserCoreRef.getDataloader(ctx).loadMany(page);
    return { rows: users.filter((u): u is UserRow => !(u instanceof Error)), total: ids.length };
  });
}

/** An issue's labels in a connection, through the per-request label loader. */
export async function labelsPage(ctx: GraphQLContext, issueId: number, args: Record<string, unknown>) {
  const labels = await issueLoaders(ctx).labels.load(issueId);
  return offsetConnection<LabelRow>(args, async ({ limit, offset }) => ({
    rows: labels.slice(offset, offset + limit),
    total: labels.length,
  }));
}

/** `blocked`, `blockedByCount` and `blockingCount` of an issue or a work item (`noun`), over the issues you can see. */
export function blockingFields<T extends IssueNode>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>, noun: string) {
  return {
    blocked: t.boolean({
      description: `Indicates the ${noun} is blocked (by open issues you can see).`,
      resolve: async (i, _a, ctx) => (await issueLoaders(ctx).blockers.load(i.issue.id)).length > 0,
    }),
    blockedByCount: t.int({
      nullable: true,
      description: `Count of open issues blocking this ${noun} that you can see.`,
      resolve: async (i, _a, ctx) => (await issueLoaders(ctx).blockers.load(i.issue.id)).length,
    }),
    blockingCount: t.int({
      description: `Count of issues this ${noun} is blocking that you can see.`,
      resolve: (i, _a, ctx) => issueLoaders(ctx).blockingCount.load(i.issue.id),
    }),
  };
}

/** An issue's participants: its author and assignees. */
export function participantIds(i: IssueNode): number[] {
  return [...new Set([...(i.issue.authorId !== null ? [i.issue.authorId] : []), ...i.assigneeIds])];
}

export function issueFields<T extends IssueNode>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    iid: t.string({ description: 'Internal ID of the issue.', resolve: (i) => String(i.issue.iid) }),
    title: t.string({ description: 'Title of the issue.', resolve: (i) => i.issue.title }),
    titleHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `title` (references resolved for you).',
      resolve: (i, _args, ctx) =>
        ctx.services.markdown.renderTitle(ctx.actor, i.issue.title, { type: 'Project', project: i.project }),
    }),
    description: t.string({
      nullable: true,
      description: 'Description of the issue.',
      resolve: (i) => i.issue.description,
    }),
    descriptionHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `description`.',
      resolve: (i, _args, ctx) =>
        ctx.services.markdown.render(ctx.actor, i.issue.description, { type: 'Project', project: i.project }),
    }),
    state: t.field({ type: IssueStateEnum, description: 'State of the issue.', resolve: (i) => i.issue.state }),
    type: t.field({
      type: IssueTypeEnum,
      nullable: true,
      description: 'Type of the issue.',
      resolve: (i) => i.issue.issueType,
    }),
    issueType: t.string({
      description: 'Type of the issue as the REST API names it: issue, incident or task.',
      resolve: (i) => i.issue.issueType,
    }),
    confidential: t.boolean({
      description: 'Indicates the issue is confidential.',
      resolve: (i) => i.issue.confidential,
    }),
    discussionLocked: t.boolean({
      description: 'Indicates discussion is locked on the issue.',
      resolve: (i) => i.issue.discussionLocked,
    }),
    lockVersion: t.int({
      description: 'Version of the issue, for optimistic locking of edits (REST `lock_version`).',
      resolve: (i) => i.issue.lockVersion,
    }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User that created the issue.',
      resolve: (i) => i.issue.authorId,
    }),
    assignees: t.field({
      type: UserCoreConnection,
      nullable: true,
      description: 'Assignees of the issue.',
      args: {
        first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
        after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
        last: t.arg.int({ description: 'Returns the last _n_ elements from the list.' }),
        before: t.arg.string({
          description: 'Returns the elements in the list that come before the specified cursor.',
        }),
      },
      resolve: (i, args, ctx) => usersPage(ctx, [...i.assigneeIds], args),
    }),
    participants: t.field({
      type: UserCoreConnection,
      nullable: true,
      description: 'List of participants in the issue (its author and assignees).',
      args: {
        first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
        after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
      },
      resolve: (i, args, ctx) => usersPage(ctx, participantIds(i), args),
    }),
    labels: t.field({
      type: LabelConnection,
      nullable: true,
      description: 'Labels of the issue.',
      args: {
        first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
        after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
      },
      resolve: (i, args, ctx) => labelsPage(ctx, i.issue.id, args),
    }),
    milestone: t.field({
      type: MilestoneRef,
      nullable: true,
      description: 'Milestone of the issue.',
      resolve: async (i, _a, ctx) => {
        if (i.issue.milestoneId === null) return null;
        const milestone = await issueLoaders(ctx).milestone.load(i.issue.milestoneId);
        return milestone ? { milestone, queriedGroup: null } : null;
      },
    }),
    epic: t.field({
      type: EpicRef,
      nullable: true,
      description: 'Epic to which this issue belongs (null when the epic is hidden from you).',
      resolve: async (i, _a, ctx) => {
        const loaders = issueLoaders(ctx);
        const relation = await loaders.epicRelation.load(i.issue.id);
        const epic = relation ? await loaders.epic.load(relation.epicId) : null;
        return epic && (await ctx.can('readEpic', { type: 'Epic', ...epic })) ? epic : null;
      },
    }),
    weight: t.int({ nullable: true, description: 'Weight of the issue.', resolve: (i) => i.issue.weight }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Due date of the issue.',
      resolve: (i) => i.issue.dueDate,
    }),
    healthStatus: t.field({
      type: HealthStatusEnum,
      nullable: true,
      description: 'Current health status; null while health status is switched off on this instance.',
      resolve: async (i, _args, ctx) =>
        (await ctx.services.applicationSettings.features()).healthStatus ? i.issue.healthStatus : null,
    }),
    taskCompletionStatus: t.field({
      type: TaskCompletionStatusRef,
      description: 'Task completion status of the issue.',
      resolve: (i) => taskCompletionStatus(i.issue.description),
    }),
    ...blockingFields(t, 'issue'),
    blockedByIssues: t.field({
      type: IssueConnection,
      nullable: true,
      description: 'Open issues blocking this issue that you can see.',
      args: {
        first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
        after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
      },
      resolve: async (i, args, ctx) => {
        const ids = await issueLoaders(ctx).blockers.load(i.issue.id);
        return offsetConnection<IssueNode>(args, async ({ limit, offset }) => {
          const nodes = await Promise.all(ids.slice(offset, offset + limit).map((id) => readableIssue(ctx, id)));
          return { rows: nodes.filter((n): n is IssueNode => n !== null), total: ids.length };
        });
      },
    }),
    closedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the issue was closed.',
      resolve: (i) => i.issue.closedAt,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the issue was created.',
      resolve: (i) => i.issue.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the issue was last updated.',
      resolve: (i) => i.issue.updatedAt,
    }),
    reference: t.string({
      description: 'Internal reference of the issue. Returned in shortened format by default.',
      args: {
        full: t.arg.boolean({
          defaultValue: false,
          description: 'Boolean option specifying whether the reference should be returned in full.',
        }),
      },
      resolve: (i, args) => issueReference(i, args.full === true),
    }),
    webPath: t.string({ description: 'Web path of the issue.', resolve: (i) => issueWebPath(i) }),
    webUrl: t.string({
      description: 'Web URL of the issue.',
      resolve: (i, _a, ctx) => `${ctx.config.externalUrl}${issueWebPath(i)}`,
    }),
    userPermissions: t.field({
      type: IssuePermissionsRef,
      description: 'Permissions for the current user on the resource.',
      resolve: (i) => i,
    }),
    upvotes: t.int({
      description: 'Number of upvotes the issue has received.',
      resolve: async (i, _a, ctx) => (await issueLoaders(ctx).issueVotes.load(i.issue.id)).up,
    }),
    downvotes: t.int({
      description: 'Number of downvotes the issue has received.',
      resolve: async (i, _a, ctx) => (await issueLoaders(ctx).issueVotes.load(i.issue.id)).down,
    }),
    subscribed: t.boolean({
      description: 'Indicates the currently logged in user is subscribed to the issue.',
      resolve: (i, _a, ctx) => issueLoaders(ctx).subscribed.load(i.issue.id),
    }),
    project: t.field({
      type: ProjectRef,
      description: 'Project of the issue.',
      resolve: (i) => ({ project: i.project, group: i.group }),
    }),
    projectId: t.int({ description: 'ID of the issue project.', resolve: (i) => i.project.id }),
    moved: t.boolean({
      nullable: true,
      description: 'Indicates if issue got moved from other project.',
      resolve: (i) => i.issue.movedToId !== null,
    }),
    movedTo: t.field({
      type: IssueRef,
      nullable: true,
      description: 'Updated Issue after it got moved to another project.',
      resolve: (i, _a, ctx) => readableIssue(ctx, i.issue.movedToId),
    }),
    closedAsDuplicateOf: t.field({
      type: IssueRef,
      nullable: true,
      description: 'Issue this issue was closed as a duplicate of.',
      resolve: (i, _a, ctx) => readableIssue(ctx, i.issue.duplicatedToId),
    }),
    promotedToEpicUrl: t.string({
      nullable: true,
      description: 'Web URL of the epic this issue was promoted to (null when none or hidden from you).',
      resolve: async (i, _a, ctx) => {
        if (i.issue.promotedToEpicId === null) return null;
        const epic = await issueLoaders(ctx).epic.load(i.issue.promotedToEpicId);
        if (!epic || !(await ctx.can('readEpic', { type: 'Epic', ...epic }))) return null;
        return `${ctx.config.externalUrl}/groups/${epic.group.fullPath}/-/epics/${epic.epic.iid}`;
      },
    }),
  };
}

IssueRef.implement({
  description: 'Represents an issue.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the issue.', resolve: (i) => toGlobalId('Issue', i.issue.id) }),
    relativePosition: t.int({
      nullable: true,
      description: 'Relative position of the issue (used for positioning in epic tree and issue boards).',
      resolve: (i) => i.issue.relativePosition,
    }),
    ...issueFields(t),
  }),
});
