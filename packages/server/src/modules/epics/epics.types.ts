import type { EpicRow, GroupRow } from '../../db/schema.ts';

/** An epic travels with its group: every access decision about it needs both. */
export type EpicNode = { epic: EpicRow; group: GroupRow };
