// The first read after a change (issue 28, "one build per version, whoever asks"): a 500-staff team
// with a realistic week (support/realistic-week.ts, about 1.1 MB of JSON), on PGlite and on
// PostgreSQL. Many times over: change one shift through the API (PUT), then time the first GET of the
// week as a browser asks for it (gzip), and, in the same iteration, the same GET from a bare Fastify
// route sending the same bytes: gzipped per request by @fastify/compress at its defaults (what a bare
// server would do), and gzipped once (the least possible). Reported as ratios of throughput
// (reference time / app time, one request at a time), by wall time and by this process's CPU time
// (user + sys, which counts the compression threads too and is less moved by other load on the
// machine; PostgreSQL's own CPU is not in it, its wall time is). Also: the same with brotli (what a
// browser's `gzip, deflate, br, zstd` gets) and where the first read's time goes, step by step.
// Writes bench/results/week-first-read.json.
//   npm run bench:week-first-read            (BENCH_ITERATIONS=60 by default)
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { toShiftDto } from '../packages/server/src/modules/shifts/shift.dto.ts';
import { createShiftRepository } from '../packages/server/src/modules/shifts/shift.repository.ts';
import { createWeekCache } from '../packages/server/src/modules/shifts/week-cache.ts';
import { seedRealisticWeek } from './support/realistic-week.ts';
import { type Engine, measureEachEngine, openBenchDatabase, STAFF, WEEK } from './support/week-world.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const WARM_UP = 5;
const PRO_EMAIL = 'first-read@pro-domain.test';
const BROWSER_ACCEPT = 'gzip, deflate, br, zstd';
const here = path.dirname(fileURLToPath(import.meta.url));

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

type Answer = { status: number; body: Buffer; headers: http.IncomingHttpHeaders; ms: number; cpuMs: number };

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request, its raw (still compressed) body, its wall time to the last byte, and this process's CPU
 * time from the request until `settleMs` (30) after the answer: work the server finishes after
 * answering, such as the better compression a second read starts, is counted against the request that
 * caused it and never against the next one measured.
 */
async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; settleMs?: number } = {},
): Promise<Answer> {
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  const cpuStart = cpuNow();
  const started = performance.now();
  const answer = await new Promise<Omit<Answer, 'ms' | 'cpuMs'>>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent,
        headers: {
          ...init.headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.byteLength } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const ms = performance.now() - started;
  await pause(init.settleMs ?? 30);
  return { ...answer, ms, cpuMs: cpuNow() - cpuStart };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: +at(0.5).toFixed(2), p90: +at(0.9).toFixed(2), min: +sorted[0]!.toFixed(2) };
}

/** Median wall and CPU time of `runs` calls of `step` (after two to warm up), for the profile. */
async function timeStep<T>(runs: number, step: () => T | Promise<T>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const cpuStart = cpuNow();
    const started = performance.now();
    await step();
    if (i >= 2) {
      wall.push(performance.now() - started);
      cpu.push(cpuNow() - cpuStart);
    }
  }
  return { wallMs: stats(wall).median, cpuMs: stats(cpu).median };
}

