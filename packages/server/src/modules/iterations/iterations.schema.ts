/**
 * GraphQL of iterations: `IterationCadence`, `Iteration` (with its `report`), `Group.iterationCadences`,
 * `Group.iterations`, `Project.iterations`, `Issue.iteration` and the `iteration` root field, as
 * GitLab names them. Mutations live in iteration-mutations.schema.ts.
 */
import type { ArgBuilder } from '@pothos/core';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { GroupRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { IssueRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { TimeframeInput } from '../milestones/timeframe.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import type { IterationListOptions } from './iterations.service.ts';
import type { CadenceRow, IterationRow } from './iterations.types.ts';

export const CADENCE_GID = 'Iterations::Cadence';
export const ITERATION_GID = 'Iteration';

/** Per request: cadences and issues' iterations, batched (one query per page). */
const cadenceLoaders = new WeakMap<GraphQLContext, DataLoader<number, CadenceRow | undefined>>();
function cadenceOf(ctx: GraphQLContext, id: number) {
  let loader = cadenceLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const rows = await ctx.services.iterations.loadCadences(ids);
      return ids.map((id) => rows.find((r) => r.id === id));
    });
    cadenceLoaders.set(ctx, loader);
  }
  return loader.load(id);
}

const issueIterationLoaders = new WeakMap<GraphQLContext, DataLoader<number, IterationRow | undefined>>();
function iterationOfIssue(ctx: GraphQLContext, issueId: number) {
  let loader = issueIterationLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const map = await ctx.services.iterations.ofIssues(ids);
      return ids.map((id) => map.get(id));
    });
    issueIterationLoaders.set(ctx, loader);
  }
  return loader.load(issueId);
}

async function groupOf(ctx: GraphQLContext, id: number): Promise<GroupRow> {
  return await GroupRef.getDataloader(ctx).load(id);
}

/** `/groups/<path>/-/iterations/<id>`: GitLab's iteration page. */
export function iterationWebPath(group: GroupRow, it: IterationRow): string {
  return `/groups/${group.fullPath}/-/iterations/${it.id}`;
}

/** Service rule failures in a query become GraphQL errors with the same message. */
async function asGraphQL<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw new GraphQLError(error.message);
    throw error;
  }
}

export const IterationStateEnum = builder.enumType('IterationState', {
  description: 'State of a GitLab iteration.',
  values: {
    upcoming: { value: 'upcoming', description: 'Upcoming iteration.' },
    started: { value: 'started', description: 'Started iteration.', deprecationReason: 'Use `current`.' },
    current: { value: 'current', description: 'Current iteration.' },
    opened: { value: 'opened', description: 'Open iteration.' },
    closed: { value: 'closed', description: 'Closed iteration.' },
    all: { value: 'all', description: 'Any iteration.' },
  } as const,
});

const IterationSearchableFieldEnum = builder.enumType('IterationSearchableField', {
  description: 'Fields to perform the search in.',
  values: {
    TITLE: { value: 'title', description: 'Search in title field.' },
    CADENCE_TITLE: { value: 'cadence_title', description: 'Search in cadence_title field.' },
  } as const,
});

const IterationSortEnum = builder.enumType('IterationSort', {
  description: 'Iteration sort values.',
  values: {
    CADENCE_AND_DUE_DATE_ASC: {
      value: 'asc',
      description: 'Sort by cadence id in ascending and due date in ascending order.',
    },
    CADENCE_AND_DUE_DATE_DESC: {
      value: 'desc',
      description: 'Sort by cadence id in ascending and due date in descending order.',
    },
  } as const,
});

