/**
 * Keyset order and conditions (decision 0029, 0041): a list ordered by a sort key — its parts compared
 * in turn in one direction, rows without a value last in each — then by the row's id in the same
 * direction. A cursor names a row by its key's values (as text, exactly as PostgreSQL prints them,
 * so timestamps keep their microseconds) and its id; "the rows after it" is a condition, not an
 * offset, so a page deep in the list costs what the first costs.
 */
import { type SQL, sql } from 'drizzle-orm';

/** One part of a sort key: an expression, and whether rows may have no value (they come last). */
export type SortPart = { expr: SQL; nullable: boolean };
/** A sort's key: its parts and its direction. */
export type SortKey = { parts: SortPart[]; desc: boolean };
/** Where a keyset page starts or ends: the sort key's values (as text; null: none) and the row's id. */
export type KeyCursor = { values: (string | null)[]; id: number };

/** ORDER BY of a sort key and `id` (`reverse`: the list read from its end, for a page backwards). */
export function keyOrder({ parts, desc }: SortKey, id: SQL, reverse = false): SQL {
  const d = sql.raw(desc !== reverse ? 'DESC' : 'ASC');
  const nulls = sql.raw(reverse ? ' NULLS FIRST' : ' NULLS LAST');
  return sql.join([...parts.map((p) => sql`${p.expr} ${d}${p.nullable ? nulls : sql``}`), sql`${id} ${d}`], sql`, `);
}

/** The key's values of a row as text (what a cursor keeps). */
export function keyValues(key: SortKey): SQL<(string | null)[]> {
  return sql<(string | null)[]>`ARRAY[${sql.join(
    key.parts.map((part) => sql`(${part.expr})::text`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The rows that come after (or before) the cursor in the list's order: the key's parts compared in
 * turn (rows without a value last in each), then the id.
 */
export function beyond(key: SortKey, id: SQL, c: KeyCursor, side: 'after' | 'before'): SQL {
  const after = side === 'after';
  const cmp = sql.raw(after !== key.desc ? '>' : '<');
  const alternatives: SQL[] = [];
  const equal: SQL[] = [];
  key.parts.forEach((part, k) => {
    const v = c.values[k] ?? null;
    const e = part.expr;
    // Past the cursor in this part (the earlier parts being equal): nothing follows "no value" going forwards.
    const past =
      v === null
        ? after
          ? undefined
          : sql`${e} IS NOT NULL`
        : after && part.nullable
          ? sql`(${e} ${cmp} ${v} OR ${e} IS NULL)`
          : sql`${e} ${cmp} ${v}`;
    if (past) alternatives.push(sql`(${sql.join([...equal, past], sql` AND `)})`);
    equal.push(v === null ? sql`${e} IS NULL` : sql`${e} = ${v}`);
  });
  alternatives.push(sql`(${sql.join([...equal, sql`${id} ${cmp} ${c.id}`], sql` AND `)})`);
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}
