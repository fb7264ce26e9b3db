/**
 * Paths of groups and projects: letters, digits, '_', '-', '.'; starting with a letter, digit or '_';
 * not ending in '.', '.git' or '.atom' (GitLab's rules), at most 255 characters.
 */
const PATH_RE = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/;

/** Top-level names the web app and API use for their own routes. */
export const RESERVED_TOP_LEVEL_PATHS: readonly string[] = [
  '-',
  'admin',
  'api',
  'assets',
  'dashboard',
  'explore',
  'groups',
  'help',
  'oauth',
  'projects',
  'public',
  'search',
  'uploads',
  'users',
  'favicon.ico',
  'robots.txt',
];

export function pathError(path: string, topLevel: boolean): string | null {
  if (path.length === 0) return "can't be blank";
  if (path.length > 255) return 'is too long (maximum is 255 characters)';
  if (!PATH_RE.test(path) || /\.$|\.git$|\.atom$/.test(path) || path.includes('..')) {
    return "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
  }
  if (topLevel && RESERVED_TOP_LEVEL_PATHS.includes(path.toLowerCase())) return `${path} is a reserved name`;
  // `/<project>/edit` is the project's settings page (GitLab's `PROJECT_WILDCARD_ROUTES`).
  if (!topLevel && path.toLowerCase() === 'edit') return `${path} is a reserved name`;
  return null;
}

/** Turns a name into a path suggestion: 'Platform Web' → 'platform-web'. */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 255);
}
