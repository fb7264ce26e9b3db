import { ACCESS_LEVEL_ENUM, ACCESS_LEVEL_NAMES, type MemberAccessLevel } from '@milepost/shared';
import type { MemberRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { runMutation } from '../../graphql/mutation.ts';
import { type ConnectionArgs, offsetConnection } from '../../graphql/pagination.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import { ProjectRef, withGroups } from '../projects/projects.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import type { MemberSource } from './members.service.ts';

type Member = MemberRow & { inherited?: boolean };

export const AccessLevelEnum = builder.enumType('AccessLevelEnum', {
  description: 'Access level to a resource.',
  values: Object.fromEntries(
    Object.entries(ACCESS_LEVEL_ENUM).map(([level, name]) => [
      name,
      { value: Number(level), description: `${name} access.` },
    ]),
  ),
});

const AccessLevelRef = builder.objectRef<number>('AccessLevel').implement({
  description: 'Represents the access level of a relationship between a user and a group or project.',
  fields: (t) => ({
    integerValue: t.int({ description: 'Integer representation of access level.', resolve: (l) => l }),
    stringValue: t.string({
      description: 'String representation of access level.',
      resolve: (l) => ACCESS_LEVEL_ENUM[l as 0],
    }),
    humanAccess: t.string({
      description: 'Human-readable display name for the access level.',
      resolve: (l) => ACCESS_LEVEL_NAMES[l as MemberAccessLevel] ?? 'No access',
    }),
  }),
});

const MemberRelationEnum = builder.enumType('GroupMemberRelation', {
  description: 'Group member relation.',
  values: {
    DIRECT: { description: 'Members in the group itself.' },
    INHERITED: { description: "Members in the group's ancestor groups." },
  } as const,
});

export const MemberInterfaceRef = builder.interfaceRef<Member>('MemberInterface').implement({
  description: 'A membership of a user in a group or project.',
  resolveType: (m) => (m.sourceType === 'Namespace' ? 'GroupMember' : 'ProjectMember'),
  fields: (t) => ({
    id: t.id({
      description: 'ID of the member.',
      resolve: (m) => toGlobalId(m.sourceType === 'Namespace' ? 'GroupMember' : 'ProjectMember', m.id),
    }),
    accessLevel: t.field({
      type: AccessLevelRef,
      description: 'Access level of the member.',
      resolve: (m) => m.accessLevel,
    }),
    user: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User that is associated with the member object.',
      resolve: (m) => m.userId,
    }),
    createdAt: t.field({
      type: 'Time',
      description: 'Date and time the membership was created.',
      resolve: (m) => m.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Date and time the membership was last updated.',
      resolve: (m) => m.updatedAt,
    }),
    expiresAt: t.field({
      type: 'Date',
      nullable: true,
      description: 'Date the membership expires.',
      resolve: (m) => m.expiresAt,
    }),
    inherited: t.boolean({
      description: 'Whether the membership comes from an ancestor group rather than this group or project.',
      resolve: (m) => m.inherited === true,
    }),
  }),
});

export const GroupMemberRef = builder.objectRef<Member>('GroupMember').implement({
  description: 'Represents a Group Membership.',
  interfaces: [MemberInterfaceRef],
  isTypeOf: (m) => (m as Member).sourceType === 'Namespace',
  fields: (t) => ({
    group: t.field({
      type: GroupRef,
      nullable: true,
      description: 'Group that a user is a member of.',
      resolve: async (m, _a, ctx) => {
        const group = await GroupRef.getDataloader(ctx).load(m.sourceId);
        return (await ctx.can('readGroup', { type: 'Group', group })) ? group : null;
      },
    }),
  }),
});

export const ProjectMemberRef = builder.objectRef<Member>('ProjectMember').implement({
  description: 'Represents a Project Membership.',
  interfaces: [MemberInterfaceRef],
  isTypeOf: (m) => (m as Member).sourceType === 'Project',
  fields: (t) => ({
    project: t.field({
      type: ProjectRef,
      nullable: true,
      description: 'Project that a user is a member of.',
      resolve: async (m, _a, ctx) => {
        const row = await projectsRepository(ctx.db).findById(m.sourceId);
        if (!row) return null;
        const [node] = await withGroups([row], ctx);
        return node && (await ctx.can('readProject', { type: 'Project', ...node })) ? node : null;
      },
    }),
  }),
});

const GroupMemberConnection = countedConnection(GroupMemberRef, 'GroupMember');
const MemberInterfaceConnection = countedConnection(MemberInterfaceRef, 'MemberInterface');

const memberArgs = (t: Parameters<Parameters<typeof builder.objectField>[2]>[0]) => ({
  relations: t.arg({
    type: [MemberRelationEnum],
    required: false,
    description: 'Filter members by the given member relations.',
  }),
  search: t.arg.string({ required: false, description: 'Search query.' }),
});

function listMembers(
  ctx: GraphQLContext,
  source: MemberSource,
  args: ConnectionArgs & { relations?: readonly string[] | null; search?: string | null },
) {
  const relations = args.relations?.length ? args.relations : ['DIRECT', 'INHERITED'];
  return offsetConnection<Member>(args, ({ limit, offset }) =>
    ctx.services.members.list(ctx.actor, source, {
      direct: relations.includes('DIRECT'),
      inherited: relations.includes('INHERITED'),
      search: args.search ?? undefined,
      limit,
      offset,
    }),
  );
}

