import { awardEmoji } from '@milepost/shared/domain/emoji';

/** GitLab's GFM autocomplete (spec §9): at most 5 suggestions, a query of at most 20 characters. */
export const MAX_SUGGESTIONS = 5;
export const MAX_QUERY_LENGTH = 20;
/** How long the list stays after the text loses focus (a click on it still lands). */
export const DISPLAY_TIMEOUT_MS = 300;

export type AutocompleteSource = 'users' | 'labels' | 'milestones' | 'issues' | 'epics' | 'emoji';

const TRIGGERS: Record<string, AutocompleteSource> = {
  '@': 'users',
  '~': 'labels',
  '%': 'milestones',
  '#': 'issues',
  '&': 'epics',
  ':': 'emoji',
};

/**
 * The reference being typed before the caret: `@ali` → source users, query 'ali', from the trigger
 * at `from` to the caret at `to` (offsets in the text given; a quoted `~"Nee` is longer than its query).
 */
export type AutocompleteMatch = {
  source: AutocompleteSource;
  trigger: string;
  query: string;
  from: number;
  to: number;
};

const PATTERN = new RegExp(`(^|\\s|\\()([@~%#&:])("?[^\\s@~%#&:"]{0,${MAX_QUERY_LENGTH}})$`);

/**
 * The reference at the end of `textBefore` (the text from the start of the line or block to the
 * caret), or null. A trigger counts at the start or after a space; the emoji list needs a letter.
 */
export function matchAutocomplete(textBefore: string): AutocompleteMatch | null {
  const line = textBefore.slice(textBefore.lastIndexOf('\n') + 1);
  const found = PATTERN.exec(line);
  if (!found) return null;
  const trigger = found[2] ?? '';
  const query = (found[3] ?? '').replace(/^"/, '');
  const source = TRIGGERS[trigger];
  if (!source || (source === 'emoji' && query.length < 1)) return null;
  return { source, trigger, query, from: textBefore.length - (found[3] ?? '').length - 1, to: textBefore.length };
}

/** One suggestion: what the list shows and the reference it inserts. */
export type Suggestion = {
  id: string;
  label: string;
  description?: string;
  /** A label's colour swatch. */
  color?: string;
  /** The emoji character. */
  emoji?: string;
  insert: string;
};

/** `~"Needs review"` for names with spaces, as GitLab writes them. */
const quoted = (prefix: string, name: string) => (/\s/.test(name) ? `${prefix}"${name}"` : `${prefix}${name}`);

export const insertUser = (username: string) => `@${username}`;
export const insertLabel = (title: string) => quoted('~', title);
export const insertMilestone = (title: string) => quoted('%', title);
export const insertEmoji = (name: string) => `:${name}:`;

/** `#12` within the project being written in, `group/project#12` from elsewhere. */
export function insertIssue(reference: string, iid: string, projectPath: string | null): string {
  return projectPath && reference === `${projectPath}#${iid}` ? `#${iid}` : reference;
}

/** The first five emoji whose names start with, then contain, the query. */
export function emojiSuggestions(query: string): Suggestion[] {
  const q = query.toLowerCase();
  const starts: Suggestion[] = [];
  const contains: Suggestion[] = [];
  for (const [name, emoji] of awardEmoji()) {
    if (starts.length >= MAX_SUGGESTIONS) break;
    const at = name.indexOf(q);
    if (at === -1) continue;
    const suggestion = { id: name, label: `:${name}:`, emoji, insert: insertEmoji(name) };
    if (at === 0) starts.push(suggestion);
    else if (contains.length < MAX_SUGGESTIONS) contains.push(suggestion);
  }
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}
