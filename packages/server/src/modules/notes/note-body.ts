/** A note's text: validation, rendering, and the discussion ids notes are grouped by. */
import { randomBytes } from 'node:crypto';
import { anonymousActor } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { markdownService } from '../markdown/markdown.service.ts';

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

/**
 * The stored rendering: markdown → HTML with mentions of existing users linked (anyone may see a
 * user). References to issues, epics, labels and milestones depend on the reader: GraphQL's
 * `bodyHtml` renders those for each reader (notes.schema.ts).
 */
export async function renderNote(db: Db, body: string): Promise<string> {
  return await markdownService(db).render(anonymousActor(), body, { type: 'None' });
}
