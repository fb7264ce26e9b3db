/** The instance settings row (migration 0025, decision 0038). */
import { boolean, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const visibility = { enum: ['private', 'internal', 'public'] } as const;

export const applicationSettings = pgTable('application_settings', {
  id: smallint('id').primaryKey().default(1),
  signupEnabled: boolean('signup_enabled').notNull().default(false),
  defaultGroupVisibility: text('default_group_visibility', visibility).notNull().default('private'),
  defaultProjectVisibility: text('default_project_visibility', visibility).notNull().default('private'),
  /** Null: the environment setting's value (MILEPOST_MAX_LOGIN_ATTEMPTS and the others). */
  maxLoginAttempts: integer('max_login_attempts'),
  failedLoginUnlockMinutes: integer('failed_login_attempts_unlock_period_in_minutes'),
  protectedPathsLimit: integer('throttle_protected_paths_requests_per_period'),
  apiRateLimitPerUser: integer('throttle_authenticated_api_requests_per_period'),
  apiRateLimitPerIp: integer('throttle_unauthenticated_api_requests_per_period'),
  subEpicsEnabled: boolean('sub_epics_enabled').notNull().default(true),
  healthStatusEnabled: boolean('health_status_enabled').notNull().default(true),
  scopedLabelsEnabled: boolean('scoped_labels_enabled').notNull().default(true),
  multipleScopedLabelsEnabled: boolean('multiple_scoped_labels_enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type ApplicationSettingsRow = typeof applicationSettings.$inferSelect;
