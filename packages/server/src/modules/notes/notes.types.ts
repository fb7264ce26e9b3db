/** The notes domain's node types: a note or discussion travels with its noteable. */
import type { NoteRow } from '../../db/schema.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

/** What notes hang on: an issue or an epic, with what access decisions about it need. */
export type NoteableNode = { type: 'Issue'; node: IssueNode } | { type: 'Epic'; node: EpicNode };

/** A note travels with its noteable. */
export type NoteNode = { note: NoteRow; noteable: NoteableNode };

/** A discussion: the notes of one `discussion_id` the actor may read, oldest first. */
export type DiscussionNode = { id: string; noteable: NoteableNode; notes: NoteRow[] };
