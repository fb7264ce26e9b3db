import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Node loads `graphql` through its CommonJS entry (no `exports` map), and so do Pothos and Yoga. Vite
  // would pick the `module` entry (index.mjs) for our sources: a second copy whose classes fail the
  // realm checks (`isObjectType`, `instanceof GraphQLError`). One copy, as in production.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
