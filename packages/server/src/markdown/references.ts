/**
 * GitLab's markdown references, found in text: `@user`, `#3` / `group/project#3` (issues),
 * `&1` / `group&1` (epics), `%v1.0` / `%"Release 2"` / `%7` (milestones, `%7` by iid) and `~bug` /
 * `~"needs review"` / `~12` (labels, `~12` by id), each optionally after a project or group path.
 * Pure text scanning: what a reference points to, and whether the reader may see it, is decided by
 * the markdown service (modules/markdown) before rendering.
 */

export type ReferenceKind = 'user' | 'issue' | 'epic' | 'milestone' | 'label';

/** One reference as written: `path` is the project or group path before the sign (null: the text's own). */
export type Reference = {
  kind: ReferenceKind;
  path: string | null;
  /** a username, an iid (issue, epic, milestone), a label id, or a milestone's or label's title */
  key: string;
  /** `key` is a number (an iid, or a label's id) rather than a title */
  byNumber: boolean;
  /** the characters written, e.g. `acme/web#3` */
  text: string;
  start: number;
};

/** What a reference resolved to for the reader: where it links and the attributes of the link. */
export type ResolvedReference = {
  href: string;
  /** what the link says (GitLab adds ' (closed)' to closed issues and epics) */
  text: string;
  attrs: ReadonlyArray<readonly [string, string]>;
};

/** Looks a reference up; undefined renders the text as written (missing and hidden alike). */
export type ReferenceLookup = (reference: Reference) => ResolvedReference | undefined;

const PATH = '[A-Za-z0-9_][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.-]*)*';
const NAME = '[A-Za-z0-9_][A-Za-z0-9_.?&-]*';
// A reference starts at the start of the text or after a character that cannot be part of a word,
// a path or an e-mail address; the path (if any) is captured with it.
const PATTERN = new RegExp(
  '(^|[^A-Za-z0-9_@./&#%~-])' +
    '(?:@(?<user>[A-Za-z0-9_][A-Za-z0-9_.-]{0,254})' +
    `|(?<path>${PATH})?(?:` +
    String.raw`#(?<issue>\d{1,9})(?![A-Za-z0-9_])` +
    String.raw`|&(?<epic>\d{1,9})(?![A-Za-z0-9_])` +
    String.raw`|%(?:(?<milestoneIid>\d{1,9})(?![A-Za-z0-9_.-])|"(?<milestoneQuoted>[^"\n]{1,255})"|(?<milestoneName>${NAME}))` +
    String.raw`|~(?:(?<labelId>\d{1,18})(?![A-Za-z0-9_.-])|"(?<labelQuoted>[^"\n]{1,255})"|(?<labelName>${NAME}))` +
    '))',
  'g',
);

/** Trailing punctuation ends a sentence rather than a name (`see ~bug.` is the label 'bug'). */
const trimName = (name: string) => name.replace(/[.?&-]+$/, '');

/** The references written in a piece of plain text (not inside code or links: the caller skips those). */
export function scanReferences(text: string): Reference[] {
  if (!/[@#&%~]/.test(text)) return [];
  const found: Reference[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const g = m.groups ?? {};
    const start = (m.index ?? 0) + (m[1] ?? '').length;
    const path = g.path ?? null;
    const prefix = path ?? '';
    const push = (kind: ReferenceKind, key: string, byNumber: boolean, written: string) => {
      if (key === '') return;
      found.push({ kind, path, key, byNumber, text: written, start });
    };
    if (g.user !== undefined) {
      const name = g.user.replace(/[.-]+$/, '');
      push('user', name, false, `@${name}`);
    } else if (g.issue !== undefined) push('issue', g.issue, true, `${prefix}#${g.issue}`);
    else if (g.epic !== undefined) push('epic', g.epic, true, `${prefix}&${g.epic}`);
    else if (g.milestoneIid !== undefined) push('milestone', g.milestoneIid, true, `${prefix}%${g.milestoneIid}`);
    else if (g.milestoneQuoted !== undefined) {
      push('milestone', g.milestoneQuoted, false, `${prefix}%"${g.milestoneQuoted}"`);
    } else if (g.milestoneName !== undefined) {
      const name = trimName(g.milestoneName);
      push('milestone', name, false, `${prefix}%${name}`);
    } else if (g.labelId !== undefined) push('label', g.labelId, true, `${prefix}~${g.labelId}`);
    else if (g.labelQuoted !== undefined) push('label', g.labelQuoted, false, `${prefix}~"${g.labelQuoted}"`);
    else if (g.labelName !== undefined) {
      const name = trimName(g.labelName);
      push('label', name, false, `${prefix}~${name}`);
    }
  }
  return found;
}

/** A reference's identity, the key of a resolved map (paths and usernames compare case-insensitively). */
export function referenceKey(r: Pick<Reference, 'kind' | 'path' | 'key' | 'byNumber'>): string {
  const key = r.kind === 'user' ? r.key.toLowerCase() : r.key;
  return `${r.kind}:${(r.path ?? '').toLowerCase()}:${r.byNumber ? '#' : '"'}${key}`;
}
