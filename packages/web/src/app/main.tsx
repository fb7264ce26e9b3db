/**
 * The entry: starts the first URL's page code together with the app's, not after it. The app
 * (start.tsx) needs React, React Aria, Apollo and the GraphQL documents before it renders, and its
 * router then asks for the page's chunk (the namespace pages: issues, epics, lists …); loaded one
 * after the other that is a second wave of downloads once the first has been run. Here both leave
 * at once, and the router's `lazy()` finds the page's module already loaded (an `import()` of the
 * same module answers the same promise).
 */
import { initialPageChunk } from './initial-page-chunk.ts';

void initialPageChunk(window.location.pathname)?.catch(() => undefined);
void import('./start.tsx');
