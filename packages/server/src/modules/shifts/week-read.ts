import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { isEmbedded } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { ShiftRow } from '../../db/rows.ts';
import { shifts } from '../../db/schema.ts';

/**
 * The schedule's week read, its busiest query: what the schedule sends of a team's entries in a date
 * range, read the cheapest way each engine allows (the prepared statement's raw rows on PostgreSQL,
 * one text value on embedded PGlite). The shift repository's `readForTeam` answers with it.
 */

/** The columns a schedule read sends (shift.dto.ts); the week read selects these and nothing else. */
const readColumns = {
  id: shifts.id,
  staffId: shifts.staffId,
  shiftDate: shifts.shiftDate,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  notes: shifts.notes,
  notesVisibleToAll: shifts.notesVisibleToAll,
  isTimeOff: shifts.isTimeOff,
  sick: shifts.sick,
  timeOffDays: shifts.timeOffDays,
  timeOffHours: shifts.timeOffHours,
  colour: shifts.colour,
  breakMinutes: shifts.breakMinutes,
  attendanceAdjustments: shifts.attendanceAdjustments,
};
export type ShiftReadRow = Pick<ShiftRow, keyof typeof readColumns>;

/** A team's or a person's entries from `startDate` to `endDate`, all three given when run. */
export const datedBetween = (
  owner: typeof shifts.teamId | typeof shifts.staffId,
  key: 'teamId' | 'staffId',
) =>
  and(
    eq(owner, sql.placeholder(key)),
    gte(shifts.shiftDate, sql.placeholder('startDate')),
    lte(shifts.shiftDate, sql.placeholder('endDate')),
  );

// The schedule's busiest query, built once and planned once (reusable-statement.ts); parsing only the
// columns it sends saves about a third of its time (bench/week-read-load).
const weekRead = reusableStatement((db) =>
  db
    .select(readColumns)
    .from(shifts)
    .where(datedBetween(shifts.teamId, 'teamId'))
    // The id last: entries at the same date and time come in one order, however their rows moved, so
    // two builds of the same version are the same bytes (week-read-fresh.integration.test.ts compares them).
    .orderBy(asc(shifts.shiftDate), asc(shifts.startTime), asc(shifts.id))
    .prepare('shifts_week_read'),
);

/**
 * A week row as both drivers hand it over before Drizzle maps it (column names as in the table;
 * dates and times as text, jsonb parsed, numbers as numbers: the same values Drizzle would give).
 */
type RawWeekRow = {
  id: string;
  staff_id: string;
  shift_date: string;
  start_time: string | null;
  end_time: string | null;
  notes: string | null;
  notes_visible_to_all: boolean;
  is_time_off: boolean;
  sick: boolean;
  time_off_days: number | null;
  time_off_hours: number | null;
  colour: number | null;
  break_minutes: number;
  attendance_adjustments: ShiftReadRow['attendanceAdjustments'];
};
// Drizzle's generic row mapping (a decoder lookup and a path walk per cell) took as long as the query
// itself for 3,500 rows; the prepared statement's `all` returns the driver's rows, mapped here by name.
type RawRows = { all(values: Record<string, unknown>): Promise<RawWeekRow[]> };
const fromRawWeekRow = (row: RawWeekRow): ShiftReadRow => ({
  id: row.id,
  staffId: row.staff_id,
  shiftDate: row.shift_date,
  startTime: row.start_time,
  endTime: row.end_time,
  notes: row.notes,
  notesVisibleToAll: row.notes_visible_to_all,
  isTimeOff: row.is_time_off,
  sick: row.sick,
  timeOffDays: row.time_off_days,
  timeOffHours: row.time_off_hours,
  colour: row.colour,
  breakMinutes: row.break_minutes,
  attendanceAdjustments: row.attendance_adjustments,
});

/**
 * The same rows as one text value built by the database, for embedded PGlite: its protocol parser
 * runs in JavaScript on the request's thread and PostgreSQL itself runs in WebAssembly there, so the
 * cheapest form for both sides wins. One line per entry, fields separated by tabs, in readColumns'
 * order: ids, date and times as PostgreSQL writes them ('YYYY-MM-DD', 'HH:MM:SS'), booleans as 0/1,
 * numbers as text, an empty field for null; the notes as a JSON string and the adjustments as their
 * JSON, neither of which can hold a raw tab or line break. For 3,500 entries this took 6 ms to build
 * and 2.5 ms to read back, against 10 + 2 ms for an array of JSON arrays and 21 ms for JSON objects
 * (bench/README.md, "Read after a change"); on PostgreSQL the driver's columns stay cheaper.
 */
const weekAsLines = (teamId: string, startDate: string, endDate: string) => sql`
  select string_agg(concat_ws(chr(9), ${shifts.id}, ${shifts.staffId}, ${shifts.shiftDate},
    coalesce(${shifts.startTime}::text, ''), coalesce(${shifts.endTime}::text, ''),
    coalesce(to_json(${shifts.notes})::text, ''), ${shifts.notesVisibleToAll}::int, ${shifts.isTimeOff}::int,
    ${shifts.sick}::int, coalesce(${shifts.timeOffDays}::text, ''), coalesce(${shifts.timeOffHours}::text, ''),
    coalesce(${shifts.colour}::text, ''), ${shifts.breakMinutes}, ${shifts.attendanceAdjustments}),
    chr(10) order by ${shifts.shiftDate}, ${shifts.startTime}, ${shifts.id}) as week
  from ${shifts}
  where ${shifts.teamId} = ${teamId} and ${shifts.shiftDate} >= ${startDate} and ${shifts.shiftDate} <= ${endDate}`;

const textOrNull = (field: string) => (field === '' ? null : field);
const numberOrNull = (field: string) => (field === '' ? null : Number(field));

/** Reads weekAsLines' text back into rows (null for a week with no entries). */
function fromWeekLines(text: string | null): ShiftReadRow[] {
  if (!text) return [];
  return text.split('\n').map((line) => {
    const field = line.split('\t');
    return {
      id: field[0]!,
      staffId: field[1]!,
      shiftDate: field[2]!,
      startTime: textOrNull(field[3]!),
      endTime: textOrNull(field[4]!),
      notes: field[5] === '' ? null : (JSON.parse(field[5]!) as string),
      notesVisibleToAll: field[6] === '1',
      isTimeOff: field[7] === '1',
      sick: field[8] === '1',
      timeOffDays: numberOrNull(field[9]!),
      timeOffHours: numberOrNull(field[10]!),
      colour: numberOrNull(field[11]!),
      breakMinutes: Number(field[12]),
      attendanceAdjustments: JSON.parse(field[13]!),
    };
  });
}

/** What the schedule read sends of one team's entries in a date range, in date, start and id order. */
export async function readWeek(
  db: Db,
  teamId: string,
  startDate: string,
  endDate: string,
): Promise<ShiftReadRow[]> {
  if (isEmbedded(db)) {
    const result = (await db.execute(weekAsLines(teamId, startDate, endDate))) as unknown as {
      rows: { week: string | null }[];
    };
    return fromWeekLines(result.rows[0]?.week ?? null);
  }
  const rows = await (weekRead(db) as unknown as RawRows).all({ teamId, startDate, endDate });
  return rows.map(fromRawWeekRow);
}
