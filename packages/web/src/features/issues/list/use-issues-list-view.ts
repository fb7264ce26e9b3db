import {
  DEFAULT_ISSUE_PAGE_SIZE,
  type IssuesListView,
  isIssuePageSize,
  isIssuesListUrlKey,
  issuesListViewFromUrl,
  issuesListViewToUrl,
  PAGE_SIZE_STORAGE_KEY,
} from '@milepost/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The page size chosen last on this browser (`issuable_list_page_size`), or GitLab's default. */
export function storedPageSize(): number {
  try {
    const size = Number(window.localStorage.getItem(PAGE_SIZE_STORAGE_KEY));
    return isIssuePageSize(size) ? size : DEFAULT_ISSUE_PAGE_SIZE;
  } catch {
    return DEFAULT_ISSUE_PAGE_SIZE;
  }
}

/** The URL's parameters with `change` applied to the view (paging reset unless `keepPage`), others kept. */
function changedParams(
  current: URLSearchParams,
  change: Partial<IssuesListView>,
  opts: { keepPage?: boolean },
): URLSearchParams {
  const base = issuesListViewFromUrl(current);
  const next: IssuesListView = { ...base, ...(opts.keepPage ? {} : { after: null, before: null }), ...change };
  const kept = [...current].filter(([key]) => !isIssuesListUrlKey(key));
  return new URLSearchParams([...issuesListViewToUrl(next), ...kept]);
}

/**
 * The issue list's view, read from and written to the URL (GitLab's keys, both ways): state, sort,
 * filter, search-in, page cursors and page size. The page size also lives in local storage under
 * `issuable_list_page_size`, so a chosen size applies to every list until changed.
 */
export function useIssuesListView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => issuesListViewFromUrl(params), [params]);
  const [stored, setStored] = useState(storedPageSize);
  const pageSize = view.pageSize ?? stored;

  /** Changes the view; anything but paging goes back to the first page. */
  const update = useCallback(
    (change: Partial<IssuesListView>, opts: { keepPage?: boolean; replace?: boolean } = {}) => {
      setParams((current) => changedParams(current, change, opts), { replace: opts.replace ?? false });
    },
    [setParams],
  );

  /** The link (`?query`) of the view with `change` applied, as `update` would set it. */
  const hrefFor = useCallback(
    (change: Partial<IssuesListView>, opts: { keepPage?: boolean } = {}) =>
      `?${changedParams(params, change, opts).toString()}`,
    [params],
  );

  const setPageSize = useCallback(
    (size: number) => {
      try {
        window.localStorage.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
      } catch {
        // Storage disabled: the size still applies through the URL.
      }
      setStored(size);
      update({ pageSize: size });
    },
    [update],
  );

  return { view, pageSize, update, hrefFor, setPageSize, query: params.toString() };
}
