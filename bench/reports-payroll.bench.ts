// Payroll report benchmark: a year of a 500-staff team (5 shifts a week each, some with breaks,
// adjustments and time off: about 130,000 entries; everyone with a pay rate, so each shift is costed,
// issue 43) through the real route
// (GET /api/teams/{id}/reports/payroll), per person (JSON), per day (JSON) and per day as CSV, on
// PostgreSQL (the target, < 1 s) and PGlite. The reference, measured in the same run, is the bare read
// of the same rows with the database driver: what any report of them must pay. Writes
// bench/results/reports-payroll.json. Run with `npx tsx bench/reports-payroll.bench.ts`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Engine, openBenchDatabase, STAFF, seedWeek } from './support/week-world.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const YEAR = { startDate: '2025-12-01', endDate: '2026-11-30' };
const here = path.dirname(fileURLToPath(import.meta.url));

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return +sorted[Math.floor(sorted.length / 2)]!.toFixed(1);
}

async function run(engine: Engine) {
  const { database, dispose } = await openBenchDatabase(engine);
  try {
    const { teamId, cookie } = await seedWeek(database);
    const db = database.db;
    // A year of weekdays for everyone, made in the database (the seed is not what is measured).
    await db.execute(sql`delete from shifts where team_id = ${teamId}`);
    await db.execute(sql`
      insert into shifts (team_id, staff_id, shift_date, start_time, end_time, break_minutes, is_time_off,
                          time_off_days, time_off_hours, attendance_adjustments)
      select ${teamId}, s.id, d::date,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then null else '09:00'::time end,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then null else '17:30'::time end,
             30,
             (s.display_order + extract(doy from d)::int) % 23 = 0,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then 1 end,
             null,
             case when (s.display_order + extract(doy from d)::int) % 11 = 0
                  then '[{"minutes":15,"reason":"lateness","comment":"bus"}]'::jsonb else '[]'::jsonb end
      from staff s cross join generate_series(${YEAR.startDate}::date, ${YEAR.endDate}::date, interval '1 day') d
      where s.team_id = ${teamId} and extract(isodow from d) <= 5`);
    await db.execute(sql`
      insert into weekly_hours (team_id, staff_id, hours_per_week, effective_from)
      select ${teamId}, id, 37.5, '2025-01-01' from staff where team_id = ${teamId}`);
    // Everyone has a pay rate (issue 43), so the report's cost is worked out for every shift.
    await db.execute(sql`
      insert into pay_rates (team_id, staff_id, effective_from, hourly_rate_minor)
      select ${teamId}, id, '2025-01-01', 1200 + display_order from staff where team_id = ${teamId}`);
    await db.execute(sql`analyze`);
    const counted = (await db.execute(
      sql`select count(*)::int as n from shifts where team_id = ${teamId}`,
    )) as unknown as { rows: { n: number }[] };
    const entries = counted.rows[0]?.n ?? 0;

    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        PRO_EMAILS: 'bench@example.com',
      }),
      { database, logger: false },
    );
    await app.ready();
    const base = `/api/teams/${teamId}/reports/payroll?startDate=${YEAR.startDate}&endDate=${YEAR.endDate}`;
    const measure = async (label: string, fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        await fn();
        if (i >= 2) samples.push(performance.now() - started); // the first runs warm caches and the JIT
      }
      return [label, median(samples)] as const;
    };
    const route =
      (query: string, accept = 'application/json') =>
      async () => {
        const res = await app.inject({ method: 'GET', url: `${base}${query}`, headers: { cookie, accept } });
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
        return res;
      };
    const bytes = (await route('&format=csv')()).rawPayload.length;
    const results = Object.fromEntries([
      await measure('referenceRowReadMs', () =>
        db.execute(
          sql`select id, staff_id, shift_date, start_time, end_time, break_minutes, is_time_off, time_off_days,
                     time_off_hours, attendance_adjustments
              from shifts where team_id = ${teamId} and shift_date between ${YEAR.startDate} and ${YEAR.endDate}`,
        ),
      ),
      await measure('perPersonJsonMs', route('&groupByStaff=true')),
      await measure('perDayJsonMs', route('')),
      await measure('perDayCsvMs', route('&format=csv')),
    ]) as Record<string, number>;
    await app.close();
    return {
      engine,
      staff: STAFF,
      entries,
      days: 365,
      runs: RUNS,
      csvBytes: bytes,
      ...results,
      perPersonRatio: +(results.perPersonJsonMs! / results.referenceRowReadMs!).toFixed(2),
      perDayCsvRatio: +(results.perDayCsvMs! / results.referenceRowReadMs!).toFixed(2),
    };
  } finally {
    await dispose();
  }
}

const results = [];
try {
  results.push(await run('postgres'));
} catch (err) {
  console.warn(`PostgreSQL not measured: ${(err as Error).message}`);
}
if (!process.env.SKIP_PGLITE) results.push(await run('pglite'));
const report = {
  benchmark: 'payroll report, 500 staff × 1 year',
  target: 'PostgreSQL: a year for 500 staff in under 1 s',
  measuredAt: new Date().toISOString(),
  node: process.version,
  machine: '2 cores, shared',
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results', 'reports-payroll.json'), `${JSON.stringify(report, null, 2)}\n`);
