const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

/** Paths of the web app's pages, GitLab-shaped. */
export const routes = {
  signIn: (redirect?: string) =>
    redirect ? `/users/sign_in?redirect=${encodeURIComponent(redirect)}` : '/users/sign_in',
  dashboardTodos: () => '/dashboard/todos',
  dashboardGroups: (search?: string) =>
    search ? `/dashboard/groups?search=${encodeURIComponent(search)}` : '/dashboard/groups',
  group: (fullPath: string) => `/${encodePath(fullPath)}`,
  groupEpics: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/epics`,
  groupIssues: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/issues`,
  newEpic: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/epics/new`,
  groupEpic: (fullPath: string, iid: string | number) => `/groups/${encodePath(fullPath)}/-/epics/${iid}`,
  groupRoadmap: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/roadmap`,
  /** The group's roadmap scrolled to one of its epics (decision 0056), over the widest date range. */
  epicOnRoadmap: (fullPath: string, iid: string | number) =>
    `/groups/${encodePath(fullPath)}/-/roadmap?timeframe_range_type=THREE_YEARS&show_epic=${encodeURIComponent(String(iid))}`,
  groupMembers: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/group_members`,
  /** Settings › General: name, visibility, avatar. */
  groupSettings: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/edit`,
  groupCadences: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/cadences`,
  newCadence: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/cadences/new`,
  editCadence: (fullPath: string, id: string | number) => `/groups/${encodePath(fullPath)}/-/cadences/${id}/edit`,
  groupIteration: (fullPath: string, id: string | number) => `/groups/${encodePath(fullPath)}/-/iterations/${id}`,
  groupLabels: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/labels`,
  groupMilestones: (fullPath: string) => `/groups/${encodePath(fullPath)}/-/milestones`,
  project: (fullPath: string) => `/${encodePath(fullPath)}`,
  projectLabels: (fullPath: string) => `/${encodePath(fullPath)}/-/labels`,
  projectMilestones: (fullPath: string) => `/${encodePath(fullPath)}/-/milestones`,
  /** A group's (`/groups/<path>/-/milestones/<iid>`) or a project's milestone. */
  milestone: (kind: 'group' | 'project', fullPath: string, iid: string | number) =>
    kind === 'group'
      ? `/groups/${encodePath(fullPath)}/-/milestones/${iid}`
      : `/${encodePath(fullPath)}/-/milestones/${iid}`,
  projectIssues: (fullPath: string) => `/${encodePath(fullPath)}/-/issues`,
  projectIssue: (fullPath: string, iid: string | number) => `/${encodePath(fullPath)}/-/issues/${iid}`,
  projectWorkItem: (fullPath: string, iid: string | number) => `/${encodePath(fullPath)}/-/work_items/${iid}`,
  projectIncident: (fullPath: string, iid: string | number) => `/${encodePath(fullPath)}/-/issues/incident/${iid}`,
  projectMembers: (fullPath: string) => `/${encodePath(fullPath)}/-/project_members`,
  projectIssueTemplates: (fullPath: string) => `/${encodePath(fullPath)}/-/settings/issue_templates`,
  /** Settings › General (GitLab's `/<project>/edit`): name, visibility, avatar. */
  projectSettings: (fullPath: string) => `/${encodePath(fullPath)}/edit`,
  personalAccessTokens: () => '/-/user_settings/personal_access_tokens',
  preferences: () => '/-/profile/preferences',
  admin: () => '/admin',
  user: (username: string) => `/${encodeURIComponent(username)}`,
  editProfile: () => '/-/profile',
  editPassword: () => '/-/profile/password/edit',
  activeSessions: () => '/-/profile/active_sessions',
  forgotPassword: () => '/users/password/new',
  signUp: () => '/users/sign_up',
  adminUser: (username: string) => `/admin/users/${encodeURIComponent(username)}`,
  adminUserEdit: (username: string) => `/admin/users/${encodeURIComponent(username)}/edit`,
  adminAbuseReport: (id: string | number) => `/admin/abuse_reports/${id}`,
  search: (search?: string) => (search ? `/search?search=${encodeURIComponent(search)}` : '/search'),
  dashboardIssues: () => '/dashboard/issues',
  dashboardEpics: () => '/dashboard/epics',
  dashboardProjects: (tab: 'contributed' | 'member' = 'contributed') =>
    tab === 'member' ? '/dashboard/projects/member' : '/dashboard/projects',
  dashboardActivity: () => '/dashboard/activity',
  dashboardMilestones: () => '/dashboard/milestones',
  exploreProjects: () => '/explore/projects',
  exploreGroups: () => '/explore/groups',
  newGroup: () => '/groups/new',
  help: () => '/-/help',
  newProjectIssue: (fullPath: string) => `/${encodePath(fullPath)}/-/issues/new`,
  adminSettings: () => '/admin/application_settings/general',
  resetPassword: (token: string) => `/users/password/edit?reset_password_token=${encodeURIComponent(token)}`,
} as const;

export { type NamespaceLocation, parseNamespacePath } from '@milepost/shared';
