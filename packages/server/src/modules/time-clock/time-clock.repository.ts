import type { DaySettings } from '@rotaboard/core/time-clock/day-settings';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { shifts, staff, teams, timesheets } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

export type TimesheetRow = typeof timesheets.$inferSelect;
export type NewTimesheet = typeof timesheets.$inferInsert;

/** What a timesheet's answer needs of its shift: the times and break the payroll pays. */
export type TimesheetShift = {
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  isTimeOff: boolean;
  attendanceAdjustments: { minutes: number }[];
};

/** A timesheet with its person's name and its shift (null when unscheduled or the shift is gone). */
export type TimesheetWithContext = {
  timesheet: TimesheetRow;
  firstName: string;
  lastName: string;
  shift: TimesheetShift | null;
};

const withContext = {
  timesheet: timesheets,
  firstName: staff.firstName,
  lastName: staff.lastName,
  shiftDate: shifts.shiftDate,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  breakMinutes: shifts.breakMinutes,
  isTimeOff: shifts.isTimeOff,
  attendanceAdjustments: shifts.attendanceAdjustments,
};

type ContextRow = {
  timesheet: TimesheetRow;
  firstName: string;
  lastName: string;
  shiftDate: string | null;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number | null;
  isTimeOff: boolean | null;
  attendanceAdjustments: { minutes: number }[] | null;
};

const toContext = (row: ContextRow): TimesheetWithContext => ({
  timesheet: row.timesheet,
  firstName: row.firstName,
  lastName: row.lastName,
  shift:
    row.shiftDate === null
      ? null
      : {
          shiftDate: row.shiftDate,
          startTime: row.startTime,
          endTime: row.endTime,
          breakMinutes: row.breakMinutes ?? 0,
          isTimeOff: row.isTimeOff ?? false,
          attendanceAdjustments: row.attendanceAdjustments ?? [],
        },
});

/** All database access of the time clock (issue 44): timesheets and the team's day settings; no rules. */
export function createTimeClockRepository(db: Db) {
  const selectWithContext = () =>
    db
      .select(withContext)
      .from(timesheets)
      .innerJoin(staff, eq(staff.id, timesheets.staffId))
      .leftJoin(shifts, eq(shifts.id, timesheets.shiftId));

  return {
    /** The person's open entry (at most one: the unique index), with its context. */
    async openForStaff(staffId: string): Promise<TimesheetWithContext | null> {
      const [row] = await selectWithContext()
        .where(and(eq(timesheets.staffId, staffId), eq(timesheets.status, 'open')))
        .limit(1);
      return row ? toContext(row) : null;
    },

    /** The person's open entry, locked until the transaction ends, so two taps queue up. */
    async lockOpenForStaff(staffId: string): Promise<TimesheetRow | null> {
      const [row] = await db
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.staffId, staffId), eq(timesheets.status, 'open')))
        .for('update');
      return row ?? null;
    },

    /** A team's entry by id, locked until the transaction ends. */
    async lockInTeam(teamId: string, timesheetId: string): Promise<TimesheetRow | null> {
      const [row] = await db
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.teamId, teamId), eq(timesheets.id, timesheetId)))
        .for('update');
      return row ?? null;
    },

    /** One entry with its context. */
    async findWithContext(timesheetId: string): Promise<TimesheetWithContext | null> {
      const [row] = await selectWithContext().where(eq(timesheets.id, timesheetId)).limit(1);
      return row ? toContext(row) : null;
    },

    /** Those of `shiftIds` that already have an entry (one per shift: the unique index). */
    async clockedShiftIds(shiftIds: readonly string[]): Promise<Set<string>> {
      if (shiftIds.length === 0) return new Set();
      const rows = await db
        .select({ shiftId: timesheets.shiftId })
        .from(timesheets)
        .where(inArray(timesheets.shiftId, [...shiftIds]));
      return new Set(rows.flatMap((r) => (r.shiftId ? [r.shiftId] : [])));
    },

    async insert(values: NewTimesheet): Promise<TimesheetRow> {
      const [row] = await db.insert(timesheets).values(values).returning();
      return row!;
    },

    async update(
      timesheetId: string,
      patch: Partial<
        Pick<
          TimesheetRow,
          | 'clockInAt'
          | 'clockOutAt'
          | 'breakSeconds'
          | 'breakStartedAt'
          | 'status'
          | 'decidedBy'
          | 'decidedAt'
          | 'workDate'
        >
      >,
    ): Promise<TimesheetRow> {
      const [row] = await db
        .update(timesheets)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(timesheets.id, timesheetId))
        .returning();
      return row!;
    },

    /** A team's entries counting on dates from `startDate` to `endDate`, one person's when `staffId`. */
    async listForTeam(
      teamId: string,
      startDate: string,
      endDate: string,
      staffId: string | null,
    ): Promise<TimesheetWithContext[]> {
      const rows = await selectWithContext()
        .where(
          and(
            eq(timesheets.teamId, teamId),
            between(timesheets.workDate, startDate, endDate),
            staffId ? eq(timesheets.staffId, staffId) : undefined,
          ),
        )
        .orderBy(asc(timesheets.workDate), asc(staff.displayOrder), asc(timesheets.clockInAt));
      return rows.map(toContext);
    },

    /** Everyone clocked in now in the team, in the staff list's order. */
    async openForTeam(teamId: string): Promise<TimesheetWithContext[]> {
      const rows = await selectWithContext()
        .where(and(eq(timesheets.teamId, teamId), eq(timesheets.status, 'open')))
        .orderBy(asc(staff.displayOrder), asc(timesheets.clockInAt));
      return rows.map(toContext);
    },

    /** The approved entries counting on dates from `startDate` to `endDate` (payroll, labour cost). */
    async approvedForTeam(teamId: string, startDate: string, endDate: string) {
      return db
        .select({
          timesheetId: timesheets.id,
          staffId: timesheets.staffId,
          shiftId: timesheets.shiftId,
          workDate: timesheets.workDate,
          clockInAt: timesheets.clockInAt,
          clockOutAt: timesheets.clockOutAt,
          breakSeconds: timesheets.breakSeconds,
        })
        .from(timesheets)
        .where(
          and(
            eq(timesheets.teamId, teamId),
            eq(timesheets.status, 'approved'),
            between(timesheets.workDate, startDate, endDate),
          ),
        );
    },

    /** The team's day settings as stored, or null when the team is gone. */
    async daySettings(teamId: string): Promise<DaySettings | null> {
      const [row] = await db
        .select({
          clockInEarlyMinutes: teams.clockInEarlyMinutes,
          lateAfterMinutes: teams.lateAfterMinutes,
          sickCoverOffers: teams.sickCoverOffers,
          autoApproveSickCover: teams.autoApproveSickCover,
        })
        .from(teams)
        .where(eq(teams.id, teamId));
      return row ?? null;
    },

    /**
     * Stores the day settings; call it in the auditing transaction. `updated_at` is left alone: it is
     * part of the team form's hash, which a day setting must not make stale (as labour settings).
     */
    async saveDaySettings(teamId: string, settings: DaySettings): Promise<void> {
      await db.update(teams).set(settings).where(eq(teams.id, teamId));
      // The team row is remembered with the caller's access (team.repository.ts): it holds these columns.
      await invalidateReads(db, [memoTags.team(teamId)]);
    },
  };
}
export type TimeClockRepository = ReturnType<typeof createTimeClockRepository>;
