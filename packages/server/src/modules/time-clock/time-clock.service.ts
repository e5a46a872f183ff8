import { changedFields } from '@rotaboard/core/audit/changes';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { todayIn } from '@rotaboard/core/time/zone';
import type { DaySettings } from '@rotaboard/core/time-clock/day-settings';
import type {
  ClockedInNowDto,
  ClockInDto,
  ClockInInput,
  OwnClockDto,
  TimesheetDto,
  TimesheetEditInput,
  TimesheetList,
  TimesheetNowDto,
  TimesheetQuery,
} from '@rotaboard/core/time-clock/time-clock-contracts';
import { TIME_CLOCK_FEATURE, TIME_CLOCK_IS_PRO } from '@rotaboard/core/time-clock/time-clock-plan';
import {
  type ClockableShift,
  clockInWindowProblem,
  shiftForClockIn,
  type TimesheetAction,
  timesheetActionProblem,
  timesheetEditProblem,
} from '@rotaboard/core/time-clock/timesheet';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { ShiftRow, UserRow } from '../../db/rows.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { currentSupportActor } from '../../lib/support-actor.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { staffNameOf, timesheetAuditValues, toTimesheetDto, toTimesheetNowDto } from './time-clock.dto.ts';
import { createTimeClockRepository, type TimesheetRow } from './time-clock.repository.ts';

const TIME_CLOCK_PLAN = { feature: TIME_CLOCK_FEATURE, refusal: TIME_CLOCK_IS_PRO } as const;

const ONLY_ADMINS = 'Only the team owner and administrators can do this';
const NOT_ON_STAFF =
  'Only people on the team’s staff list can clock in and out: you have no place on it in this team.';
const NOT_IN_SUPPORT_MODE = 'Clocking in and out is the person’s own: a support agent cannot do it for them.';
const NOT_YOUR_SHIFT = 'You can only clock in for your own shifts.';
const ALREADY_IN = 'You are already clocked in: clock out before clocking in again.';
const SHIFT_ALREADY_CLOCKED = 'You have already clocked in for this shift: each shift has one timesheet.';
const OWN_TIMESHEET =
  'An administrator cannot edit, approve or reject their own timesheet: the team owner does.';

/** The unique index a violation names, looking through Drizzle's wrapper. */
function violatedIndex(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && message.includes('timesheets_one_per_shift'))
      return 'timesheets_one_per_shift';
  }
  return '';
}

const clockable = (row: ShiftRow): ClockableShift => ({
  shiftId: row.id,
  shiftDate: row.shiftDate,
  startTime: row.startTime,
  endTime: row.endTime,
  isTimeOff: row.isTimeOff,
});

/**
 * A timesheet's audit row: the fields that changed, each side also naming whose timesheet and its
 * date (the audit report's subject), and the edit's reason with the new values.
 */
function auditTimesheet(
  effects: Effects,
  before: TimesheetRow,
  after: TimesheetRow,
  action: 'UPDATE' | 'APPROVED' | 'REJECTED',
  extra: Record<string, unknown> = {},
) {
  const changed = changedFields(timesheetAuditValues(before), timesheetAuditValues(after));
  const about = (row: TimesheetRow) => ({ staffId: row.staffId, workDate: row.workDate });
  effects.audit({
    entityType: 'timesheet',
    entityId: after.id,
    action,
    oldValues: { ...about(before), ...changed?.oldValues },
    newValues: { ...about(after), ...changed?.newValues, ...extra },
  });
}

/** Tells the team's owners and administrators that someone clocked, or a timesheet changed. */
const announceTimeClock = (effects: Effects, row: TimesheetRow) =>
  effects.announce({ kind: 'time-clock', dates: [row.workDate], ids: [row.id] });

/**
 * The time clock and timesheets (issue 44, docs/time-clock.md), and the team's day settings. Pro
 * (the plans' "Time and attendance"). A member of staff clocks in, takes breaks and clocks out for
 * themself, by the server's clock; owners and administrators see who is in, edit with a reason and
 * approve or reject; an administrator never their own timesheet (the owner does). Every write is a
 * team command: audited as who really acts, announced as `time-clock` (to administrators only).
 */
