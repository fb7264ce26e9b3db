import { useCallback, useEffect, useState } from 'react';
import { matchesMediaQuery, NARROW_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';

/** GitLab's cookie for the collapsed right sidebar ("gutter"). */
export const COLLAPSED_COOKIE = 'collapsed_gutter';
/** Small screens (narrow and medium): the sidebar starts collapsed (spec 001 §2.1). */
export const SMALL_QUERY = '(max-width: 1199px)';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCollapsedCookie(): boolean | null {
  const entry = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${COLLAPSED_COOKIE}=`));
  if (!entry) return null;
  return entry.slice(COLLAPSED_COOKIE.length + 1) === 'true';
}

function writeCollapsedCookie(collapsed: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: GitLab keeps this choice in a cookie the server could read too
  document.cookie = `${COLLAPSED_COOKIE}=${collapsed}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * Whether a detail page's sidebar (epic, issue) is collapsed. Wide screens start as the `collapsed_gutter` cookie says;
 * small screens start collapsed, collapse when the window shrinks, and set the cookie to collapsed
 * when the page is left. Every toggle is written to the cookie.
 */
export type SidebarCollapsed = ReturnType<typeof useSidebarCollapsed>;

export function useSidebarCollapsed() {
  const isSmall = useMediaQuery(SMALL_QUERY);
  /* Narrow screens: the open sidebar is a drawer over the page (UI.md). */
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const [collapsed, setCollapsedState] = useState(
    () => matchesMediaQuery(SMALL_QUERY) || (readCollapsedCookie() ?? false),
  );

  useEffect(() => {
    if (!isSmall) return;
    setCollapsedState(true);
    const handlePageHide = () => writeCollapsedCookie(true);
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [isSmall]);

  const setCollapsed = useCallback((value: boolean) => {
    setCollapsedState(value);
    writeCollapsedCookie(value);
  }, []);

  return { collapsed, isNarrow, isSmall, setCollapsed };
}
