// Week read under load: GET /api/teams/{id}/shifts for a 500-staff week (3,500 shifts) at 100
// connections, against a reference measured in the same run: a bare Fastify sending the same bytes
// from memory. Reported as ratios, since this machine is shared and absolute numbers drift. The load
// comes from autocannon in a separate process. Writes bench/results/week-read-load.json.
//   npx tsx bench/week-read-load.bench.ts
// With --postgres: only the conditional read (If-None-Match → 304) on PostgreSQL, without and with the
// session and team-access memo (REDIS_URL, default redis://127.0.0.1:6379), against a bare Fastify
// answering the same 304, measured before and after both; writes bench/results/week-read-postgres-memo.json.
//   npx tsx bench/week-read-load.bench.ts --postgres
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { sharedMemoOf } from '../packages/server/src/db/shared-read-memo.ts';
import { createWeekCache } from '../packages/server/src/modules/shifts/week-cache.ts';
import {
  BENCH_TIME_ZONE,
  type Engine,
  openBenchDatabase,
  STAFF,
  seedWeek,
  WEEK,
} from './support/week-world.ts';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));
const autocannon = path.join(here, '../node_modules/.bin/autocannon');

/**
 * Requests per second at CONNECTIONS connections, from a separate process (asynchronously: the
 * servers measured run in this one).
 */
