import type { CostEntry } from '@rotaboard/core/labour/labour-cost';
import { and, asc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { isEmbedded } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { ShiftRow } from '../../db/rows.ts';
import { auditLog, shifts, staff } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';
import { UUID_TEXT } from '../../lib/uuid-text.ts';
import { auditActor } from '../audit/audit-actor.ts';
import { datedBetween, readWeek, type ShiftReadRow } from './week-read.ts';

export type { ShiftReadRow };

/** What the conflict rule and its message need of an existing entry (dates and times as Drizzle gives them). */
export type ConflictRow = Pick<
  ShiftRow,
  'id' | 'staffId' | 'shiftDate' | 'startTime' | 'endTime' | 'isTimeOff' | 'timeOffDays' | 'timeOffHours'
>;
/** A person's other entry as a create reads it: what the conflict rule and the staffing rules need. */
export type NearbyRow = ConflictRow & Pick<ShiftRow, 'breakMinutes' | 'attendanceAdjustments'>;
export type NewShift = typeof shifts.$inferInsert;

/** A shift as the driver hands it over for cost: a CostEntry whose empty adjustments are still null. */
type RawCostEntry = Omit<CostEntry, 'attendanceAdjustments'> & {
  attendanceAdjustments: CostEntry['attendanceAdjustments'] | null;
};
// Shared by every entry without adjustments: cost only reads it.
const NO_ADJUSTMENTS: CostEntry['attendanceAdjustments'] = Object.freeze([]);

// A person's entries over some dates: read by every shift write with strict staffing rules.
const staffEntriesBetween = reusableStatement((db) =>
  db.select().from(shifts).where(datedBetween(shifts.staffId, 'staffId')).prepare('shifts_for_staff_between'),
);

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

/**
 * All database access for shifts, no rules; the week read's statements are in week-read.ts, a
 * shift's history (its audit rows) in shift-history.repository.ts.
 */
export function createShiftRepository(db: Db) {
  return {
    /** What the schedule read sends of one team's entries in a date range, in date, start and id order. */
    readForTeam(teamId: string, startDate: string, endDate: string): Promise<ShiftReadRow[]> {
      return readWeek(db, teamId, startDate, endDate);
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

    /**
     * The team's shifts (not time off: it costs nothing) in a date range, as core's cost reads them
     * (labour/labour-cost.ts CostEntry): one index scan on (team_id, shift_date), read as the driver's
     * rows named as CostEntry's fields rather than through Drizzle's select (its per-cell mapping, the
     * two timestamps above all, was most of `/labour`'s time for a large team: bench/README.md). On
     * embedded PGlite one JSON value built by the database, as the payroll report reads its entries.
     */
    async costEntriesForTeam(teamId: string, startDate: string, endDate: string): Promise<CostEntry[]> {
      const where = sql`team_id = ${teamId} and shift_date between ${startDate} and ${endDate} and not is_time_off`;
      if (isEmbedded(db)) {
        const result = (await db.execute(sql`
          select coalesce(json_agg(json_build_object(
            'shiftId', id, 'staffId', staff_id, 'shiftDate', shift_date, 'startTime', start_time,
            'endTime', end_time, 'breakMinutes', break_minutes, 'isTimeOff', is_time_off,
            'timeOffDays', time_off_days, 'timeOffHours', time_off_hours,
            'attendanceAdjustments', attendance_adjustments
          )), '[]') as entries
          from ${shifts}
          where ${where}`)) as unknown as { rows: { entries: CostEntry[] | string }[] };
        const entries = result.rows[0]?.entries ?? [];
        return typeof entries === 'string' ? JSON.parse(entries) : entries;
      }
      const result = (await db.execute(sql`
        select id as "shiftId", staff_id as "staffId", shift_date::text as "shiftDate",
               start_time::text as "startTime", end_time::text as "endTime", break_minutes as "breakMinutes",
               is_time_off as "isTimeOff", time_off_days as "timeOffDays", time_off_hours as "timeOffHours",
               nullif(attendance_adjustments, '[]'::jsonb) as "attendanceAdjustments"
        from ${shifts}
        where ${where}`)) as unknown as { rows: RawCostEntry[] };
      const rows = result.rows;
      for (const row of rows) row.attendanceAdjustments ??= NO_ADJUSTMENTS;
      return rows as CostEntry[];
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
  };
}
export type ShiftRepository = ReturnType<typeof createShiftRepository>;

export type { ShiftRow };
