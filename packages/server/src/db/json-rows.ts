/**
 * Rows that travel inside one statement as JSON — a page's labels and users beside its issues, in
 * one statement instead of one per table — and are read back into the same objects Drizzle makes
 * of the table's own columns. A row is the JSON array of the columns Drizzle knows, in their order
 * (`jsonRow`): not `to_jsonb(row)`, which also converts columns nobody reads (a search vector, a
 * password hash) and costs many times more.
 */
import { type Column, getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/** PostgreSQL's limit on a function's arguments (`json_build_array`). */
const MAX_ARGUMENTS = 100;

const columnsOf = (table: Table): Column[] => Object.values(getTableColumns(table));

/** SQL: the row of `table` named `alias` as a JSON array of its columns (`rowFromJson` reads it). */
export function jsonRow(table: Table, alias: string): SQL {
  const columns = columnsOf(table);
  if (columns.length > MAX_ARGUMENTS) throw new Error(`jsonRow: ${columns.length} columns are too many`);
  return sql.raw(`json_build_array(${columns.map((c) => `"${alias}"."${c.name}"`).join(', ')})`);
}

/** A row of `table` from `jsonRow`, each column decoded as Drizzle decodes it. */
export function rowFromJson<T extends Table>(table: T, values: readonly unknown[]): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  const entries = Object.entries(getTableColumns(table));
  entries.forEach(([key, column], index) => {
    const value = values[index];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  });
  return row as InferSelectModel<T>;
}

/** The rows of a `json_agg(jsonRow(…))` (null when the list is empty). */
export function rowsFromJson<T extends Table>(
  table: T,
  list: readonly (readonly unknown[])[] | null,
): InferSelectModel<T>[] {
  return (list ?? []).map((values) => rowFromJson(table, values));
}