async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function run(engine: Engine) {
  const { database, dispose } = await openBenchDatabase(engine);
  try {
    const world = await seedRealisticWeek(database, PRO_EMAIL);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      PRO_EMAILS: PRO_EMAIL,
    });
    // The app as deployed: its own week cache at the default bound.
    const weekCache = createWeekCache(config.weekCacheBytes);
    const app = await buildApp(config, { database, logger: false, weekCache });
    const base = await listen(app);
    const weekUrl = `${base}/api/teams/${world.teamId}/shifts?startDate=${WEEK.startDate}&endDate=${WEEK.endDate}`;
    const cookie = world.cookie;
    const origin = { cookie, origin: base };

    const first = await request(weekUrl, { headers: { cookie } });
    if (first.status !== 200) throw new Error(`week read: ${first.status} ${first.body}`);
    const json = first.body;
    const entries = (JSON.parse(json.toString()) as unknown[]).length;

    // The references: the same bytes from a bare Fastify, gzipped per request and gzipped once.
    const reference = Fastify();
    await reference.register(compress, { global: true, encodings: ['gzip'] });
    reference.get('/per-request', (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(Buffer.from(json)),
    );
    const gzippedOnce = await promisify(gzip)(json);
    reference.get('/once', (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-encoding', 'gzip')
        .header('vary', 'accept-encoding')
        .send(gzippedOnce),
    );
    const referenceBase = await listen(reference);

    // One change: each time another working shift starts half an hour later or earlier (the same
    // number of bytes), everything else about it sent as stored.
    const shiftsToMove = world.entries.filter((entry) => !entry.isTimeOff && entry.startTime);
    let moved = 0;
    const change = async () => {
      const entry = shiftsToMove[(moved++ * 37) % shiftsToMove.length]!;
      const [hours, minutes] = entry.startTime!.split(':');
      entry.startTime = `${hours}:${minutes === '00' ? '30' : '00'}:00`;
      const res = await request(`${base}/api/teams/${world.teamId}/shifts/${entry.id}`, {
        method: 'PUT',
        headers: origin,
        body: {
          staffId: entry.staffId,
          shiftDate: entry.shiftDate,
          startTime: entry.startTime.slice(0, 5),
          endTime: entry.endTime!.slice(0, 5),
          notes: entry.notes,
          notesVisibleToAll: entry.notesVisibleToAll,
          colour: entry.colour,
          breakMinutes: entry.breakMinutes,
          attendanceAdjustments: entry.attendanceAdjustments,
        },
      });
      if (res.status !== 200) throw new Error(`change: ${res.status} ${res.body}`);
    };

    const samples = {
      firstGzip: { ms: [] as number[], cpu: [] as number[] },
      firstBrowser: { ms: [] as number[], cpu: [] as number[] },
      repeatedGzip: { ms: [] as number[], cpu: [] as number[] },
      referencePerRequest: { ms: [] as number[], cpu: [] as number[] },
      referenceOnce: { ms: [] as number[], cpu: [] as number[] },
    };
    const add = (into: { ms: number[]; cpu: number[] }, answer: Answer, i: number) => {
      if (i < WARM_UP) return;
      into.ms.push(answer.ms);
      into.cpu.push(answer.cpuMs);
    };
    let gzipBytes = 0;
    let keptGzipBytes = 0;
    let brotliBytes = 0;
    let checked = 0;
    for (let i = 0; i < ITERATIONS + WARM_UP; i++) {
      add(
        samples.referencePerRequest,
        await request(`${referenceBase}/per-request`, { headers: { 'accept-encoding': 'gzip' } }),
        i,
      );
      add(
        samples.referenceOnce,
        await request(`${referenceBase}/once`, { headers: { 'accept-encoding': 'gzip' } }),
        i,
      );
      // gzip, as every browser accepts it.
      await change();
      const afterChange = await request(weekUrl, { headers: { cookie, 'accept-encoding': 'gzip' } });
      if (afterChange.status !== 200 || afterChange.headers['content-encoding'] !== 'gzip')
        throw new Error(`first read: ${afterChange.status} ${afterChange.headers['content-encoding']}`);
      gzipBytes = afterChange.body.byteLength;
      add(samples.firstGzip, afterChange, i);
      // Every tenth: the answer is the week, whole (and as big as ever).
      if (i % 10 === 0) {
        const week = JSON.parse(gunzipSync(afterChange.body).toString()) as unknown[];
        if (week.length !== entries) throw new Error(`the week has ${week.length} entries, not ${entries}`);
        checked += 1;
      }
      // Read again: sent from the cache, and the better compression made in the background, whose
      // CPU time is counted here (300 ms is ample for it).
      add(
        samples.repeatedGzip,
        await request(weekUrl, { headers: { cookie, 'accept-encoding': 'gzip' }, settleMs: 300 }),
        i,
      );
      // What a browser's Accept-Encoding gets (brotli).
      await change();
      const browser = await request(weekUrl, { headers: { cookie, 'accept-encoding': BROWSER_ACCEPT } });
      if (browser.status !== 200) throw new Error(`browser read: ${browser.status}`);
      brotliBytes = browser.body.byteLength;
      add(samples.firstBrowser, browser, i);
    }
    // The last version read again (which starts its better compression), then once that is made.
    await request(weekUrl, { headers: { cookie, 'accept-encoding': 'gzip' } });
    await request(weekUrl, { headers: { cookie, 'accept-encoding': 'gzip' }, settleMs: 500 });
    const keptGzip = await request(weekUrl, { headers: { cookie, 'accept-encoding': 'gzip' } });
    keptGzipBytes = keptGzip.body.byteLength;

    // Where a first read's time goes, step by step, on the same data (each the median of 20).
    const repo = createShiftRepository(database.db);
    const viewer = { isAdmin: true, team: { timeZone: 'UTC' } };
    const rows = await repo.readForTeam(world.teamId, WEEK.startDate, WEEK.endDate);
    const dtos = rows.map((row) => toShiftDto(row, viewer));
    const text = JSON.stringify(dtos);
    const bytes = Buffer.from(text);
    const gzipAt = (level: number) => promisify(gzip)(bytes, { level });
    const brotliAt = (quality: number) =>
      promisify(brotliCompress)(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      });
    const compression: Record<string, { wallMs: number; cpuMs: number; bytes: number }> = {};
    for (const [name, compressor] of [
      ['gzip 1', () => gzipAt(1)],
      ['gzip 4', () => gzipAt(4)],
      ['gzip 6', () => gzipAt(6)],
      ['brotli 1', () => brotliAt(1)],
      ['brotli 2', () => brotliAt(2)],
      ['brotli 4', () => brotliAt(4)],
    ] as const) {
      compression[name] = { ...(await timeStep(20, compressor)), bytes: (await compressor()).byteLength };
    }
    const profile = {
      // Session, team access and schedule version: everything but the week itself (a 304's time).
      conditionalRead: await timeStep(20, () =>
        request(weekUrl, { headers: { cookie, 'if-none-match': String(first.headers.etag) } }),
      ),
      query: await timeStep(20, () => repo.readForTeam(world.teamId, WEEK.startDate, WEEK.endDate)),
      toDto: await timeStep(20, () => rows.map((row) => toShiftDto(row, viewer))),
      stringify: await timeStep(20, () => JSON.stringify(dtos)),
      utf8: await timeStep(20, () => Buffer.from(text)),
      compression,
    };

    await reference.close();
    await app.close();
    const summary = (s: { ms: number[]; cpu: number[] }) => ({ wallMs: stats(s.ms), cpuMs: stats(s.cpu) });
    const ref = summary(samples.referencePerRequest);
    const ratio = (s: { ms: number[]; cpu: number[] }) => {
      const own = summary(s);
      return {
        ...own,
        // Throughput one request at a time, as a share of the reference's (1 = as fast).
        ofReferencePerRequest: {
          wall: +(ref.wallMs.median / own.wallMs.median).toFixed(3),
          cpu: +(ref.cpuMs.median / own.cpuMs.median).toFixed(3),
        },
      };
    };
    return {
      engine,
      entries,
      jsonBytes: json.byteLength,
      gzipBytes,
      brotliBytes,
      // A version read again, once its better compression is made.
      keptGzipBytes,
      wholeWeekChecked: checked,
      builds: weekCache.builds,
      referencePerRequest: ref,
      referenceOnce: summary(samples.referenceOnce),
      firstReadGzip: ratio(samples.firstGzip),
      firstReadBrowser: ratio(samples.firstBrowser),
      repeatedReadGzip: ratio(samples.repeatedGzip),
      profile,
    };
  } finally {
    await dispose();
  }
}

const loadBefore = loadavg();
const results = await measureEachEngine(run);
agent.destroy();
const report = {
  benchmark: `first week read after a change, ${STAFF} staff (realistic week), ${ITERATIONS} changes per engine, one request at a time, against a bare Fastify sending the same bytes in the same run`,
  measuredAt: new Date().toISOString(),
  node: process.version,
  loadAverage: { before: loadBefore.map((v) => +v.toFixed(2)), after: loadavg().map((v) => +v.toFixed(2)) },
  target: 'firstReadGzip.ofReferencePerRequest >= 0.25 (issue 28)',
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results/week-first-read.json'), `${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
