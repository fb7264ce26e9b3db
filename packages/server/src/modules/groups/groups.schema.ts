import { GROUP_ABILITIES, visibilityName } from '@milepost/shared';
import type { GroupRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { groupsRepository } from './groups.repository.ts';

export const GroupRef = builder.loadableObject('Group', {
  description: 'A group: it holds subgroups, projects, epics, milestones and labels.',
  load: async (ids: number[], ctx) => {
    const rows = await groupsRepository(ctx.db).findByIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? new Error(`Group ${id} not found`));
  },
  sort: (g) => g.id,
  fields: () => ({}),
});

export const GroupPermissionsRef = permissionsType<GroupRow>('GroupPermissions', GROUP_ABILITIES, (group) => ({
  type: 'Group',
  group,
}));

export const GroupConnection = builder.connectionObject(
  { type: GroupRef, name: 'GroupConnection' },
  { name: 'GroupEdge' },
);
builder.objectField(GroupConnection, 'count', (t) =>
  t.int({ description: 'Total count of collection.', resolve: (c) => (c as unknown as { count: number }).count }),
);

export const NamespaceRef = builder.objectRef<GroupRow>('Namespace').implement({
  description: 'A namespace: the group that owns a path.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the namespace.', resolve: (g) => toGlobalId('Namespace', g.id) }),
    name: t.exposeString('name', { description: 'Name of the namespace.' }),
    path: t.exposeString('path', { description: 'Path of the namespace.' }),
    fullPath: t.exposeString('fullPath', { description: 'Full path of the namespace.' }),
    fullName: t.string({ description: 'Full name of the namespace.', resolve: (g, _a, ctx) => fullName(g, ctx) }),
    visibility: t.string({
      description: 'Visibility of the namespace.',
      resolve: (g) => visibilityName(g.visibilityLevel),
    }),
    description: t.exposeString('description', { description: 'Description of the namespace.' }),
    webUrl: t.string({
      description: 'Web URL of the namespace.',
      resolve: (g, _a, ctx) => `${ctx.config.externalUrl}/${g.fullPath}`,
    }),
  }),
});

async function fullName(group: GroupRow, ctx: Parameters<typeof GroupRef.getDataloader>[0]): Promise<string> {
  const loader = GroupRef.getDataloader(ctx);
  const chain = await Promise.all(group.traversalIds.map((id) => (id === group.id ? group : loader.load(id))));
  return chain.map((g) => g.name).join(' / ');
}

builder.objectFields(GroupRef, (t) => ({
  id: t.id({ description: 'ID of the group.', resolve: (g) => toGlobalId('Group', g.id) }),
  name: t.exposeString('name', { description: 'Name of the group.' }),
  path: t.exposeString('path', { description: 'Path of the group.' }),
  fullPath: t.exposeString('fullPath', { description: 'Full path of the group.' }),
  fullName: t.string({ description: 'Full name of the group.', resolve: (g, _a, ctx) => fullName(g, ctx) }),
  description: t.exposeString('description', { description: 'Description of the group.' }),
  visibility: t.string({
    description: 'Visibility of the group: private, internal or public.',
    resolve: (g) => visibilityName(g.visibilityLevel),
  }),
  avatarUrl: t.exposeString('avatarUrl', {
    nullable: true,
    description: 'Avatar URL of the group (its path on this server for an uploaded avatar).',
  }),
  webPath: t.string({ description: 'Web path of the group.', resolve: (g) => `/${g.fullPath}` }),
  webUrl: t.string({
    description: 'Web URL of the group.',
    resolve: (g, _a, ctx) => `${ctx.config.externalUrl}/${g.fullPath}`,
  }),
  createdAt: t.field({ type: 'Time', description: 'Timestamp of the group creation.', resolve: (g) => g.createdAt }),
  updatedAt: t.field({ type: 'Time', description: 'Timestamp of the last update.', resolve: (g) => g.updatedAt }),
  parent: t.field({
    type: GroupRef,
    nullable: true,
    description: 'Parent group.',
    resolve: async (g, _a, ctx) => {
      if (g.parentId === null) return null;
      const parent = await GroupRef.getDataloader(ctx).load(g.parentId);
      return (await ctx.can('readGroup', { type: 'Group', group: parent })) ? parent : null;
    },
  }),
  ancestors: t.field({
    type: [GroupRef],
    description:
      "Milepost: the group's ancestor groups you may read, from the top-level group down, without the group itself (the breadcrumbs' avatars).",
    resolve: async (g, _a, ctx) => {
      const loader = GroupRef.getDataloader(ctx);
      const chain = await Promise.all(g.traversalIds.filter((id) => id !== g.id).map((id) => loader.load(id)));
      const readable = await Promise.all(chain.map((group) => ctx.can('readGroup', { type: 'Group', group })));
      return chain.filter((_, index) => readable[index]);
    },
  }),
  userPermissions: t.field({
    type: GroupPermissionsRef,
    description: 'Permissions for the current user on the resource.',
    resolve: (g) => g,
  }),
  descendantGroups: t.connection(
    {
      type: GroupRef,
      description: 'List of descendant groups of this group.',
      args: {
        includeParentDescendants: t.arg.boolean({
          required: false,
          defaultValue: true,
          description: 'List of descendant groups of the parent group.',
        }),
        search: t.arg.string({ required: false, description: 'Search query for group name or group full path.' }),
      },
      resolve: (g, args, ctx) =>
        offsetConnection(args, ({ limit, offset }) =>
          ctx.services.groups.list(ctx.actor, {
            search: args.search ?? undefined,
            ...(args.includeParentDescendants === false ? { parentId: g.id } : { descendantOf: g.id }),
            limit,
            offset,
          }),
        ),
    },
    GroupConnection,
  ),
  descendantGroupsCount: t.int({
    description: 'Count of direct subgroups visible to the current user.',
    resolve: async (g, _a, ctx) =>
      (await ctx.services.groups.list(ctx.actor, { parentId: g.id, limit: 0, offset: 0 })).total,
  }),
}));

