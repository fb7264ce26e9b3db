/** A note's text: validation, rendering, and the discussion ids notes are grouped by. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { type Mentions, mentionedUsernames, renderMarkdown } from '../../markdown/render.ts';
import { notesRepository } from './notes.repository.ts';

/** GitLab's limit on a note's length. */
export const MAX_NOTE_LENGTH = 1_000_000;

/** A new discussion id: 40 hex digits, as GitLab's. */
export function newDiscussionId(): string {
  return randomBytes(20).toString('hex');
}

/** The text of a note, or GitLab's field error. */
export function validBody(body: unknown): string {
  if (typeof body !== 'string' || body.trim() === '') throw new ValidationError({ note: ["can't be blank"] });
  if (body.length > MAX_NOTE_LENGTH) {
    throw new ValidationError({ note: [`is too long (maximum is ${MAX_NOTE_LENGTH} characters)`] });
  }
  return body;
}

/** Markdown → HTML with mentions of existing users linked (one query for all of them). */
export async function renderNote(db: Db, body: string): Promise<string> {
  const names = mentionedUsernames(body);
  const found = names.length ? await notesRepository(db).usersByUsernames(names) : [];
  const mentions: Mentions = new Map(
    found.map((u) => [u.username.toLowerCase(), { href: `/${u.username}`, userId: u.id }]),
  );
  return renderMarkdown(body, mentions);
}
