import { accessLocked } from '../../auth/lockout.ts';
import type { UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { usersRepository } from './users.repository.ts';

/** Web paths and URLs of a user's profile. */
export function userWebPath(user: Pick<UserRow, 'username'>): string {
  return `/${user.username}`;
}

export function avatarUrl(user: Pick<UserRow, 'avatarUrl'>): string | null {
  return user.avatarUrl;
}

export const UserCoreRef = builder.loadableObject('UserCore', {
  description: 'Core representation of a GitLab user.',
  load: async (ids: number[], ctx) => {
    const rows = await usersRepository(ctx.db).findByIds(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? new Error(`User ${id} not found`));
  },
  sort: (user) => user.id,
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the user.', resolve: (u) => toGlobalId('User', u.id) }),
    username: t.exposeString('username', { description: 'Username of the user. Unique within this instance.' }),
    name: t.exposeString('name', { description: 'Human-readable name of the user.' }),
    state: t.exposeString('state', { description: 'State of the user: active or blocked.' }),
    locked: t.boolean({
      description:
        "Whether too many failed sign-ins locked the user's account for now (REST's `locked`; not in GitLab's GraphQL).",
      resolve: (u) => accessLocked(u),
    }),
    avatarUrl: t.string({ nullable: true, description: "URL of the user's avatar.", resolve: (u) => avatarUrl(u) }),
    webPath: t.string({ description: 'Web path of the user.', resolve: (u) => userWebPath(u) }),
    webUrl: t.string({
      description: 'Web URL of the user.',
      resolve: (u, _a, ctx) => `${ctx.config.externalUrl}${userWebPath(u)}`,
    }),
  }),
});

export const UserCoreConnection = countedConnection(UserCoreRef, 'UserCore');

builder.queryFields((t) => ({
  users: t.connection(
    {
      type: UserCoreRef,
      description: 'Find users. Signed-out visitors and users see active users; administrators see all.',
      extensions: { ability: 'readUser' },
      args: {
        search: t.arg.string({ required: false, description: 'Query to search users by name, username, or email.' }),
        usernames: t.arg.stringList({ required: false, description: 'List of usernames.' }),
      },
      resolve: (_root, args, ctx) =>
        offsetConnection(args, async ({ limit, offset }) => {
          if (args.usernames?.length) {
            const found = await Promise.all(args.usernames.map((u) => usersRepository(ctx.db).findByUsername(u)));
            const rows = found.filter(
              (u): u is UserRow => !!u && (u.state === 'active' || ctx.actor.user?.admin === true),
            );
            return { rows: rows.slice(offset, offset + limit), total: rows.length };
          }
          return await ctx.services.users.list(ctx.actor, { search: args.search ?? undefined, limit, offset });
        }),
    },
    UserCoreConnection,
  ),
  user: t.field({
    type: UserCoreRef,
    nullable: true,
    description: 'Find a user by global id or username.',
    extensions: { ability: 'readUser' },
    args: {
      id: t.arg.id({ required: false, description: 'ID of the user.' }),
      username: t.arg.string({ required: false, description: 'Username of the user.' }),
    },
    resolve: async (_root, args, ctx) => {
      if (args.username) return (await usersRepository(ctx.db).findByUsername(args.username)) ?? null;
      const m = args.id ? /^gid:\/\/gitlab\/User\/(\d{1,15})$/.exec(String(args.id)) : null;
      return m ? ((await ctx.services.users.find(ctx.actor, Number(m[1]))) ?? null) : null;
    },
  }),
}));
