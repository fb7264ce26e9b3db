/**
 * The activity feed in GraphQL: the `Event` type (GitLab's name; its action, author and time, and
 * what the feed shows of the target) and `CurrentUser.activity` (the reader's own events or those
 * in their groups and projects, filtered like GitLab's activity tabs, newest first, paged).
 */
import { builder } from '../../graphql/builder.ts';
import { countedConnection } from '../../graphql/connections.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { CurrentUserRef } from '../auth/auth.schema.ts';
import { UserCoreRef } from '../users/users.schema.ts';
import type { EVENT_ACTIONS, EventRow } from './events.types.ts';

export const EventActionEnum = builder.enumType('EventAction', {
  description: 'Event action (the ones Milepost records).',
  values: {
    CREATED: { value: 'created', description: 'Created action (an issue or epic opened, a milestone created).' },
    CLOSED: { value: 'closed', description: 'Closed action.' },
    REOPENED: { value: 'reopened', description: 'Reopened action.' },
    COMMENTED: { value: 'commented', description: 'Commented action.' },
  } as const satisfies Record<string, { value: (typeof EVENT_ACTIONS)[number]; description: string }>,
});

const EventScopeEnum = builder.enumType('EventScope', {
  description: "Whose events: the user's own, or everyone's in the groups and projects the user is a member of.",
  values: {
    OWN: { value: 'own', description: "The user's own events ('Your activity')." },
    MEMBERSHIPS: {
      value: 'memberships',
      description: "Events in the groups and projects the user is a member of ('Your projects').",
    },
  } as const,
});

const EventFilterEnum = builder.enumType('EventFilter', {
  description: 'Kind of events (the activity tabs).',
  values: {
    ALL: { value: 'all', description: 'Every event.' },
    ISSUE: { value: 'issue', description: 'Issues opened, closed and reopened.' },
    EPIC: { value: 'epic', description: 'Epics opened, closed and reopened.' },
    COMMENTS: { value: 'comments', description: 'Comments.' },
    MILESTONE: { value: 'milestone', description: 'Milestones created, closed and reactivated.' },
  } as const,
});

/** The page of the event's target (a comment's anchor on its issue or epic). */
export function eventTargetWebPath(e: EventRow): string {
  if (e.milestoneId !== null) {
    return e.groupId !== null
      ? `/groups/${e.parentFullPath}/-/milestones/${e.targetIid}`
      : `/${e.parentFullPath}/-/milestones/${e.targetIid}`;
  }
  const page =
    e.epicId !== null
      ? `/groups/${e.parentFullPath}/-/epics/${e.targetIid}`
      : `/${e.parentFullPath}/-/issues/${e.targetIid}`;
  return e.noteId !== null ? `${page}#note_${e.noteId}` : page;
}

export const EventRef = builder.objectRef<EventRow>('Event');
EventRef.implement({
  description: 'Representing an event.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the event.', resolve: (e) => toGlobalId('Event', e.id) }),
    action: t.field({ type: EventActionEnum, description: 'Action of the event.', resolve: (e) => e.action }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'Author of this event (null when the viewer may not see them).',
      resolve: (e) => e.authorId,
    }),
    createdAt: t.field({ type: 'Time', description: 'When the event was created.', resolve: (e) => e.createdAt }),
    targetType: t.string({
      description: 'Type of the target: Issue, Epic, Note (a comment on an issue or epic) or Milestone.',
      resolve: (e) => e.targetType,
    }),
    noteableType: t.string({
      nullable: true,
      description: 'For a comment: Issue or Epic, what was commented on.',
      resolve: (e) => (e.noteId === null ? null : e.epicId !== null ? 'Epic' : 'Issue'),
    }),
    targetTitle: t.string({ description: 'Title of the issue, epic or milestone.', resolve: (e) => e.targetTitle }),
    targetReference: t.string({
      description: 'Short reference of the target: #12 (issue), &3 (epic) or %"v1.0" (milestone).',
      resolve: (e) =>
        e.milestoneId !== null ? `%"${e.targetTitle}"` : e.epicId !== null ? `&${e.targetIid}` : `#${e.targetIid}`,
    }),
    targetWebPath: t.string({ description: 'Web path of the target.', resolve: (e) => eventTargetWebPath(e) }),
    noteBody: t.string({
      nullable: true,
      description: 'Text of the comment (its first 1,000 characters), for comments.',
      resolve: (e) => e.noteBody,
    }),
    resourceParentFullPath: t.string({
      description: 'Full path of the project or group where it happened.',
      resolve: (e) => e.parentFullPath,
    }),
    resourceParentWebPath: t.string({
      description: 'Web path of the project or group where it happened.',
      resolve: (e) => (e.groupId !== null ? `/groups/${e.parentFullPath}` : `/${e.parentFullPath}`),
    }),
  }),
});

const EventConnection = countedConnection(EventRef, 'Event', 'Total count of collection (counted up to 10,001).');

builder.objectField(CurrentUserRef, 'activity', (t) =>
  t.connection(
    {
      type: EventRef,
      description:
        "The user's activity feed, newest first: their own events, or those in their groups and projects; only events on things the user may read.",
      args: {
        scope: t.arg({
          type: EventScopeEnum,
          required: false,
          defaultValue: 'memberships',
          description: 'Whose events.',
        }),
        filter: t.arg({ type: EventFilterEnum, required: false, defaultValue: 'all', description: 'Kind of events.' }),
      },
      resolve: (_user, args, ctx) =>
        offsetConnection(args, (page) =>
          ctx.services.events.page(ctx.actor, args.scope ?? 'memberships', { filter: args.filter ?? 'all' }, page),
        ),
    },
    EventConnection,
  ),
);
