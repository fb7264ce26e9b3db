/**
 * The early script (its own bundle, `vite-plugins/first-requests.ts`; first in `index.html`): starts
 * the first URL's requests while the app's code is still downloading, and the download of its
 * catch-all page's files beside the app's entry. Only the route parsing and the
 * texts of the documents it sends: no Apollo, no React, no GraphQL printer — the build replaces each
 * document by what Apollo sends for it; the dev server prepares them here.
 */
import type { DocumentNode } from 'graphql';
import { csrfFetch } from '../lib/csrf.ts';
import { preloadFirstPageFiles } from './first-page-files.ts';
import { startFirstRequests } from './first-requests.ts';
import type { PreparedDocument } from './operation-body.ts';
import { prepareDocument } from './prepared-document.ts';

performance.mark('milepost:first-requests');
startFirstRequests(
  window.location.pathname,
  window.location.search,
  csrfFetch,
  import.meta.env.DEV
    ? (document) => prepareDocument(document as DocumentNode)
    : (document) => document as PreparedDocument | null,
);
preloadFirstPageFiles(window.location.pathname);
