import type { Db } from '../../db/client.ts';

export function milestonesService(_db: Db) {
  return {};
}
