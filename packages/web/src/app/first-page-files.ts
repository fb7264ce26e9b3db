import { parseNamespacePath } from '@milepost/shared/routes/namespace-path';

/** The element of `index.html` naming each catch-all page's files (the build writes it, `vite-plugins/first-requests.ts`). */
export const FIRST_PAGE_FILES_ID = 'milepost-first-page-files';

/** Each catch-all page's files beyond the entry's: `/assets/…` scripts and style sheets. */
export type FirstPageFiles = { namespace: string[]; groups: string[] };

/**
 * Starts downloading the first URL's catch-all page (the namespace page for `/<path>/…`, the groups
 * page for `/groups/<path>/…`; the router's two catch-all routes) beside the app's entry, instead of
 * once the app has run: modulepreload for its scripts, preload for its style sheets, with the
 * attributes Vite's own loader uses, so that loader finds them. Nothing for other URLs or without
 * the list (the dev server).
 */
export function preloadFirstPageFiles(pathname: string, doc: Document = document): void {
  const text = doc.getElementById(FIRST_PAGE_FILES_ID)?.textContent;
  const location = parseNamespacePath(pathname);
  if (!text || !location) return;
  const files = (JSON.parse(text) as FirstPageFiles)[location.groupsPrefix ? 'groups' : 'namespace'];
  for (const href of files ?? []) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
}
