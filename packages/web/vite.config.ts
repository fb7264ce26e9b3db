/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstRequestsScript } from './vite-plugins/first-requests.ts';
import { graphqlDocumentsPerChunk } from './vite-plugins/graphql-documents.ts';
import { pageChunkSorter } from './vite-plugins/page-chunks.ts';
import { precompressAssets } from './vite-plugins/precompress.ts';
import { reactAriaEnglishOnly } from './vite-plugins/react-aria-locales.ts';
import { reactRouterProductionBuild } from './vite-plugins/react-router-production.ts';

/** Where the dev server sends API and session calls; the Milepost server in development. */
const api = process.env.MILEPOST_API ?? 'http://localhost:3000';
const proxied = ['/api', '/users/sign_in', '/users/sign_out', '/oauth', '/-/health'];
const sortPageChunk = pageChunkSorter();

export default defineConfig({
  plugins: [
    react(),
    firstRequestsScript(),
    graphqlDocumentsPerChunk(),
    reactAriaEnglishOnly(),
    reactRouterProductionBuild(),
    precompressAssets(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [
        prefix,
        {
          target: api,
          changeOrigin: false,
          // A browser navigating to the sign-in page wants the SPA, not the server's JSON route.
          bypass: (req) =>
            req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react-aria',
              test: /node_modules[\\/](react-aria|@react-aria|@react-stately|@internationalized|@react-types)/,
            },
            { name: 'apollo', test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/ },
            // The rest of the app in a few chunks by who needs it, not one per set of pages sharing a
            // module (decision 0059): the start in one, the catch-all pages in at most three more.
            // The sorting places each module itself, so no module is pulled along with its importers.
            {
              name: (id, context) => sortPageChunk(id, (moduleId) => context.getModuleInfo(moduleId)),
              debugName: 'page-chunks',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    globals: true,
    // Time-outs are hang guards, not speed checks (speed is measured by benchmarks): two workers share
    // CI's two cores, and a jsdom test that renders a whole page can take several seconds there.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // One known test-only clash, not a product error: React Aria moves virtual focus in a passive
    // effect by dispatching a synthetic `blur` on the input; user-event's document listener then
    // dispatches `change` inside `act()` while React is still flushing that effect, and React 19
    // answers 'Should not already be working.' Browsers never run `act()`; the e2e journeys cover
    // the same flows. Only that error, from that listener, is ignored.
    // Also ignored: the AbortError Apollo's ObservableQuery raises in its finalizer when a test ends
    // (the component unmounts) while one of its queries is still in flight.
    onUnhandledError: (error) =>
      !(
        (error.message === 'Should not already be working.' &&
          String(error.stack ?? '').includes('user-event/dist/esm/document/prepareDocument.js')) ||
        (error.name === 'AbortError' && String(error.stack ?? '').includes('@apollo/client/core/ObservableQuery'))
      ),
  },
});
