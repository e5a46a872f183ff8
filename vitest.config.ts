import { defineConfig } from 'vitest/config';

// One runner, three projects: pure rules (core), the web app's logic (web), and the server's
// integration tests against PGlite and PostgreSQL (server). Everything runs in UTC.
process.env.TZ = 'UTC';

// Files share their worker's module cache (`isolate: false`) instead of each importing the app anew:
// measured on 2026-11-28, the server's 80 files took 370 s of wall time (552 s of CPU) on two workers
// against 700–1,150 s isolated, and core and web 9 s against 40 s; a third of the isolated time was
// imports, and the tests themselves ran on code the JIT had already warmed. It asks each file not to
// leave state behind: module state keyed by its own database (the memos, batched reads, statements are
// WeakMaps on it), fake clocks given back in an after hook, and a file that mocks a module loading
// what it tests afresh (vi.resetModules, as realtime-client-socket.test.ts does).
const isolate = false;

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', include: ['packages/core/test/**/*.test.ts'], environment: 'node', isolate },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate,
          setupFiles: ['packages/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          isolate,
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
