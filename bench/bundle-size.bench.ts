// First-load weight of the web app, measured in Debian's Chromium through the real server and the
// built app: every script the browser fetches for the login page (signed out) and for the schedule
// (signed in, with a week on it), counted at its gzip size (the `.gz` the build wrote beside it, which
// is what the server sends to a gzip client), the layout shift of each page (CLS), and two checks on
// what is in the code: socket.io only once signed in, zod not in the entry chunk. The reference, in
// the same run, is the raw size of the same files, so the compression ratio shows too.
// Targets (issue 24, React 19 itself): the prerendered login page ≤ 150 KB gzip, the schedule ≤ 210 KB,
// the prerendered home page (signed out, on a phone) ≤ 90 KB and none of the app's code (its entry
// chunk, socket.io), CLS 0 everywhere. (Issue 11's 100 / 160 KB were met on Preact's compat layer,
// decision 0003, superseded by 0004.) A signed-out visit makes no request that fails.
// Writes bench/results/bundle-size.json.
// Needs the built app: `npm run build`, then `npx tsx bench/bundle-size.bench.ts` (part of `npm run bench`).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { weekDates } from '@rotaboard/core/dates/week';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { shifts, staff, teams, users } from '../packages/server/src/db/schema.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveApp, sessionFor } from './support/app-server.ts';

const TARGET_LOGIN_KB = 150;
const TARGET_SCHEDULE_KB = 210;
const TARGET_HOME_KB = 90;
const WEEK_START = '2026-11-23';
const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.join(here, '../packages/web/dist');
const assets = path.join(webDist, 'assets');

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

/**
 * Strings that survive minification and appear only in one library, to tell whether a script holds
 * it: zod names its error class, engine.io (under socket.io) names the reason a transport closed.
 */
const MARKERS = { zod: '$ZodError', socketIo: 'transport close' } as const;
/** The app's entry script, as index.html names it; the public pages must not load it. */
const appEntry = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(
  readFileSync(path.join(webDist, 'index.html'), 'utf8'),
)?.[1];
if (!appEntry) throw new Error('index.html names no entry script');
const distScripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
for (const [library, marker] of Object.entries(MARKERS)) {
  // A marker that is nowhere in the build would make its check pass without meaning anything.
  if (!distScripts.some((name) => readFileSync(path.join(assets, name), 'utf8').includes(marker))) {
    throw new Error(`No script in the build contains ${marker}: the ${library} check needs a new marker`);
  }
}

// A team with a week of shifts, and its owner signed in.
const database = await openDatabase({ dataDir: 'memory://' });
const [owner] = await database.db
  .insert(users)
  .values({ email: 'bundle@example.com', firstName: 'Bea', lastName: 'Bundle', lastLoginAt: new Date() })
  .returning();
const [team] = await database.db.insert(teams).values({ name: 'Bundle', ownerId: owner!.id }).returning();
const people = await database.db
  .insert(staff)
  .values(
    Array.from({ length: 8 }, (_, i) => ({
      teamId: team!.id,
      firstName: `Person ${i + 1}`,
      lastName: 'Bundle',
      displayOrder: i,
      ...(i === 0 ? { userId: owner!.id, email: owner!.email, isAdmin: true } : {}),
    })),
  )
  .returning({ id: staff.id });
await database.db.insert(shifts).values(
  people.flatMap((person) =>
    weekDates(WEEK_START, 1).map((shiftDate) => ({
      teamId: team!.id,
      staffId: person.id,
      shiftDate,
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 30,
    })),
  ),
);
const token = await sessionFor(database, owner!.id);
const { app, baseUrl } = await serveApp(database);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

type Script = { file: string; rawBytes: number; gzipBytes: number; hasZod: boolean; hasSocketIo: boolean };

/** A script of the build, by its URL: its size as sent gzipped, and which libraries it holds. */
function describe(url: string): Script {
  const file = decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
  const source = readFileSync(path.join(webDist, file));
  const gz = path.join(webDist, `${file}.gz`);
  const text = source.toString('utf8');
  return {
    file,
    rawBytes: source.length,
    gzipBytes: existsSync(gz) ? readFileSync(gz).length : gzipSync(source, { level: 9 }).length,
    hasZod: text.includes(MARKERS.zod),
    hasSocketIo: text.includes(MARKERS.socketIo),
  };
}

