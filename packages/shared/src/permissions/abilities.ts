/**
 * The one list of ability names. The server's policy module decides each of them; the web reads
 * them from `userPermissions` and never re-derives them from roles.
 */
export const USER_ABILITIES = ['readUser', 'adminUser'] as const;

export const GROUP_ABILITIES = [
  'readGroup',
  'adminGroup',
  'adminGroupMember',
  'createSubgroup',
  'createProjects',
  'readGroupMember',
  'removeGroup',
  'createEpic',
  'readIteration',
  'adminIteration',
  'adminIterationCadence',
  'adminIssueTemplate',
  'adminIssue',
  'adminLabel',
  'adminMilestone',
] as const;

export const PROJECT_ABILITIES = [
  'readProject',
  // Opening incidents and turning issues into incidents (GitLab's `create_incident`: Reporter+).
  'createIncident',
  'adminProject',
  'adminProjectMember',
  'readProjectMember',
  'removeProject',
  'createIssue',
  'adminIssueTemplate',
  'adminIssue',
  'adminLabel',
  'adminMilestone',
] as const;

export type UserAbility = (typeof USER_ABILITIES)[number];
export type GroupAbility = (typeof GROUP_ABILITIES)[number];
export type ProjectAbility = (typeof PROJECT_ABILITIES)[number];
export type Ability =
  | UserAbility
  | GroupAbility
  | ProjectAbility
  | PlanningAbility
  | AbuseReportAbility
  | NoteAbility
  | UploadAbility
  | 'createGroup'
  | 'readAdminArea';

/** Attaching files to a group's or project's descriptions and comments, and reading them back. */
export type UploadAbility = 'uploadFile' | 'readUpload';

/** Reporting a user to the administrators (on the reported user), and reading the reports (global). */
export type AbuseReportAbility = 'createAbuseReport' | 'readAbuseReport';

export const EPIC_ABILITIES = [
  'readEpic',
  'readEpicIid',
  'updateEpic',
  'destroyEpic',
  'adminEpic',
  'createEpic',
  'createNote',
  'awardEmoji',
  'adminEpicRelation',
  'readEpicRelation',
  'markNoteAsInternal',
] as const;

export const ISSUE_ABILITIES = [
  'readIssue',
  'updateIssue',
  'adminIssue',
  'destroyIssue',
  'createNote',
  'adminIssueLink',
  'adminIssueRelation',
  'reopenIssue',
  'promoteToEpic',
  'reportSpam',
  'markNoteAsInternal',
  'awardEmoji',
] as const;

/**
 * GitLab's WorkItemPermissions (spec 001 §6): a work item is one of Milepost's issues (issue,
 * incident, task), so the policy answers these as the issue abilities they stand for.
 */
export const WORK_ITEM_ABILITIES = [
  'readWorkItem',
  'updateWorkItem',
  'deleteWorkItem',
  'adminParentLink',
  'setWorkItemMetadata',
  'createNote',
  'adminWorkItemLink',
] as const;

export type EpicAbility = (typeof EPIC_ABILITIES)[number];
export type WorkItemAbility = (typeof WORK_ITEM_ABILITIES)[number];
export type IssueAbility = (typeof ISSUE_ABILITIES)[number];
export type PlanningAbility =
  | EpicAbility
  | IssueAbility
  | WorkItemAbility
  | 'createIssue'
  | 'readLabel'
  | 'adminLabel'
  | 'readMilestone'
  | 'adminMilestone';

/** GitLab's NotePermissions, decided per note (replying is `createNote`). */
export const NOTE_ABILITIES = [
  'readNote',
  'createNote',
  'adminNote',
  'resolveNote',
  'awardEmoji',
  'repositionNote',
] as const;

/** Abilities on a noteable (issue or epic) that the note abilities build on. */
export type NoteAbility = (typeof NOTE_ABILITIES)[number] | 'readInternalNote' | 'markNoteAsInternal';