export const IterationCadenceRef = builder.objectRef<CadenceRow>('IterationCadence').implement({
  description: 'Represents an iteration cadence.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the iteration cadence.', resolve: (c) => toGlobalId(CADENCE_GID, c.id) }),
    title: t.exposeString('title', { description: 'Title of the iteration cadence.' }),
    description: t.string({
      nullable: true,
      description: 'Description of the iteration cadence. Maximum length is 5000 characters.',
      resolve: (c) => (c.description === '' ? null : c.description),
    }),
    automatic: t.exposeBoolean('automatic', {
      description: 'Whether the iteration cadence should automatically generate upcoming iterations.',
    }),
    active: t.exposeBoolean('active', { description: 'Whether the iteration cadence is active.' }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the automation start date.',
      resolve: (c) => c.startDate,
    }),
    durationInWeeks: t.int({
      nullable: true,
      description: 'Duration in weeks of the iterations within this cadence.',
      resolve: (c) => c.durationInWeeks,
    }),
    iterationsInAdvance: t.int({
      nullable: true,
      description: 'Upcoming iterations to be created when iteration cadence is set to automatic.',
      resolve: (c) => c.iterationsInAdvance,
    }),
    rollOver: t.exposeBoolean('rollOver', {
      description: 'Whether the iteration cadence should roll over issues to the next iteration or not.',
    }),
  }),
});

const BurnupDayRef = builder.objectRef<{
  date: string;
  scopeCount: number;
  scopeWeight: number;
  completedCount: number;
  completedWeight: number;
}>('BurnupChartDailyTotals');
BurnupDayRef.implement({
  description: 'Represents the total number of issues and their weights for a particular day.',
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'Date for burnup totals.', resolve: (d) => d.date }),
    scopeCount: t.exposeInt('scopeCount', { description: 'Number of issues as of the day.' }),
    scopeWeight: t.exposeInt('scopeWeight', { description: 'Total weight of issues as of the day.' }),
    completedCount: t.exposeInt('completedCount', { description: 'Number of closed issues as of the day.' }),
    completedWeight: t.exposeInt('completedWeight', { description: 'Total weight of closed issues as of the day.' }),
  }),
});

type Stat = { count: number; weight: number };
const StatRef = builder.objectRef<Stat>('TimeboxMetrics').implement({
  description: 'Represents measured stats metrics for timeboxes.',
  fields: (t) => ({
    count: t.exposeInt('count', { description: 'Count metric.' }),
    weight: t.exposeInt('weight', { description: 'Weight metric.' }),
  }),
});
const StatsRef = builder.objectRef<{ complete: Stat; incomplete: Stat; total: Stat }>('TimeReportStats').implement({
  description: 'Represents the time report stats for timeboxes.',
  fields: (t) => ({
    complete: t.field({ type: StatRef, description: 'Completed issues metrics.', resolve: (s) => s.complete }),
    incomplete: t.field({ type: StatRef, description: 'Incomplete issues metrics.', resolve: (s) => s.incomplete }),
    total: t.field({ type: StatRef, description: 'Total issues metrics.', resolve: (s) => s.total }),
  }),
});

type Report = Awaited<ReturnType<GraphQLContext['services']['iterations']['report']>>;
const ReportRef = builder.objectRef<Report>('TimeboxReport').implement({
  description:
    'Represents a historically accurate report about the timebox: scope and completion by day, from the times issues joined and left it and were closed.',
  fields: (t) => ({
    burnupTimeSeries: t.field({
      type: [BurnupDayRef],
      nullable: true,
      description: 'Daily scope and completed totals for burnup charts (at most 366 days from the start).',
      resolve: (r) => r.days,
    }),
    stats: t.field({
      type: StatsRef,
      nullable: true,
      description: 'Represents the time report stats (the issues in the timebox now).',
      resolve: (r) => r.stats,
    }),
  }),
});