export function createTimeClockService(
  deps: CommandDeps & { proEmails: readonly string[]; clock?: () => number },
) {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const teamCommand = createTeamCommand(deps);

  function requirePlan(access: TeamAccess): TeamAccess {
    if (!planAllows(access.ownerTier, TIME_CLOCK_FEATURE)) {
      throw new DomainError(ErrorCode.PLAN_LIMIT, TIME_CLOCK_IS_PRO);
    }
    return access;
  }

  async function readAccess(user: UserRow, teamId: string, admin: boolean): Promise<TeamAccess> {
    const access = await teamAccessOf(db, user, teamId, deps.proEmails);
    if (admin && !access.isAdmin) throw new DomainError(ErrorCode.FORBIDDEN, ONLY_ADMINS);
    return requirePlan(access);
  }

  /** The caller's own staff row: clocking is a person acting for themself, never an agent for them. */
  function ownStaffId(access: TeamAccess): string {
    if (currentSupportActor()) throw new DomainError(ErrorCode.FORBIDDEN, NOT_IN_SUPPORT_MODE);
    if (!access.staffId) throw new DomainError(ErrorCode.FORBIDDEN, NOT_ON_STAFF);
    return access.staffId;
  }

  async function withContext(tx: Db, row: TimesheetRow) {
    const entry = await createTimeClockRepository(tx).findWithContext(row.id);
    if (!entry) throw new DomainError(ErrorCode.NOT_FOUND, 'Timesheet not found');
    return entry;
  }

  /** One of the caller's taps on their open entry: checked against the order, then `change`d. */
  function tap(
    user: UserRow,
    teamId: string,
    action: Extract<TimesheetAction, 'break-start' | 'break-end' | 'clock-out'>,
    change: (row: TimesheetRow, now: number) => Partial<TimesheetRow>,
  ): Promise<TimesheetNowDto> {
    return teamCommand(
      user,
      teamId,
      { role: 'member', plan: TIME_CLOCK_PLAN },
      async (tx, access, effects) => {
        const staffId = ownStaffId(access);
        const repo = createTimeClockRepository(tx);
        // Locked: two taps at once queue up, and the second sees the first's change.
        const open = await repo.lockOpenForStaff(staffId);
        const problem = timesheetActionProblem(
          // No open entry: the caller is not clocked in, which is what a closed entry's answer says.
          open
            ? { status: open.status, onBreak: open.breakStartedAt !== null }
            : { status: 'pending', onBreak: false },
          action,
        );
        if (problem || !open) throw new DomainError(ErrorCode.CONFLICT, problem ?? 'You are not clocked in.');
        const now = clock();
        const after = await repo.update(open.id, change(open, now));
        auditTimesheet(effects, open, after, 'UPDATE');
        announceTimeClock(effects, after);
        return toTimesheetNowDto(await withContext(tx, after), access.team.timeZone, now);
      },
    );
  }

  /** An administrator's change to someone's timesheet: never to their own unless they own the team. */
  function decide<T>(
    user: UserRow,
    teamId: string,
    timesheetId: string,
    work: (tx: Db, row: TimesheetRow, access: TeamAccess, effects: Effects, now: number) => Promise<T>,
  ): Promise<T> {
    return teamCommand(
      user,
      teamId,
      { role: 'writer', plan: TIME_CLOCK_PLAN },
      async (tx, access, effects) => {
        const row = await createTimeClockRepository(tx).lockInTeam(teamId, timesheetId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Timesheet not found');
        if (access.role !== 'owner' && row.staffId === access.staffId) {
          throw new DomainError(ErrorCode.FORBIDDEN, OWN_TIMESHEET);
        }
        return work(tx, row, access, effects, clock());
      },
    );
  }

  function setStatus(user: UserRow, teamId: string, timesheetId: string, status: 'approved' | 'rejected') {
    return decide(user, teamId, timesheetId, async (tx, row, access, effects, now) => {
      const problem = timesheetActionProblem(
        { status: row.status, onBreak: row.breakStartedAt !== null },
        status === 'approved' ? 'approve' : 'reject',
      );
      if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
      const after = await createTimeClockRepository(tx).update(row.id, {
        status,
        decidedBy: user.id,
        decidedAt: new Date(now),
      });
      auditTimesheet(effects, row, after, status === 'approved' ? 'APPROVED' : 'REJECTED');
      announceTimeClock(effects, after);
      return toTimesheetDto(await withContext(tx, after), access.team.timeZone, now);
    });
  }

  return {
    /**
     * Clocks the caller in now: to `shiftId` (theirs, in its window, not yet clocked), or else to
     * their shift whose window holds now, or else an unscheduled entry. Already in → 409; two at once
     * → one 201, the other the unique index's 409.
     */
    clockIn(user: UserRow, teamId: string, input: z.output<typeof ClockInInput>): Promise<ClockInDto> {
      return teamCommand(
        user,
        teamId,
        { role: 'member', plan: TIME_CLOCK_PLAN },
        async (tx, access, effects) => {
          const staffId = ownStaffId(access);
          const repo = createTimeClockRepository(tx);
          const now = clock();
          const zone = access.team.timeZone;
          const early = access.team.clockInEarlyMinutes;
          if (await repo.lockOpenForStaff(staffId)) throw new DomainError(ErrorCode.CONFLICT, ALREADY_IN);
          let shift: ClockableShift | null = null;
          const asked = input?.shiftId ?? null;
          if (asked) {
            const row = await scheduleReads(tx).findInTeam(teamId, asked);
            if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
            if (row.staffId !== staffId) throw new DomainError(ErrorCode.FORBIDDEN, NOT_YOUR_SHIFT);
            const problem = clockInWindowProblem(clockable(row), now, zone, early);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            if ((await repo.clockedShiftIds([row.id])).has(row.id)) {
              throw new DomainError(ErrorCode.CONFLICT, SHIFT_ALREADY_CLOCKED);
            }
            shift = clockable(row);
          } else {
            // Yesterday's too: an overnight shift that started yesterday is still running.
            const today = todayIn(zone, now);
            const rows = await scheduleReads(tx).listForStaff(staffId, addDays(today, -1), today);
            const clocked = await repo.clockedShiftIds(rows.map((r) => r.id));
            shift = shiftForClockIn(rows.filter((r) => !clocked.has(r.id)).map(clockable), now, zone, early);
          }
          let row: TimesheetRow;
          try {
            row = await repo.insert({
              teamId,
              staffId,
              shiftId: shift?.shiftId ?? null,
              workDate: shift?.shiftDate ?? todayIn(zone, now),
              clockInAt: new Date(now),
              status: 'open',
            });
          } catch (error) {
            // Another tap, tab or process clocked in first: the unique index had the last word.
            if (!isUniqueViolation(error)) throw error;
            throw new DomainError(
              ErrorCode.CONFLICT,
              violatedIndex(error) === 'timesheets_one_per_shift' ? SHIFT_ALREADY_CLOCKED : ALREADY_IN,
            );
          }
          effects.audit({
            entityType: 'timesheet',
            entityId: row.id,
            action: 'CREATE',
            newValues: timesheetAuditValues(row),
          });
          announceTimeClock(effects, row);
          return { timesheetId: row.id, shiftId: row.shiftId, clockInAt: row.clockInAt.toISOString() };
        },
      );
    },

    breakStart: (user: UserRow, teamId: string) =>
      tap(user, teamId, 'break-start', (_row, now) => ({ breakStartedAt: new Date(now) })),

    breakEnd: (user: UserRow, teamId: string) =>
      tap(user, teamId, 'break-end', (row, now) => ({
        breakStartedAt: null,
        breakSeconds:
          row.breakSeconds + Math.max(0, Math.floor((now - (row.breakStartedAt?.getTime() ?? now)) / 1000)),
      })),

    clockOut: (user: UserRow, teamId: string) =>
      tap(user, teamId, 'clock-out', (_row, now) => ({ clockOutAt: new Date(now), status: 'pending' })),

    /** The caller's open entry, or null (also for someone with no place on the staff list). */
    async own(user: UserRow, teamId: string): Promise<OwnClockDto> {
      const access = await readAccess(user, teamId, false);
      if (!access.staffId) return { timesheet: null };
      const entry = await createTimeClockRepository(db).openForStaff(access.staffId);
      return { timesheet: entry ? toTimesheetNowDto(entry, access.team.timeZone, clock()) : null };
    },

    /** Who is clocked in now (owner and administrators): the week grid's marks. */
    async clockedInNow(user: UserRow, teamId: string): Promise<ClockedInNowDto> {
      await readAccess(user, teamId, true);
      const open = await createTimeClockRepository(db).openForTeam(teamId);
      return {
        clockedIn: open.map((entry) => ({
          staffId: entry.timesheet.staffId,
          staffName: staffNameOf(entry),
          timesheetId: entry.timesheet.id,
          shiftId: entry.timesheet.shiftId,
          clockInAt: entry.timesheet.clockInAt.toISOString(),
          onBreak: entry.timesheet.breakStartedAt !== null,
        })),
      };
    },

    /** The timesheets counting on the range's dates: everyone's for administrators, a member's own. */
    async list(user: UserRow, teamId: string, q: TimesheetQuery): Promise<TimesheetList> {
      const access = await readAccess(user, teamId, false);
      if (!access.isAdmin && !access.staffId) return { timesheets: [] };
      const rows = await createTimeClockRepository(db).listForTeam(
        teamId,
        q.startDate,
        q.endDate,
        access.isAdmin ? null : access.staffId,
      );
      const now = clock();
      return { timesheets: rows.map((entry) => toTimesheetDto(entry, access.team.timeZone, now)) };
    },

    /**
     * Replaces an entry's times (owner and administrators, with a reason, audited with it). The entry
     * is closed by it if it was open, and waits for approval again (pending) whatever it was.
     */
    edit(
      user: UserRow,
      teamId: string,
      timesheetId: string,
      input: z.output<typeof TimesheetEditInput>,
    ): Promise<TimesheetDto> {
      return decide(user, teamId, timesheetId, async (tx, row, access, effects, now) => {
        const edit = {
          clockInAt: Date.parse(input.clockInAt),
          clockOutAt: Date.parse(input.clockOutAt),
          breakMinutes: input.breakMinutes,
        };
        const problem = timesheetEditProblem(edit, now);
        if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message, { errors: [problem] });
        const after = await createTimeClockRepository(tx).update(row.id, {
          clockInAt: new Date(edit.clockInAt),
          clockOutAt: new Date(edit.clockOutAt),
          breakSeconds: edit.breakMinutes * 60,
          breakStartedAt: null,
          status: 'pending',
          decidedBy: null,
          decidedAt: null,
          // An unscheduled entry counts on its clock-in's date; a shift's on the shift's.
          ...(row.shiftId ? {} : { workDate: todayIn(access.team.timeZone, edit.clockInAt) }),
        });
        auditTimesheet(effects, row, after, 'UPDATE', { reason: input.reason });
        announceTimeClock(effects, after);
        return toTimesheetDto(await withContext(tx, after), access.team.timeZone, now);
      });
    },

    approve: (user: UserRow, teamId: string, timesheetId: string) =>
      setStatus(user, teamId, timesheetId, 'approved'),
    reject: (user: UserRow, teamId: string, timesheetId: string) =>
      setStatus(user, teamId, timesheetId, 'rejected'),

    async getDaySettings(user: UserRow, teamId: string): Promise<DaySettings> {
      await readAccess(user, teamId, true);
      const settings = await createTimeClockRepository(db).daySettings(teamId);
      if (!settings) throw new DomainError(ErrorCode.NOT_FOUND, 'Team not found');
      return settings;
    },

    replaceDaySettings(user: UserRow, teamId: string, input: DaySettings): Promise<DaySettings> {
      // The team row is locked, so two saves queue up and each audit row's "before" is what it replaced.
      return teamCommand(
        user,
        teamId,
        { role: 'writer', plan: TIME_CLOCK_PLAN, lockTeam: true },
        async (tx, _access, effects) => {
          const repo = createTimeClockRepository(tx);
          const before = await repo.daySettings(teamId);
          if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Team not found');
          const after: DaySettings = {
            clockInEarlyMinutes: input.clockInEarlyMinutes,
            lateAfterMinutes: input.lateAfterMinutes,
            sickCoverOffers: input.sickCoverOffers,
            autoApproveSickCover: input.autoApproveSickCover,
          };
          await repo.saveDaySettings(teamId, after);
          effects.auditUpdate({ entityType: 'team', entityId: teamId, before, after });
          effects.announce({ kind: 'time-clock', ids: [] });
          return after;
        },
      );
    },
  };
}
export type TimeClockService = ReturnType<typeof createTimeClockService>;
