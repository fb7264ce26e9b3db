import type { Db } from '../../db/client.ts';

export function epicsService(_db: Db) {
  return {};
}
