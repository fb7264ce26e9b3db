import {
  DEFAULT_FIRST_DAY_OF_WEEK,
  EMPTY_FILTER_VALUE,
  type FirstDayOfWeek,
  getTimeframe,
  isFirstDayOfWeek,
  PRESET_TYPES,
  timeframeQueryRange,
} from '@milepost/shared';
import { keepsCache, type PrefetchClient } from '../../app/prefetch-client.ts';
import {
  RoadmapEpicChildrenQueryDocument,
  RoadmapGroupEpicsQueryDocument,
  RoadmapGroupMilestonesQueryDocument,
  RoadmapViewerQueryDocument,
} from '../../gql/graphql.ts';
import { preferredToday } from '../../lib/format-date.ts';
import { viewerFirstDayOfWeekHint } from '../../lib/viewer-hints.ts';
import { requestRoadmapFirstPage } from './hooks/roadmap-first-pages.ts';
import { showEpicOf } from './hooks/use-roadmap-deep-link.ts';
import { roadmapFirstPageVariables, roadmapListVariables, roadmapSource } from './hooks/use-roadmap-epics.ts';
import { MILESTONES_PAGE_SIZE } from './hooks/use-roadmap-milestones.ts';
import { roadmapViewFromUrl } from './hooks/use-roadmap-settings.ts';
import { localSettingsFrom, settingsFromLocal } from './roadmap-local-settings.ts';

/**
 * The request the group roadmap's first render makes for its first page of epics, derived from the
 * URL alone the way the page derives it (URL → local settings → query variables), for a viewer whose
 * week starts on `firstDayOfWeek`; with `epicIid`, the one-epic roadmap's (an epic's Roadmap tab,
 * which applies no filters).
 */
export function roadmapFirstPageRequest(
  groupFullPath: string,
  search: string,
  today: string,
  firstDayOfWeek: FirstDayOfWeek,
  epicIid?: string,
) {
  const params = new URLSearchParams(search);
  const view = roadmapViewFromUrl(params);
  const timeframe = getTimeframe({
    rangeType: view.settings.timeframeRangeType,
    presetType: view.settings.presetType,
    today,
    firstDayOfWeek,
  });
  // The page reads its settings back from the client-only state; go the same way.
  const local = settingsFromLocal(localSettingsFrom(view.settings, view.filter, timeframe, 0));
  const { settings } = local;
  const filter = epicIid === undefined ? local.filter : EMPTY_FILTER_VALUE;
  const { source, filters } = roadmapSource(groupFullPath, epicIid, filter);
  const { firstPageVariables, childrenVariables } = roadmapFirstPageVariables(
    source,
    roadmapListVariables(settings, filters, timeframe),
    epicIid === undefined ? showEpicOf(params) : '',
  );
  // Weekly columns start on the viewer's first day of the week; quarters and months do not depend on it.
  const dependsOnFirstDayOfWeek = timeframe.presetType === PRESET_TYPES.WEEKS;
  return source.kind === 'group'
    ? { kind: 'group' as const, variables: firstPageVariables, dependsOnFirstDayOfWeek, settings, timeframe }
    : { kind: 'epic' as const, variables: childrenVariables, dependsOnFirstDayOfWeek, settings, timeframe };
}

/**
 * Sends the group roadmap's first epics request (and its milestones') before the page's code has
 * loaded or the group has been looked up (those run in parallel); the page takes its answer (a
 * group's first page: `requestRoadmapFirstPage`; one epic's children and the milestones: its
 * `useQuery` joins them). When the view has weekly
 * columns it first asks for the viewer's first day of the week, as the page does, unless the page as
 * served carries it (`viewerFirstDayOfWeekHint`). Failures are
 * ignored here: the page asks again and shows its own errors.
 *
 * Answers a promise that settles (never rejects) once every request it sent has been answered or
 * has failed, each answer kept where the page reads it (the roadmap's first page in its row store,
 * the viewer and the milestones in Apollo's cache): what the app's first render waits for a moment
 * on a roadmap's first URL (`prefetchInitialRoute`, decision 0082), so the shell, the page and its
 * first bars render once.
 */
export function prefetchRoadmapFirstPage(
  client: PrefetchClient,
  groupFullPath: string,
  search: string,
  epicIid?: string,
): Promise<void> {
  const today = preferredToday();
  const ignore = () => undefined;
  const send = (
    firstDayOfWeek: FirstDayOfWeek,
    request = roadmapFirstPageRequest(groupFullPath, search, today, firstDayOfWeek, epicIid),
  ): Promise<unknown> => {
    // A group's first page: into the roadmap's row store through the app's client (the early
    // script's client only sends it; the app's request is then answered by it).
    const sent: Promise<unknown>[] = [];
    if (request.kind === 'epic') {
      sent.push(client.query({ query: RoadmapEpicChildrenQueryDocument, variables: request.variables }).catch(ignore));
    } else if (keepsCache(client)) sent.push(requestRoadmapFirstPage(client, request.variables));
    else sent.push(client.query({ query: RoadmapGroupEpicsQueryDocument, variables: request.variables }).catch(ignore));
    // The milestones row (when shown) with the epics, not once the page has rendered: a group's
    // milestones, or those of one epic's children's issues.
    if (request.settings.isShowingMilestones) {
      sent.push(
        client
          .query({
            query: RoadmapGroupMilestonesQueryDocument,
            variables: {
              fullPath: groupFullPath,
              epicIid,
              timeframe: timeframeQueryRange(request.timeframe),
              first: MILESTONES_PAGE_SIZE,
            },
          })
          .catch(ignore),
      );
    }
    return Promise.all(sent);
  };
  const viewer = client.query({ query: RoadmapViewerQueryDocument });
  const viewerSettled = viewer.catch(ignore);
  const probe = roadmapFirstPageRequest(groupFullPath, search, today, DEFAULT_FIRST_DAY_OF_WEEK, epicIid);
  if (!probe.dependsOnFirstDayOfWeek) {
    return Promise.all([viewerSettled, send(DEFAULT_FIRST_DAY_OF_WEEK, probe)]).then(ignore);
  }
  // The page as served says the signed-in viewer's first day: no need to wait for it.
  const hint = viewerFirstDayOfWeekHint();
  if (hint !== null) return Promise.all([viewerSettled, send(hint)]).then(ignore);
  return viewer
    .then(({ data }) => {
      const preference = data?.currentUser?.firstDayOfWeek;
      return send(isFirstDayOfWeek(preference) ? preference : DEFAULT_FIRST_DAY_OF_WEEK);
    })
    .then(ignore, ignore);
}
