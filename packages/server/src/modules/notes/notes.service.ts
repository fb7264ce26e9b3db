/**
 * Notes on issues and epics (GitLab's notes and discussions). Reading follows the noteable's read
 * access; internal notes need Reporter+; a locked issue takes comments from members only; people
 * edit and delete their own notes (Maintainer+ anyone's) under a lock version; replies make a thread,
 * threads resolve and unresolve as a whole; deleting a thread's last note removes the thread.
 * Markdown renders on write, with `@username` of existing users linked to them.
 */
import type { Actor } from '../../authz/actor.ts';
import { can, type NoteableSubject } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { NoteRow, UserRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { recordNoteEvent } from '../events/event-log.ts';
import { issueNodes } from '../issues/issue-nodes.ts';
import { loadEpics } from '../issues/issues.adapters.ts';
import { createTodos } from '../todos/todo-triggers.ts';
import { usersRepository } from '../users/users.repository.ts';
import { newDiscussionId, renderNote, validBody } from './note-body.ts';
import { type NoteableType, type NotesFilter, notesRepository } from './notes.repository.ts';
import type { DiscussionNode, NoteableNode, NoteNode } from './notes.types.ts';

export const STALE_NOTE_MESSAGE =
  'Someone edited this comment at the same time you did. Please refresh the page to see their changes.';
export const LOCKED_MESSAGE = 'You can only add comments to a locked discussion if you are a member of the project';

export type NotePage = { limit: number; offset: number };
export type NoteInput = {
  body: unknown;
  internal?: boolean;
  /** reply in this discussion */
  discussionId?: string;
  /** start a thread (a resolvable discussion) instead of an individual note */
  thread?: boolean;
  createdAt?: Date;
};

export function noteableSubject(noteable: NoteableNode): NoteableSubject {
  return noteable.type === 'Issue' ? { type: 'Issue', ...noteable.node } : { type: 'Epic', ...noteable.node };
}

export function noteableId(noteable: NoteableNode): number {
  return noteable.type === 'Issue' ? noteable.node.issue.id : noteable.node.epic.id;
}

/** The noteable of a note row with what access decisions need (no decision taken here). */
async function loadNoteable(db: Db, type: NoteableType, id: number): Promise<NoteableNode | undefined> {
  if (type === 'Issue') {
    const [node] = await issueNodes(db, [id]);
    return node ? { type, node } : undefined;
  }
  const [node] = await loadEpics(db, [id]);
  return node ? { type, node } : undefined;
}

/** Builds discussions from notes ordered oldest first, in the order of `ids`. */
function group(noteable: NoteableNode, ids: readonly string[], rows: readonly NoteRow[]): DiscussionNode[] {
  const byId = new Map<string, NoteRow[]>();
  for (const row of rows) {
    const list = byId.get(row.discussionId);
    if (list) list.push(row);
    else byId.set(row.discussionId, [row]);
  }
  return ids.flatMap((id) => {
    const notes = byId.get(id);
    return notes?.length ? [{ id, noteable, notes }] : [];
  });
}

export function notesService(db: Db) {
  const repo = notesRepository(db);

  const internalReadable = (actor: Actor, noteable: NoteableNode) =>
    can(db, actor, 'readInternalNote', noteableSubject(noteable));

  async function readable(actor: Actor, note: NoteRow | undefined, noteable: NoteableNode) {
    if (!note) return undefined;
    const ok = await can(db, actor, 'readNote', { type: 'Note', note, noteable: noteableSubject(noteable) });
    return ok ? { note, noteable } : undefined;
  }

  async function assertCan(actor: Actor, ability: 'adminNote' | 'resolveNote', node: NoteNode) {
    const subject = { type: 'Note' as const, note: node.note, noteable: noteableSubject(node.noteable) };
    if (!(await can(db, actor, ability, subject))) throw new ForbiddenError();
  }

  const service = {
    /** The users a page of notes shows (authors, resolvers), by id. */
    async users(ids: readonly number[]): Promise<Map<number, UserRow>> {
      return new Map((await usersRepository(db).findByIds(ids)).map((u) => [u.id, u]));
    },

    /** One page of the noteable's notes the actor may read (the caller has read the noteable). */
    async list(
      actor: Actor,
      noteable: NoteableNode,
      o: NotePage & { filter?: NotesFilter; orderBy?: 'created_at' | 'updated_at'; sort?: 'asc' | 'desc' },
    ): Promise<{ rows: NoteNode[]; total: number }> {
      const { rows, total } = await repo.list(noteable.type, noteableId(noteable), {
        internal: await internalReadable(actor, noteable),
        filter: o.filter ?? 'all_notes',
        orderBy: o.orderBy ?? 'created_at',
        sort: o.sort ?? 'desc',
        limit: o.limit,
        offset: o.offset,
      });
      return { rows: rows.map((note) => ({ note, noteable })), total };
    },

    /**
     * User notes and discussions per noteable (GitLab's userNotesCount / userDiscussionsCount), for
     * noteables the caller has read: internal ones count for those who may read them.
     */
    async userCounts(
      actor: Actor,
      noteables: readonly NoteableNode[],
    ): Promise<Map<NoteableNode, { notes: number; discussions: number }>> {
      const out = new Map<NoteableNode, { notes: number; discussions: number }>();
      for (const type of ['Issue', 'Epic'] as const) {
        const some = noteables.filter((n) => n.type === type);
        const counts = await repo.userCounts(type, some.map(noteableId));
        for (const noteable of some) {
          const c = counts.get(noteableId(noteable));
          const internal = c && (c.internalNotes > 0 ? await internalReadable(actor, noteable) : false);
          out.set(noteable, {
            notes: (c?.notes ?? 0) + (internal ? (c?.internalNotes ?? 0) : 0),
            discussions: (c?.discussions ?? 0) + (internal ? (c?.internalDiscussions ?? 0) : 0),
          });
        }
      }
      return out;
    },

    /** A note of the noteable, if the actor may read it; hidden and missing look the same. */
    async find(actor: Actor, noteable: NoteableNode, id: number): Promise<NoteNode | undefined> {
      if (!Number.isSafeInteger(id)) return undefined;
      return await readable(actor, await repo.findIn(noteable.type, noteableId(noteable), id), noteable);
    },

    async get(actor: Actor, noteable: NoteableNode, id: number): Promise<NoteNode> {
      const found = await service.find(actor, noteable, id);
      if (!found) throw new NotFoundError('Note Not Found');
      return found;
    },

    /** A note by global id with its noteable, if the actor may read both. */
    async findById(actor: Actor, id: number): Promise<NoteNode | undefined> {
      if (!Number.isSafeInteger(id)) return undefined;
      const note = await repo.findById(id);
      const noteable = note && (await loadNoteable(db, note.noteableType, note.noteableId));
      return noteable ? await readable(actor, note, noteable) : undefined;
    },

    /** Adds a comment, a new thread, or a reply in a discussion. */
    async create(actor: Actor, noteable: NoteableNode, input: NoteInput): Promise<NoteNode> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      const subject = noteableSubject(noteable);
      if (!(await can(db, actor, 'createNote', subject))) {
        if (subject.type === 'Issue' && subject.issue.discussionLocked) throw new ForbiddenError(LOCKED_MESSAGE);
        throw new ForbiddenError();
      }
      const body = validBody(input.body);
      let internal = input.internal === true;
      if (internal && !(await can(db, actor, 'markNoteAsInternal', subject))) internal = false;
      const noteHtml = await renderNote(db, body);
      return await transaction(db, async (tx) => {
        const r = notesRepository(tx);
        let discussionId = newDiscussionId();
        let type: 'DiscussionNote' | null = input.thread ? 'DiscussionNote' : null;
        if (input.discussionId !== undefined) {
          const first = await r.firstOfDiscussion(input.discussionId);
          const parent = first && (await readable(actor, first, noteable));
          if (!parent || first.noteableType !== noteable.type || first.noteableId !== noteableId(noteable)) {
            throw new NotFoundError('Discussion Not Found');
          }
          if (first.system) throw new ValidationError({ base: ['Discussion can not be replied to.'] });
          discussionId = first.discussionId;
          type = 'DiscussionNote';
          // A reply in an internal thread is internal; replies never make a public thread internal.
          internal = first.internal;
          if (first.type === null) await r.makeThread(discussionId);
        }
        const note = await r.insert({
          ...(noteable.type === 'Issue' ? { issueId: noteable.node.issue.id } : { epicId: noteable.node.epic.id }),
          authorId: user.id,
          note: body,
          noteHtml,
          internal,
          type,
          discussionId,
          ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
        });
        await createTodos(tx, actor, noteable, { text: body, note, acted: true });
        await recordNoteEvent(
          tx,
          actor,
          note,
          noteable.type === 'Issue'
            ? { issueId: noteable.node.issue.id, projectId: noteable.node.project.id }
            : { epicId: noteable.node.epic.id, groupId: noteable.node.group.id },
        );
        return { note, noteable };
      });
    },

    /** Changes a note's text: the author or Maintainer+, never system notes; stale versions are refused. */
    async update(actor: Actor, node: NoteNode, input: { body: unknown; lockVersion?: number }): Promise<NoteNode> {
      await assertCan(actor, 'adminNote', node);
      const body = validBody(input.body);
      const expected = input.lockVersion ?? node.note.lockVersion;
      if (expected !== node.note.lockVersion) throw new ConflictError(STALE_NOTE_MESSAGE);
      if (body === node.note.note) return node;
      const noteHtml = await renderNote(db, body);
      return await transaction(db, async (tx) => {
        const row = await notesRepository(tx).update(
          node.note.id,
          { note: body, noteHtml, lastEditedAt: new Date(), updatedById: actor.user?.id },
          expected,
        );
        if (!row) throw new ConflictError(STALE_NOTE_MESSAGE);
        // Users the edit newly mentions get a to-do, as for a new comment.
        await createTodos(tx, actor, node.noteable, {
          text: body,
          previousText: node.note.note,
          note: row,
          acted: true,
        });
        return { note: row, noteable: node.noteable };
      });
    },

    /** Deletes a note; its discussion goes with its last note. */
    async remove(actor: Actor, node: NoteNode): Promise<void> {
      await assertCan(actor, 'adminNote', node);
      await repo.delete(node.note.id);
    },

    /** One page of the noteable's discussions (oldest first unless `sort` is desc). */
    async discussions(
      actor: Actor,
      noteable: NoteableNode,
      o: NotePage & { filter?: NotesFilter; sort?: 'asc' | 'desc' },
    ): Promise<{ rows: DiscussionNode[]; total: number }> {
      const internal = await internalReadable(actor, noteable);
      const id = noteableId(noteable);
      const { ids, total } = await repo.discussionIds(noteable.type, id, {
        internal,
        filter: o.filter ?? 'all_notes',
        sort: o.sort ?? 'asc',
        limit: o.limit,
        offset: o.offset,
      });
      return { rows: group(noteable, ids, await repo.ofDiscussions(noteable.type, id, ids, internal)), total };
    },

    /** Discussions of the noteable by id, with the notes the actor may read (unreadable ones left out). */
    async discussionsOf(actor: Actor, noteable: NoteableNode, ids: readonly string[]): Promise<DiscussionNode[]> {
      const valid = ids.filter((id) => /^[0-9a-f]{40}$/.test(id)).slice(0, 100);
      const internal = await internalReadable(actor, noteable);
      return group(noteable, valid, await repo.ofDiscussions(noteable.type, noteableId(noteable), valid, internal));
    },

    /** A discussion of the noteable with the notes the actor may read; none readable is not found. */
    async discussion(actor: Actor, noteable: NoteableNode, discussionId: string): Promise<DiscussionNode> {
      const [found] = await service.discussionsOf(actor, noteable, [discussionId]);
      if (!found) throw new NotFoundError('Discussion Not Found');
      return found;
    },

    /** A discussion by its id alone (GraphQL's DiscussionID), if the actor may read it. */
    async findDiscussion(actor: Actor, discussionId: string): Promise<DiscussionNode | undefined> {
      if (!/^[0-9a-f]{40}$/.test(discussionId)) return undefined;
      const first = await repo.firstOfDiscussion(discussionId);
      const noteable = first && (await loadNoteable(db, first.noteableType, first.noteableId));
      if (!noteable || !(await readable(actor, first, noteable))) return undefined;
      return await service.discussion(actor, noteable, discussionId).catch(() => undefined);
    },

    /** Resolves or unresolves every note of a thread. */
    async resolveDiscussion(actor: Actor, discussion: DiscussionNode, resolved: boolean): Promise<DiscussionNode> {
      const [first] = discussion.notes;
      if (!first) throw new NotFoundError('Discussion Not Found');
      await assertCan(actor, 'resolveNote', { note: first, noteable: discussion.noteable });
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      const changed = await repo.setResolved(
        discussion.notes.filter((n) => (n.resolvedAt === null) === resolved).map((n) => n.id),
        resolved ? { userId: user.id, at: new Date() } : null,
      );
      const byId = new Map(changed.map((n) => [n.id, n]));
      return { ...discussion, notes: discussion.notes.map((n) => byId.get(n.id) ?? n) };
    },

    /** Resolves or unresolves one note of a thread (REST's `resolved` on a discussion note). */
    async resolveNote(actor: Actor, node: NoteNode, resolved: boolean): Promise<NoteNode> {
      await assertCan(actor, 'resolveNote', node);
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      const [row] = await repo.setResolved([node.note.id], resolved ? { userId: user.id, at: new Date() } : null);
      return { note: row ?? node.note, noteable: node.noteable };
    },
  };
  return service;
}

export type NotesService = ReturnType<typeof notesService>;
