// Lighthouse (mobile: a mid-range phone on a slow 4G connection, simulated) on the login page and the
// public site's home, pricing and features pages, run by the `lighthouse` package against Debian's
// Chromium through the real server and the built app, three times each, keeping the median performance
// run. Targets (issue 24, on React 19 itself): on /login performance ≥ 95 and best practices 100 (its
// 96 was the 401 of the session check in the console, gone with the session hint); on /, /pricing and
// /features (issue 16) performance ≥ 95 and accessibility, best practices and SEO 100. The server runs with PUBLIC_URL set
// to the address Lighthouse opens, as in production, so the canonical links are the page's own.
// Writes bench/results/lighthouse.json.
// Needs the built app: `npm run build`, then `npx tsx bench/lighthouse.bench.ts` (part of `npm run bench`).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveApp } from './support/app-server.ts';

const RUNS = 3;
const LOGIN_TARGET = { performance: 95, bestPractices: 100 } as const;
const PUBLIC_TARGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100 } as const;
const PUBLIC_PAGES = ['/', '/pricing', '/features'];
const PAGES = ['/login', ...PUBLIC_PAGES];
const here = path.dirname(fileURLToPath(import.meta.url));
if (!existsSync(path.join(here, '../packages/web/dist/index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const database = await openDatabase({ dataDir: 'memory://' });
const { app, baseUrl } = await serveApp(database, { publicUrl: true });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<string, number>;
  /** Audits of the accessibility, best-practices and SEO categories that did not pass. */
  failing: string[];
  /** Why Lighthouse could not finish the run (its scores are then 0). */
  runtimeError?: string;
};
/**
 * How often a run Lighthouse could not finish (NO_NAVSTART: Chromium recorded no trace of the load,
 * one run in ten to twenty on this busy machine, on every page, before and after issue 42) is run
 * again. Such a run measured nothing; it is kept in `unfinished`, and counted as 0 only if every retry
 * failed too.
 */
const RETRIES = 2;
const results: Record<string, { median: Run; runs: Run[]; unfinished: string[] }> = {};
try {
  for (const page of PAGES) {
    const runs: Run[] = [];
    const unfinished: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 0; ; attempt++) {
        result = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const error = result?.lhr.runtimeError;
        if (!error || attempt === RETRIES) break;
        unfinished.push(`run ${i + 1}: ${error.code}`);
        console.warn(page, 'run', i + 1, error.code, 'not finished: run again');
      }
      if (!result) throw new Error('Lighthouse returned nothing');
      const { categories, audits, runtimeError, runWarnings } = result.lhr;
      // A run Lighthouse could not finish, even again, scores 0: say why rather than count it silently.
      if (runtimeError)
        console.warn(page, 'run', i + 1, runtimeError.code, runtimeError.message, runWarnings);
      const failing = (['accessibility', 'best-practices', 'seo'] as const).flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id}`),
      );
      const metric = (id: string) => Math.round(Number(audits[id]?.numericValue ?? Number.NaN));
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        metrics: {
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: Number(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
          speedIndexMs: metric('speed-index'),
        },
        failing,
        ...(runtimeError ? { runtimeError: `${runtimeError.code}: ${runtimeError.message}` } : {}),
      });
    }
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    results[page] = { median: sorted[Math.floor(sorted.length / 2)]!, runs, unfinished };
    console.info(page, results[page].median, 'runs:', runs.map((r) => r.performance).join(', '));
  }
} finally {
  await chrome.kill();
  await app.close();
}

const output = {
  measuredAt: new Date().toISOString(),
  lighthouse: 'mobile preset (simulated throttling), median of 3 by performance score',
  target: { login: LOGIN_TARGET, publicPages: PUBLIC_TARGET },
  pages: results,
  verdict: {
    loginWithinTarget:
      (results['/login']?.median.performance ?? 0) >= LOGIN_TARGET.performance &&
      (results['/login']?.runs ?? []).every((run) => run.bestPractices >= LOGIN_TARGET.bestPractices),
    // Every run of every public page, not only the median: accessibility, best practices and SEO do
    // not depend on the machine's load, and performance is judged on the median.
    publicPagesWithinTarget: Object.fromEntries(
      PUBLIC_PAGES.map((page) => {
        const { median, runs } = results[page]!;
        return [
          page,
          median.performance >= PUBLIC_TARGET.performance &&
            runs.every(
              (run) =>
                run.accessibility >= PUBLIC_TARGET.accessibility &&
                run.bestPractices >= PUBLIC_TARGET.bestPractices &&
                run.seo >= PUBLIC_TARGET.seo,
            ),
        ];
      }),
    ),
  },
};
writeFileSync(path.join(here, 'results/lighthouse.json'), `${JSON.stringify(output, null, 2)}\n`);
