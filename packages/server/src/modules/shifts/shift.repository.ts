import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { isEmbedded } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { ShiftRow } from '../../db/rows.ts';
import { auditLog, shifts, staff, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';
import { UUID_TEXT } from '../../lib/uuid-text.ts';
import { auditActor } from '../audit/audit-actor.ts';

/** What the conflict rule and its message need of an existing entry (dates and times as Drizzle gives them). */
export type ConflictRow = Pick<
  ShiftRow,
  'id' | 'staffId' | 'shiftDate' | 'startTime' | 'endTime' | 'isTimeOff' | 'timeOffDays' | 'timeOffHours'
>;
/** A person's other entry as a create reads it: what the conflict rule and the staffing rules need. */
export type NearbyRow = ConflictRow & Pick<ShiftRow, 'breakMinutes' | 'attendanceAdjustments'>;
export type NewShift = typeof shifts.$inferInsert;

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
  timeOffDays: shifts.timeOffDays,
  timeOffHours: shifts.timeOffHours,
  colour: shifts.colour,
  breakMinutes: shifts.breakMinutes,
  attendanceAdjustments: shifts.attendanceAdjustments,
};
export type ShiftReadRow = Pick<ShiftRow, keyof typeof readColumns>;

/** A team's or a person's entries from `startDate` to `endDate`, all three given when run. */
const datedBetween = (owner: typeof shifts.teamId | typeof shifts.staffId, key: 'teamId' | 'staffId') =>
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

// A person's entries over some dates: read by every shift write with strict staffing rules.
const staffEntriesBetween = reusableStatement((db) =>
  db.select().from(shifts).where(datedBetween(shifts.staffId, 'staffId')).prepare('shifts_for_staff_between'),
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
    coalesce(${shifts.timeOffDays}::text, ''), coalesce(${shifts.timeOffHours}::text, ''),
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
      timeOffDays: numberOrNull(field[8]!),
      timeOffHours: numberOrNull(field[9]!),
      colour: numberOrNull(field[10]!),
      breakMinutes: Number(field[11]),
      attendanceAdjustments: JSON.parse(field[12]!),
    };
  });
}

/** The columns a create writes, every one given (null when empty), so the statement never changes. */
const insertedColumns = [
  'teamId',
  'staffId',
  'shiftDate',
  'startTime',
  'endTime',
  'notes',
  'notesVisibleToAll',
  'isTimeOff',
  'timeOffDays',
  'timeOffHours',
  'colour',
  'breakMinutes',
  'attendanceAdjustments',
] as const satisfies readonly (keyof NewShift)[];
const insertedValues = (values: NewShift) =>
  Object.fromEntries(insertedColumns.map((column) => [column, values[column] ?? null]));

/**
 * Inserts the entry and its CREATE audit row, and reads the same person's other entries from
 * `windowStart` to `windowEnd` for the conflict rule, all in one statement: creating a shift is bound
 * by round trips (bench/shift-create-load). It runs after the person's row is locked, so its snapshot
 * holds every entry committed by an earlier writer for them; a clash found in `entries` must end the
 * transaction (the caller throws), which takes the insert back. (The team's schedule version is
 * bumped at commit: migration 0009.) The audit values are the fields
 * shiftAuditValues (shift.dto.ts) names, read from the inserted row; who the row names (`changedBy`,
 * `onBehalfOf`) is what the audit repository's actor rule (`auditActor`) gives, so that a shift
 * created in support mode names the agent as user like every other write. Built once
 * (reusable-statement.ts): assembling it took 0.16 ms of each create.
 */
