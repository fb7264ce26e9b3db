import { RESERVED_TOP_LEVEL_PATHS } from '../domain/paths.ts';

export type NamespaceLocation = {
  /** The group or project path, e.g. `acme/platform/web`. */
  fullPath: string;
  /** What follows `/-/`, split into segments: `['issues', '12']`; empty for the overview. */
  subPath: string[];
  /** Whether the URL used the `/groups/` prefix (only groups live there). */
  groupsPrefix: boolean;
};

/** App routes that are never a group or project path. */
const APP_PREFIXES = RESERVED_TOP_LEVEL_PATHS.filter((p) => p !== 'groups');

/**
 * Splits a pathname into the group/project path and the sub-page after `/-/`.
 * Returns null for the app's own pages (dashboard, admin, settings, ...).
 */
export function parseNamespacePath(pathname: string): NamespaceLocation | null {
  let segments = pathname.split('/').filter(Boolean).map(safeDecode);
  const first = segments[0];
  if (first === undefined) return null;
  let groupsPrefix = false;
  if (first === 'groups') {
    groupsPrefix = true;
    segments = segments.slice(1);
  } else if (APP_PREFIXES.includes(first.toLowerCase())) {
    return null;
  }
  const separator = segments.indexOf('-');
  // GitLab's project settings live at `/<project>/edit` (no `/-/`); `edit` is no project or subgroup path.
  if (separator === -1 && !groupsPrefix && segments.length > 2 && segments.at(-1) === 'edit') {
    return { fullPath: segments.slice(0, -1).join('/'), subPath: ['edit'], groupsPrefix };
  }
  const pathSegments = separator === -1 ? segments : segments.slice(0, separator);
  const subPath = separator === -1 ? [] : segments.slice(separator + 1);
  if (pathSegments.length === 0) return null;
  return { fullPath: pathSegments.join('/'), subPath, groupsPrefix };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
