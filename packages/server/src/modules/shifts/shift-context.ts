import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { shiftTimesProblem } from '@rotaboard/core/shifts/shift-times';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import type { ScheduleEvents } from '../../lib/realtime-events.ts';
import type { Mailer, WarnLog } from '../../plugins/mail.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { createStrictCheck } from '../staffing/strict-rules.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createShiftRepository } from './shift.repository.ts';
import type { WeekCache } from './week-cache.ts';

export const NOTIFICATIONS_ARE_PRO =
  'Schedule notifications are part of the Pro plan. Upgrade to Pro to email staff about schedule changes.';
export const ATTENDANCE_IS_PRO =
  'Time and attendance (attendance adjustments) is part of the Pro plan. Upgrade to Pro to record them.';

/**
 * Refuses (400, nothing written) an entry whose times the team's zone cannot hold: a start or end the
 * clocks skip that night, in the sentence naming the change, or a break as long as the real shift
 * (core shiftTimesProblem). Every write of shift times in this module goes through here.
 */
export function refuseTimesOutOfZone(entry: Parameters<typeof shiftTimesProblem>[0], timeZone: string): void {
  const problem = shiftTimesProblem(entry, timeZone);
  if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message, { errors: [problem] });
}

/** What the schedule's services are built from (shifts.routes.ts passes the app's). */
export type ShiftServiceDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  events?: ScheduleEvents;
  weekCache?: WeekCache;
  log?: WarnLog;
};

/**
 * The checks every part of the schedule service shares: who the caller is in the team, their plan, and
 * the strict staffing rules (the staffing module's check, given this module's reads of the entries).
 */
export function createShiftContext(deps: ShiftServiceDeps) {
  return {
    access: (tx: Db, user: UserRow, teamId: string) => teamAccessOf(tx, user, teamId, deps.proEmails),

    /** Refuses what the team's plan does not include: emails to staff, attendance adjustments. */
    checkPlan(a: TeamAccess, input: { notify: boolean; adjustments: number }) {
      if (input.notify && !planAllows(a.ownerTier, 'scheduleNotifications')) {
        throw new DomainError(ErrorCode.PLAN_LIMIT, NOTIFICATIONS_ARE_PRO);
      }
      if (input.adjustments > 0 && !planAllows(a.ownerTier, 'attendance')) {
        throw new DomainError(ErrorCode.PLAN_LIMIT, ATTENDANCE_IS_PRO);
      }
    },

    /** The person an entry is for, locked until the transaction ends (their entries queue up). */
    async staffFor(tx: Db, teamId: string, staffId: string): Promise<StaffRow> {
      const row = await staffDirectory(tx).lockInTeam(teamId, staffId);
      if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
      return row;
    },

    strict: createStrictCheck(createShiftRepository),

    scheduleUrl: (date: string) => `${deps.publicUrl}/schedule/${date}`,
  };
}
export type ShiftContext = ReturnType<typeof createShiftContext>;