async function load(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; p99Ms: number; non2xx: number; errors: number }> {
  // A full week at 100 connections queues for seconds: allow 30 s before counting a timeout.
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-t', '30', '-j'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const { stdout } = await promisify(execFile)(autocannon, [...args, url], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout);
  // A 304 is the answer the conditional run expects; autocannon counts it as non-2xx.
  return {
    rps: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function run(engine: Engine) {
  const { database, dispose } = await openBenchDatabase(engine);
  try {
    const world = await seedWeek(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const weekPath = `/api/teams/${world.teamId}/shifts?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${weekPath}`;
    // The read right after a change: the same app over the same database with a week cache that
    // keeps nothing, so every request queries, maps and serialises the week as the first read
    // after a change does.
    const uncachedApp = await buildApp(config, { database, logger: false, weekCache: createWeekCache(0) });
    await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
    const uncachedUrl = `http://127.0.0.1:${(uncachedApp.server.address() as { port: number }).port}${weekPath}`;
    const first = await fetch(url, { headers: { cookie: world.cookie } });
    const body = await first.text();
    const etag = first.headers.get('etag')!;

    // The reference: the same bytes, from memory, with nothing else to do.
    const reference = Fastify();
    reference.get('/week', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    await reference.listen({ port: 0, host: '127.0.0.1' });
    const referenceUrl = `http://127.0.0.1:${(reference.server.address() as { port: number }).port}/week`;

    // Cheapest first, and a pause after each, so requests still queued from one run do not eat
    // into the next.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5000));
    const conditional = await load(url, { cookie: world.cookie, 'if-none-match': etag });
    await settle();
    const ref = await load(referenceUrl, {});
    await settle();
    const full = await load(url, { cookie: world.cookie });
    await settle();
    const afterChange = await load(uncachedUrl, { cookie: world.cookie });
    await settle();
    await reference.close();
    await uncachedApp.close();
    await app.close();
    return {
      engine,
      bodyBytes: body.length,
      reference: ref,
      repeatedRead: { ...full, ofReference: +(full.rps / ref.rps).toFixed(3) },
      conditionalRead: { ...conditional, ofReference: +(conditional.rps / ref.rps).toFixed(3) },
      readAfterChange: { ...afterChange, ofReference: +(afterChange.rps / ref.rps).toFixed(3) },
    };
  } finally {
    await dispose();
  }
}

/**
 * The conditional read on PostgreSQL, where each request used to ask the database for the session and
 * the caller's team access: first without REDIS_URL (nothing remembered), then with it (remembered,
 * kept true through Redis: db/shared-read-memo.ts). The reference answers the same If-None-Match with
 * the same 304 and does nothing else; it is measured first and last, and the ratios use their mean.
 */
async function runConditionalOnPostgres() {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { database, dispose } = await openBenchDatabase('postgres');
  try {
    const world = await seedWeek(database);
    const weekPath = `/api/teams/${world.teamId}/shifts?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;
    const configFor = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...env });
    const urlOf = (server: { address(): unknown }, pathname: string) =>
      `http://127.0.0.1:${(server.address() as { port: number }).port}${pathname}`;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

    const withoutMemo = await buildApp(configFor({}), { database, logger: false });
    await withoutMemo.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(urlOf(withoutMemo.server, weekPath), { headers: { cookie: world.cookie } });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const headers = { cookie: world.cookie, 'if-none-match': etag };

    const reference = Fastify();
    reference.get('/week', (request, reply) =>
      request.headers['if-none-match'] === etag ? reply.code(304).send() : reply.send('[]'),
    );
    await reference.listen({ port: 0, host: '127.0.0.1' });
    const referenceUrl = urlOf(reference.server, '/week');

    const refBefore = await load(referenceUrl, headers);
    await settle();
    const before = await load(urlOf(withoutMemo.server, weekPath), headers);
    await withoutMemo.close();
    await settle();

    const withMemo = await buildApp(configFor({ REDIS_URL: redisUrl }), { database, logger: false });
    await withMemo.listen({ port: 0, host: '127.0.0.1' });
    const started = Date.now();
    while (!sharedMemoOf(database.db)?.isServing) {
      if (Date.now() - started > 10_000)
        throw new Error(`the memo's Redis link (${redisUrl}) did not come up`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await load(urlOf(withMemo.server, weekPath), headers);
    await withMemo.close();
    await settle();
    const refAfter = await load(referenceUrl, headers);
    await reference.close();

    const refRps = (refBefore.rps + refAfter.rps) / 2;
    const report = {
      benchmark: `conditional week read (If-None-Match → 304) on PostgreSQL, ${CONNECTIONS} connections for ${SECONDS} s each, against a bare Fastify answering the same 304`,
      measuredAt: new Date().toISOString(),
      node: process.version,
      note: 'Before: no REDIS_URL, so each request asks PostgreSQL for the session and the team access. After: REDIS_URL set, both remembered (db/shared-read-memo.ts). The reference is measured first and last; ratios are of their mean. The machine is shared (load noted), so compare ratios, not absolute numbers.',
      loadAverage: (await import('node:os')).loadavg().map((l) => +l.toFixed(1)),
      reference: { before: refBefore, after: refAfter },
      withoutMemo: { ...before, ofReference: +(before.rps / refRps).toFixed(3) },
      withMemo: { ...after, ofReference: +(after.rps / refRps).toFixed(3) },
      speedup: +(after.rps / before.rps).toFixed(2),
    };
    console.info(JSON.stringify(report, null, 2));
    writeFileSync(
      path.join(here, 'results/week-read-postgres-memo.json'),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  } finally {
    await dispose();
  }
}

if (process.argv.includes('--postgres')) {
  await runConditionalOnPostgres();
  process.exit(0);
}

const results = [await run('pglite')];
try {
  results.push(await run('postgres'));
} catch (err) {
  console.warn(`PostgreSQL not measured: ${(err as Error).message}`);
}
const report = {
  benchmark: `week read, ${STAFF} staff, ${CONNECTIONS} connections for ${SECONDS} s each, against a bare Fastify sending the same bytes`,
  measuredAt: new Date().toISOString(),
  node: process.version,
  timeZone: process.env.BENCH_TIME_ZONE ?? BENCH_TIME_ZONE,
  note: 'A repeated read is served from the week cache (serialised once per schedule version and viewer kind); the conditional read is answered from the schedule version without a shift query. The read after a change is the same app with a week cache that keeps nothing: every request queries, maps and serialises the week.',
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results/week-read-load.json'), `${JSON.stringify(report, null, 2)}\n`);