const insertAudited = reusableStatement((db) => {
  const inserted = db.$with('inserted').as(
    db
      .insert(shifts)
      .values(
        Object.fromEntries(
          insertedColumns.map((column) => [column, sql.placeholder(column)]),
        ) as PgInsertValue<typeof shifts>,
      )
      .returning(),
  );
  const audited = db.$with('audited', {}).as(sql`
    insert into ${auditLog} (team_id, entity_type, entity_id, action, changed_by, on_behalf_of, new_values)
    select team_id, 'shift', id, 'CREATE', ${sql.placeholder('changedBy')}::uuid,
      ${sql.placeholder('onBehalfOf')}::uuid, jsonb_build_object(
      'shiftId', id, 'staffId', staff_id, 'teamId', team_id, 'shiftDate', shift_date,
      'startTime', start_time, 'endTime', end_time, 'breakMinutes', break_minutes, 'notes', notes,
      'notesVisibleToAll', notes_visible_to_all, 'isTimeOff', is_time_off,
      'timeOffDays', time_off_days, 'timeOffHours', time_off_hours, 'colour', colour,
      'attendanceAdjustments', attendance_adjustments)
    from inserted`);
  // The statement's snapshot does not include its own insert: these are the other entries.
  const entries = sql<NearbyRow[] | string>`(select coalesce(json_agg(json_build_object(
    'id', s.id, 'staffId', s.staff_id, 'shiftDate', s.shift_date, 'startTime', s.start_time,
    'endTime', s.end_time, 'isTimeOff', s.is_time_off, 'timeOffDays', s.time_off_days,
    'timeOffHours', s.time_off_hours, 'breakMinutes', s.break_minutes,
    'attendanceAdjustments', s.attendance_adjustments)), '[]')
    from ${shifts} s where s.staff_id = ${sql.placeholder('staffId')}::uuid
    and s.shift_date >= ${sql.placeholder('windowStart')}::date
    and s.shift_date <= ${sql.placeholder('windowEnd')}::date)`;
  return db
    .with(inserted, audited)
    .select({ row: inserted._.selectedFields, entries })
    .from(inserted)
    .prepare('shift_insert_audited');
});

