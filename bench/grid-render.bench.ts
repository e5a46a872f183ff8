// Week grid render benchmark: a 500-staff team with a full week (3,500 shifts) opened in Debian's
// Chromium through the real server and the built app. Measures the time from navigation to the
// grid showing its shifts, the DOM it costs, the frames while scrolling from top to bottom, the JS
// heap, and how long a change made elsewhere takes to show. Prints and writes
// bench/results/grid-render.json. Needs the built app: `npm run build`, then `npm run bench`.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { weekDates } from '@rotaboard/core/dates/week';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { sessions, shifts, staff, teams, users } from '../packages/server/src/db/schema.ts';
import { hashToken } from '../packages/server/src/lib/tokens.ts';

const STAFF = 500;
const RUNS = 5;
const WEEK_START = '2026-11-23';
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.join(here, '../packages/web/dist');

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const database = await openDatabase({ dataDir: 'memory://' });
// A Pro owner: 500 staff is over the Free limit, and the fixed week must stay readable as it ages.
const [owner] = await database.db
  .insert(users)
  .values({
    email: 'bench@example.com',
    firstName: 'Ben',
    lastName: 'Chmark',
    lastLoginAt: new Date(),
    billingProvider: 'demo',
    billingStatus: 'active',
  })
  .returning();
const [team] = await database.db.insert(teams).values({ name: 'Bench', ownerId: owner!.id }).returning();
const people = await database.db
  .insert(staff)
  .values(
    Array.from({ length: STAFF }, (_, i) => ({
      teamId: team!.id,
      firstName: `Person ${String(i + 1).padStart(3, '0')}`,
      lastName: 'Bench',
      role: i % 3 === 0 ? 'Barista' : 'Chef',
      displayOrder: i,
    })),
  )
  .returning({ id: staff.id });
const days = weekDates(WEEK_START, 1);
// Varied entries, as a real week: early, late and overnight shifts, and some time off.
const rows = people.flatMap((person, p) =>
  days.map((shiftDate, d) => {
    const kind = (p + d) % 7;
    if (kind === 6)
      return { teamId: team!.id, staffId: person.id, shiftDate, isTimeOff: true, timeOffDays: 1 };
    const start = ['06:00:00', '09:00:00', '12:00:00', '17:00:00', '22:00:00', '08:00:00'][kind]!;
    const end = ['14:00:00', '17:00:00', '20:00:00', '23:00:00', '06:00:00', '12:00:00'][kind]!;
    return {
      teamId: team!.id,
      staffId: person.id,
      shiftDate,
      startTime: start,
      endTime: end,
      breakMinutes: kind === 5 ? 0 : 30,
      colour: kind,
      notes: kind === 2 ? 'Till training' : null,
    };
  }),
);
for (let i = 0; i < rows.length; i += 500) await database.db.insert(shifts).values(rows.slice(i, i + 500));
const token = randomBytes(32).toString('base64url');
await database.db
  .insert(sessions)
  .values({ userId: owner!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });

const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
  database,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
