// Week query benchmark: a 500-staff team with a full week (3,500 shifts), read through the real
// route (GET /api/teams/{id}/shifts) on PGlite and on PostgreSQL, one request at a time, with a week
// cache that keeps nothing, so every read queries and serialises the week (the cached read and the
// 304 are week-read-load.bench.ts's, under load). Prints and writes
// bench/results/week-query.json. Run with `npm run bench`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createWeekCache } from '../packages/server/src/modules/shifts/week-cache.ts';
import { type Engine, openBenchDatabase, STAFF, seedWeek } from './support/week-world.ts';

const RUNS = 30;
const here = path.dirname(fileURLToPath(import.meta.url));

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    medianMs: +at(0.5).toFixed(2),
    p95Ms: +at(0.95).toFixed(2),
    minMs: +sorted[0]!.toFixed(2),
    maxMs: +sorted.at(-1)!.toFixed(2),
  };
}

async function run(engine: Engine) {
  const { database, dispose } = await openBenchDatabase(engine);
  try {
    const { teamId, rows, cookie } = await seedWeek(database);
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
      database,
      logger: false,
      weekCache: createWeekCache(0),
    });
    await app.ready();
    const url = `/api/teams/${teamId}/shifts?startDate=2026-11-23&endDate=2026-11-29`;
    const samples: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      count = res.json().length;
      if (i >= 3) samples.push(elapsed); // the first runs warm caches and the JIT
    }
    // One indexed query: the plan uses the (team_id, shift_date) index.
    const plan = await database.db.execute(
      sql`explain select * from shifts where team_id = ${teamId} and shift_date >= '2026-11-23' and shift_date <= '2026-11-29'`,
    );
    const planText = JSON.stringify(plan);
    await app.close();
    return {
      engine,
      staff: STAFF,
      shiftsInWeek: rows,
      shiftsReturned: count,
      runs: RUNS,
      usesIndex: planText.includes('shifts_team_date_idx'),
      ...stats(samples),
    };
  } finally {
    await dispose();
  }
}

const results = [await run('pglite')];
try {
  results.push(await run('postgres'));
} catch (err) {
  console.warn(`PostgreSQL not measured: ${(err as Error).message}`);
}
const report = {
  benchmark: 'week query, 500 staff × 7 days',
  measuredAt: new Date().toISOString(),
  node: process.version,
  machine: '2 cores',
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results', 'week-query.json'), `${JSON.stringify(report, null, 2)}\n`);
