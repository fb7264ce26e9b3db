import { groupSubPage, projectSubPage } from '@milepost/shared';
import { prefetchEpicsList } from '../features/epics/list/prefetch-epics-list.ts';
import { prefetchEpicPage } from '../features/epics/prefetch-epic-page.ts';
import { prefetchIssuesList } from '../features/issues/list/prefetch-issues-list.ts';
import { prefetchIssuePage } from '../features/issues/prefetch-issue-page.ts';
import { prefetchRoadmapFirstPage } from '../features/roadmap/roadmap-first-page.ts';
import {
  CurrentUserQueryDocument,
  DisplayPreferencesQueryDocument,
  EditorPreferenceQueryDocument,
  ResolvePathQueryDocument,
  TodoCountQueryDocument,
} from '../gql/graphql.ts';
import { parseNamespacePath } from '../lib/routes.ts';
import { FIRST_BATCH, type PrefetchClient } from './prefetch-client.ts';

/**
 * On an issue or epics list, the list's first answers (the shell's, the path's and the list's own,
 * each settled, answered or failed): the app's first render waits for them a moment (decision 0073),
 * so the shell, the page and its rows render once. On an issue page likewise the shell's, the path's
 * and the issue's (decision 0080): the shell, the header, the title and the description render once;
 * on an epic page the tree's first page and the page's query (decision 0079): the header and the
 * tree's rows; on a group's roadmap its first page of epics, the viewer's first day of the week and
 * the milestones (decision 0082): the shell, the timeline and the first bars. Null on any other
 * page, whose first render does not wait.
 */
export type FirstAnswers = Promise<void> | null;

/**
 * Starts the first URL's requests: the shell's (viewer, preferences, to-do count), the group/project
 * lookup and, on a group roadmap, its first page of epics; on an issue or epic page, the issue or
 * epic and the first page of its activity; on an issue or epics list, its first page and the state
 * tabs' counts. Run twice on a first load, with one list of requests: by the early script
 * (`first-requests.ts`) while the app's code downloads, through a client that only sends them; then
 * by `main.tsx` through Apollo before React renders, whose requests the early ones answer
 * (`handOverFetch`). The pages' `useQuery` with the same document and variables then join the
 * in-flight request or read the cache; a failed prefetch is ignored, the page asks again.
 */
export function prefetchInitialRoute(client: PrefetchClient, pathname: string, search = ''): FirstAnswers {
  // What every page's shell asks first (the viewer, their display and editor preferences, the to-do
  // count): with the page's own requests, not once the page's code has loaded and rendered. The early
  // script sends them and the path lookup as one request (`FIRST_BATCH`).
  const context = { [FIRST_BATCH]: true };
  const shell = [
    CurrentUserQueryDocument,
    DisplayPreferencesQueryDocument,
    EditorPreferenceQueryDocument,
    TodoCountQueryDocument,
  ].map((query) => client.query({ query, context }).catch(() => {}));
  const location = parseNamespacePath(pathname);
  if (!location) return null;
  const path = client
    .query({ query: ResolvePathQueryDocument, variables: { fullPath: location.fullPath }, context })
    .catch(() => {});
  const groupPage = location.groupsPrefix ? groupSubPage(location.subPath) : null;
  const roadmap = groupPage?.page === 'roadmap' ? prefetchRoadmapFirstPage(client, location.fullPath, search) : null;
  const epic = groupPage?.page === 'epic' ? prefetchEpicPage(client, location.fullPath, groupPage.iid) : null;
  // `/<project>/-/issues/<iid>` is always a project's (a group's issues live under /groups/).
  const projectPage = location.groupsPrefix ? null : projectSubPage(location.subPath);
  const own = epic
    ? [epic]
    : roadmap
      ? [roadmap]
      : projectPage?.page === 'issue' || projectPage?.page === 'incident'
        ? [prefetchIssuePage(client, location.fullPath, projectPage.iid)]
        : groupPage?.page === 'epics'
          ? [prefetchEpicsList(client, location.fullPath, search)]
          : groupPage?.page === 'issues'
            ? prefetchIssuesList(client, location.fullPath, false, search)
            : projectPage?.page === 'issues'
              ? prefetchIssuesList(client, location.fullPath, true, search)
              : null;
  return own && Promise.all([...shell, path, ...own]).then(() => undefined);
}
