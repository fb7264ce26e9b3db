import { PROJECT_ABILITIES, visibilityName } from '@milepost/shared';
import { GraphQLError } from 'graphql';
import type { GroupRow, ProjectRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import { GroupRef, NamespaceRef } from '../groups/groups.schema.ts';
import { PROJECT_SORTS, type ProjectSortKey } from './projects.repository.ts';

/** A project travels with its group: every access decision about a project needs both. */
export type ProjectNode = { project: ProjectRow; group: GroupRow };

export const ProjectRef = builder.objectRef<ProjectNode>('Project');

export const ProjectPermissionsRef = permissionsType<ProjectNode>('ProjectPermissions', PROJECT_ABILITIES, (p) => ({
  type: 'Project',
  ...p,
}));

export const ProjectConnection = builder.connectionObject(
  { type: ProjectRef, name: 'ProjectConnection' },
  { name: 'ProjectEdge' },
);
builder.objectField(ProjectConnection, 'count', (t) =>
  t.int({ description: 'Total count of collection.', resolve: (c) => (c as unknown as { count: number }).count }),
);

/** Pairs project rows with their groups through the group loader (one batched query). */
export async function withGroups(rows: ProjectRow[], ctx: Parameters<typeof GroupRef.getDataloader>[0]) {
  const loader = GroupRef.getDataloader(ctx);
  return await Promise.all(rows.map(async (project) => ({ project, group: await loader.load(project.groupId) })));
}

ProjectRef.implement({
  description: 'A project: it holds issues, milestones and labels.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the project.', resolve: (p) => toGlobalId('Project', p.project.id) }),
    name: t.string({ description: 'Name of the project.', resolve: (p) => p.project.name }),
    path: t.string({ description: 'Path of the project.', resolve: (p) => p.project.path }),
    fullPath: t.string({ description: 'Full path of the project.', resolve: (p) => p.project.fullPath }),
    nameWithNamespace: t.string({
      description: 'Name of the project including the namespace.',
      resolve: async (p, _a, ctx) => {
        const loader = GroupRef.getDataloader(ctx);
        const chain = await Promise.all(p.group.traversalIds.map((id) => loader.load(id)));
        return [...chain.map((g) => g.name), p.project.name].join(' / ');
      },
    }),
    description: t.string({ description: 'Short description of the project.', resolve: (p) => p.project.description }),
    visibility: t.string({
      description: 'Visibility of the project: private, internal or public.',
      resolve: (p) => visibilityName(p.project.visibilityLevel),
    }),
    avatarUrl: t.string({
      nullable: true,
      description: 'Avatar URL of the project (its path on this server for an uploaded avatar).',
      resolve: (p) => p.project.avatarUrl,
    }),
    webPath: t.string({ description: 'Web path of the project.', resolve: (p) => `/${p.project.fullPath}` }),
    webUrl: t.string({
      description: 'Web URL of the project.',
      resolve: (p, _a, ctx) => `${ctx.config.externalUrl}/${p.project.fullPath}`,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of the project creation.',
      resolve: (p) => p.project.createdAt,
    }),
    lastActivityAt: t.field({
      type: 'Time',
      description: 'Timestamp of the project last activity.',
      resolve: (p) => p.project.lastActivityAt,
    }),
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Group of the project.',
      resolve: async (p, _a, ctx) => ((await ctx.can('readGroup', { type: 'Group', group: p.group })) ? p.group : null),
    }),
    namespace: t.field({
      type: NamespaceRef,
      nullable: true,
      description: 'Namespace of the project.',
      resolve: async (p, _a, ctx) => ((await ctx.can('readGroup', { type: 'Group', group: p.group })) ? p.group : null),
    }),
    userPermissions: t.field({
      type: ProjectPermissionsRef,
      description: 'Permissions for the current user on the resource.',
      resolve: (p) => p,
    }),
  }),
});

builder.objectField(GroupRef, 'projects', (t) =>
  t.connection(
    {
      type: ProjectRef,
      description: 'Projects within this namespace.',
      args: {
        includeSubgroups: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Include also subgroup projects.',
        }),
        search: t.arg.string({ required: false, description: 'Search project with most similar names or paths.' }),
      },
      resolve: (g, args, ctx) =>
        offsetConnection(args, async ({ limit, offset }) => {
          const page = await ctx.services.projects.list(ctx.actor, {
            search: args.search ?? undefined,
            ...(args.includeSubgroups ? { underGroupId: g.id } : { groupId: g.id }),
            limit,
            offset,
          });
          return { rows: await withGroups(page.rows, ctx), total: page.total };
        }),
    },
    ProjectConnection,
  ),
);

