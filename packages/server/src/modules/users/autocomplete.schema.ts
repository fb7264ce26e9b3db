import type { UserRow } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { avatarUrl, userWebPath } from './users.schema.ts';

export const AvailabilityEnum = builder.enumType('AvailabilityEnum', {
  description: 'User availability status.',
  values: {
    NOT_SET: { value: 'not_set', description: 'Not Set.' },
    BUSY: { value: 'busy', description: 'Busy.' },
  } as const,
});

/** A user's status message. Milepost has none yet, so `status` is always null; the type keeps GitLab's queries valid. */
export const UserStatusRef = builder.objectRef<{ availability: 'not_set' | 'busy'; message: string | null }>(
  'UserStatus',
);
UserStatusRef.implement({
  description: 'A user’s status: availability and message.',
  fields: (t) => ({
    availability: t.field({
      type: AvailabilityEnum,
      description: 'User availability status.',
      resolve: (s) => s.availability,
    }),
    message: t.string({ nullable: true, description: 'User status message.', resolve: (s) => s.message }),
  }),
});

export const AutocompletedUserRef = builder.objectRef<UserRow>('AutocompletedUser').implement({
  description: 'A user suggested by autocomplete: an active member of the group or project.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the user.', resolve: (u) => toGlobalId('User', u.id) }),
    username: t.exposeString('username', { description: 'Username of the user. Unique within this instance.' }),
    name: t.exposeString('name', { description: 'Human-readable name of the user.' }),
    state: t.exposeString('state', { description: 'State of the user.' }),
    avatarUrl: t.string({ nullable: true, description: "URL of the user's avatar.", resolve: (u) => avatarUrl(u) }),
    webPath: t.string({ description: 'Web path of the user.', resolve: (u) => userWebPath(u) }),
    status: t.field({
      type: UserStatusRef,
      nullable: true,
      description: 'User status (always null: Milepost has no user statuses yet).',
      resolve: () => null,
    }),
    webUrl: t.string({
      description: 'Web URL of the user.',
      resolve: (u, _a, ctx) => `${ctx.config.externalUrl}${userWebPath(u)}`,
    }),
  }),
});

const searchArg = {
  required: false,
  description: 'Query to search users by name, username, or public email.',
} as const;

builder.objectField(GroupRef, 'autocompleteUsers', (t) =>
  t.field({
    type: [AutocompletedUserRef],
    nullable: true,
    description: 'Active members of the group (including inherited members) for autocompletion, at most 20.',
    args: { search: t.arg.string(searchArg) },
    resolve: (group, args, ctx) =>
      ctx.services.autocomplete.users(ctx.actor, { group, search: args.search ?? undefined }),
  }),
);

builder.objectField(ProjectRef, 'autocompleteUsers', (t) =>
  t.field({
    type: [AutocompletedUserRef],
    nullable: true,
    description: 'Active members of the project (including its groups’ members) for autocompletion, at most 20.',
    args: { search: t.arg.string(searchArg) },
    resolve: (project, args, ctx) =>
      ctx.services.autocomplete.users(ctx.actor, { project, search: args.search ?? undefined }),
  }),
);
