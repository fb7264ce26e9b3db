/** `Project.issues`, `Project.issue`, `Group.issues`: GitLab's arguments (issue-filter-input.schema.ts) onto `IssueFilter`. */
import type { ArgBuilder } from '@pothos/core';
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fieldsAsArgs } from '../../graphql/filter-input.ts';
import { keysetConnection, keysetPage } from '../../graphql/keyset-connection.ts';
import type { ConnectionArgs } from '../../graphql/pagination.ts';
import { IssueRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { IssuableStateEnum, IssueSortEnum } from './issue-enums.schema.ts';
import { IssueConnection } from './issue-fields.schema.ts';
import {
  type IssueArgs,
  IssueFilterInput,
  issueFilterFields,
  issueFilterFromArgs,
} from './issue-filter-input.schema.ts';
import type { IssueFilter } from './issue-filters.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The arguments of Project.issues / Group.issues / `issueStatusCounts`, as GitLab names them. */
export function issueArgs(arg: ArgBuilder<Types>) {
  return {
    iid: arg.string({ required: false, description: 'IID of the issue. For example, "1".' }),
    state: arg({ type: IssuableStateEnum, required: false, description: 'Current state of the issue.' }),
    assigneeUsername: arg.string({
      required: false,
      description: 'Username of a user assigned to the issue.',
      deprecationReason: 'Use `assigneeUsernames`. Deprecated in GitLab 13.11.',
    }),
    sort: arg({
      type: IssueSortEnum,
      required: false,
      defaultValue: 'CREATED_DESC',
      description: 'Sort issues by the criteria.',
    }),
    ...fieldsAsArgs(arg, issueFilterFields),
    filters: arg({
      type: IssueFilterInput,
      required: false,
      description: 'The filters in one object, instead of the separate arguments (Milepost).',
    }),
  };
}

/** Group.issues' arguments: the issue arguments and `includeSubgroups`. */
export function groupIssueArgs(arg: ArgBuilder<Types>) {
  return {
    ...issueArgs(arg),
    includeSubgroups: arg.boolean({
      required: false,
      defaultValue: true,
      description: 'Include issues belonging to subgroups.',
    }),
  };
}

/** The filter of a project's issues. */
export const projectIssueFilter = (p: { project: { id: number } }, args: IssueArgs): IssueFilter => ({
  ...issueFilterFromArgs(args),
  projectId: p.project.id,
});

/** The filter of a group's issues (with its subgroups' unless `includeSubgroups: false`). */
export const groupIssueFilter = (
  g: { id: number },
  args: IssueArgs & { includeSubgroups?: boolean | null },
): IssueFilter => ({
  ...issueFilterFromArgs(args),
  groupId: g.id,
  includeSubgroups: args.includeSubgroups !== false,
});

/** A keyset page of the list (decision 0029): deep pages cost what the first costs. */
async function issuesPage(ctx: GraphQLContext, filter: IssueFilter, args: ConnectionArgs) {
  const sort = filter.sort ?? 'CREATED_DESC';
  const page = keysetPage(sort, args);
  return keysetConnection(sort, page, await ctx.services.issues.lists.page(ctx.actor, filter, page));
}

builder.objectFields(ProjectRef, (t) => ({
  issues: t.connection(
    {
      type: IssueRef,
      description: 'Issues of the project (only those you may read).',
      args: issueArgs(t.arg),
      resolve: (p, args, ctx) => issuesPage(ctx, projectIssueFilter(p, args as IssueArgs), args),
    },
    IssueConnection,
  ),
  issue: t.field({
    type: IssueRef,
    nullable: true,
    description: 'A single issue of the project (null when missing or hidden from you).',
    args: { iid: t.arg.string({ required: true, description: 'IID of the issue. For example, "1".' }) },
    resolve: async (p, args, ctx) => {
      if (!/^\d{1,9}$/.test(args.iid)) return null;
      return (await ctx.services.issues.find(ctx.actor, p, Number(args.iid))) ?? null;
    },
  }),
}));

builder.objectField(GroupRef, 'issues', (t) =>
  t.connection(
    {
      type: IssueRef,
      description: 'Issues of projects in the group (only those you may read).',
      args: groupIssueArgs(t.arg),
      resolve: (g, args, ctx) => issuesPage(ctx, groupIssueFilter(g, args as IssueArgs), args),
    },
    IssueConnection,
  ),
);

/**
 * The root lists (GitLab's `Query.issues`; the dashboard's `/dashboard/issues`): issues of every
 * project you may read. At least one filter is required, as on GitLab, so no request lists every
 * issue of the instance.
 */
export function rootIssueFilter(args: IssueArgs): IssueFilter {
  const filter = issueFilterFromArgs(args);
  const { state: _state, sort: _sort, searchIn: _in, not, ...rest } = filter;
  const given = (v: unknown) => v !== undefined && !(Array.isArray(v) && v.length === 0);
  const negated = Object.values(not ?? {}).some(given);
  if (!Object.values(rest).some(given) && !negated) {
    throw new GraphQLError('You must provide at least one filter argument for this query');
  }
  return filter;
}

builder.queryFields((t) => ({
  issues: t.connection(
    {
      type: IssueRef,
      nullable: true,
      description:
        'Issues visible to you across every project (at least one filter argument is required), as on the dashboard.',
      extensions: { public: true },
      args: issueArgs(t.arg),
      resolve: (_root, args, ctx) => issuesPage(ctx, rootIssueFilter(args as IssueArgs), args),
    },
    IssueConnection,
  ),
}));
