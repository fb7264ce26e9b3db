import type { PersonalAccessTokenRow, UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { GroupConnection, GroupRef } from '../groups/groups.schema.ts';
import { UserCoreRef, userWebPath } from '../users/users.schema.ts';

export const PersonalAccessTokenRef = builder.objectRef<PersonalAccessTokenRow>('PersonalAccessToken').implement({
  description: 'A personal access token (its secret is shown only once, at creation).',
  fields: (t) => ({
    id: t.id({ description: 'ID of the token.', resolve: (p) => toGlobalId('PersonalAccessToken', p.id) }),
    name: t.exposeString('name', { description: 'Name of the token.' }),
    scopes: t.exposeStringList('scopes', { description: 'Scopes of the token.' }),
    revoked: t.exposeBoolean('revoked', { description: 'Whether the token was revoked.' }),
    active: t.boolean({
      description: 'Whether the token can be used: not revoked and not expired.',
      resolve: (p) => !p.revoked && (p.expiresAt === null || p.expiresAt >= new Date().toISOString().slice(0, 10)),
    }),
    createdAt: t.field({ type: 'Time', description: 'When the token was created.', resolve: (p) => p.createdAt }),
    expiresAt: t.field({
      type: 'Date',
      nullable: true,
      description: 'When the token expires.',
      resolve: (p) => p.expiresAt,
    }),
    lastUsedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'When the token was last used.',
      resolve: (p) => p.lastUsedAt,
    }),
  }),
});

export const CurrentUserRef = builder.objectRef<UserRow>('CurrentUser').implement({
  description: 'The signed-in user.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the user.', resolve: (u) => toGlobalId('User', u.id) }),
    username: t.exposeString('username', { description: 'Username of the user.' }),
    name: t.exposeString('name', { description: 'Human-readable name of the user.' }),
    email: t.exposeString('email', { description: 'Email address of the user.' }),
    state: t.exposeString('state', { description: 'State of the user.' }),
    admin: t.exposeBoolean('admin', { description: 'Whether the user is an administrator.' }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: "URL of the user's avatar." }),
    webPath: t.string({ description: 'Web path of the user.', resolve: (u) => userWebPath(u) }),
    webUrl: t.string({
      description: 'Web URL of the user.',
      resolve: (u, _a, ctx) => `${ctx.config.externalUrl}${userWebPath(u)}`,
    }),
    groups: t.connection(
      {
        type: GroupRef,
        description: 'Groups the user is a member of, directly or through a parent group.',
        args: { search: t.arg.string({ required: false, description: 'Search by group name or path.' }) },
        resolve: (_u, args, ctx) =>
          offsetConnection(args, ({ limit, offset }) =>
            ctx.services.groups.list(ctx.actor, { search: args.search ?? undefined, membership: true, limit, offset }),
          ),
      },
      GroupConnection,
    ),
    personalAccessTokens: t.field({
      type: [PersonalAccessTokenRef],
      description: "The user's personal access tokens, newest first.",
      resolve: (_u, _a, ctx) => ctx.services.auth.listPersonalTokens(ctx.actor),
    }),
  }),
});

builder.queryField('currentUser', (t) =>
  t.field({
    type: CurrentUserRef,
    nullable: true,
    description: 'Get information about current user.',
    extensions: { public: true },
    resolve: (_root, _args, ctx) => ctx.actor.user,
  }),
);

builder.relayMutationField(
  'personalAccessTokenCreate',
  {
    inputFields: (t) => ({
      name: t.string({ required: true, description: 'Name of the token.' }),
      scopes: t.stringList({ required: true, description: 'Scopes: api, read_api, read_user.' }),
      expiresAt: t.field({ type: 'Date', required: false, description: 'Expiration date of the token.' }),
    }),
  },
  {
    description: 'Creates a personal access token for the current user. The token is returned once.',
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const { token, row } = await ctx.services.auth.createPersonalToken(ctx.actor, ctx.actor.user?.id ?? 0, input);
          return { token, personalAccessToken: row };
        },
        { token: null, personalAccessToken: null },
      ),
  },
  {
    outputFields: (t) => ({
      token: t.string({
        nullable: true,
        description: 'The token secret. It is not shown again.',
        resolve: (p) => p.token,
      }),
      personalAccessToken: t.field({
        type: PersonalAccessTokenRef,
        nullable: true,
        description: 'The created token.',
        resolve: (p) => p.personalAccessToken,
      }),
      errors: t.stringList({
        description: 'Errors encountered during execution of the mutation.',
        resolve: (p) => p.errors,
      }),
    }),
  },
);

builder.relayMutationField(
  'personalAccessTokenRevoke',
  { inputFields: (t) => ({ id: t.id({ required: true, description: 'Global ID of the token.' }) }) },
  {
    description: 'Revokes one of your personal access tokens.',
    extensions: { ability: 'self' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => {
        await ctx.services.auth.revokePersonalToken(ctx.actor, fromGlobalId(String(input.id), 'PersonalAccessToken'));
        return {};
      }, {}),
  },
  mutationPayload({}),
);

builder.relayMutationField(
  'userCreate',
  {
    inputFields: (t) => ({
      username: t.string({ required: true, description: 'Username.' }),
      name: t.string({ required: true, description: 'Name.' }),
      email: t.string({ required: true, description: 'Email address.' }),
      password: t.string({ required: true, description: 'Password (at least 8 characters).' }),
      admin: t.boolean({ required: false, description: 'Whether the user is an administrator.' }),
    }),
  },
  {
    description: 'Creates a user. Administrators only.',
    extensions: { ability: 'adminUser' },
    authScopes: { admin: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => ({ user: await ctx.services.users.create(ctx.actor, input) }), { user: null }),
  },
  mutationPayload({ user: { type: UserCoreRef, description: 'The created user.' } }),
);
