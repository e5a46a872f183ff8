import type { ParsedShiftInput } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { exchangeStrictBreach, type ShiftMove } from '@rotaboard/core/requests/swaps';
import { clashesWithOwn, firstStrictBreach, hasStrictRule } from '@rotaboard/core/staffing/strict';
import { isWorkShift, type StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { staffingWindow } from '@rotaboard/core/staffing/validate';
import type { Db } from '../../db/db.ts';
import { createShiftRepository } from '../shifts/shift.repository.ts';
import type { StaffRow } from '../staff/staff.repository.ts';
import type { TeamAccess } from '../teams/team-access.ts';
import { loadStaffingSettings, toStaffingEntry, toStaffingStaff } from './staffing-context.ts';

/**
 * Strict staffing rules on hand edits (issue 25): the shift service calls this inside its write
 * transaction, after locking the people (or the team) concerned and before writing anything, so a
 * refusal leaves nothing behind. The write path is hot (bench/shift-create-load), so it does as
 * little as it can: nothing for time off (which breaks no rule), nothing on Free (no rules), one
 * read of the settings on Pro and, only when a rule is strict, one read of the entries the rules
 * need — one person's for a single edit — with no availability (never strict) and no coverage.
 */
export async function refuseStrictBreaches(
  tx: Db,
  access: TeamAccess,
  people: readonly StaffRow[],
  entries: readonly StaffingEntry[],
): Promise<void> {
  const work = entries.filter(isWorkShift);
  if (work.length === 0 || !planAllows(access.ownerTier, 'staffingRules')) return;
  const settings = await loadStaffingSettings(tx, access.team.id);
  if (!hasStrictRule(settings)) return;

  const dates = work.map((entry) => entry.shiftDate).sort();
  const window = staffingWindow(dates[0]!, dates[dates.length - 1]!, settings, access.team.weekStartDay);
  const shifts = createShiftRepository(tx);
  const only = people.length === 1 ? people[0] : undefined;
  const rows = only
    ? await shifts.listForStaff(only.id, window.from, window.to)
    : await shifts.listForTeam(access.team.id, window.from, window.to);
  // A clash is the conflict rule's to refuse (the caller checks it too), in its own words.
  const existing = rows.map(toStaffingEntry);
  const unclashed = work.filter((entry) => !clashesWithOwn(entry, existing));
  const breach = firstStrictBreach(
    {
      settings,
      staff: people.map(toStaffingStaff),
      entries: existing,
      availability: new Map(),
      weekStartDay: access.team.weekStartDay,
    },
    unclashed,
  );
  if (breach) throw new DomainError(ErrorCode.STAFFING_RULE, breach.message);
}

/**
 * Strict staffing rules on shifts changing hands (issue 27's swaps and give-aways): as
 * refuseStrictBreaches, but the moving shifts leave their owners before arriving with the new ones
 * (core exchangeStrictBreach). Called inside the exchange transaction with the people locked.
 */
export async function refuseStrictExchange(
  tx: Db,
  access: TeamAccess,
  people: readonly StaffRow[],
  moves: readonly ShiftMove[],
): Promise<void> {
  const arriving = moves.filter((m) => m.toStaffId !== null && isWorkShift(m.shift));
  if (arriving.length === 0 || !planAllows(access.ownerTier, 'staffingRules')) return;
  const settings = await loadStaffingSettings(tx, access.team.id);
  if (!hasStrictRule(settings)) return;
  const dates = arriving.map((m) => m.shift.shiftDate).sort();
  const window = staffingWindow(dates[0]!, dates[dates.length - 1]!, settings, access.team.weekStartDay);
  const shifts = createShiftRepository(tx);
  const rows = (
    await Promise.all(people.map((person) => shifts.listForStaff(person.id, window.from, window.to)))
  ).flat();
  const breach = exchangeStrictBreach(
    {
      settings,
      staff: people.map(toStaffingStaff),
      entries: rows.map(toStaffingEntry),
      availability: new Map(),
      weekStartDay: access.team.weekStartDay,
    },
    moves,
  );
  if (breach) throw new DomainError(ErrorCode.STAFFING_RULE, breach.message);
}

/** A shift as it will be written, as the rules read it (`shiftId`: its own, or any unused one when new). */
export function plannedEntry(
  shiftId: string,
  input: Pick<
    ParsedShiftInput,
    | 'staffId'
    | 'shiftDate'
    | 'startTime'
    | 'endTime'
    | 'breakMinutes'
    | 'isTimeOff'
    | 'timeOffHours'
    | 'timeOffDays'
    | 'attendanceAdjustments'
  >,
): StaffingEntry {
  return {
    shiftId,
    staffId: input.staffId,
    shiftDate: input.shiftDate,
    startTime: input.startTime?.slice(0, 5) ?? null,
    endTime: input.endTime?.slice(0, 5) ?? null,
    breakMinutes: input.breakMinutes,
    isTimeOff: input.isTimeOff,
    timeOffHours: input.timeOffHours,
    timeOffDays: input.timeOffDays,
    attendanceAdjustments: input.attendanceAdjustments,
  };
}
