import { defineConfig } from 'vitest/config';

// One runner, three projects: pure rules (core), the web app's logic (web), and the server's
// integration tests against PGlite and PostgreSQL (server). Everything runs in UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['packages/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // A file's beforeAll makes its app (on PGlite, a copy of the migrated database) and signs
          // people in: seconds when quiet, but once over 60 s in a whole npm test on a slow machine at a
          // load of 10 (2026-11-27). A hook that hangs still fails.
          hookTimeout: 150_000,
          // Migrates once per run; each file's fresh database is a copy (support/harness.ts).
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          // PGlite is single-threaded WASM; two workers on a 2-core machine keep it steady.
          maxWorkers: 2,
          // Its own worker limit needs its own group, so `vitest run` can run every project at once.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
