import type { StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import type { ParsedShiftInput } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { exchangeStrictBreach, type ShiftMove } from '@rotaboard/core/requests/swaps';
import { clashesWithOwn, firstStrictBreach, hasStrictRule } from '@rotaboard/core/staffing/strict';
import { isWorkShift, type StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { staffingWindow } from '@rotaboard/core/staffing/validate';
import type { Db } from '../../db/db.ts';
import type { StaffRow } from '../../db/rows.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import {
  loadStaffingSettings,
  type ScheduleEntriesOf,
  type StaffingEntryField,
  toStaffingEntry,
  toStaffingStaff,
} from './staffing-context.ts';

/** The strict rules a write must keep: the team's settings, the entries written, the dates they read. */
export type StrictRules = {
  settings: StaffingSettings;
  work: readonly StaffingEntry[];
  /** The people's other entries the rules must see: those dated in this window (staffingWindow). */
  window: { from: string; to: string };
};

/**
 * Strict staffing rules on hand edits (issue 25). The write path is hot (bench/shift-create-load), so
 * the rules do as little as they can: nothing for time off (which breaks no rule), nothing on Free (no
 * rules), the settings on Pro — remembered (loadStaffingSettings), so read before the write's
 * transaction with the root handle — and, only when a rule is strict, the entries of `window`, with no
 * availability (never strict) and no coverage. Null when no rule can refuse `entries`.
 */
export async function strictRulesFor(
  db: Db,
  access: TeamAccess,
  entries: readonly StaffingEntry[],
): Promise<StrictRules | null> {
  const work = entries.filter(isWorkShift);
  if (work.length === 0 || !planAllows(access.ownerTier, 'staffingRules')) return null;
  const settings = await loadStaffingSettings(db, access.team.id);
  if (!hasStrictRule(settings)) return null;
  const dates = work.map((entry) => entry.shiftDate).sort();
  const window = staffingWindow(dates[0]!, dates[dates.length - 1]!, settings, access.team.weekStartDay);
  return { settings, work, window };
}

/**
 * Refuses the first strict breach of `rules.work` among `existing`, the people's other entries (those
 * of `rules.window` at least) as the write's transaction reads them after locking the people (or the
 * team), so a refusal takes everything the transaction wrote back.
 */
export function refuseBreachesAmong(
  rules: StrictRules,
  access: TeamAccess,
  people: readonly StaffRow[],
  existing: readonly StaffingEntry[],
): void {
  // Read with a wider window by a caller that also checks clashes: the rules get their own dates only,
  // the entries they would have been read alone.
  const { from, to } = rules.window;
  const inWindow = existing.filter((entry) => entry.shiftDate >= from && entry.shiftDate <= to);
  // A clash is the conflict rule's to refuse (the caller checks it too), in its own words.
  const unclashed = rules.work.filter((entry) => !clashesWithOwn(entry, inWindow));
  const breach = firstStrictBreach(
    {
      settings: rules.settings,
      staff: people.map(toStaffingStaff),
      entries: inWindow,
      availability: new Map(),
      weekStartDay: access.team.weekStartDay,
      timeZone: access.team.timeZone,
    },
    unclashed,
  );
  if (breach) throw new DomainError(ErrorCode.STAFFING_RULE, breach.message);
}

/**
 * The strict checks that read the people's entries themselves, over the schedule's reads (`entriesOf`:
 * the shift repository, passed in by the modules above that write shifts: shifts, open shifts).
 */
export function createStrictCheck(entriesOf: ScheduleEntriesOf) {
  return {
    /**
     * strictRulesFor and refuseBreachesAmong in one, for writes that read nothing of the people's
     * entries themselves: inside the write transaction, after locking the people (or the team)
     * concerned and before writing anything; one person's entries for a single edit, the team's
     * otherwise.
     */
    async refuseBreaches(
      tx: Db,
      access: TeamAccess,
      people: readonly StaffRow[],
      entries: readonly StaffingEntry[],
    ): Promise<void> {
      const rules = await strictRulesFor(tx, access, entries);
      if (!rules) return;
      const shifts = entriesOf(tx);
      const only = people.length === 1 ? people[0] : undefined;
      const rows = only
        ? await shifts.listForStaff(only.id, rules.window.from, rules.window.to)
        : await shifts.listForTeam(access.team.id, rules.window.from, rules.window.to);
      refuseBreachesAmong(rules, access, people, rows.map(toStaffingEntry));
    },

    /**
     * Strict staffing rules on shifts changing hands (issue 27's swaps and give-aways): as
     * refuseBreaches, but the moving shifts leave their owners before arriving with the new ones
     * (core exchangeStrictBreach). Called inside the exchange transaction with the people locked.
     */
    async refuseExchange(
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
      const shifts = entriesOf(tx);
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
          timeZone: access.team.timeZone,
        },
        moves,
      );
      if (breach) throw new DomainError(ErrorCode.STAFFING_RULE, breach.message);
    },
  };
}
export type StrictCheck = ReturnType<typeof createStrictCheck>;

/** A shift as it will be written, as the rules read it (`shiftId`: its own, or any unused one when new). */
export function plannedEntry(
  shiftId: string,
  input: Pick<ParsedShiftInput, StaffingEntryField>,
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
