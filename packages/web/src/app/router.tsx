import { createBrowserRouter, Navigate } from 'react-router';
import { AdminPage } from '../features/admin/admin-page.tsx';
import { GroupsDashboardPage } from '../features/dashboard/groups-dashboard-page.tsx';
import { GroupsPrefixPage } from '../features/namespaces/groups-prefix-page.tsx';
import { NamespacePage } from '../features/namespaces/namespace-page.tsx';
import { SignInPage } from '../features/session/sign-in-page.tsx';
import { PersonalAccessTokensPage } from '../features/settings/personal-access-tokens-page.tsx';
import { PreferencesPage } from '../features/settings/preferences-page.tsx';
import { routes } from '../lib/routes.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';

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
        {
          element: <AppShell />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              children: [
                { index: true, element: <Navigate to={routes.dashboardGroups()} replace /> },
                { path: 'dashboard/groups', element: <GroupsDashboardPage /> },
                { path: '-/user_settings/personal_access_tokens', element: <PersonalAccessTokensPage /> },
                { path: '-/profile/preferences', element: <PreferencesPage /> },
                { path: 'admin', element: <AdminPage /> },
                { path: 'groups/*', element: <GroupsPrefixPage /> },
                { path: '*', element: <NamespacePage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