export const IterationRef = builder.objectRef<IterationRow>('Iteration').implement({
  description: 'Represents an iteration object.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the iteration.', resolve: (it) => toGlobalId(ITERATION_GID, it.id) }),
    iid: t.id({
      description: 'Internal ID of the iteration.',
      deprecationReason: 'Use `id` or `sequence`.',
      resolve: (it) => String(it.iid),
    }),
    sequence: t.exposeInt('sequence', { description: 'Sequence number for the iteration.' }),
    title: t.string({ nullable: true, description: 'Title of the iteration.', resolve: (it) => it.title }),
    description: t.string({
      nullable: true,
      description: 'Description of the iteration.',
      resolve: (it) => (it.description === '' ? null : it.description),
    }),
    state: t.field({ type: IterationStateEnum, description: 'State of the iteration.', resolve: (it) => it.state }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the iteration start date.',
      resolve: (it) => it.startDate,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the iteration due date.',
      resolve: (it) => it.dueDate,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of iteration creation.',
      resolve: (it) => it.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of last iteration update.',
      resolve: (it) => it.updatedAt,
    }),
    webPath: t.string({
      description: 'Web path of the iteration.',
      resolve: async (it, _a, ctx) => iterationWebPath(await groupOf(ctx, it.groupId), it),
    }),
    webUrl: t.string({
      description: 'Web URL of the iteration.',
      resolve: async (it, _a, ctx) =>
        `${ctx.config.externalUrl}${iterationWebPath(await groupOf(ctx, it.groupId), it)}`,
    }),
    iterationCadence: t.field({
      type: IterationCadenceRef,
      description: 'Cadence of the iteration.',
      resolve: async (it, _a, ctx) => {
        const cadence = await cadenceOf(ctx, it.cadenceId);
        if (!cadence) throw new GraphQLError('Iteration cadence not found');
        return cadence;
      },
    }),
    group: t.field({
      type: GroupRef,
      description: 'Group the iteration belongs to.',
      resolve: (it, _a, ctx) => groupOf(ctx, it.groupId),
    }),
    report: t.field({
      type: ReportRef,
      nullable: true,
      description: 'Historically accurate report about the timebox (issues you may read).',
      resolve: (it, _a, ctx) => ctx.services.iterations.report(ctx.actor, it),
    }),
  }),
});

export const IterationCadenceConnection = countedConnection(IterationCadenceRef, 'IterationCadence');
export const IterationConnection = countedConnection(IterationRef, 'Iteration');

const blank = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v);

type IterationArgs = {
  state?: IterationListOptions['state'] | 'started' | null;
  search?: string | null;
  title?: string | null;
  in?: ('title' | 'cadence_title')[] | null;
  timeframe?: { start: string; end: string } | null;
  id?: string | number | null;
  iid?: string | number | null;
  iterationCadenceIds?: (string | number)[] | null;
  includeAncestors?: boolean | null;
  includeDescendants?: boolean | null;
  sort?: 'asc' | 'desc' | null;
};

function iterationOptions(a: IterationArgs, page: { limit: number; offset: number }): IterationListOptions {
  const iid = blank(a.iid === null || a.iid === undefined ? undefined : String(a.iid));
  if (iid !== undefined && !/^\d{1,9}$/.test(iid))
    throw new GraphQLError(`Invalid \`iid\` value: ${JSON.stringify(iid)}`);
  const id = blank(a.id === null || a.id === undefined ? undefined : String(a.id));
  return {
    state: a.state === 'started' ? 'current' : (a.state ?? 'all'),
    search: blank(a.search) ?? blank(a.title),
    searchIn: a.in?.length ? a.in : undefined,
    timeframe: a.timeframe ?? undefined,
    ids: id ? [/^\d{1,15}$/.test(id) ? Number(id) : fromGlobalId(id, ITERATION_GID)] : undefined,
    iid: iid === undefined ? undefined : Number(iid),
    cadenceIds: a.iterationCadenceIds?.length
      ? a.iterationCadenceIds.map((c) => fromGlobalId(String(c), CADENCE_GID))
      : undefined,
    includeAncestors: a.includeAncestors ?? false,
    includeDescendants: a.includeDescendants ?? false,
    sort: a.sort ?? 'asc',
    ...page,
  };
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
function iterationArgs(t: ArgBuilder<Types>) {
  return {
    state: t({ type: IterationStateEnum, required: false, description: 'Filter iterations by state.' }),
    search: t.string({
      required: false,
      description:
        'Query used for fuzzy-searching in the fields selected in the argument `in`. Returns all iterations if empty.',
    }),
    in: t({
      type: [IterationSearchableFieldEnum],
      required: false,
      description:
        'Fields in which the fuzzy-search should be performed with the query given in the argument `search`. Defaults to `[title]`.',
    }),
    title: t.string({
      required: false,
      description: 'Fuzzy search by title.',
      deprecationReason: 'The argument will be removed in 15.4. Please use `search` and `in` fields instead.',
    }),
    timeframe: t({ type: TimeframeInput, required: false, description: 'List items overlapping the given timeframe.' }),
    id: t.id({ required: false, description: 'Global ID of the Iteration to look up.' }),
    iid: t.id({ required: false, description: 'Internal ID of the Iteration to look up.' }),
    iterationCadenceIds: t.idList({
      required: false,
      description: 'Global iteration cadence IDs by which to look up the iterations.',
    }),
    includeAncestors: t.boolean({
      required: false,
      description: 'Whether to include ancestor iterations. Defaults to true.',
    }),
    includeDescendants: t.boolean({ required: false, description: 'Whether to include descendant iterations.' }),
    sort: t({
      type: IterationSortEnum,
      required: false,
      description: 'List iterations by sort order. If unspecified, an arbitrary order (subject to change) is used.',
    }),
  };
}

builder.objectField(GroupRef, 'iterations', (t) =>
  t.connection(
    {
      type: IterationRef,
      description: 'Find iterations of the group (by default with its ancestors’).',
      args: iterationArgs(t.arg),
      resolve: (group, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, (page) =>
            ctx.services.iterations.listForGroup(ctx.actor, group, {
              ...iterationOptions(args as IterationArgs, page),
              includeAncestors: args.includeAncestors ?? true,
            }),
          ),
        ),
    },
    IterationConnection,
  ),
);

