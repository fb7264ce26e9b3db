import { RESERVED_TOP_LEVEL_PATHS } from '@milepost/shared';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

/** Paths of the web app's pages, GitLab-shaped. */
export const routes = {
  signIn: (redirect?: string) =>
    redirect ? `/users/sign_in?redirect=${encodeURIComponent(redirect)}` : '/users/sign_in',
  dashboardGroups: (search?: string) =>
    search ? `/dashboard/groups?search=${encodeURIComponent(search)}` : '/dashboard/groups',
  group: (fullPath: string) => `/${encodePath(fullPath)}`,
  groupEpics: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/epics`,
  groupIssues: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/issues`,
  newEpic: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/epics/new`,
  groupEpic: (fullPath: string, iid: string | number) => `/groups/${encodePath(fullPath)}/-/epics/${iid}`,
  groupRoadmap: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/roadmap`,
  groupMembers: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/group_members`,
  groupCadences: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/cadences`,
  newCadence: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/cadences/new`,
  editCadence: (fullPath: string, id: string | number) => `/groups/${encodePath(fullPath)}/-/cadences/${id}/edit`,
  groupIteration: (fullPath: string, id: string | number) => `/groups/${encodePath(fullPath)}/-/iterations/${id}`,
  project: (fullPath: string) => `/${encodePath(fullPath)}`,
  projectIssues: (fullPath: string) => `/${encodePath(fullPath)}/-/issues`,
  projectIssue: (fullPath: string, iid: string | number) => `/${encodePath(fullPath)}/-/issues/${iid}`,
  projectIncident: (fullPath: string, iid: string | number) => `/${encodePath(fullPath)}/-/issues/incident/${iid}`,
  projectMembers: (fullPath: string) => `/${encodePath(fullPath)}/-/project_members`,
  projectIssueTemplates: (fullPath: string) => `/${encodePath(fullPath)}/-/settings/issue_templates`,
  personalAccessTokens: () => '/-/user_settings/personal_access_tokens',
  preferences: () => '/-/profile/preferences',
  admin: () => '/admin',
} as const;

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
