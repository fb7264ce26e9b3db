import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { MilestoneRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { type MilestoneNode, MilestoneRef } from '../../graphql/refs.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import type { MarkdownContext } from '../markdown/markdown.service.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import { type ProjectNode, ProjectRef, withGroups } from '../projects/projects.schema.ts';
import { isExpired, isUpcoming, milestoneWebPath } from './milestones.entity.ts';
import type { MilestoneContainerInfo, MilestoneSortKey } from './milestones.repository.ts';
import type { MilestoneListOptions } from './milestones.service.ts';
import { TimeframeInput } from './timeframe.schema.ts';

/** Per request: container path and group ancestry of milestones, batched (one query per page). */
const infoLoaders = new WeakMap<GraphQLContext, DataLoader<number, MilestoneContainerInfo | undefined>>();
function containerInfo(ctx: GraphQLContext, id: number) {
  let loader = infoLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const map = await ctx.services.milestones.containerInfo(ids);
      return ids.map((id) => map.get(id));
    });
    infoLoaders.set(ctx, loader);
  }
  return loader.load(id);
}

/** The project or group a milestone's title and description are written in (their references' own). */
async function markdownContext(ctx: GraphQLContext, m: MilestoneNode): Promise<MarkdownContext> {
  const path = (await containerInfo(ctx, m.milestone.id))?.path;
  if (path === undefined) return { type: 'None' };
  return m.milestone.projectId !== null
    ? { type: 'Project', project: { fullPath: path } }
    : { type: 'Group', group: { fullPath: path } };
}

/** Per request: the milestones' issue counts, batched. */
const statsLoaders = new WeakMap<GraphQLContext, DataLoader<number, { total: number; closed: number }>>();
function statsOf(ctx: GraphQLContext, id: number) {
  let loader = statsLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const map = await ctx.services.milestones.issueStats(ctx.actor, ids);
      return ids.map((id) => map.get(id) ?? { total: 0, closed: 0 });
    });
    statsLoaders.set(ctx, loader);
  }
  return loader.load(id);
}

const MilestoneStatsRef = builder.objectRef<{ total: number; closed: number }>('MilestoneStats').implement({
  description: 'Contains statistics about a milestone.',
  fields: (t) => ({
    totalIssuesCount: t.int({
      description: 'Total number of issues associated with the milestone.',
      resolve: (s) => s.total,
    }),
    closedIssuesCount: t.int({
      description: 'Number of closed issues associated with the milestone.',
      resolve: (s) => s.closed,
    }),
  }),
});

/** Per request: projects of project milestones, with their groups, batched. */
const projectLoaders = new WeakMap<GraphQLContext, DataLoader<number, ProjectNode | undefined>>();
function projectOf(ctx: GraphQLContext, id: number) {
  let loader = projectLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const rows = await projectsRepository(ctx.db).findByIds(ids);
      const nodes = await withGroups(rows, ctx);
      return ids.map((id) => nodes.find((n) => n.project.id === id));
    });
    projectLoaders.set(ctx, loader);
  }
  return loader.load(id);
}

/** Whether the milestone's group is a strict descendant of the queried group (else the group's own or an ancestor's). */
async function isSubgroupMilestone(node: MilestoneNode, ctx: GraphQLContext): Promise<boolean> {
  const info = await containerInfo(ctx, node.milestone.id);
  if (!info?.isGroup) return false;
  const ids = info.groupTraversalIds;
  if (node.queriedGroup) return ids.includes(node.queriedGroup.id) && ids.at(-1) !== node.queriedGroup.id;
  return ids.length > 1;
}

export const MilestoneStateEnum = builder.enumType('MilestoneStateEnum', {
  description: 'Current state of milestone.',
  values: {
    active: { value: 'active', description: 'Milestone is currently active.' },
    closed: { value: 'closed', description: 'Milestone is closed.' },
  } as const,
});

const SORTS: Record<string, [MilestoneSortKey, string]> = {
  CREATED_ASC: ['created_asc', 'Created at ascending order.'],
  CREATED_DESC: ['created_desc', 'Created at descending order.'],
  UPDATED_ASC: ['updated_asc', 'Updated at ascending order.'],
  UPDATED_DESC: ['updated_desc', 'Updated at descending order.'],
  DUE_DATE_ASC: ['due_date_asc', 'Milestone due date by ascending order.'],
  DUE_DATE_DESC: ['due_date_desc', 'Milestone due date by descending order.'],
  EXPIRED_LAST_DUE_DATE_ASC: [
    'expired_last_due_date_asc',
    'Group milestones in this order: non-expired milestones with due dates, non-expired milestones without due dates and expired milestones then ordered by due date in ascending order.',
  ],
  EXPIRED_LAST_DUE_DATE_DESC: [
    'expired_last_due_date_desc',
    'Group milestones in this order: non-expired milestones with due dates, non-expired milestones without due dates and expired milestones then ordered by due date in descending order.',
  ],
};