builder.objectField(ProjectRef, 'iterations', (t) =>
  t.connection(
    {
      type: IterationRef,
      description: 'Find iterations of the project’s group and its ancestors.',
      args: iterationArgs(t.arg),
      resolve: (p, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, async (page) => {
            if (!(await ctx.can('readProject', { type: 'Project', ...p }))) return { rows: [], total: 0 };
            return await ctx.services.iterations.listForGroup(ctx.actor, p.group, {
              ...iterationOptions(args as IterationArgs, page),
              includeAncestors: true,
              includeDescendants: false,
            });
          }),
        ),
    },
    IterationConnection,
  ),
);

builder.objectField(GroupRef, 'iterationCadences', (t) =>
  t.connection(
    {
      type: IterationCadenceRef,
      description: 'Find iteration cadences of the group.',
      args: {
        id: t.arg.id({ required: false, description: 'Global ID of the iteration cadence to look up.' }),
        title: t.arg.string({ required: false, description: 'Fuzzy search by title.' }),
        durationInWeeks: t.arg.int({
          required: false,
          description: 'Duration in weeks of the iterations within this cadence.',
        }),
        automatic: t.arg.boolean({
          required: false,
          description: 'Whether the iteration cadence should automatically generate upcoming iterations.',
        }),
        active: t.arg.boolean({ required: false, description: 'Whether the iteration cadence is active.' }),
        includeAncestorGroups: t.arg.boolean({
          required: false,
          description: 'Whether to include ancestor groups to search iterations cadences in.',
        }),
      },
      resolve: (group, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, (page) =>
            ctx.services.iterations.listCadences(ctx.actor, group, {
              id: args.id ? fromGlobalId(String(args.id), CADENCE_GID) : undefined,
              title: blank(args.title),
              durationInWeeks: args.durationInWeeks ?? undefined,
              automatic: args.automatic ?? undefined,
              active: args.active ?? undefined,
              includeAncestorGroups: args.includeAncestorGroups ?? false,
              ...page,
            }),
          ),
        ),
    },
    IterationCadenceConnection,
  ),
);

builder.objectField(IssueRef, 'iteration', (t) =>
  t.field({
    type: IterationRef,
    nullable: true,
    description: 'Iteration of the issue.',
    resolve: async (node, _a, ctx) => (await iterationOfIssue(ctx, node.issue.id)) ?? null,
  }),
);

builder.queryField('iteration', (t) =>
  t.field({
    type: IterationRef,
    nullable: true,
    description: 'Find an iteration.',
    extensions: { ability: 'readIteration' },
    args: { id: t.arg.id({ required: true, description: 'Find an iteration by its ID.' }) },
    resolve: async (_root, args, ctx) =>
      (await ctx.services.iterations.find(ctx.actor, fromGlobalId(String(args.id), ITERATION_GID))) ?? null,
  }),
);
