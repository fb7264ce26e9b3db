/** Escapes LIKE wildcards so `%` and `_` in a search match themselves, and wraps in `%…%`. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
