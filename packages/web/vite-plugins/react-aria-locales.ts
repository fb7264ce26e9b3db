import type { Plugin } from 'vite';

/** React Aria's per-component string tables: one import and one entry per locale. */
const STRING_TABLE = /[\\/]react-aria(-components)?[\\/]dist[\\/]private[\\/](.+[\\/])?intlStrings\.mjs$/;
const LOCALE_IMPORT = /^import [\w$]+ from "[^"]*\/intl\/[^"]*?([a-z]{2}-[A-Z]{2})\.mjs";\n/gm;
const LOCALE_ENTRY = /^[ \t]*"([a-z]{2}-[A-Z]{2})": [\w$]+,?\n/gm;

/**
 * A string table with only `keep`'s locales: the other locales' imports and entries removed (their
 * lines left empty, so the source map still fits).
 * Answers null when the text is not such a table (nothing to remove, or `keep` missing from it).
 */
export function keepLocales(source: string, keep: readonly string[]): string | null {
  const imported = [...source.matchAll(LOCALE_IMPORT)].map((m) => m[1]);
  if (imported.length === 0 || !keep.every((locale) => imported.includes(locale))) return null;
  return source
    .replace(LOCALE_IMPORT, (line, locale: string) => (keep.includes(locale) ? line : '\n'))
    .replace(LOCALE_ENTRY, (line, locale: string) => (keep.includes(locale) ? line : '\n'));
}

/**
 * React Aria's built-in texts (a calendar's 'Next', a search field's 'Clear search', drag and drop
 * announcements) in US English only, as every other text of the app: its 34 locales' tables were
 * ≈300 KB of the code every page runs first. React Aria falls back to `en-US` for any other locale.
 */
export function reactAriaEnglishOnly(): Plugin {
  return {
    name: 'milepost:react-aria-english-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!STRING_TABLE.test(id)) return null;
      const kept = keepLocales(code, ['en-US']);
      return kept === null ? null : { code: kept, map: null };
    },
  };
}
