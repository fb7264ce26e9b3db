/** The only place that builds SQL for uploads (`uploads`, `upload_chunks`, migration 0023). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { AvatarOwner, UploadRow } from './uploads.types.ts';

/** An avatar owner's table and its column in `uploads` (fixed identifiers, never input). */
const OWNER_SQL = {
  user: { table: sql.raw('users'), column: sql.raw('user_id') },
  group: { table: sql.raw('groups'), column: sql.raw('group_id') },
  project: { table: sql.raw('projects'), column: sql.raw('project_id') },
} as const;

function toRow(r: Record<string, unknown>): UploadRow {
  return {
    id: Number(r.id),
    groupId: r.group_id === null ? null : Number(r.group_id),
    projectId: r.project_id === null ? null : Number(r.project_id),
    userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    secret: String(r.secret),
    filename: String(r.filename),
    contentType: String(r.content_type),
    size: Number(r.size),
    complete: r.complete === true,
    uploadedById: r.uploaded_by_id === null ? null : Number(r.uploaded_by_id),
    avatar: r.avatar === true,
    createdAt: new Date(r.created_at as string),
  };
}

export function uploadsRepository(db: Db) {
  return {
    /** A new, incomplete upload (no bytes yet). */
    async insert(values: {
      groupId: number | null;
      projectId: number | null;
      userId?: number | null;
      /** The owner's avatar rather than a markdown upload. */
      avatar?: boolean;
      secret: string;
      filename: string;
      contentType: string;
      uploadedById: number;
    }): Promise<UploadRow> {
      const result = await db.execute<Record<string, unknown>>(sql`
        INSERT INTO uploads (group_id, project_id, user_id, avatar, secret, filename, content_type, uploaded_by_id)
        VALUES (${values.groupId}, ${values.projectId}, ${values.userId ?? null}, ${values.avatar ?? false},
                ${values.secret}, ${values.filename}, ${values.contentType}, ${values.uploadedById})
        RETURNING *`);
      return toRow(result.rows[0] as Record<string, unknown>);
    },

    async insertChunk(uploadId: number, n: number, data: Buffer): Promise<void> {
      await db.execute(sql`INSERT INTO upload_chunks (upload_id, n, data) VALUES (${uploadId}, ${n}, ${data})`);
    },

    /** Marks an upload whole: from now on it is served. */
    async complete(uploadId: number, size: number): Promise<UploadRow> {
      const result = await db.execute<Record<string, unknown>>(sql`
        UPDATE uploads SET complete = true, size = ${size} WHERE id = ${uploadId} RETURNING *`);
      return toRow(result.rows[0] as Record<string, unknown>);
    },

    async delete(uploadId: number): Promise<void> {
      await db.execute(sql`DELETE FROM uploads WHERE id = ${uploadId}`);
    },

    /** Removes uploads left incomplete for more than a day (their request died with its server). */
    async sweepAbandoned(): Promise<void> {
      await db.execute(sql`DELETE FROM uploads WHERE NOT complete AND created_at < now() - interval '1 day'`);
    },

    /** A complete markdown upload (not an avatar: those have their own URLs) by its URL's secret and file name. */
    async findComplete(secret: string, filename: string): Promise<UploadRow | undefined> {
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT * FROM uploads WHERE secret = ${secret} AND filename = ${filename} AND complete AND NOT avatar`);
      const row = result.rows[0];
      return row ? toRow(row) : undefined;
    },

    /** An owner's complete avatar by its URL's secret and file name. */
    async findAvatar(owner: AvatarOwner, secret: string, filename: string): Promise<UploadRow | undefined> {
      const { column } = OWNER_SQL[owner.kind];
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT * FROM uploads
        WHERE ${column} = ${owner.id} AND avatar AND secret = ${secret} AND filename = ${filename} AND complete`);
      const row = result.rows[0];
      return row ? toRow(row) : undefined;
    },
    /**
     * Points the owner (user, group or project) at its avatar (`url`; null: none) and deletes its
     * other avatar files. The owner's row is locked, so of two changes at once the newer upload wins
     * whatever order they finish in: an older one arriving late deletes only itself.
     */
    async replaceAvatar(owner: AvatarOwner, url: string | null, uploadId: number | null): Promise<void> {
      const { table, column } = OWNER_SQL[owner.kind];
      await transaction(db, async (tx) => {
        await tx.execute(sql`SELECT 1 FROM ${table} WHERE id = ${owner.id} FOR UPDATE`);
        if (uploadId !== null) {
          const newest = await tx.execute<{ id: string }>(
            sql`SELECT max(id) AS id FROM uploads WHERE ${column} = ${owner.id} AND avatar AND complete`,
          );
          if (Number(newest.rows[0]?.id) !== uploadId) {
            await tx.execute(sql`DELETE FROM uploads WHERE id = ${uploadId}`);
            return;
          }
        }
        await tx.execute(sql`UPDATE ${table} SET avatar_url = ${url}, updated_at = now() WHERE id = ${owner.id}`);
        await tx.execute(
          sql`DELETE FROM uploads WHERE ${column} = ${owner.id} AND avatar AND complete AND id IS DISTINCT FROM ${uploadId}::bigint`,
        );
      });
    },
    /** One chunk's bytes (chunks are numbered from 0). */
    async chunk(uploadId: number, n: number): Promise<Buffer | undefined> {
      const result = await db.execute<{ data: Buffer }>(
        sql`SELECT data FROM upload_chunks WHERE upload_id = ${uploadId} AND n = ${n}`,
      );
      return result.rows[0]?.data;
    },
  };
}