builder.queryFields((t) => ({
  group: t.field({
    type: GroupRef,
    nullable: true,
    description: 'Find a group.',
    extensions: { ability: 'readGroup' },
    args: {
      fullPath: t.arg.id({
        required: true,
        description: 'Full path of the group. For example, `gitlab-org/gitlab-foss`.',
      }),
    },
    resolve: async (_root, args, ctx) => (await ctx.services.groups.find(ctx.actor, String(args.fullPath))) ?? null,
  }),
  namespace: t.field({
    type: NamespaceRef,
    nullable: true,
    description: 'Find a namespace.',
    extensions: { ability: 'readGroup' },
    args: { fullPath: t.arg.id({ required: true, description: 'Full path of the namespace.' }) },
    resolve: async (_root, args, ctx) => (await ctx.services.groups.find(ctx.actor, String(args.fullPath))) ?? null,
  }),
  groups: t.connection(
    {
      type: GroupRef,
      description: 'Find groups visible to the current user.',
      extensions: { ability: 'readGroup' },
      args: {
        search: t.arg.string({ required: false, description: 'Search query for group name or group full path.' }),
        topLevelOnly: t.arg.boolean({ required: false, description: 'Only include top-level groups.' }),
      },
      resolve: (_root, args, ctx) =>
        offsetConnection(args, ({ limit, offset }) =>
          ctx.services.groups.list(ctx.actor, {
            search: args.search ?? undefined,
            topLevelOnly: args.topLevelOnly ?? false,
            limit,
            offset,
          }),
        ),
    },
    GroupConnection,
  ),
}));

const VisibilityArg = { required: false, description: 'Visibility: private, internal or public.' } as const;

builder.relayMutationField(
  'groupCreate',
  {
    inputFields: (t) => ({
      name: t.string({ required: true, description: 'Name of the group.' }),
      path: t.string({ required: true, description: 'Path of the group.' }),
      parentId: t.id({ required: false, description: 'Global ID of the parent group, for a subgroup.' }),
      visibility: t.string(VisibilityArg),
      description: t.string({ required: false, description: 'Description of the group.' }),
    }),
  },
  {
    description: 'Creates a group or subgroup.',
    extensions: { ability: 'createGroup / createSubgroup' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => ({
          group: await ctx.services.groups.create(ctx.actor, {
            ...input,
            parentId: input.parentId ? fromGlobalId(String(input.parentId), 'Group') : null,
          }),
        }),
        { group: null },
      ),
  },
  mutationPayload({ group: { type: GroupRef, description: 'Group after mutation.' } }),
);

builder.relayMutationField(
  'groupUpdate',
  {
    inputFields: (t) => ({
      fullPath: t.id({ required: true, description: 'Full path of the group that will be updated.' }),
      name: t.string({ required: false, description: 'Name of the group.' }),
      path: t.string({ required: false, description: 'Path of the group.' }),
      visibility: t.string(VisibilityArg),
      description: t.string({ required: false, description: 'Description of the group.' }),
    }),
  },
  {
    description: 'Updates a group.',
    extensions: { ability: 'adminGroup' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const group = await ctx.services.groups.get(ctx.actor, String(input.fullPath));
          const { fullPath: _ignored, ...changes } = input;
          const cleaned = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null && v !== undefined));
          return { group: await ctx.services.groups.update(ctx.actor, group, cleaned) };
        },
        { group: null },
      ),
  },
  mutationPayload({ group: { type: GroupRef, description: 'Group after update.' } }),
);