const baseUrl = `http://127.0.0.1:${address.port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--enable-precise-memory-info',
  ],
});

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: +at(0.5).toFixed(1), p95: +at(0.95).toFixed(1), max: +sorted.at(-1)!.toFixed(1) };
}

type Run = {
  timeToGridMs: number;
  rowsInDom: number;
  domNodes: number;
  jsHeapMb: number;
  scrollFrames: number[];
  scrolledPx: number;
  liveUpdateMs: number;
};

async function measureOnce(): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl });
  await context.addCookies([{ name: 'rotaboard_session', value: token, url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`/schedule/${WEEK_START}`);
  // The grid is up when the first person's shifts are on screen.
  await page.waitForFunction(() => document.querySelectorAll('[data-shift-chip]').length > 0, null, {
    timeout: 120_000,
  });
  const timeToGridMs = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  const dom = await page.evaluate(() => ({
    rowsInDom: document.querySelectorAll('[data-testid="week-grid"] tbody tr th[scope="row"]').length,
    domNodes: document.getElementsByTagName('*').length,
    jsHeapMb:
      ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
      1024 /
      1024,
  }));
  // Scroll from top to bottom at a steady 40 px a frame, timing every frame. (A string, because tsx
  // would wrap a named function in a helper that does not exist in the page.)
  const scrolled: { frames: number[]; px: number } = await page.evaluate(`new Promise((resolve) => {
    const frames = [];
    let last = performance.now();
    window.scrollTo(0, 0);
    const step = (now) => {
      frames.push(now - last);
      last = now;
      const bottom = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY >= bottom - 1 || frames.length > 2000) resolve({ frames: frames.slice(1), px: window.scrollY });
      else {
        window.scrollBy(0, 40);
        requestAnimationFrame(step);
      }
    };
    requestAnimationFrame(step);
  })`);
  // A change made elsewhere (through the API, as another admin would) reaching the open grid.
  await page.evaluate(() => window.scrollTo(0, 0));
  const firstChip = page.locator('[data-shift-chip]').first();
  const before = await firstChip.textContent();
  // The first chip is the first person's Monday.
  const monday: (Record<string, unknown> & { shiftId: string; staffId: string })[] = await (
    await page.request.get(`/api/teams/${team!.id}/shifts?startDate=${WEEK_START}&endDate=${WEEK_START}`)
  ).json();
  const first = monday.find((entry) => entry.staffId === people[0]!.id)!;
  const changedAt = Date.now();
  const res = await page.request.put(`/api/teams/${team!.id}/shifts/${first.shiftId}`, {
    headers: { origin: baseUrl },
    data: { ...first, startTime: '05:15:00' },
  });
  if (!res.ok()) throw new Error(`update failed: ${res.status()} ${await res.text()}`);
  await page.waitForFunction(
    (text) => document.querySelector('[data-shift-chip]')?.textContent !== text,
    before,
    { timeout: 30_000 },
  );
  const liveUpdateMs = Date.now() - changedAt;
  await page.request.put(`/api/teams/${team!.id}/shifts/${first.shiftId}`, {
    headers: { origin: baseUrl },
    data: first,
  });
  await context.close();
  return { timeToGridMs, ...dom, scrollFrames: scrolled.frames, scrolledPx: scrolled.px, liveUpdateMs };
}

const runs: Run[] = [];
try {
  await measureOnce(); // warm-up: the server's JIT and caches
  for (let i = 0; i < RUNS; i++) runs.push(await measureOnce());
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

const frames = runs.flatMap((run) => run.scrollFrames);
const report = {
  benchmark: 'week grid in Chromium, 500 staff × 7 days (3,500 entries)',
  measuredAt: new Date().toISOString(),
  node: process.version,
  machine: '2 cores, headless Chromium without GPU, 1280×900',
  runs: RUNS,
  timeToGridMs: stats(runs.map((run) => run.timeToGridMs)),
  rowsInDom: runs[0]!.rowsInDom,
  domNodes: runs[0]!.domNodes,
  jsHeapMb: +Math.max(...runs.map((run) => run.jsHeapMb)).toFixed(1),
  scroll: {
    // How far the page scrolled top to bottom: the grid's height as laid out, less one screen.
    distancePx: Math.round(runs[0]!.scrolledPx),
    frames: frames.length,
    frameMs: stats(frames),
    // Frames over 50 ms are the ones a person sees as a stutter.
    longFramesOver50Ms: frames.filter((ms) => ms > 50).length,
  },
  liveUpdateMs: stats(runs.map((run) => run.liveUpdateMs)),
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(
  path.join(here, 'results', process.env.BENCH_RESULT_NAME ?? 'grid-render.json'),
  `${JSON.stringify(report, null, 2)}\n`,
);
