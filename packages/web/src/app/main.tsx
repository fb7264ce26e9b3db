import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { EditorPreferenceProvider } from '../components/markdown-editor/editor-preference-provider.tsx';
import { SecretWarningProvider } from '../components/secret-warning/secret-warning.tsx';
import { ToastProvider } from '../components/ui/toast.tsx';
import { applyStoredTheme } from '../features/settings/display-preferences.tsx';
import { AlertsProvider } from './alerts/alerts-context.tsx';
import { createApolloClient } from './apollo-client.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { firstRenderMayStart } from './first-render.ts';
import { claimFirstRequests } from './first-requests.ts';
import { prefetchInitialRoute } from './prefetch.ts';
import { createRouter, preloadFirstPage } from './router.tsx';
import './styles/global.css';

performance.mark('milepost:app-start');

/** The app's first commit, for the start's breakdown beside the early script's and the app's marks (decision 0061). */
function FirstCommitMark() {
  useLayoutEffect(() => {
    if (!performance.getEntriesByName('milepost:first-commit').length) performance.mark('milepost:first-commit');
  }, []);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

applyStoredTheme();
const client = createApolloClient();
claimFirstRequests();
const firstAnswers = prefetchInitialRoute(client, window.location.pathname, window.location.search);
const router = createRouter();
const firstPage = preloadFirstPage(router, window.location.pathname, firstAnswers !== null);

// On a list, an issue page or an epic page, the first render waits a moment for the first answers and
// the page's code: the shell, the page and its rows (or the title, the epic's header and tree)
// render once, not once per answer (decisions 0073, 0079, 0080).
void firstRenderMayStart(firstAnswers && [firstAnswers, firstPage]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <ApolloProvider client={client}>
          <AlertsProvider>
            <ToastProvider>
              <SecretWarningProvider>
                <EditorPreferenceProvider>
                  <RouterProvider router={router} />
                  <FirstCommitMark />
                </EditorPreferenceProvider>
              </SecretWarningProvider>
            </ToastProvider>
          </AlertsProvider>
        </ApolloProvider>
      </ErrorBoundary>
    </StrictMode>,
  ),
);
