import type { Db } from '../../db/client.ts';

export function labelsService(_db: Db) {
  return {};
}
