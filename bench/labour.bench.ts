// Labour cost benchmark (issue 43): GET /api/teams/{id}/labour for four weeks of a 500-staff team
// through the real route (session, access, plan, the team's shifts in whole weeks, pay rates, names,
// core's costShifts and summariseLabour, the response schema), on PostgreSQL (the target, < 300 ms)
// and PGlite. Weekday shifts with breaks for everyone, some overnight, some time off and adjustments,
// in Europe/London (the seed's zone: every length through the zone arithmetic); two rates for most
// people, the second from mid-range, and none for 10 (flagged); a budget and overtime after 35 hours.
// The reference, measured in the same run, is the bare read of the same shift rows with the driver:
// what any answer over them must pay. Writes bench/results/labour.json.
//   npm run bench:labour   (SKIP_PGLITE=1 measures PostgreSQL only)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { type Engine, openBenchDatabase, STAFF, seedWeek } from './support/week-world.ts';

const RUNS = Number(process.env.RUNS ?? 9);
/** Four team weeks (Monday to Sunday); the shifts reach a week beyond each side, as noise. */
const RANGE = { startDate: '2026-11-02', endDate: '2026-11-29' };
const SEEDED = { startDate: '2026-10-26', endDate: '2026-12-06' };
const TARGET_MS = 300;
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
    // The weeks, made in the database (the seed is not what is measured): weekdays for everyone,
    // every seventh person on nights (22:00–06:00), time off in days now and then, some adjustments.
    await db.execute(sql`delete from shifts where team_id = ${teamId}`);
    await db.execute(sql`
      insert into shifts (team_id, staff_id, shift_date, start_time, end_time, break_minutes, is_time_off,
                          time_off_days, time_off_hours, attendance_adjustments)
      select ${teamId}, s.id, d::date,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then null
                  when s.display_order % 7 = 0 then '22:00'::time else '09:00'::time end,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then null
                  when s.display_order % 7 = 0 then '06:00'::time else '17:30'::time end,
             30,
             (s.display_order + extract(doy from d)::int) % 23 = 0,
             case when (s.display_order + extract(doy from d)::int) % 23 = 0 then 1 end,
             null,
             case when (s.display_order + extract(doy from d)::int) % 11 = 0
                  then '[{"minutes":15,"reason":"lateness","comment":"bus"}]'::jsonb else '[]'::jsonb end
      from staff s cross join generate_series(${SEEDED.startDate}::date, ${SEEDED.endDate}::date, interval '1 day') d
      where s.team_id = ${teamId} and (extract(isodow from d) <= 5 or s.display_order % 5 = 0)`);
    // Rates in pence: one from long before, a rise from the middle of the range; ten people have none.
    await db.execute(sql`
      insert into pay_rates (team_id, staff_id, effective_from, hourly_rate_minor)
      select team_id, id, '2026-01-01'::date, 1150 + (display_order % 40) * 7 from staff
      where team_id = ${teamId} and display_order >= 10
      union all
      select team_id, id, '2026-11-18'::date, 1250 + (display_order % 40) * 7 from staff
      where team_id = ${teamId} and display_order >= 10 and display_order % 2 = 0`);
    await db.execute(sql`
      update teams set currency = 'GBP', weekly_budget_minor = 9000000, overtime_after_minutes = 2100,
                       overtime_multiplier_hundredths = 150
      where id = ${teamId}`);
    await db.execute(sql`analyze`);
    const counted = (await db.execute(
      sql`select count(*)::int as n from shifts where team_id = ${teamId}
          and shift_date between ${RANGE.startDate} and ${RANGE.endDate}`,
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
    const url = `/api/teams/${teamId}/labour?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`;
    const measure = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        await fn();
        if (i >= 2) samples.push(performance.now() - started); // the first runs warm caches and the JIT
      }
      return median(samples);
    };
    const labour = async () => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const answer = (await labour()).json() as {
      totals: { minutes: number; overtimeMinutes: number; costMinor: number };
      people: { missingRate: boolean }[];
      weeks: { costMinor: number; overBudget: boolean }[];
    };
    const referenceRowReadMs = await measure(() =>
      db.execute(
        sql`select id, staff_id, shift_date, start_time, end_time, break_minutes, is_time_off, time_off_days,
                   time_off_hours, attendance_adjustments
            from shifts where team_id = ${teamId} and shift_date between ${RANGE.startDate} and ${RANGE.endDate}`,
      ),
    );
    const labourMs = await measure(labour);
    await app.close();
    return {
      engine,
      staff: STAFF,
      entries,
      days: 28,
      runs: RUNS,
      answer: {
        totals: answer.totals,
        peopleWithoutRate: answer.people.filter((p) => p.missingRate).length,
        weeks: answer.weeks.map((w) => ({ costMinor: w.costMinor, overBudget: w.overBudget })),
      },
      referenceRowReadMs,
      labourMs,
      ratio: +(labourMs / referenceRowReadMs).toFixed(2),
      ...(engine === 'postgres' ? { targetMet: labourMs < TARGET_MS } : {}),
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
  benchmark: 'GET /labour, 500 staff × 4 weeks',
  target: `PostgreSQL: four weeks for 500 staff in under ${TARGET_MS} ms`,
  measuredAt: new Date().toISOString(),
  node: process.version,
  machine: '2 cores, shared',
  results,
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results', 'labour.json'), `${JSON.stringify(report, null, 2)}\n`);