export const MilestoneSort = builder.enumType('MilestoneSort', {
  description: 'Values for sorting milestones.',
  values: Object.fromEntries(
    Object.entries(SORTS).map(([name, [value, description]]) => [name, { value, description }]),
  ) as Record<string, { value: MilestoneSortKey; description: string }>,
});

MilestoneRef.implement({
  description: 'Represents a milestone.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the milestone.', resolve: (m) => toGlobalId('Milestone', m.milestone.id) }),
    iid: t.id({ description: 'Internal ID of the milestone.', resolve: (m) => String(m.milestone.iid) }),
    title: t.string({ description: 'Title of the milestone.', resolve: (m) => m.milestone.title }),
    description: t.string({
      nullable: true,
      description: 'Description of the milestone.',
      resolve: (m) => (m.milestone.description === '' ? null : m.milestone.description),
    }),
    titleHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `title` (references resolved for you).',
      resolve: async (m, _a, ctx) =>
        ctx.services.markdown.renderTitle(ctx.actor, m.milestone.title, await markdownContext(ctx, m)),
    }),
    descriptionHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `description` (references resolved for you).',
      resolve: async (m, _a, ctx) =>
        m.milestone.description
          ? ctx.services.markdown.render(ctx.actor, m.milestone.description, await markdownContext(ctx, m))
          : null,
    }),
    state: t.field({
      type: MilestoneStateEnum,
      description: 'State of the milestone.',
      resolve: (m) => m.milestone.state,
    }),
    expired: t.boolean({
      description:
        'Expired state of the milestone (a milestone is expired when the due date is past the current date). Defaults to `false` when due date has not been set.',
      resolve: (m) => isExpired(m.milestone),
    }),
    upcoming: t.boolean({
      description:
        'Upcoming state of the milestone (a milestone is upcoming when the start date is in the future). Defaults to `false` when start date has not been set.',
      resolve: (m) => isUpcoming(m.milestone),
    }),
    webPath: t.string({
      description: 'Web path of the milestone.',
      resolve: async (m, _a, ctx) => milestoneWebPath(m.milestone, await containerInfo(ctx, m.milestone.id)),
    }),
    webUrl: t.string({
      description: 'Web URL of the milestone.',
      resolve: async (m, _a, ctx) =>
        `${ctx.config.externalUrl}${milestoneWebPath(m.milestone, await containerInfo(ctx, m.milestone.id))}`,
    }),
    startDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the milestone start date.',
      resolve: (m) => m.milestone.startDate,
    }),
    dueDate: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of the milestone due date.',
      resolve: (m) => m.milestone.dueDate,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of milestone creation.',
      resolve: (m) => m.milestone.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of last milestone update.',
      resolve: (m) => m.milestone.updatedAt,
    }),
    projectMilestone: t.boolean({
      description: 'Indicates if milestone is at project level.',
      resolve: (m) => m.milestone.projectId !== null,
    }),
    groupMilestone: t.boolean({
      description:
        'Indicates if milestone is at group level (the queried group’s own or an ancestor’s; not a subgroup’s).',
      resolve: async (m, _a, ctx) => m.milestone.groupId !== null && !(await isSubgroupMilestone(m, ctx)),
    }),
    subgroupMilestone: t.boolean({
      description: 'Indicates if milestone is at subgroup level (of a group below the queried group).',
      resolve: (m, _a, ctx) => isSubgroupMilestone(m, ctx),
    }),
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'Project of the milestone (project milestones only).',
      resolve: async (m, _a, ctx) => {
        if (m.milestone.projectId === null) return null;
        const node = await projectOf(ctx, m.milestone.projectId);
        return node && (await ctx.can('readProject', { type: 'Project', ...node })) ? node : null;
      },
    }),
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Group of the milestone (group milestones only).',
      resolve: async (m, _a, ctx) => {
        if (m.milestone.groupId === null) return null;
        const group = await GroupRef.getDataloader(ctx).load(m.milestone.groupId);
        return (await ctx.can('readGroup', { type: 'Group', group })) ? group : null;
      },
    }),
    stats: t.field({
      type: MilestoneStatsRef,
      description: 'Milestone statistics: its issues the current user may read.',
      resolve: (m, _a, ctx) => statsOf(ctx, m.milestone.id),
    }),
  }),
});

export const MilestoneConnection = countedConnection(MilestoneRef, 'Milestone');

/** Service rule failures in a query become GraphQL errors with the same message. */
async function asGraphQL<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw new GraphQLError(error.message);
    throw error;
  }
}

const blank = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : v);

type CommonArgs = {
  state?: 'active' | 'closed' | null;
  timeframe?: { start: string; end: string } | null;
  searchTitle?: string | null;
  title?: string | null;
  ids?: readonly (string | number)[] | null;
  containingDate?: string | null;
  sort?: MilestoneSortKey | null;
};

