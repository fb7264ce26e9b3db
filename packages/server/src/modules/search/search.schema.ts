/**
 * GraphQL of the global search (decision 0039), for the web's `/search` page and top bar:
 * `Query.search` (one page of one scope's matches, as the app's own types) and
 * `Query.searchCounts` (the scope tabs). Thin over `services.search`; hidden matches never appear.
 */
import { GraphQLError } from 'graphql';
import { AppError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { EpicRef, IssueRef, MilestoneRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import { SEARCH_COUNT_LIMIT, type SearchResults, type SearchScope, type SearchWhere } from './search.service.ts';

const SearchScopeEnum = builder.enumType('SearchScope', {
  description: 'What a search looks for (GitLab’s search scopes).',
  values: {
    PROJECTS: { value: 'projects', description: 'Projects, by name and path.' },
    GROUPS: { value: 'groups', description: 'Groups (within a group: its subgroups), by name and path.' },
    ISSUES: { value: 'issues', description: 'Issues, by title and description (full-text, ranked).' },
    EPICS: { value: 'epics', description: 'Epics, by title and description (full-text, ranked).' },
    MILESTONES: { value: 'milestones', description: 'Milestones, by title and description (full-text, ranked).' },
    USERS: { value: 'users', description: 'Users, by username and name.' },
  } as const,
});

const SearchResultsRef = builder.objectRef<SearchResults & { page: number; perPage: number }>('SearchResults');
SearchResultsRef.implement({
  description: 'One page of the matches of one scope of a search (only what you may read).',
  fields: (t) => ({
    scope: t.field({ type: SearchScopeEnum, description: 'The scope searched.', resolve: (r) => r.scope }),
    count: t.int({
      description: `How many matches the scope holds, counted up to ${SEARCH_COUNT_LIMIT} (${SEARCH_COUNT_LIMIT + 1} means more).`,
      resolve: (r) => r.total,
    }),
    page: t.exposeInt('page', { description: 'The page shown (from 1).' }),
    perPage: t.exposeInt('perPage', { description: 'Matches per page.' }),
    hasNextPage: t.boolean({
      description: 'Whether more matches follow this page.',
      resolve: (r) => r.total > r.page * r.perPage,
    }),
    groups: t.field({
      type: [GroupRef],
      description: 'The groups of the page (scope GROUPS).',
      resolve: (r) => (r.scope === 'groups' ? r.rows : []),
    }),
    projects: t.field({
      type: [ProjectRef],
      description: 'The projects of the page (scope PROJECTS).',
      resolve: (r) => (r.scope === 'projects' ? r.rows : []),
    }),
    issues: t.field({
      type: [IssueRef],
      description: 'The issues of the page (scope ISSUES).',
      resolve: (r) => (r.scope === 'issues' ? r.rows : []),
    }),
    epics: t.field({
      type: [EpicRef],
      description: 'The epics of the page (scope EPICS).',
      resolve: (r) => (r.scope === 'epics' ? r.rows : []),
    }),
    milestones: t.field({
      type: [MilestoneRef],
      description: 'The milestones of the page (scope MILESTONES).',
      resolve: (r) => (r.scope === 'milestones' ? r.rows.map((milestone) => ({ milestone, queriedGroup: null })) : []),
    }),
    users: t.field({
      type: [UserCoreRef],
      description: 'The users of the page (scope USERS).',
      resolve: (r) => (r.scope === 'users' ? r.rows : []),
    }),
  }),
});

const SearchScopeCountRef = builder.objectRef<{ scope: SearchScope; count: number }>('SearchScopeCount');
SearchScopeCountRef.implement({
  description: 'How many matches one scope of a search holds.',
  fields: (t) => ({
    scope: t.field({ type: SearchScopeEnum, description: 'The scope.', resolve: (r) => r.scope }),
    count: t.exposeInt('count', {
      description: `Matches, counted up to ${SEARCH_COUNT_LIMIT} (${SEARCH_COUNT_LIMIT + 1} means more).`,
    }),
  }),
});

/** A group or project id as the web's `/search?group_id=` holds it: a number or a global ID. */
function idOf(raw: string | number, type: 'Group' | 'Project'): number | null {
  const text = String(raw);
  if (/^\d{1,15}$/.test(text)) return Number(text);
  return text.startsWith('gid://') ? fromGlobalId(text, type) : null;
}

/** Where to search: a group or a project by id (null when missing or hidden), else everywhere. */
async function whereOf(
  ctx: GraphQLContext,
  args: { groupId?: string | number | null; projectId?: string | number | null },
): Promise<SearchWhere | null> {
  if (args.projectId) {
    const id = idOf(args.projectId, 'Project');
    const project = id === null ? undefined : await ctx.services.projects.find(ctx.actor, id);
    return project ? { kind: 'project', project } : null;
  }
  if (args.groupId) {
    const id = idOf(args.groupId, 'Group');
    const group = id === null ? undefined : await ctx.services.groups.find(ctx.actor, id);
    return group ? { kind: 'group', group } : null;
  }
  return { kind: 'global' };
}

const SearchCountsRef = builder.objectRef<{ where: SearchWhere; scopes: { scope: SearchScope; count: number }[] }>(
  'SearchCounts',
);
SearchCountsRef.implement({
  description: 'Where a search looked and how many matches each of its scopes holds.',
  fields: (t) => ({
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'The group searched within, if any.',
      resolve: (c) => (c.where.kind === 'group' ? c.where.group : null),
    }),
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'The project searched within, if any.',
      resolve: (c) => (c.where.kind === 'project' ? c.where.project : null),
    }),
    scopes: t.field({
      type: [SearchScopeCountRef],
      description: 'The scopes of the place, each with its number of matches.',
      resolve: (c) => c.scopes,
    }),
  }),
});