async function measure(context: BrowserContext, pathname: string, ready: string) {
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(baseUrl)) urls.push(request.url());
  });
  // What the browser would log as an error: a failed request (a 401 from the session check was one)
  // or an error in the console (a hydration mismatch is one).
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  // Layout shifts from the start of the page, summed as Chromium reports them (no input-excluded
  // shifts here: nothing is clicked).
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number; shifted: string[] };
    w.cls = 0;
    w.shifted = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.cls += entry.value;
        // What moved, when, from where to where, to find the cause when CLS is not 0: a row that moved
        // down by the height of a line names the element above it that grew (Chromium lists at most 5
        // sources). Written inline: tsx would wrap a named helper in a `__name` call the page lacks.
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | null | undefined;
          const [from, to] = [source.previousRect, source.currentRect];
          if (node)
            w.shifted.push(
              `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms ${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className ?? '').slice(0, 80)} "${(node.textContent ?? '').slice(0, 40)}" ${Math.round(from.x)},${Math.round(from.y)} ${Math.round(from.width)}×${Math.round(from.height)} → ${Math.round(to.x)},${Math.round(to.y)} ${Math.round(to.width)}×${Math.round(to.height)}`,
            );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(pathname);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const { cls, shifted } = await page.evaluate(() => {
    const w = window as unknown as { cls: number; shifted: string[] };
    return { cls: w.cls, shifted: w.shifted };
  });
  await page.close();
  const scripts = [...new Set(urls)].map(describe);
  // The first module script (the classic theme script before it is not the entry).
  const entry = scripts.find(
    (s) => s.file.startsWith('assets/') && !s.file.startsWith('assets/theme-init-'),
  )!;
  return {
    page: pathname,
    scripts,
    entryChunk: entry.file,
    totalGzipKb: +(scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024).toFixed(1),
    totalRawKb: +(scripts.reduce((sum, s) => sum + s.rawBytes, 0) / 1024).toFixed(1),
    cls: +cls.toFixed(4),
    shifted,
    zodInEntry: entry.hasZod,
    socketIoLoaded: scripts.some((s) => s.hasSocketIo),
    failures,
  };
}

/** Whether the page's HTML, before any script runs, already holds `marker` (prerendered). */
async function servedWith(pathname: string, marker: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}${pathname}`);
  return (await response.text()).includes(marker);
}
const loginPrerendered = await servedWith('/login', 'type="email"');

// Someone who asked to save data gets no prefetching of other pages (prefetch-pages.tsx): with that
// set, the schedule's count is the schedule's own code, not the pages the app fetches ahead.
const saveData = () =>
  Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });

const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl });
await signedOut.addInitScript(saveData);
const login = await measure(signedOut, '/login', 'input[type="email"]');
const home = await measure(signedOut, '/', '[data-testid="feature-pills"]');
await signedOut.close();

const signedIn = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: baseUrl });
await signedIn.addInitScript(saveData);
await signedIn.addCookies([{ name: 'rotaboard_session', value: token, url: baseUrl }]);
const schedule = await measure(signedIn, `/schedule/${WEEK_START}`, '[data-shift-chip]');
await signedIn.close();

// The same page on a phone, where the layout differs (fewer columns, the tools in a panel).
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: baseUrl });
await phone.addInitScript(saveData);
await phone.addCookies([{ name: 'rotaboard_session', value: token, url: baseUrl }]);
const schedulePhone = await measure(phone, `/schedule/${WEEK_START}`, '[data-shift-chip]');
await phone.close();

await browser.close();
await app.close();

const results = {
  measuredAt: new Date().toISOString(),
  targets: {
    loginGzipKb: TARGET_LOGIN_KB,
    scheduleGzipKb: TARGET_SCHEDULE_KB,
    homeGzipKb: TARGET_HOME_KB,
    cls: 0,
  },
  login,
  home,
  schedule,
  schedulePhone,
  verdict: {
    loginPrerendered,
    signedOutNothingFails: login.failures.length === 0 && home.failures.length === 0,
    signedInNothingFails: schedule.failures.length === 0 && schedulePhone.failures.length === 0,
    homeWithinTarget: home.totalGzipKb <= TARGET_HOME_KB,
    homeLoadsNoAppCode: !home.scripts.some((s) => s.file === appEntry) && !home.socketIoLoaded,
    loginWithinTarget: login.totalGzipKb <= TARGET_LOGIN_KB,
    scheduleWithinTarget: Math.max(schedule.totalGzipKb, schedulePhone.totalGzipKb) <= TARGET_SCHEDULE_KB,
    noLayoutShift: login.cls === 0 && home.cls === 0 && schedule.cls === 0 && schedulePhone.cls === 0,
    socketIoOnlySignedIn: !login.socketIoLoaded && schedule.socketIoLoaded,
    zodOutOfEntry: !login.zodInEntry && !schedule.zodInEntry,
  },
};
for (const r of [login, home, schedule, schedulePhone]) {
  console.info(
    `${r.page}: ${r.scripts.length} scripts, ${r.totalGzipKb} KB gzip (${r.totalRawKb} KB raw), CLS ${r.cls}, ` +
      `zod in entry: ${r.zodInEntry}, socket.io loaded: ${r.socketIoLoaded}`,
  );
  for (const failure of r.failures) console.info(`  ! ${failure}`);
  for (const s of r.scripts) console.info(`  ${(s.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${s.file}`);
}
console.info(results.verdict);
writeFileSync(path.join(here, 'results/bundle-size.json'), `${JSON.stringify(results, null, 2)}\n`);
