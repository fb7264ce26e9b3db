import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApplicationSettingsRow, applicationSettings } from '../../db/schema.ts';

export type ApplicationSettingsChanges = Partial<Omit<ApplicationSettingsRow, 'id' | 'updatedAt'>>;

/** How long a server trusts the row it read: another app server's change shows within this time. */
export const SETTINGS_CACHE_MS = 5000;

type CacheEntry = {
  at: number;
  row: Promise<ApplicationSettingsRow>;
  /** The row once read: what a stale entry answers with while it is read again. */
  last?: ApplicationSettingsRow;
  refreshing?: boolean;
};

const cache = new WeakMap<Db, CacheEntry>();

/**
 * The settings as this server last read them: read on every request by the throttles, so one query
 * every few seconds rather than one per request. Older than SETTINGS_CACHE_MS, the last row still
 * answers at once while one read in the background replaces it: no request waits on the database
 * for the settings (a slow database must not hold every request at the throttles). Only the first
 * read, and the first after this server changed them, waits. A failed read is not kept.
 */
export function currentApplicationSettings(db: Db, now: number = Date.now()): Promise<ApplicationSettingsRow> {
  const hit = cache.get(db);
  if (hit && now - hit.at < SETTINGS_CACHE_MS) return hit.row;
  if (hit?.last) {
    if (!hit.refreshing) {
      hit.refreshing = true;
      applicationSettingsRepository(db)
        .read()
        .then(
          (row) => {
            if (cache.get(db) === hit) cache.set(db, { at: Date.now(), row: Promise.resolve(row), last: row });
          },
          () => {
            hit.refreshing = false;
          },
        );
    }
    return Promise.resolve(hit.last);
  }
  const entry: CacheEntry = { at: now, row: applicationSettingsRepository(db).read() };
  cache.set(db, entry);
  entry.row.then(
    (row) => {
      entry.last = row;
    },
    () => {
      if (cache.get(db) === entry) cache.delete(db);
    },
  );
  return entry.row;
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
