// The benchmarks' world: a 500-staff team with a full week (3,500 shifts) plus another week of noise,
// on in-memory PGlite or a fresh PostgreSQL database, and a session for its owner.
import { randomBytes } from 'node:crypto';
import { weekDates } from '@rotaboard/core/dates/week';
import pg from 'pg';
import { type Database, openDatabase } from '../../packages/server/src/db/client.ts';
import { sessions, shifts, staff, teams, users } from '../../packages/server/src/db/schema.ts';
import { hashToken } from '../../packages/server/src/lib/tokens.ts';

export const STAFF = 500;
export const WEEK = { startDate: '2026-11-23', endDate: '2026-11-29' };
/** The seeded team's time zone unless BENCH_TIME_ZONE names another. */
export const BENCH_TIME_ZONE = 'Europe/London';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Engine = 'pglite' | 'postgres';

/**
 * `run` on each engine in BENCH_ENGINES (default both; `BENCH_ENGINES=postgres` measures one, for
 * profiling with --cpu-prof). A PostgreSQL that is not there is said and skipped; PGlite always runs.
 */
export async function measureEachEngine<T>(run: (engine: Engine) => Promise<T>): Promise<T[]> {
  const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
  const results: T[] = [];
  for (const engine of engines) {
    try {
      results.push(await run(engine));
    } catch (err) {
      if (engine === 'pglite') throw err;
      console.warn(`PostgreSQL not measured: ${(err as Error).message}`);
    }
  }
  return results;
}

/** A database for one benchmark run, and how to throw it away. */
export async function openBenchDatabase(
  engine: Engine,
): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const name = `rotaboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  return {
    database,
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Seeds the team; returns its id, the owner's session cookie and the number of shifts in the week. */
export async function seedWeek(database: Database) {
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'bench@example.com', firstName: 'Ben', lastName: 'Chmark', lastLoginAt: new Date() })
    .returning();
  // A zone whose clocks change (issue 41): every length goes through the zone arithmetic, as for
  // most real teams, not UTC's shortcut. BENCH_TIME_ZONE=UTC measures the shortcut.
  const timeZone = process.env.BENCH_TIME_ZONE ?? BENCH_TIME_ZONE;
  const [team] = await database.db
    .insert(teams)
    .values({ name: 'Bench', ownerId: owner!.id, timeZone })
    .returning();
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
  const rows = people.flatMap((person) =>
    weekDates(WEEK.startDate, 1).map((shiftDate) => ({
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
  // Signed in directly: the benchmarks measure reads, not sign-in.
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId: owner!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { owner: owner!, teamId: team!.id, rows: rows.length, cookie: `rotaboard_session=${token}` };
}
