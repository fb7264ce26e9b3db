/** Lists of row ids kept in memory (position indexes, decision 0056): typed arrays, not arrays of numbers. */

/** Ids in a typed array: 4 bytes each while they fit in 31 bits, else 8 (exact up to 2^53). */
export type IdList = Int32Array | Float64Array;

/** Ids as PostgreSQL's `string_agg(id::text, ',')` prints them, read into a typed array without an array of strings. */
export function parseIdList(text: string | null | undefined): IdList {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const ids = new Float64Array(count);
  let n = 0;
  let value = 0;
  let max = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c === 44) {
      ids[n++] = value;
      if (value > max) max = value;
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  return max < 2 ** 31 ? Int32Array.from(ids) : ids;
}