/** A refusal of the service (a blank or too long text) as the GraphQL error it is. */
async function refusals<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw new GraphQLError(error.message);
    throw error;
  }
}

/** The deepest page served: past it, a narrower search is the answer. */
const MAX_PAGE = 500;

builder.queryFields((t) => ({
  search: t.field({
    type: SearchResultsRef,
    nullable: true,
    description:
      'One page of the matches of a search in one scope, everywhere or within a group or project (null when that group or project is missing or hidden). Only what you may read is found.',
    extensions: { public: true },
    args: {
      search: t.arg.string({ required: true, description: 'The text to search for.' }),
      scope: t.arg({ type: SearchScopeEnum, required: true, description: 'What to look for.' }),
      groupId: t.arg.id({
        required: false,
        description: 'Search within this group (and its subgroups): its id or global ID.',
      }),
      projectId: t.arg.id({ required: false, description: 'Search within this project: its id or global ID.' }),
      state: t.arg.string({ required: false, description: 'Issues and epics: `opened` or `closed` only.' }),
      page: t.arg.int({ required: false, defaultValue: 1, description: `The page, from 1 (at most ${MAX_PAGE}).` }),
      perPage: t.arg.int({ required: false, defaultValue: 20, description: 'Matches per page (1–100).' }),
    },
    resolve: async (_root, args, ctx) => {
      const page = args.page ?? 1;
      const perPage = args.perPage ?? 20;
      if (page < 1 || page > MAX_PAGE) throw new GraphQLError(`page must be between 1 and ${MAX_PAGE}`);
      if (perPage < 1 || perPage > 100) throw new GraphQLError('perPage must be between 1 and 100');
      if (args.state && args.state !== 'opened' && args.state !== 'closed') {
        throw new GraphQLError('state must be opened or closed');
      }
      const where = await whereOf(ctx, args);
      if (!where) return null;
      const results = await refusals(() =>
        ctx.services.search.search(ctx.actor, {
          search: args.search,
          scope: args.scope,
          where,
          state: (args.state ?? undefined) as 'opened' | 'closed' | undefined,
          limit: perPage,
          offset: (page - 1) * perPage,
        }),
      );
      return { ...results, page, perPage };
    },
  }),
  searchCounts: t.field({
    type: SearchCountsRef,
    nullable: true,
    description:
      'How many matches each scope of a search holds, everywhere or within a group or project (null when that group or project is missing or hidden).',
    extensions: { public: true },
    args: {
      search: t.arg.string({ required: true, description: 'The text to search for.' }),
      groupId: t.arg.id({
        required: false,
        description: 'Search within this group (and its subgroups): its id or global ID.',
      }),
      projectId: t.arg.id({ required: false, description: 'Search within this project: its id or global ID.' }),
    },
    resolve: async (_root, args, ctx) => {
      const where = await whereOf(ctx, args);
      if (!where) return null;
      return { where, scopes: await refusals(() => ctx.services.search.counts(ctx.actor, args.search, where)) };
    },
  }),
}));
