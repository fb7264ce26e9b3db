import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApplicationSettingsRow, applicationSettings } from '../../db/schema.ts';

export type ApplicationSettingsChanges = Partial<Omit<ApplicationSettingsRow, 'id' | 'updatedAt'>>;

/** How long a server trusts the row it read: another app server's change shows within this time. */
export const SETTINGS_CACHE_MS = 5000;

const cache = new WeakMap<Db, { at: number; row: Promise<ApplicationSettingsRow> }>();

/**
 * The settings as this server last read them (at most SETTINGS_CACHE_MS old): read on every request
 * by the throttles, so one query every few seconds rather than one per request. A failed read is
 * not kept.
 */
export function currentApplicationSettings(db: Db, now: number = Date.now()): Promise<ApplicationSettingsRow> {
  const hit = cache.get(db);
  if (hit && now - hit.at < SETTINGS_CACHE_MS) return hit.row;
  const row = applicationSettingsRepository(db).read();
  cache.set(db, { at: now, row });
  row.catch(() => cache.delete(db));
  return row;
}

/** The one row of instance settings (created by migration 0025; re-created with defaults if removed). */
export function applicationSettingsRepository(db: Db) {
  return {
    async read(): Promise<ApplicationSettingsRow> {
      const [row] = await db.select().from(applicationSettings).where(eq(applicationSettings.id, 1)).limit(1);
      if (row) return row;
      const [created] = await db.insert(applicationSettings).values({ id: 1 }).onConflictDoNothing().returning();
      return created ?? (await this.read());
    },

    async update(changes: ApplicationSettingsChanges): Promise<ApplicationSettingsRow> {
      await this.read();
      const [row] = await db
        .update(applicationSettings)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(applicationSettings.id, 1))
        .returning();
      if (!row) throw new Error('application_settings row missing');
      cache.delete(db);
      return row;
    },
  };
}
