/** Drizzle's view of the to-do and frequent-item tables (0018_todos_frequent_items.sql is the source of truth). */
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What made a to-do: GitLab's Todo actions that Milepost has. */
export const TODO_ACTIONS = ['assigned', 'mentioned', 'marked', 'directly_addressed'] as const;
export type TodoAction = (typeof TODO_ACTIONS)[number];
export const TODO_STATES = ['pending', 'done'] as const;
export type TodoState = (typeof TODO_STATES)[number];

export const todos = pgTable('todos', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: ref('user_id').notNull(),
  authorId: ref('author_id'),
  issueId: ref('issue_id'),
  projectId: ref('project_id'),
  epicId: ref('epic_id'),
  groupId: ref('group_id'),
  noteId: ref('note_id'),
  action: text('action', { enum: TODO_ACTIONS }).notNull(),
  state: text('state', { enum: TODO_STATES }).notNull().default('pending'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const frequentItems = pgTable('frequent_items', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: ref('user_id').notNull(),
  projectId: ref('project_id'),
  groupId: ref('group_id'),
  frequency: integer('frequency').notNull().default(1),
  lastAccessedOn: ts('last_accessed_on').notNull().defaultNow(),
});

export type TodoRow = typeof todos.$inferSelect;
export type FrequentItemRow = typeof frequentItems.$inferSelect;