/** The arguments a group's and a project's `milestones` share (`CommonArgs`). */
const milestoneListArgs = () =>
  builder.args((t) => ({
    state: t.field({ type: MilestoneStateEnum, required: false, description: 'Filter milestones by their state.' }),
    timeframe: t.field({
      type: TimeframeInput,
      required: false,
      description: 'List items overlapping the given timeframe.',
    }),
    searchTitle: t.string({ required: false, description: 'Search string for the title.' }),
    title: t.string({ required: false, description: 'Title of the milestone.' }),
    ids: t.idList({
      required: false,
      description: 'Array of global milestone IDs, e.g., `"gid://gitlab/Milestone/1"`.',
    }),
    containingDate: t.field({ type: 'Time', required: false, description: 'Date the milestone contains.' }),
    sort: t.field({
      type: MilestoneSort,
      required: false,
      defaultValue: 'due_date_asc',
      description: 'Sort milestones by the criteria.',
    }),
  }));

function options(args: CommonArgs, page: { limit: number; offset: number }): MilestoneListOptions {
  return {
    state: args.state ?? 'all',
    timeframe: args.timeframe ?? undefined,
    searchTitle: blank(args.searchTitle),
    title: blank(args.title),
    ids: args.ids?.length ? args.ids.map((id) => fromGlobalId(String(id), 'Milestone')) : undefined,
    containingDate: blank(args.containingDate)?.slice(0, 10),
    sort: args.sort ?? 'due_date_asc',
    ...page,
  };
}

const toNodes = (rows: MilestoneRow[], queriedGroup: MilestoneNode['queriedGroup']) =>
  rows.map((milestone) => ({ milestone, queriedGroup }));

builder.objectField(GroupRef, 'milestones', (t) =>
  t.connection(
    {
      type: MilestoneRef,
      description: 'Milestones of the group.',
      args: {
        ...milestoneListArgs(),
        includeDescendants: t.arg.boolean({
          required: false,
          description: 'Include milestones from all subgroups and subprojects.',
        }),
        includeAncestors: t.arg.boolean({ required: false, description: 'Include milestones from all parent groups.' }),
        epicIid: t.arg.id({
          required: false,
          description:
            "Only milestones of the issues in this epic of the group (its IID) and in its descendant epics: an epic's roadmap.",
        }),
      },
      resolve: (group, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, async (page) => {
            let ofEpicTree: number | undefined;
            if (args.epicIid != null) {
              const epic = await ctx.services.epics.find(ctx.actor, group, Number(args.epicIid));
              // A hidden epic looks like a missing one: no milestones.
              if (!epic) return { rows: [], total: 0 };
              ofEpicTree = epic.epic.id;
            }
            const { rows, total } = await ctx.services.milestones.listForGroup(ctx.actor, group, {
              ...options(args, page),
              includeDescendants: args.includeDescendants ?? false,
              includeAncestors: args.includeAncestors ?? false,
              ofEpicTree,
            });
            return { rows: toNodes(rows, group), total };
          }),
        ),
    },
    MilestoneConnection,
  ),
);

builder.objectField(ProjectRef, 'milestones', (t) =>
  t.connection(
    {
      type: MilestoneRef,
      description: 'Milestones of the project.',
      args: {
        ...milestoneListArgs(),
        includeAncestors: t.arg.boolean({
          required: false,
          description: 'Also return milestones in the project’s parent group and its ancestors.',
        }),
      },
      resolve: (p, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, async (page) => {
            const { rows, total } = await ctx.services.milestones.listForProject(ctx.actor, p, {
              ...options(args, page),
              includeAncestors: args.includeAncestors ?? false,
            });
            return { rows: toNodes(rows, null), total };
          }),
        ),
    },
    MilestoneConnection,
  ),
);

builder.objectField(CurrentUserRef, 'milestones', (t) =>
  t.connection(
    {
      type: MilestoneRef,
      description:
        'Milestones of the groups and projects the user is a member of, and of their subgroups and projects (the dashboard).',
      args: milestoneListArgs(),
      resolve: (_user, args, ctx) =>
        asGraphQL(() =>
          offsetConnection(args, async (page) => {
            const { rows, total } = await ctx.services.milestones.listForUser(ctx.actor, options(args, page));
            return { rows: toNodes(rows, null), total };
          }),
        ),
    },
    MilestoneConnection,
  ),
);

builder.queryField('milestone', (t) =>
  t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Find a milestone.',
    extensions: { ability: 'readMilestone' },
    args: { id: t.arg.id({ required: true, description: 'Find a milestone by its ID.' }) },
    resolve: async (_root, args, ctx) => {
      const row = await ctx.services.milestones.findVisible(ctx.actor, fromGlobalId(String(args.id), 'Milestone'));
      return row ? { milestone: row, queriedGroup: null } : null;
    },
  }),
);
