/** Drizzle's view of the timelogs table (0012_time_tracking.sql is the source of truth). */
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timelogs = pgTable('timelogs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  issueId: ref('issue_id').notNull(),
  userId: ref('user_id'),
  timeSpent: integer('time_spent').notNull(),
  spentAt: ts('spent_at').notNull().defaultNow(),
  summary: text('summary'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type TimelogRow = typeof timelogs.$inferSelect;