builder.objectField(GroupRef, 'groupMembers', (t) =>
  t.connection(
    {
      type: GroupMemberRef,
      description: 'A membership of a user within this group.',
      args: memberArgs(t),
      resolve: (group, args, ctx) => listMembers(ctx, { type: 'Group', group }, args),
    },
    GroupMemberConnection,
  ),
);

builder.objectField(ProjectRef, 'projectMembers', (t) =>
  t.connection(
    {
      type: MemberInterfaceRef,
      description: 'Members of the project.',
      args: memberArgs(t),
      resolve: (p, args, ctx) => listMembers(ctx, { type: 'Project', ...p }, args),
    },
    MemberInterfaceConnection,
  ),
);

/** Finds the group or project a member row belongs to, if the actor may read it. */
async function sourceOf(ctx: GraphQLContext, member: MemberRow): Promise<MemberSource> {
  if (member.sourceType === 'Namespace') {
    return { type: 'Group', group: await ctx.services.groups.get(ctx.actor, member.sourceId) };
  }
  return { type: 'Project', ...(await ctx.services.projects.get(ctx.actor, member.sourceId)) };
}

async function memberByGid(ctx: GraphQLContext, gid: string, type: 'GroupMember' | 'ProjectMember') {
  const member = await ctx.services.members.findById(fromGlobalId(gid, type));
  if (!member || member.sourceType !== (type === 'GroupMember' ? 'Namespace' : 'Project')) throw new NotFoundError();
  return { member, source: await sourceOf(ctx, member) };
}

const payloadFields = (ref: typeof GroupMemberRef, name: string) => ({
  outputFields: (t: Parameters<NonNullable<Parameters<typeof builder.relayMutationField>[3]>['outputFields']>[0]) => ({
    [name]: t.field({
      type: ref,
      nullable: true,
      description: 'Member after mutation.',
      resolve: (p) => (p as { member: Member | null }).member,
    }),
    errors: t.stringList({
      description: 'Errors encountered during execution of the mutation.',
      resolve: (p) => (p as { errors: string[] }).errors,
    }),
  }),
});

for (const kind of ['group', 'project'] as const) {
  const ref = kind === 'group' ? GroupMemberRef : ProjectMemberRef;
  const memberType = kind === 'group' ? 'GroupMember' : 'ProjectMember';
  const ability = kind === 'group' ? 'adminGroupMember' : 'adminProjectMember';
  const source = async (ctx: GraphQLContext, gid: string): Promise<MemberSource> =>
    kind === 'group'
      ? { type: 'Group', group: await ctx.services.groups.get(ctx.actor, fromGlobalId(gid, 'Group')) }
      : { type: 'Project', ...(await ctx.services.projects.get(ctx.actor, fromGlobalId(gid, 'Project'))) };

  builder.relayMutationField(
    `${kind}MemberCreate`,
    {
      inputFields: (t) => ({
        [`${kind}Id`]: t.id({ required: true, description: `Global ID of the ${kind}.` }),
        userId: t.id({ required: true, description: 'Global ID of the user.' }),
        accessLevel: t.field({ type: AccessLevelEnum, required: true, description: 'Access level of the new member.' }),
        expiresAt: t.field({ type: 'Date', required: false, description: 'Date the membership expires.' }),
      }),
    },
    {
      description: `Adds a user to a ${kind}.`,
      extensions: { ability },
      authScopes: { signedIn: true },
      resolve: (_root, { input }, ctx) =>
        runMutation(
          async () => ({
            member: await ctx.services.members.add(ctx.actor, await source(ctx, String(input[`${kind}Id`])), {
              userId: fromGlobalId(String(input.userId), 'User'),
              accessLevel: input.accessLevel,
              expiresAt: input.expiresAt,
            }),
          }),
          { member: null },
        ),
    },
    payloadFields(ref, `${kind}Member`),
  );

  builder.relayMutationField(
    `${kind}MemberUpdate`,
    {
      inputFields: (t) => ({
        id: t.id({ required: true, description: 'Global ID of the member.' }),
        accessLevel: t.field({ type: AccessLevelEnum, required: false, description: 'New access level.' }),
        expiresAt: t.field({ type: 'Date', required: false, description: 'Date the membership expires.' }),
      }),
    },
    {
      description: `Changes a member's role in a ${kind}.`,
      extensions: { ability },
      authScopes: { signedIn: true },
      resolve: (_root, { input }, ctx) =>
        runMutation(
          async () => {
            const { member, source: src } = await memberByGid(ctx, String(input.id), memberType);
            return {
              member: await ctx.services.members.update(ctx.actor, src, member, {
                accessLevel: input.accessLevel ?? undefined,
                expiresAt: input.expiresAt,
              }),
            };
          },
          { member: null },
        ),
    },
    payloadFields(ref, `${kind}Member`),
  );

  builder.relayMutationField(
    `${kind}MemberDelete`,
    { inputFields: (t) => ({ id: t.id({ required: true, description: 'Global ID of the member.' }) }) },
    {
      description: `Removes a member from a ${kind}.`,
      extensions: { ability },
      authScopes: { signedIn: true },
      resolve: (_root, { input }, ctx) =>
        runMutation(
          async () => {
            const { member, source: src } = await memberByGid(ctx, String(input.id), memberType);
            await ctx.services.members.remove(ctx.actor, src, member);
            return { member };
          },
          { member: null },
        ),
    },
    payloadFields(ref, `${kind}Member`),
  );
}
