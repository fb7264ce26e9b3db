/** Drizzle's view of the tables created by the SQL files in ./migrations (the SQL is the source of truth). */
import { bigint, boolean, date, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: id(),
  username: text('username').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  avatarUrl: text('avatar_url'),
  state: text('state', { enum: ['active', 'blocked', 'deactivated'] })
    .notNull()
    .default('active'),
  admin: boolean('admin').notNull().default(false),
  passwordHash: text('password_hash'),
  bio: text('bio').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastSignInAt: ts('last_sign_in_at'),
  /** 0 Sunday, 1 Monday, 6 Saturday (migration 0005) */
  firstDayOfWeek: smallint('first_day_of_week').notNull().default(0),
  /** Failed sign-ins since the last success (GitLab's Devise lockable; migration 0008). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** When too many failed sign-ins locked the account, and until when (null: not locked). */
  lockedAt: ts('locked_at'),
  lockedUntil: ts('locked_until'),
  /** The activity filter on issues and epics: 0 all, 1 comments only, 2 history only (migration 0013). */
  issueNotesFilter: smallint('issue_notes_filter').notNull().default(0),
  epicNotesFilter: smallint('epic_notes_filter').notNull().default(0),
  /** The activity list's order: oldest (`asc`) or newest (`desc`) first. */
  notesSort: text('notes_sort', { enum: ['asc', 'desc'] })
    .notNull()
    .default('asc'),
  /** The default text editor: 0 not set, 1 plain text, 2 rich text (GitLab's `text_editor_type`; migration 0022). */
  textEditorType: smallint('text_editor_type').notNull().default(0),
  /** Shown on the profile and in the API instead of the private email (migration 0021). */
  publicEmail: text('public_email'),
  projectsLimit: integer('projects_limit').notNull().default(100000),
  /** 'ghost': the Ghost User who keeps deleted users' contributions. */
  userType: text('user_type', { enum: ['human', 'ghost'] })
    .notNull()
    .default('human'),
  resetPasswordTokenDigest: text('reset_password_token_digest'),
  resetPasswordSentAt: ts('reset_password_sent_at'),
  /** A new email waiting for its confirmation link (Devise's reconfirmable; migration 0028). */
  unconfirmedEmail: text('unconfirmed_email'),
  confirmationTokenDigest: text('confirmation_token_digest'),
  confirmationSentAt: ts('confirmation_sent_at'),
  /** Display preferences (migration 0025): colour theme, IANA time zone (null: the browser's), date format. */
  theme: text('theme', { enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('light'),
  timeZone: text('time_zone'),
  dateFormat: text('date_format', { enum: ['mdy', 'dmy', 'iso'] })
    .notNull()
    .default('mdy'),
});

export const routes = pgTable('routes', {
  id: id(),
  path: text('path').notNull(),
  sourceType: text('source_type', { enum: ['Namespace', 'Project'] }).notNull(),
  sourceId: ref('source_id').notNull(),
});

export const groups = pgTable('groups', {
  id: id(),
  parentId: ref('parent_id'),
  traversalIds: bigint('traversal_ids', { mode: 'number' }).array().notNull(),
  name: text('name').notNull(),
  path: text('path').notNull(),
  fullPath: text('full_path').notNull(),
  description: text('description').notNull().default(''),
  visibilityLevel: smallint('visibility_level').notNull().default(0),
  avatarUrl: text('avatar_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const projects = pgTable('projects', {
  id: id(),
  groupId: ref('group_id').notNull(),
  name: text('name').notNull(),
  path: text('path').notNull(),
  fullPath: text('full_path').notNull(),
  description: text('description').notNull().default(''),
  visibilityLevel: smallint('visibility_level').notNull().default(0),
  /** The uploaded avatar's path (migration 0032); null: the name's initial. */
  avatarUrl: text('avatar_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
});

export const members = pgTable('members', {
  id: id(),
  sourceType: text('source_type', { enum: ['Namespace', 'Project'] }).notNull(),
  sourceId: ref('source_id').notNull(),
  userId: ref('user_id').notNull(),
  accessLevel: smallint('access_level').notNull(),
  createdById: ref('created_by_id'),
  expiresAt: date('expires_at', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: ref('user_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const personalAccessTokens = pgTable('personal_access_tokens', {
  id: id(),
  userId: ref('user_id').notNull(),
  name: text('name').notNull(),
  tokenDigest: text('token_digest').notNull(),
  scopes: text('scopes').array().notNull(),
  revoked: boolean('revoked').notNull().default(false),
  expiresAt: date('expires_at', { mode: 'string' }),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const oauthAccessTokens = pgTable('oauth_access_tokens', {
  id: id(),
  userId: ref('user_id').notNull(),
  tokenDigest: text('token_digest').notNull(),
  scopes: text('scopes').array().notNull(),
  expiresIn: integer('expires_in').notNull(),
  revoked: boolean('revoked').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Abuse reports (migration 0006): a reporter reports a user to the administrators. */
export const abuseReports = pgTable('abuse_reports', {
  id: id(),
  reporterId: ref('reporter_id').notNull(),
  userId: ref('user_id').notNull(),
  category: text('category', {
    enum: ['spam', 'offensive', 'phishing', 'crypto', 'credentials', 'copyright', 'malware', 'other'],
  }).notNull(),
  status: text('status', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  message: text('message').notNull(),
  reportedFromUrl: text('reported_from_url').notNull().default(''),
  linksToSpam: text('links_to_spam').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type PersonalAccessTokenRow = typeof personalAccessTokens.$inferSelect;
export type AbuseReportRow = typeof abuseReports.$inferSelect;
export * from './schema-notes.ts';
export * from './schema-planning.ts';
export * from './schema-settings.ts';
export * from './schema-time-tracking.ts';
export * from './schema-todos.ts';