/** All database access for shifts and their history; no rules here. */
export function createShiftRepository(db: Db) {
  return {
    /** What the schedule read sends of one team's entries in a date range, in date, start and id order. */
    async readForTeam(teamId: string, startDate: string, endDate: string): Promise<ShiftReadRow[]> {
      if (isEmbedded(db)) {
        const result = (await db.execute(weekAsLines(teamId, startDate, endDate))) as unknown as {
          rows: { week: string | null }[];
        };
        return fromWeekLines(result.rows[0]?.week ?? null);
      }
      const rows = await (weekRead(db) as unknown as RawRows).all({ teamId, startDate, endDate });
      return rows.map(fromRawWeekRow);
    },

    /** One team's entries in a date range: a single index scan on (team_id, shift_date). */
    async listForTeam(teamId: string, startDate: string, endDate: string): Promise<ShiftRow[]> {
      return db
        .select()
        .from(shifts)
        .where(
          and(eq(shifts.teamId, teamId), gte(shifts.shiftDate, startDate), lte(shifts.shiftDate, endDate)),
        )
        .orderBy(asc(shifts.shiftDate), asc(shifts.startTime));
    },

    /** One person's entries in a date range, for the conflict rule. */
    async listForStaff(staffId: string, startDate: string, endDate: string): Promise<ShiftRow[]> {
      return staffEntriesBetween(db).execute({ staffId, startDate, endDate });
    },

    async findInTeam(teamId: string, shiftId: string): Promise<ShiftRow | null> {
      const [row] = await db
        .select()
        .from(shifts)
        .where(and(eq(shifts.teamId, teamId), eq(shifts.id, shiftId)))
        .limit(1);
      return row ?? null;
    },

    /** Those of `shiftIds` that are the team's (others, and ids no shift has, are left out). */
    async findManyInTeam(teamId: string, shiftIds: readonly string[]): Promise<ShiftRow[]> {
      // A text that is no uuid would make the uuid column's comparison fail; no shift has it anyway.
      const ids = shiftIds.filter((id) => UUID_TEXT.test(id));
      if (ids.length === 0) return [];
      return db
        .select()
        .from(shifts)
        .where(and(eq(shifts.teamId, teamId), inArray(shifts.id, ids)));
    },

    async insert(values: NewShift): Promise<ShiftRow> {
      const [row] = await db.insert(shifts).values(values).returning();
      await invalidateReads(db, [memoTags.team(values.teamId)]);
      return row!;
    },

    /**
     * Inserts the entry and its CREATE audit row and reads the person's other entries in `window`, in
     * one statement (insertAudited above); the caller holds the person's lock and throws on a clash.
     */
    async insertAudited(
      values: NewShift,
      changedBy: string,
      window: { startDate: string; endDate: string },
    ): Promise<{ row: ShiftRow; entries: NearbyRow[] }> {
      const [result] = await insertAudited(db).execute({
        ...insertedValues(values),
        // The actor rule, not the caller's user: in support mode the agent, on behalf of the user.
        ...auditActor(changedBy),
        windowStart: window.startDate,
        windowEnd: window.endDate,
      });
      const { row, entries } = result!;
      await invalidateReads(db, [memoTags.team(values.teamId)]);
      return { row: row as ShiftRow, entries: typeof entries === 'string' ? JSON.parse(entries) : entries };
    },

    async update(shiftId: string, values: Partial<NewShift>): Promise<ShiftRow> {
      const [row] = await db
        .update(shifts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(shifts.id, shiftId))
        .returning();
      if (row) await invalidateReads(db, [memoTags.team(row.teamId)]);
      return row!;
    },

    async delete(shiftId: string) {
      const [gone] = await db
        .delete(shifts)
        .where(eq(shifts.id, shiftId))
        .returning({ teamId: shifts.teamId });
      if (gone) await invalidateReads(db, [memoTags.team(gone.teamId)]);
    },

    /** Many entries in one statement (copy week), returned as stored. */
    async insertMany(values: NewShift[]): Promise<ShiftRow[]> {
      if (values.length === 0) return [];
      const rows = await db.insert(shifts).values(values).returning();
      await invalidateReads(db, [...new Set(values.map((v) => v.teamId))].map(memoTags.team));
      return rows;
    },

    /** Every entry of a team in a date range, in one statement, returned as they were (clear week). */
    async deleteForTeam(teamId: string, startDate: string, endDate: string): Promise<ShiftRow[]> {
      return db
        .delete(shifts)
        .where(
          and(eq(shifts.teamId, teamId), gte(shifts.shiftDate, startDate), lte(shifts.shiftDate, endDate)),
        )
        .returning()
        .then(async (rows) => {
          await invalidateReads(db, [memoTags.team(teamId)]);
          return rows;
        });
    },

    /** The next timed shift of a staff row after a date and time, no later than `notAfter` when given. */
    async nextForStaff(
      staffId: string,
      date: string,
      time: string,
      notAfter: string | null,
    ): Promise<ShiftRow | null> {
      const [row] = await db
        .select()
        .from(shifts)
        .where(
          and(
            eq(shifts.staffId, staffId),
            eq(shifts.isTimeOff, false),
            or(gt(shifts.shiftDate, date), and(eq(shifts.shiftDate, date), gt(shifts.startTime, time))),
            notAfter ? lte(shifts.shiftDate, notAfter) : undefined,
          ),
        )
        .orderBy(asc(shifts.shiftDate), asc(shifts.startTime))
        .limit(1);
      return row ?? null;
    },

    /** Staff rows with an email and at least one entry in the range, for notifications. */
    async staffWithEntries(teamId: string, startDate: string, endDate: string) {
      return db
        .selectDistinct({ staffId: staff.id, firstName: staff.firstName, email: staff.email })
        .from(shifts)
        .innerJoin(staff, eq(staff.id, shifts.staffId))
        .where(
          and(eq(shifts.teamId, teamId), gte(shifts.shiftDate, startDate), lte(shifts.shiftDate, endDate)),
        );
    },

    async history(teamId: string, shiftId: string, since: Date, offset: number, limit: number) {
      const where = and(
        eq(auditLog.teamId, teamId),
        eq(auditLog.entityType, 'shift'),
        eq(auditLog.entityId, shiftId),
        gte(auditLog.changedAt, since),
      );
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      // In support mode the agent made the change on behalf of a user: both names are shown.
      const onBehalfOf = alias(users, 'on_behalf_of_user');
      const rows = await db
        .select({
          audit: auditLog,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          onBehalfOf: {
            firstName: onBehalfOf.firstName,
            lastName: onBehalfOf.lastName,
            email: onBehalfOf.email,
          },
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.changedBy))
        .leftJoin(onBehalfOf, eq(onBehalfOf.id, auditLog.onBehalfOf))
        .where(where)
        .orderBy(desc(auditLog.changedAt), desc(auditLog.id))
        .offset(offset)
        .limit(limit);
      return { total: total?.n ?? 0, rows };
    },

    async hasAnyHistory(teamId: string, shiftId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(eq(auditLog.teamId, teamId), eq(auditLog.entityType, 'shift'), eq(auditLog.entityId, shiftId)),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}
export type ShiftRepository = ReturnType<typeof createShiftRepository>;

export type { ShiftRow };
