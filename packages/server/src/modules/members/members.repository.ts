import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MemberRow, members } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';

export type SourceType = 'Namespace' | 'Project';

/** A membership as seen from a group or project: direct, or inherited from an ancestor group. */
export type EffectiveMember = MemberRow & { inherited: boolean };

export type MemberListFilter = {
  direct: boolean;
  inherited: boolean;
  search?: string;
  userIds?: readonly number[];
  limit: number;
  offset: number;
};

type Row = {
  id: number;
  source_type: SourceType;
  source_id: number;
  user_id: number;
  access_level: number;
  created_by_id: number | null;
  expires_at: string | null;
  created_at: Date;
  updated_at: Date;
  inherited: boolean;
  total: number;
};

function toMember(r: Row): EffectiveMember {
  return {
    id: Number(r.id),
    sourceType: r.source_type,
    sourceId: Number(r.source_id),
    userId: Number(r.user_id),
    accessLevel: Number(r.access_level),
    createdById: r.created_by_id === null ? null : Number(r.created_by_id),
    expiresAt: r.expires_at,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    inherited: r.inherited,
  };
}

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export function membersRepository(db: Db) {
  return {
    async findById(id: number): Promise<MemberRow | undefined> {
      return (await db.select().from(members).where(eq(members.id, id)).limit(1))[0];
    },
    async findDirect(sourceType: SourceType, sourceId: number, userId: number): Promise<MemberRow | undefined> {
      return (
        await db
          .select()
          .from(members)
          .where(and(eq(members.sourceType, sourceType), eq(members.sourceId, sourceId), eq(members.userId, userId)))
          .limit(1)
      )[0];
    },
    /**
     * Members of a group (traversalIds = the group's) or project (projectId set, traversalIds = its
     * group's): one row per user, the highest access level winning, direct rows before inherited ties.
     */
    async listEffective(
      target: { traversalIds: readonly number[]; selfType: SourceType; selfId: number },
      f: MemberListFilter,
    ): Promise<{ rows: EffectiveMember[]; total: number }> {
      const search = f.search
        ? sql`AND EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND (u.username ILIKE ${likePattern(f.search)} OR u.name ILIKE ${likePattern(f.search)}))`
        : sql``;
      const userFilter = f.userIds ? sql`AND m.user_id = ANY(${ids(f.userIds)})` : sql``;
      const self = sql`(m.source_type = ${target.selfType} AND m.source_id = ${target.selfId})`;
      const ancestors = ids(
        target.traversalIds.filter((id) => !(target.selfType === 'Namespace' && id === target.selfId)),
      );
      const inheritedCond = sql`(m.source_type = 'Namespace' AND m.source_id = ANY(${ancestors}))`;
      const scope = f.direct && f.inherited ? sql`(${self} OR ${inheritedCond})` : f.direct ? self : inheritedCond;
      const result = await db.execute<Row>(sql`
        WITH effective AS (
          SELECT DISTINCT ON (m.user_id) m.*, NOT ${self} AS inherited
          FROM members m
          WHERE ${scope} AND (m.expires_at IS NULL OR m.expires_at >= CURRENT_DATE) ${search} ${userFilter}
          ORDER BY m.user_id, m.access_level DESC, ${self} DESC
        )
        SELECT e.*, count(*) OVER () AS total FROM effective e
        JOIN users u ON u.id = e.user_id
        ORDER BY e.access_level DESC, lower(u.username)
        LIMIT ${f.limit} OFFSET ${f.offset}`);
      const rows = result.rows.map(toMember);
      const total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (rows.length === 0 && f.offset > 0) {
        const again = await this.listEffective(target, { ...f, limit: 1, offset: 0 });
        return { rows: [], total: again.total };
      }
      return { rows, total };
    },
    async insert(values: {
      sourceType: SourceType;
      sourceId: number;
      userId: number;
      accessLevel: number;
      createdById: number | null;
      expiresAt: string | null;
    }): Promise<MemberRow> {
      const [row] = await db.insert(members).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(
      id: number,
      values: { accessLevel?: number; expiresAt?: string | null },
    ): Promise<MemberRow | undefined> {
      return (
        await db
          .update(members)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(members.id, id))
          .returning()
      )[0];
    },
    async delete(id: number): Promise<void> {
      await db.delete(members).where(eq(members.id, id));
    },
    /** Owners of a group from the group itself or its ancestors. */
    async countOwners(traversalIds: readonly number[]): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`
        SELECT count(DISTINCT user_id) AS n FROM members
        WHERE source_type = 'Namespace' AND source_id = ANY(${ids(traversalIds)}) AND access_level = 50`);
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}
