/** Drizzle's view of the planning tables (0002_planning.sql is the source of truth). */
import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const internalIds = pgTable(
  'internal_ids',
  {
    usage: text('usage', { enum: ['epics', 'issues', 'group_milestones', 'project_milestones'] }).notNull(),
    scopeId: ref('scope_id').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usage, t.scopeId] })],
);

export const labels = pgTable('labels', {
  id: id(),
  groupId: ref('group_id'),
  projectId: ref('project_id'),
  title: text('title').notNull(),
  color: text('color').notNull(),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const milestones = pgTable('milestones', {
  id: id(),
  iid: integer('iid').notNull(),
  groupId: ref('group_id'),
  projectId: ref('project_id'),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  state: text('state', { enum: ['active', 'closed'] })
    .notNull()
    .default('active'),
  startDate: day('start_date'),
  dueDate: day('due_date'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const epics = pgTable('epics', {
  id: id(),
  groupId: ref('group_id').notNull(),
  iid: integer('iid').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  state: text('state', { enum: ['opened', 'closed'] })
    .notNull()
    .default('opened'),
  closedAt: ts('closed_at'),
  closedById: ref('closed_by_id'),
  confidential: boolean('confidential').notNull().default(false),
  authorId: ref('author_id'),
  color: text('color').notNull().default('#1068bf'),
  parentId: ref('parent_id'),
  pathIds: bigint('path_ids', { mode: 'number' }).array().notNull(),
  relativePosition: integer('relative_position'),
  startDateIsFixed: boolean('start_date_is_fixed').notNull().default(false),
  startDateFixed: day('start_date_fixed'),
  dueDateIsFixed: boolean('due_date_is_fixed').notNull().default(false),
  dueDateFixed: day('due_date_fixed'),
  startDateFromMilestones: day('start_date_from_milestones'),
  dueDateFromMilestones: day('due_date_from_milestones'),
  startDateFromInheritedSource: day('start_date_from_inherited_source'),
  dueDateFromInheritedSource: day('due_date_from_inherited_source'),
  startDateSourcingMilestoneId: ref('start_date_sourcing_milestone_id'),
  dueDateSourcingMilestoneId: ref('due_date_sourcing_milestone_id'),
  startDateSourcingEpicId: ref('start_date_sourcing_epic_id'),
  dueDateSourcingEpicId: ref('due_date_sourcing_epic_id'),
  startDate: day('start_date'),
  dueDate: day('due_date'),
  lockVersion: integer('lock_version').notNull().default(0),
  /** GitLab's `imported_from`: 'none' unless an importer made it (migration 0018). */
  importedFrom: text('imported_from').notNull().default('none'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const issues = pgTable('issues', {
  id: id(),
  projectId: ref('project_id').notNull(),
  iid: integer('iid').notNull(),
  issueType: text('issue_type', { enum: ['issue', 'incident', 'task'] })
    .notNull()
    .default('issue'),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  state: text('state', { enum: ['opened', 'closed'] })
    .notNull()
    .default('opened'),
  reopenedAt: ts('reopened_at'),
  closedAt: ts('closed_at'),
  closedById: ref('closed_by_id'),
  confidential: boolean('confidential').notNull().default(false),
  authorId: ref('author_id'),
  milestoneId: ref('milestone_id'),
  weight: integer('weight'),
  dueDate: day('due_date'),
  healthStatus: text('health_status', { enum: ['on_track', 'needs_attention', 'at_risk'] }),
  /** seconds; 0 = no estimate (0012_time_tracking.sql) */
  timeEstimate: integer('time_estimate').notNull().default(0),
  discussionLocked: boolean('discussion_locked').notNull().default(false),
  lockVersion: integer('lock_version').notNull().default(0),
  relativePosition: integer('relative_position'),
  duplicatedToId: ref('duplicated_to_id'),
  movedToId: ref('moved_to_id'),
  promotedToEpicId: ref('promoted_to_epic_id'),
  /** 'Submit as spam' (administrators): hidden from everyone else (migration 0011). */
  hidden: boolean('hidden').notNull().default(false),
  /** GitLab's `imported_from`: 'none' unless an importer made it (migration 0018). */
  importedFrom: text('imported_from').notNull().default('none'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastEditedAt: ts('last_edited_at'),
  lastEditedById: ref('last_edited_by_id'),
});

export const issueAssignees = pgTable(
  'issue_assignees',
  { issueId: ref('issue_id').notNull(), userId: ref('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] })],
);

export const epicLabels = pgTable(
  'epic_labels',
  { epicId: ref('epic_id').notNull(), labelId: ref('label_id').notNull() },
  (t) => [primaryKey({ columns: [t.epicId, t.labelId] })],
);

export const issueLabels = pgTable(
  'issue_labels',
  { issueId: ref('issue_id').notNull(), labelId: ref('label_id').notNull() },
  (t) => [primaryKey({ columns: [t.issueId, t.labelId] })],
);

export const epicIssues = pgTable('epic_issues', {
  id: id(),
  epicId: ref('epic_id').notNull(),
  issueId: ref('issue_id').notNull(),
  relativePosition: integer('relative_position'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

const linkColumns = () => ({
  id: id(),
  sourceId: ref('source_id').notNull(),
  targetId: ref('target_id').notNull(),
  linkType: text('link_type', { enum: ['relates_to', 'blocks'] })
    .notNull()
    .default('relates_to'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export const issueLinks = pgTable('issue_links', linkColumns());
export const epicLinks = pgTable('epic_links', linkColumns());

export const awardEmoji = pgTable('award_emoji', {
  id: id(),
  name: text('name').notNull(),
  userId: ref('user_id').notNull(),
  awardableType: text('awardable_type', { enum: ['Epic', 'Issue', 'Note'] }).notNull(),
  awardableId: ref('awardable_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: ref('user_id').notNull(),
    subscribableType: text('subscribable_type', { enum: ['Epic', 'Issue', 'Label'] }).notNull(),
    subscribableId: ref('subscribable_id').notNull(),
    subscribed: boolean('subscribed').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscribableType, t.subscribableId, t.userId] })],
);

/** Description templates of a project or a group (exactly one; migration 0011). */
export const issueTemplates = pgTable('issue_templates', {
  id: id(),
  groupId: ref('group_id'),
  projectId: ref('project_id'),
  name: text('name').notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type IssueTemplateRow = typeof issueTemplates.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type EpicRow = typeof epics.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;
export type EpicIssueRow = typeof epicIssues.$inferSelect;
