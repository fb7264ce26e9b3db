/** Drizzle's view of the notes table (0007_notes.sql is the source of truth). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notes = pgTable('notes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  issueId: ref('issue_id'),
  epicId: ref('epic_id'),
  noteableType: text('noteable_type', { enum: ['Issue', 'Epic'] })
    .notNull()
    .generatedAlwaysAs(sql`CASE WHEN issue_id IS NOT NULL THEN 'Issue' ELSE 'Epic' END`),
  noteableId: ref('noteable_id').notNull().generatedAlwaysAs(sql`COALESCE(issue_id, epic_id)`),
  authorId: ref('author_id'),
  note: text('note').notNull(),
  noteHtml: text('note_html').notNull(),
  system: boolean('system').notNull().default(false),
  systemNoteAction: text('system_note_action'),
  internal: boolean('internal').notNull().default(false),
  type: text('type', { enum: ['DiscussionNote'] }),
  discussionId: text('discussion_id').notNull(),
  resolvedAt: ts('resolved_at'),
  resolvedById: ref('resolved_by_id'),
  lockVersion: integer('lock_version').notNull().default(0),
  lastEditedAt: ts('last_edited_at'),
  updatedById: ref('updated_by_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type NoteRow = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
