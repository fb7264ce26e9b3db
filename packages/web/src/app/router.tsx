import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate } from 'react-router';
import { SkeletonList } from '../components/ui/skeleton.tsx';
import { SignInPage } from '../features/session/sign-in-page.tsx';
import { routes } from '../lib/routes.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { lazyPage } from './lazy-page.ts';
import { RequireSignIn } from './require-sign-in.tsx';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';

const AdminPage = lazyPage(() => import('../features/admin/admin-page.tsx'), 'AdminPage');
const AdminUserPage = lazyPage(() => import('../features/admin/admin-user-page.tsx'), 'AdminUserPage');
const AdminUserEditPage = lazyPage(() => import('../features/admin/admin-user-edit-page.tsx'), 'AdminUserEditPage');
const AdminAbuseReportPage = lazyPage(
  () => import('../features/admin/admin-abuse-report-page.tsx'),
  'AdminAbuseReportPage',
);
const AdminSettingsPage = lazyPage(() => import('../features/admin/admin-settings-page.tsx'), 'AdminSettingsPage');
const ForgotPasswordPage = lazyPage(() => import('../features/session/forgot-password-page.tsx'), 'ForgotPasswordPage');
const SignUpPage = lazyPage(() => import('../features/session/sign-up-page.tsx'), 'SignUpPage');
const ResetPasswordPage = lazyPage(() => import('../features/session/reset-password-page.tsx'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('../features/session/confirm-email-page.tsx'), 'ConfirmEmailPage');
const GroupsDashboardPage = lazyPage(
  () => import('../features/dashboard/groups-dashboard-page.tsx'),
  'GroupsDashboardPage',
);
const TodosPage = lazyPage(() => import('../features/todos/todos-page.tsx'), 'TodosPage');
const GroupsPrefixPage = lazyPage(() => import('../features/namespaces/groups-prefix-page.tsx'), 'GroupsPrefixPage');
const NamespacePage = lazyPage(() => import('../features/namespaces/namespace-page.tsx'), 'NamespacePage');
const PersonalAccessTokensPage = lazyPage(
  () => import('../features/settings/personal-access-tokens-page.tsx'),
  'PersonalAccessTokensPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const PasswordPage = lazyPage(() => import('../features/profile/password-page.tsx'), 'PasswordPage');
const ActiveSessionsPage = lazyPage(() => import('../features/profile/active-sessions-page.tsx'), 'ActiveSessionsPage');
const SearchPage = lazyPage(() => import('../features/search/search-page.tsx'), 'SearchPage');
const DashboardIssuesPage = lazyPage(
  () => import('../features/dashboard/dashboard-issues-page.tsx'),
  'DashboardIssuesPage',
);
const DashboardEpicsPage = lazyPage(
  () => import('../features/dashboard/dashboard-epics-page.tsx'),
  'DashboardEpicsPage',
);
const DashboardProjectsPage = lazyPage(
  () => import('../features/dashboard/dashboard-projects-page.tsx'),
  'DashboardProjectsPage',
);
const DashboardActivityPage = lazyPage(
  () => import('../features/dashboard/dashboard-activity-page.tsx'),
  'DashboardActivityPage',
);
const DashboardMilestonesPage = lazyPage(
  () => import('../features/dashboard/dashboard-milestones-page.tsx'),
  'DashboardMilestonesPage',
);
const ExploreProjectsPage = lazyPage(() => import('../features/explore/explore-page.tsx'), 'ExploreProjectsPage');
const ExploreGroupsPage = lazyPage(() => import('../features/explore/explore-page.tsx'), 'ExploreGroupsPage');
const NewGroupPage = lazyPage(() => import('../features/groups/new-group-page.tsx'), 'NewGroupPage');
const HelpPage = lazyPage(() => import('../features/help/help-page.tsx'), 'HelpPage');
const PreferencesPage = lazyPage(() => import('../features/settings/preferences-page.tsx'), 'PreferencesPage');

/**
 * Starts loading the first URL's catch-all page (the namespace or groups page: the issue page, the
 * lists, the epic page, the roadmap) with the app's start, beside its prefetched queries, rather
 * than once the shell has rendered. A failed load is ignored here: the page's own load reports it.
 * `renderAtOnce` (a list's first render waits for its page, decision 0073): the page renders without
 * a round through its `Suspense` once loaded, and the promise settles when it is.
 */
export function preloadFirstPage(
  router: ReturnType<typeof createRouter>,
  pathname: string,
  renderAtOnce = false,
): Promise<void> {
  const leaf = matchRoutes(router.routes, pathname)?.at(-1)?.route.path;
  const page = leaf === 'groups/*' ? GroupsPrefixPage : leaf === '*' ? NamespacePage : null;
  if (page && renderAtOnce) return page.load();
  page?.preload();
  return Promise.resolve();
}

/** While a page's chunk loads, the same placeholder rows the pages show while their data loads. */
function page(element: ReactNode) {
  return <Suspense fallback={<SkeletonList rows={4} label="Loading" />}>{element}</Suspense>;
}

/**
 * GitLab-shaped routes. Group and project pages hang off their path (`/acme/platform`,
 * `/acme/platform/web/-/issues`); group sub-pages also live under `/groups/<path>/-/…`.
 * Anything else falls through to the catch-all, which asks the server what the path is.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        { path: 'users/sign_in', element: <SignInPage /> },
        { path: 'users/sign_up', element: page(<SignUpPage />) },
        { path: 'users/password/new', element: page(<ForgotPasswordPage />) },
        { path: 'users/password/edit', element: page(<ResetPasswordPage />) },
        { path: 'users/confirmation', element: page(<ConfirmEmailPage />) },
        {
          element: <AppShell />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <Navigate to={routes.dashboardGroups()} replace /> },
                { path: 'dashboard/groups', element: page(<GroupsDashboardPage />) },
                { path: 'dashboard/todos', element: page(<TodosPage />) },
                { path: '-/user_settings/personal_access_tokens', element: page(<PersonalAccessTokensPage />) },
                { path: '-/profile/preferences', element: page(<PreferencesPage />) },
                { path: '-/profile', element: page(<ProfilePage />) },
                { path: '-/profile/password/edit', element: page(<PasswordPage />) },
                { path: '-/profile/active_sessions', element: page(<ActiveSessionsPage />) },
                { path: 'admin', element: page(<AdminPage />) },
                { path: 'search', element: page(<SearchPage />) },
                {
                  path: 'dashboard/issues',
                  element: page(
                    <RequireSignIn>
                      <DashboardIssuesPage />
                    </RequireSignIn>,
                  ),
                },
                {
                  path: 'dashboard/epics',
                  element: page(
                    <RequireSignIn>
                      <DashboardEpicsPage />
                    </RequireSignIn>,
                  ),
                },
                ...[
                  { path: 'dashboard/projects', element: <DashboardProjectsPage /> },
                  { path: 'dashboard/projects/member', element: <DashboardProjectsPage /> },
                  { path: 'dashboard/activity', element: <DashboardActivityPage /> },
                  { path: 'dashboard/milestones', element: <DashboardMilestonesPage /> },
                ].map((route) => ({ ...route, element: page(<RequireSignIn>{route.element}</RequireSignIn>) })),
                { path: 'explore', element: <Navigate to={routes.exploreProjects()} replace /> },
                { path: 'explore/projects', element: page(<ExploreProjectsPage />) },
                { path: 'explore/groups', element: page(<ExploreGroupsPage />) },
                {
                  path: 'groups/new',
                  element: page(
                    <RequireSignIn>
                      <NewGroupPage />
                    </RequireSignIn>,
                  ),
                },
                { path: '-/help', element: page(<HelpPage />) },
                { path: 'admin/users/:username', element: page(<AdminUserPage />) },
                { path: 'admin/users/:username/edit', element: page(<AdminUserEditPage />) },
                { path: 'admin/abuse_reports/:id', element: page(<AdminAbuseReportPage />) },
                { path: 'admin/application_settings/general', element: page(<AdminSettingsPage />) },
                { path: 'groups/*', element: page(<GroupsPrefixPage />) },
                { path: '*', element: page(<NamespacePage />) },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
