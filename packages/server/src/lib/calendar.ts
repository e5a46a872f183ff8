import { todayIn } from '@rotaboard/core/time/clock';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { teams } from '../db/schema.ts';

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A team's "today" (issue 41): the date in its time zone at `now`, as `YYYY-MM-DD`. Leaving dates,
 * locks, the plan's history window, requests' "future" checks and the calendar feed's window all
 * count from it.
 *
 * Asked several times by every request: each zone's answer is kept for the minute it was made in.
 * Every zone's offset from UTC is a whole number of minutes, so its date only changes on a minute.
 */
export function teamToday(team: { timeZone: string }, now: number | Date = Date.now()): string {
  const at = typeof now === 'number' ? now : now.getTime();
  const kept = todays.get(team.timeZone);
  // The same minute; a clock moved back (as tests move it) asks again.
  if (kept && at >= kept.from && at < kept.from + MINUTE_MS) return kept.date;
  const date = todayIn(team.timeZone, at);
  // Zone names are checked on every write (canonicalTimeZone): a few hundred at most.
  todays.set(team.timeZone, { from: at - (at % MINUTE_MS), date });
  return date;
}
const todays = new Map<string, { from: number; date: string }>();

/**
 * The earliest date that is "today" anywhere at `now`: UTC's date less a day (UTC−12 is the furthest
 * behind). Reads across many teams keep staff rows whose leaving date is not before it, in SQL, and
 * the team's own zone then decides exactly (teamToday), so one statement and one memo key serve
 * every zone.
 */
export function earliestToday(now: number | Date = Date.now()): string {
  const at = typeof now === 'number' ? now : now.getTime();
  if (at < earliest.from || at >= earliest.from + DAY_MS) {
    earliest.from = at - (at % DAY_MS);
    earliest.date = new Date(earliest.from - DAY_MS).toISOString().slice(0, 10);
  }
  return earliest.date;
}
const earliest = { from: Number.NEGATIVE_INFINITY, date: '' };

/**
 * The date in each team's own time zone at the instant `now`, in SQL: for reads across many teams
 * that compare leaving dates with each team's today (the notification bell). `now` is the server's
 * clock, passed in, so the database's clock plays no part.
 */
export function teamTodaySql(now: Date, timeZone: AnyColumn = teams.timeZone): SQL<string> {
  return sql<string>`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
}
