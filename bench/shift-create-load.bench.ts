// Creating a shift under load: POST /api/teams/{id}/shifts (validation, the conflict check, the audit
// row, the live event) at 10 connections, every request a new shift for a different person or day,
// against a reference measured in the same run: a bare Fastify that parses the same JSON body and
// answers 201 with the same bytes the real route sends. autocannon runs in a separate process
// (support/create-load.mjs). Issue 11 target: ≥ 500 creates a second on PostgreSQL.
// Writes bench/results/shift-create-load.json.
//   npx tsx bench/shift-create-load.bench.ts
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { shifts, staff } from '../packages/server/src/db/schema.ts';
import { type Engine, measureEachEngine, openBenchDatabase, seedWeek } from './support/week-world.ts';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_PER_SECOND = 500;
const here = path.dirname(fileURLToPath(import.meta.url));
const generator = path.join(here, 'support/create-load.mjs');

type Load = { rps: number; p99Ms: number; non2xx: number; errors: number; total: number };

async function load(options: Record<string, unknown>): Promise<Load> {
  const { stdout } = await promisify(execFile)(process.execPath, [generator, JSON.stringify(options)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

async function run(engine: Engine) {
  const { database, dispose } = await openBenchDatabase(engine);
  try {
    const world = await seedWeek(database);
    const staffIds = (
      await database.db.select({ id: staff.id }).from(staff).where(eq(staff.teamId, world.teamId))
    ).map((row) => row.id);
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/teams/${world.teamId}/shifts`;

    // One real answer, for the reference to send.
    const sample = await fetch(url, {
      method: 'POST',
      headers: { cookie: world.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        staffId: staffIds[0],
        shiftDate: '2026-12-31',
        startTime: '09:00',
        endTime: '17:00',
      }),
    });
    if (sample.status !== 201) throw new Error(`create answered ${sample.status}: ${await sample.text()}`);
    const body = await sample.text();
    const reference = Fastify();
    reference.post('/shifts', (request, reply) => {
      JSON.stringify(request.body);
      return reply.code(201).type('application/json; charset=utf-8').send(body);
    });
    await reference.listen({ port: 0, host: '127.0.0.1' });
    const referenceUrl = `http://127.0.0.1:${(reference.server.address() as { port: number }).port}/shifts`;

    const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));
    // Several rounds, reference and route alternating, reported by their medians: on two shared
    // cores one 10 s run moved by ±10 % from the next.
    const rounds: { ref: Load; create: Load; created: number; cpuMs: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A year of dates of its own for each round, so no create clashes with an earlier round's.
      const firstDate = `${2027 + round}-01-01`;
      // BENCH_PROFILE=1 leaves the reference out, so a --cpu-prof profile shows the real route only.
      const ref = process.env.BENCH_PROFILE
        ? { rps: 1, p99Ms: 0, non2xx: 0, errors: 0, total: 0 }
        : await load({
            url: referenceUrl,
            staffIds,
            connections: CONNECTIONS,
            seconds: SECONDS,
            firstDate,
            reference: true,
          });
      await settle();
      const before = (await database.db.select({ id: shifts.id }).from(shifts)).length;
      const cpuBefore = process.cpuUsage();
      const create = await load({
        url,
        cookie: world.cookie,
        staffIds,
        connections: CONNECTIONS,
        seconds: SECONDS,
        firstDate,
      });
      const cpu = process.cpuUsage(cpuBefore);
      const created = (await database.db.select({ id: shifts.id }).from(shifts)).length - before;
      rounds.push({ ref, create, created, cpuMs: (cpu.user + cpu.system) / 1000 });
      await settle();
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ref = { ...rounds[0]!.ref, rps: median(rounds.map((r) => r.ref.rps)) };
    const create = {
      ...rounds[0]!.create,
      rps: median(rounds.map((r) => r.create.rps)),
      p99Ms: median(rounds.map((r) => r.create.p99Ms)),
      non2xx: rounds.reduce((sum, r) => sum + r.create.non2xx, 0),
      errors: rounds.reduce((sum, r) => sum + r.create.errors, 0),
      total: rounds.reduce((sum, r) => sum + r.create.total, 0),
      rounds: rounds.map((r) => ({ referenceRps: r.ref.rps, createRps: r.create.rps })),
    };
    const created = rounds.reduce((sum, r) => sum + r.created, 0);
    const cpuMs = rounds.reduce((sum, r) => sum + r.cpuMs, 0);
    await reference.close();
    await app.close();
    return {
      engine,
      reference: ref,
      create: {
        ...create,
        created,
        // The server's own CPU per request (this process: the app, and PGlite when it is the engine).
        serverCpuMsPerRequest: +(cpuMs / Math.max(1, created)).toFixed(2),
        ofReference: +(create.rps / ref.rps).toFixed(3),
        meetsTarget: create.rps >= TARGET_PER_SECOND,
      },
    };
  } finally {
    await dispose();
  }
}

const results = await measureEachEngine(run);
const report = {
  benchmark: `create a shift, ${CONNECTIONS} connections for ${SECONDS} s, each request a new shift, median of ${ROUNDS} rounds; reference: a bare Fastify parsing the body and sending the same 201, alternating with it`,
  measuredAt: new Date().toISOString(),
  node: process.version,
  targetPerSecondOnPostgres: TARGET_PER_SECOND,
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results/shift-create-load.json'), `${JSON.stringify(report, null, 2)}\n`);
