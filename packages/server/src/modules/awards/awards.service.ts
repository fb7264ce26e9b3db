import type { Db } from '../../db/client.ts';

export function awardsService(_db: Db) {
  return {};
}
