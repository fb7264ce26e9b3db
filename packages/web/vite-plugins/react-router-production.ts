import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's production build: its `dist/production/index.mjs`, the same code as the build
 * every export condition of the package names (`dist/development`), with `ENABLE_DEV_WARNINGS`
 * false (remix-run/react-router#14102). The development build checks and words its warnings on
 * every render of the routes (no matching route, a leaf without an element) and adds a developer's
 * note to the default error page; a bundler cannot drop that code, because the flag is a variable.
 */
export function reactRouterProductionEntry(resolveFrom = import.meta.url): string {
  const packageJson = createRequire(resolveFrom).resolve('react-router/package.json');
  return path.join(path.dirname(packageJson), 'dist', 'production', 'index.mjs');
}

/** The app's build imports React Router's production build (above); the dev server and the tests keep its warnings. */
export function reactRouterProductionBuild(): Plugin {
  const entry = reactRouterProductionEntry();
  return {
    name: 'milepost:react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (!fs.existsSync(entry)) this.error(`React Router's production build is not at ${entry}`);
    },
    resolveId: (source) => (source === 'react-router' ? entry : null),
  };
}
