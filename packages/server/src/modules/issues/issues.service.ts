import type { Db } from '../../db/client.ts';

export function issuesService(_db: Db) {
  return {};
}