builder.objectField(GroupRef, 'projectsCount', (t) =>
  t.int({
    description: 'Count of projects directly in the group visible to the current user.',
    resolve: async (g, _a, ctx) =>
      (await ctx.services.projects.list(ctx.actor, { groupId: g.id, limit: 0, offset: 0 })).total,
  }),
);

/** A `sort` argument's key; anything else is refused with the values it takes. */
function sortKey(value: string | null | undefined): ProjectSortKey | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const key = value.toLowerCase();
  if (key in PROJECT_SORTS && key !== 'full_path_asc') return key as ProjectSortKey;
  throw new GraphQLError(`sort must be one of ${SORT_VALUES.join(', ')}`);
}
const SORT_VALUES = Object.keys(PROJECT_SORTS).filter((key) => key !== 'full_path_asc');

const ProjectSortEnum = builder.enumType('ProjectSort', {
  description: 'Values for sorting projects.',
  values: Object.fromEntries(
    SORT_VALUES.map((key) => [key.toUpperCase(), { value: key, description: `Ordered by ${key.replace(/_/g, ' ')}.` }]),
  ) as Record<string, { value: string }>,
});

builder.objectField(CurrentUserRef, 'contributedProjects', (t) =>
  t.connection(
    {
      type: ProjectRef,
      description:
        'Projects the user contributed to (opened, closed or commented on something there) that they may read.',
      args: {
        search: t.arg.string({
          required: false,
          description: 'Search query, which can be for the project name or path.',
        }),
        sort: t.arg({ type: ProjectSortEnum, required: false, description: 'Sort contributed projects.' }),
      },
      resolve: (_user, args, ctx) =>
        offsetConnection(args, async ({ limit, offset }) => {
          const page = await ctx.services.projects.list(ctx.actor, {
            search: args.search ?? undefined,
            contributed: true,
            sort: (args.sort as ProjectSortKey | null) ?? 'latest_activity_desc',
            limit,
            offset,
          });
          return { rows: await withGroups(page.rows, ctx), total: page.total };
        }),
    },
    ProjectConnection,
  ),
);

builder.queryFields((t) => ({
  project: t.field({
    type: ProjectRef,
    nullable: true,
    description: 'Find a project.',
    extensions: { ability: 'readProject' },
    args: {
      fullPath: t.arg.id({
        required: true,
        description: 'Full path of the project. For example, `gitlab-org/gitlab-foss`.',
      }),
    },
    resolve: async (_root, args, ctx) => (await ctx.services.projects.find(ctx.actor, String(args.fullPath))) ?? null,
  }),
  projects: t.connection(
    {
      type: ProjectRef,
      description: 'Find projects visible to the current user.',
      extensions: { ability: 'readProject' },
      args: {
        search: t.arg.string({
          required: false,
          description: 'Search query, which can be for the project name or path.',
        }),
        membership: t.arg.boolean({
          required: false,
          description: 'Return only projects that the current user is a member of.',
        }),
        sort: t.arg.string({
          required: false,
          description:
            'Sort order of results: `name_asc`, `name_desc`, `created_desc`, `created_asc`, `latest_activity_desc` or `latest_activity_asc` (by full path when not given).',
        }),
      },
      resolve: (_root, args, ctx) =>
        offsetConnection(args, async ({ limit, offset }) => {
          const page = await ctx.services.projects.list(ctx.actor, {
            search: args.search ?? undefined,
            membership: args.membership ?? false,
            sort: sortKey(args.sort),
            limit,
            offset,
          });
          return { rows: await withGroups(page.rows, ctx), total: page.total };
        }),
    },
    ProjectConnection,
  ),
}));

builder.relayMutationField(
  'projectCreate',
  {
    inputFields: (t) => ({
      name: t.string({ required: true, description: 'Name of the project.' }),
      path: t.string({ required: true, description: 'Path of the project.' }),
      groupId: t.id({ required: true, description: 'Global ID of the group the project belongs to.' }),
      visibility: t.string({ required: false, description: 'Visibility: private, internal or public.' }),
      description: t.string({ required: false, description: 'Description of the project.' }),
    }),
  },
  {
    description: 'Creates a project in a group.',
    extensions: { ability: 'createProjects' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => ({
          project: await ctx.services.projects.create(ctx.actor, {
            ...input,
            groupId: fromGlobalId(String(input.groupId), 'Group'),
          }),
        }),
        { project: null },
      ),
  },
  mutationPayload({ project: { type: ProjectRef, description: 'Project after mutation.' } }),
);
