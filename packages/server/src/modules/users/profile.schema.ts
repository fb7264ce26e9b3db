/** The profile page's fields on `UserCore`: groups and recent activity the viewer may see. */
import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import type { ActivityRow } from './profile.repository.ts';
import { PROFILE_LIST_MAX } from './profile.service.ts';
import { UserCoreRef } from './users.schema.ts';

const UserActivityRef = builder.objectRef<ActivityRow>('UserActivity').implement({
  description: "One item of a user's recent activity: an issue or epic they opened or commented on.",
  fields: (t) => ({
    id: t.id({
      description: 'Stable ID of the item (action, target type and target).',
      resolve: (a) =>
        `${a.action === 'opened' ? 'opened' : 'commented'}-${toGlobalId(a.targetType, a.targetId)}-${a.createdAt.getTime()}`,
    }),
    action: t.exposeString('action', { description: "What the user did: 'opened' or 'commented on'." }),
    targetType: t.exposeString('targetType', { description: 'Type of the target: Issue or Epic.' }),
    targetTitle: t.exposeString('title', { description: 'Title of the target.' }),
    targetReference: t.string({
      description: 'Reference of the target: `path#iid` for issues, `path&iid` for epics.',
      resolve: (a) => `${a.containerPath}${a.targetType === 'Issue' ? '#' : '&'}${a.iid}`,
    }),
    targetWebPath: t.string({
      description: 'Web path of the target.',
      resolve: (a) =>
        a.targetType === 'Issue'
          ? `/${a.containerPath}/-/issues/${a.iid}`
          : `/groups/${a.containerPath}/-/epics/${a.iid}`,
    }),
    createdAt: t.field({ type: 'Time', description: 'When the user did it.', resolve: (a) => a.createdAt }),
  }),
});

builder.objectFields(UserCoreRef, (t) => ({
  bio: t.exposeString('bio', { description: 'Bio of the user.' }),
  createdAt: t.field({
    type: 'Time',
    description: 'Timestamp of when the user was created.',
    resolve: (u) => u.createdAt,
  }),
  profileGroups: t.field({
    type: [GroupRef],
    description: `Groups the user is a direct member of that the viewer may see, by name (at most ${PROFILE_LIST_MAX}).`,
    args: { first: t.arg.int({ required: false, description: `How many (1–${PROFILE_LIST_MAX}; default 20).` }) },
    resolve: (u, args, ctx) => ctx.services.profile.groups(ctx.actor, u, args.first ?? 20),
  }),
  recentActivity: t.field({
    type: [UserActivityRef],
    description: `What the user recently opened and commented on, among what the viewer may read; newest first (at most ${PROFILE_LIST_MAX}).`,
    args: { first: t.arg.int({ required: false, description: `How many (1–${PROFILE_LIST_MAX}; default 20).` }) },
    resolve: (u, args, ctx) => ctx.services.profile.activity(ctx.actor, u, args.first ?? 20),
  }),
}));
