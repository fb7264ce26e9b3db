/**
 * GraphQL of the issue lists: `Project.issueStatusCounts` / `Group.issueStatusCounts` (the state
 * tabs) and `issuesBulkUpdate` (GitLab's bulk edit), thin over `services.issues.lists`.
 */
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { runMutation } from '../../graphql/mutation.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { HealthStatusEnum, IssueStateEventEnum } from './issue-enums.schema.ts';
import type { IssueArgs } from './issue-filter-input.schema.ts';
import type { HealthStatus } from './issue-filters.ts';
import type { IssueParent } from './issue-lists.service.ts';
import {
  groupIssueArgs,
  groupIssueFilter,
  issueArgs,
  projectIssueFilter,
  rootIssueFilter,
} from './issue-queries.schema.ts';

type Counts = { opened: number; closed: number; all: number };

const IssueStatusCountsType = builder.objectRef<Counts>('IssueStatusCountsType').implement({
  description: 'Represents total number of issues for the represented statuses.',
  fields: (t) => ({
    opened: t.exposeInt('opened', {
      nullable: true,
      description: 'Number of issues with status OPENED for the project.',
    }),
    closed: t.exposeInt('closed', {
      nullable: true,
      description: 'Number of issues with status CLOSED for the project.',
    }),
    all: t.exposeInt('all', { nullable: true, description: 'Number of issues with status ALL for the project.' }),
  }),
});

builder.objectField(ProjectRef, 'issueStatusCounts', (t) =>
  t.field({
    type: IssueStatusCountsType,
    nullable: true,
    description: 'Counts of issues by status for the project (only those you may read).',
    args: issueArgs(t.arg),
    resolve: (p, args, ctx) =>
      ctx.services.issues.lists.stateCounts(ctx.actor, projectIssueFilter(p, args as IssueArgs)),
  }),
);

builder.objectField(GroupRef, 'issueStatusCounts', (t) =>
  t.field({
    type: IssueStatusCountsType,
    nullable: true,
    description: 'Counts of issues by status for the group and its subgroups (only those you may read).',
    args: groupIssueArgs(t.arg),
    resolve: (g, args, ctx) => ctx.services.issues.lists.stateCounts(ctx.actor, groupIssueFilter(g, args as IssueArgs)),
  }),
);

const IssuableSubscriptionEventEnum = builder.enumType('IssuableSubscriptionEvent', {
  description: 'Values for subscribing and unsubscribing from issuables.',
  values: {
    SUBSCRIBE: { value: 'subscribe', description: 'Subscribe to an issuable.' },
    UNSUBSCRIBE: { value: 'unsubscribe', description: 'Unsubscribe from an issuable.' },
  } as const,
});

const LABEL_TYPES = ['Label', 'GroupLabel', 'ProjectLabel'];

builder.relayMutationField(
  'issuesBulkUpdate',
  {
    inputFields: (t) => ({
      parentId: t.id({
        required: true,
        description: 'Global ID of the parent to which the bulk update will be scoped (a project or a group).',
      }),
      ids: t.idList({
        required: true,
        description: 'Global ID array of the issues that will be updated (at most 100).',
      }),
      stateEvent: t.field({ type: IssueStateEventEnum, required: false, description: 'Close or reopen the issues.' }),
      addLabelIds: t.idList({ required: false, description: 'Global ID array of the labels that will be added.' }),
      removeLabelIds: t.idList({ required: false, description: 'Global ID array of the labels that will be removed.' }),
      assigneeIds: t.idList({
        required: false,
        description: 'Global ID array of the users that will be assigned (replaces the assignees; empty unassigns).',
      }),
      milestoneId: t.id({ required: false, description: 'Global ID of the milestone to assign; null removes it.' }),
      confidential: t.boolean({ required: false, description: 'Sets the issues confidential or not.' }),
      subscriptionEvent: t.field({
        type: IssuableSubscriptionEventEnum,
        required: false,
        description: 'Subscribe to or unsubscribe from the issues.',
      }),
      healthStatus: t.field({
        type: HealthStatusEnum,
        required: false,
        description: 'Health status to set; null removes it.',
      }),
      weight: t.int({ required: false, description: 'Weight to set; null removes it.' }),
    }),
  },
  {
    description: 'Allows updating several properties for a set of issues (those you may administer).',
    extensions: { ability: 'adminIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const parentGid = String(input.parentId);
          let parent: IssueParent;
          if (/^gid:\/\/gitlab\/Group\//.test(parentGid)) {
            parent = {
              type: 'Group',
              group: await ctx.services.groups.get(ctx.actor, fromGlobalId(parentGid, 'Group')),
            };
          } else {
            const id = fromGlobalId(parentGid, 'Project', 'Group');
            parent = { type: 'Project', project: await ctx.services.projects.get(ctx.actor, id) };
          }
          const gids = (v: readonly (string | number)[] | null | undefined, ...types: string[]) =>
            v == null ? undefined : v.map((id) => fromGlobalId(String(id), ...types));
          const weight = input.weight;
          if (weight !== undefined && weight !== null && (weight < 0 || !Number.isInteger(weight))) {
            throw new GraphQLError('weight must be 0 or more');
          }
          const result = await ctx.services.issues.lists.bulkUpdate(ctx.actor, parent, gids(input.ids, 'Issue') ?? [], {
            stateEvent: (input.stateEvent ?? undefined) as 'close' | 'reopen' | undefined,
            addLabelIds: gids(input.addLabelIds, ...LABEL_TYPES),
            removeLabelIds: gids(input.removeLabelIds, ...LABEL_TYPES),
            assigneeIds: gids(input.assigneeIds, 'User'),
            milestoneId:
              input.milestoneId === undefined
                ? undefined
                : input.milestoneId === null
                  ? null
                  : fromGlobalId(String(input.milestoneId), 'Milestone'),
            confidential: input.confidential ?? undefined,
            subscriptionEvent: (input.subscriptionEvent ?? undefined) as 'subscribe' | 'unsubscribe' | undefined,
            healthStatus:
              input.healthStatus === undefined ? undefined : ((input.healthStatus ?? null) as HealthStatus | null),
            weight: weight === undefined ? undefined : weight,
          });
          return result;
        },
        { updatedIssueCount: null },
      ),
  },
  {
    outputFields: (t) => ({
      updatedIssueCount: t.int({
        nullable: true,
        description: 'Number of issues that were successfully updated.',
        resolve: (payload: { updatedIssueCount: number | null }) => payload.updatedIssueCount,
      }),
      errors: t.stringList({
        description: 'Errors encountered during execution of the mutation.',
        resolve: (payload: { errors: string[] }) => payload.errors,
      }),
    }),
  },
);

builder.queryField('issueStatusCounts', (t) =>
  t.field({
    type: IssueStatusCountsType,
    nullable: true,
    description:
      'Counts of issues by status across every project you may read, for the same filters as `issues` (Milepost: the dashboard’s tabs).',
    extensions: { public: true },
    args: issueArgs(t.arg),
    resolve: (_root, args, ctx) => ctx.services.issues.lists.stateCounts(ctx.actor, rootIssueFilter(args as IssueArgs)),
  }),
);
