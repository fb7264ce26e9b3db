/** An event of the activity feed (migration 0024), with what the feed shows of its target read live. */
export const EVENT_ACTIONS = ['created', 'closed', 'reopened', 'commented'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
export const EVENT_TARGET_TYPES = ['Issue', 'Epic', 'Note', 'Milestone'] as const;
export type EventTargetType = (typeof EVENT_TARGET_TYPES)[number];

/** An event to record: the target's keys, and where it happened. */
export type NewEvent = {
  authorId: number;
  action: EventAction;
  targetType: EventTargetType;
  issueId?: number | null;
  epicId?: number | null;
  noteId?: number | null;
  milestoneId?: number | null;
  projectId?: number | null;
  groupId?: number | null;
  internal?: boolean;
  createdAt?: Date;
};

export type EventRow = {
  id: number;
  authorId: number;
  action: EventAction;
  targetType: EventTargetType;
  issueId: number | null;
  epicId: number | null;
  noteId: number | null;
  milestoneId: number | null;
  projectId: number | null;
  groupId: number | null;
  createdAt: Date;
  /** The issue's, epic's or milestone's title and iid now. */
  targetTitle: string;
  targetIid: number;
  /** The comment's text (comments only). */
  noteBody: string | null;
  /** The project's or group's full path and full name ('Acme / Platform'). */
  parentFullPath: string;
  parentName: string;
};

/** The feed's scopes: events by the reader ('Your activity'), or in the reader's groups and projects ('Your projects'). */
export type EventScope = 'own' | 'memberships';
/** The feed's filters (GitLab's activity tabs that Milepost has). */
export type EventFilter = 'all' | 'issue' | 'epic' | 'comments' | 'milestone';
