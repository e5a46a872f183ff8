import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { testServerEnv } from './support/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// E2E_PORT lets two checkouts (say, git worktrees) run their suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

// Debian's Chromium, never a downloaded browser; the flags keep it off the (closed) network. Started
// through support/chromium-fair.sh, which keeps it from raising its own priority above the tests'.
const chromium = {
  executablePath: path.join(here, 'support/chromium-fair.sh'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // site-images.spec.ts remakes the public pages' screenshots (docs/public-site.md): a tool run on
  // demand with CAPTURE_SITE_IMAGES=1, not a test, so it is not part of the suite otherwise.
  testIgnore: process.env.CAPTURE_SITE_IMAGES ? [] : ['**/site-images.spec.ts'],
  outputDir: './test-results/artifacts',
  // Files run side by side, each file's tests in order in one worker. Every journey makes its own
  // users and team (support/app.ts uniqueEmail), so two workers share one server and its database;
  // on 2 cores two workers take about half the time of one (docs/architecture.md, "Tests").
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // The longest journeys (a week built by drag and drop, an invitation end to end) take up to about a
  // minute on a busy 2-core machine: three times that, so a slow CI run is not a failure.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs asks for a JSON report too (E2E_JSON_REPORT) to count results.
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace costs every action of every test a DOM snapshot and screencast frames, kept or not:
    // recording them only on the first retry (CI retries once, so a failure there still comes with
    // a trace) cut four of the longest journeys from 69 s to 40 s of CPU. Locally, `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // Times follow the browser's language since issue 41 (9:00 am in en-US): the suite reads them as
    // most of the world writes them, 09:00; time-zones.spec.ts asks for en-US where it checks 12-hour.
    locale: 'en-GB',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // The real server and the built app, on an empty embedded database of its own.
    command: `npx tsx ${path.join(here, '../server/src/main.ts')}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // The longest journeys (a week built by drag and drop, an invitation end to end) take up to about a
    // minute on a busy 2-core machine: three times that, so a slow CI run is not a failure.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: testServerEnv(E2E_PORT, mkdtempSync(path.join(tmpdir(), 'rotaboard-e2e-'))),
  },
});
