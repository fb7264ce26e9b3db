/**
 * The chunk of the page the router will show for `pathname`, started early (main.tsx); null for the
 * app's own pages, whose chunks are small. Mirrors the router's last two routes: `/groups/…` and
 * every other namespace path (`/acme/website/-/issues/3`) — paths of the app's own pages first.
 * Kept free of imports: the entry must stay tiny.
 */
const APP_PAGES = /^\/(users|dashboard|admin|search|explore|-)(\/|$)|^\/groups\/new\/?$|^\/?$/;

export function initialPageChunk(pathname: string): Promise<unknown> | null {
  if (APP_PAGES.test(pathname)) return null;
  if (pathname.startsWith('/groups/')) return import('../features/namespaces/groups-prefix-page.tsx');
  return import('../features/namespaces/namespace-page.tsx');
}
