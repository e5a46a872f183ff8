// Week query benchmark: a 500-staff team with a full week (3,500 shifts), read through the real
// route (GET /api/teams/{id}/shifts) on PGlite and on PostgreSQL. Prints and writes
// bench/results/week-query.json. Run with `npm run bench`.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { weekDates } from '@rotaboard/core/dates/week';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Database, openDatabase } from '../packages/server/src/db/client.ts';
import { shifts, staff, teams, users } from '../packages/server/src/db/schema.ts';

const STAFF = 500;
const RUNS = 30;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = path.dirname(fileURLToPath(import.meta.url));

async function seed(database: Database) {
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'bench@example.com', firstName: 'Ben', lastName: 'Chmark', lastLoginAt: new Date() })
    .returning();
  const [team] = await database.db.insert(teams).values({ name: 'Bench', ownerId: owner!.id }).returning();
  const people = await database.db
    .insert(staff)
    .values(
      Array.from({ length: STAFF }, (_, i) => ({
        teamId: team!.id,
        firstName: `Person ${i}`,
        displayOrder: i,
      })),
    )
    .returning({ id: staff.id });
  const days = weekDates('2026-11-23', 1);
  const rows = people.flatMap((person) =>
    days.map((shiftDate) => ({
      teamId: team!.id,
      staffId: person.id,
      shiftDate,
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 30,
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(shifts).values(rows.slice(i, i + 500));
  // Other weeks too, so the query has to find the week rather than read the whole table.
  const otherWeek = rows.map((row) => ({ ...row, shiftDate: row.shiftDate.replace('2026-11', '2026-10') }));
  for (let i = 0; i < otherWeek.length; i += 500)
    await database.db.insert(shifts).values(otherWeek.slice(i, i + 500));
  return { owner: owner!, teamId: team!.id, rows: rows.length };
}

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

async function run(engine: 'pglite' | 'postgres') {
  let database: Database;
  let dispose = async () => {};
  if (engine === 'pglite') {
    database = await openDatabase({ dataDir: 'memory://' });
    dispose = () => database.close();
  } else {
    const name = `rotaboard_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    dispose = async () => {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  try {
    const { owner, teamId, rows } = await seed(database);
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
      database,
      logger: false,
    });
    await app.ready();
    // Sign the owner in directly: the benchmark measures the week query, not sign-in.
    const { hashToken } = await import('../packages/server/src/lib/tokens.ts');
    const { sessions } = await import('../packages/server/src/db/schema.ts');
    const token = randomBytes(32).toString('base64url');
    await database.db
      .insert(sessions)
      .values({ userId: owner.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const url = `/api/teams/${teamId}/shifts?startDate=2026-11-23&endDate=2026-11-29`;
    const samples: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie: `rotaboard_session=${token}` } });
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
