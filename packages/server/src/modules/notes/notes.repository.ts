/** SQL of the notes domain: notes of one noteable, their discussions, and writes. */
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NewNote, type NoteRow, notes, type UserRow, users } from '../../db/schema.ts';
import { writeBehind } from '../../db/transaction.ts';

export type NoteableType = 'Issue' | 'Epic';
/** GitLab's activity filter: every note, comments only, or system notes only. */
export type NotesFilter = 'all_notes' | 'only_comments' | 'only_activity';
export type UserNoteCounts = { notes: number; internalNotes: number; discussions: number; internalDiscussions: number };
export type NoteListOptions = {
  /** internal notes included (the actor may read them) */
  internal: boolean;
  filter: NotesFilter;
  orderBy: 'created_at' | 'updated_at';
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
};

function of(type: NoteableType, noteableId: number, internal: boolean, filter: NotesFilter = 'all_notes'): SQL {
  const where = [eq(notes.noteableType, type), eq(notes.noteableId, noteableId)];
  if (!internal) where.push(eq(notes.internal, false));
  if (filter === 'only_comments') where.push(eq(notes.system, false));
  if (filter === 'only_activity') where.push(eq(notes.system, true));
  return and(...where) as SQL;
}

export function notesRepository(db: Db) {
  return {
    async findById(id: number): Promise<NoteRow | undefined> {
      return (await db.select().from(notes).where(eq(notes.id, id)).limit(1))[0];
    },

    /** A note of the noteable (the internal flag is for the caller's access decision). */
    async findIn(type: NoteableType, noteableId: number, id: number): Promise<NoteRow | undefined> {
      return (
        await db
          .select()
          .from(notes)
          .where(and(eq(notes.id, id), eq(notes.noteableType, type), eq(notes.noteableId, noteableId)))
          .limit(1)
      )[0];
    },

    /** The first note of a discussion (any noteable). */
    async firstOfDiscussion(discussionId: string): Promise<NoteRow | undefined> {
      return (
        await db
          .select()
          .from(notes)
          .where(eq(notes.discussionId, discussionId))
          .orderBy(asc(notes.createdAt), asc(notes.id))
          .limit(1)
      )[0];
    },

    /** One page of a noteable's notes, with the count of all that match. */
    async list(
      type: NoteableType,
      noteableId: number,
      o: NoteListOptions,
    ): Promise<{ rows: NoteRow[]; total: number }> {
      const where = of(type, noteableId, o.internal, o.filter);
      const column = o.orderBy === 'updated_at' ? notes.updatedAt : notes.createdAt;
      const dir = o.sort === 'asc' ? asc : desc;
      const [rows, counted] = await Promise.all([
        o.limit === 0
          ? Promise.resolve([])
          : db.select().from(notes).where(where).orderBy(dir(column), dir(notes.id)).limit(o.limit).offset(o.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(notes).where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    /**
     * One page of a noteable's discussions (ids, ordered by their first note), counting all of them;
     * only discussions with a note matching the filter the actor may read count.
     */
    async discussionIds(
      type: NoteableType,
      noteableId: number,
      o: { internal: boolean; filter: NotesFilter; sort: 'asc' | 'desc'; limit: number; offset: number },
    ): Promise<{ ids: string[]; total: number }> {
      const where = of(type, noteableId, o.internal, o.filter);
      const first = sql`min(${notes.id})`;
      const [rows, counted] = await Promise.all([
        o.limit === 0
          ? Promise.resolve([])
          : db
              .select({ id: notes.discussionId })
              .from(notes)
              .where(where)
              .groupBy(notes.discussionId)
              .orderBy(o.sort === 'asc' ? asc(first) : desc(first))
              .limit(o.limit)
              .offset(o.offset),
        db
          .select({ n: sql<number>`count(DISTINCT ${notes.discussionId})::int` })
          .from(notes)
          .where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: counted[0]?.n ?? 0 };
    },

    /** The notes of these discussions of the noteable, oldest first (at most 1,000 per call). */
    async ofDiscussions(
      type: NoteableType,
      noteableId: number,
      discussionIds: readonly string[],
      internal: boolean,
    ): Promise<NoteRow[]> {
      if (discussionIds.length === 0) return [];
      return await db
        .select()
        .from(notes)
        .where(and(of(type, noteableId, internal), inArray(notes.discussionId, [...discussionIds])))
        .orderBy(asc(notes.createdAt), asc(notes.id))
        .limit(1000);
    },

    async insert(values: NewNote): Promise<NoteRow> {
      const [row] = await db.insert(notes).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Changes the note if it still has `lockVersion`; `undefined` means someone changed it first. */
    /** Several notes in one statement; their ids follow the given order. */
    async insertAll(values: readonly NewNote[]): Promise<void> {
      if (values.length) await writeBehind(db, db.insert(notes).values([...values]));
    },

    async update(
      id: number,
      changes: Partial<Pick<NewNote, 'note' | 'noteHtml' | 'lastEditedAt' | 'updatedById'>>,
      lockVersion: number,
    ): Promise<NoteRow | undefined> {
      const [row] = await db
        .update(notes)
        .set({ ...changes, updatedAt: new Date(), lockVersion: sql`${notes.lockVersion} + 1` })
        .where(and(eq(notes.id, id), eq(notes.lockVersion, lockVersion)))
        .returning();
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(notes).where(eq(notes.id, id));
    },

    /** Turns an individual note's discussion into a thread (a reply was added). */
    async makeThread(discussionId: string): Promise<void> {
      await db
        .update(notes)
        .set({ type: 'DiscussionNote' })
        .where(and(eq(notes.discussionId, discussionId), eq(notes.system, false)));
    },

    /** Resolves (user and time) or unresolves (null) the thread notes among `ids`. */
    async setResolved(ids: readonly number[], by: { userId: number; at: Date } | null): Promise<NoteRow[]> {
      if (ids.length === 0) return [];
      return await db
        .update(notes)
        .set({ resolvedAt: by?.at ?? null, resolvedById: by?.userId ?? null })
        .where(and(inArray(notes.id, [...ids]), eq(notes.type, 'DiscussionNote')))
        .returning();
    },

    /** Users whose usernames are among `names` (lower-cased), active or not. */
    async usersByUsernames(names: readonly string[]): Promise<UserRow[]> {
      if (names.length === 0) return [];
      return await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ANY(${sql.param([...names])}::text[])`);
    },

    /** User (non-system) notes and their discussions per noteable, public and internal apart. */
    async userCounts(type: NoteableType, ids: readonly number[]): Promise<Map<number, UserNoteCounts>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: notes.noteableId,
          notes: sql<number>`count(*) FILTER (WHERE NOT ${notes.internal})::int`,
          internalNotes: sql<number>`count(*) FILTER (WHERE ${notes.internal})::int`,
          discussions: sql<number>`count(DISTINCT ${notes.discussionId}) FILTER (WHERE NOT ${notes.internal})::int`,
          internalDiscussions: sql<number>`count(DISTINCT ${notes.discussionId}) FILTER (WHERE ${notes.internal})::int`,
        })
        .from(notes)
        .where(
          and(
            eq(notes.noteableType, type),
            sql`${notes.noteableId} = ANY(${sql.param(ids.map(String))}::bigint[])`,
            eq(notes.system, false),
          ),
        )
        .groupBy(notes.noteableId);
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
