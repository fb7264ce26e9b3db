import {
  type EpicsListView,
  epicsListUrlPairs,
  type FilterValue,
  firstPage,
  type ListState,
  parseEpicsListUrl,
  stateLinkPairs,
} from '@milepost/shared';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const toSearch = (pairs: [string, string][]) => `?${new URLSearchParams(pairs).toString()}`;

/** The query string (with '?') of a view: `?scope=all&state=…`. */
export function epicsListSearch(view: EpicsListView): string {
  return toSearch(epicsListUrlPairs(view));
}

export type EpicsListViewApi = {
  view: EpicsListView;
  /** The link of a state tab: the current query with that state, paging started over. */
  stateHref: (state: ListState) => string;
  /** The link of a view on this page. */
  hrefFor: (view: EpicsListView) => string;
  /** A new filter, from the first page. */
  setFilter: (filter: FilterValue) => void;
  setSort: (sort: EpicsListView['sort']) => void;
};

/**
 * The epics list's view lives in the URL only (spec 002 §7.4), so links from the roadmap, a
 * bookmark or Back land on the same view. Changes push a new history entry with the legacy bar's
 * `?scope=all&state=…&…` query.
 */
export function useEpicsListView(): EpicsListViewApi {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the parameters' identity
  const view = useMemo(() => parseEpicsListUrl(params), [search]);

  const hrefFor = useCallback((next: EpicsListView) => `${pathname}${epicsListSearch(next)}`, [pathname]);
  const go = useCallback((next: EpicsListView) => navigate(hrefFor(next)), [navigate, hrefFor]);
  const stateHref = useCallback(
    (state: ListState) => `${pathname}${toSearch(stateLinkPairs(epicsListUrlPairs(view), state))}`,
    [pathname, view],
  );
  const setFilter = useCallback((filter: FilterValue) => go(firstPage({ ...view, filter })), [go, view]);
  const setSort = useCallback((sort: EpicsListView['sort']) => go(firstPage({ ...view, sort })), [go, view]);
  return { view, stateHref, hrefFor, setFilter, setSort };
}
