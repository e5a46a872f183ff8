import { defineConfig } from 'vitest/config';

// One runner, three projects: pure rules (core), the web app's logic (web), and the server's
// integration tests against PGlite and PostgreSQL (server). Everything runs in UTC.
process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
