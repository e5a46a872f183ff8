import type { Availability } from '../contracts/availability.ts';
import type {
  StaffingSettings,
  StaffingViolation,
  ValidatePeriodInput,
  ValidatePeriodResult,
} from '../contracts/schedule-agent.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import { availabilityViolations } from './availability.ts';
import { coverageOf } from './coverage.ts';
import {
  consecutiveDaysViolations,
  restViolations,
  ruleWindow,
  shiftLengthViolations,
  weeklyHoursViolations,
} from './rules.ts';
import { isWorkShift, type StaffingEntry, type StaffingStaff, shiftsByStaff } from './timeline.ts';

/**
 * The one entry point of the staffing rules: validatePeriod for the grid and the agent,
 * checkEntryAgainstRules for a hand edit. Pure: the caller loads the entries (see staffingWindow).
 */

/** Everything the rules read about a team. */
export type StaffingContext = {
  settings: StaffingSettings;
  staff: readonly StaffingStaff[];
  /** The team's entries from staffingWindow(...).from to .to (time off included; the rules skip it). */
  entries: readonly StaffingEntry[];
  /** Per staffId; a person missing here has said nothing (available any time). */
  availability: ReadonlyMap<string, Availability>;
  /** 0 = Sunday … 6 = Saturday, as the team stores it (dates/week.ts). */
  weekStartDay: number;
  /**
   * The team's IANA zone: entries' wall-clock times are placed in it, so every length is real elapsed
   * time (issue 41). Absent means UTC, the wall-clock arithmetic.
   */
  timeZone?: string;
};

/** The dates whose entries validating (or editing within) from..to needs: see ruleWindow. */
export function staffingWindow(
  from: string,
  to: string,
  settings: StaffingSettings,
  weekStartDay: number,
): { from: string; to: string } {
  return ruleWindow(from, to, settings.rules.maxConsecutiveDays.value, weekStartDay);
}

/** Every rule's violations over the given entries, for every person listed in `staff`. */
export function allViolations(
  context: Omit<StaffingContext, 'entries'>,
  entries: readonly StaffingEntry[],
): StaffingViolation[] {
  const { rules } = context.settings;
  const zone = context.timeZone ?? DEFAULT_TIME_ZONE;
  const byStaff = shiftsByStaff(entries, zone);
  const violations: StaffingViolation[] = [];
  for (const person of context.staff) {
    const shifts = byStaff.get(person.staffId) ?? [];
    if (shifts.length === 0) continue;
    violations.push(
      ...restViolations(person, shifts, rules.minRestHours),
      ...weeklyHoursViolations(person, shifts, rules.maxWeeklyHours, context.weekStartDay, zone),
      ...consecutiveDaysViolations(person, shifts, rules.maxConsecutiveDays),
      ...shiftLengthViolations(person, shifts, rules.minShiftHours, rules.maxShiftHours),
    );
    const availability = context.availability.get(person.staffId);
    if (availability) violations.push(...availabilityViolations(person, shifts, availability, zone));
  }
  return violations.sort(byDateThenStaff);
}

function byDateThenStaff(a: StaffingViolation, b: StaffingViolation): number {
  return (
    (a.dates[0] ?? '').localeCompare(b.dates[0] ?? '') ||
    a.staffId.localeCompare(b.staffId) ||
    a.rule.localeCompare(b.rule) ||
    a.message.localeCompare(b.message)
  );
}

/**
 * The violations with a shift dated inside the period, and every coverage slot of every date in it;
 * the summary counts them (slotsFilled adds min(assigned, needed) per slot).
 */
export function validatePeriod(context: StaffingContext, period: ValidatePeriodInput): ValidatePeriodResult {
  const { startDate, endDate } = period;
  const inPeriod = (date: string) => date >= startDate && date <= endDate;
  const violations = allViolations(context, context.entries).filter((violation) =>
    violation.dates.some(inPeriod),
  );
  const coverage = coverageOf(
    startDate,
    endDate,
    context.settings.coverage,
    context.staff,
    context.entries,
    context.timeZone ?? DEFAULT_TIME_ZONE,
  );
  return {
    violations,
    coverage,
    summary: {
      violations: violations.length,
      strictViolations: violations.filter((violation) => violation.strict).length,
      slotsNeeded: coverage.reduce((sum, row) => sum + row.needed, 0),
      slotsFilled: coverage.reduce((sum, row) => sum + Math.min(row.assigned, row.needed), 0),
    },
  };
}

const violationKey = (v: StaffingViolation) => `${v.rule}|${v.staffId}|${v.dates.join(',')}|${v.message}`;

/**
 * The violations a hand edit would introduce: those of the schedule after the edit that involve the
 * edited entry and were not already there, same rule, dates and sentence, before it. `entry` replaces
 * the entry with the same shiftId (an update or a move, to another day or person) or is added (a create,
 * with any id not in use). Time off introduces none. The server refuses the edit when one is strict.
 */
export function checkEntryAgainstRules(context: StaffingContext, entry: StaffingEntry): StaffingViolation[] {
  if (!isWorkShift(entry)) return [];
  // Only the edited person's rules can change for the worse (a move away only removes shifts).
  const person = { ...context, staff: context.staff.filter((staff) => staff.staffId === entry.staffId) };
  const theirs = context.entries.filter((existing) => existing.staffId === entry.staffId);
  const others = theirs.filter((existing) => existing.shiftId !== entry.shiftId);
  const before = new Set(allViolations(person, theirs).map(violationKey));
  return allViolations(person, [...others, entry]).filter(
    (violation) => violation.shiftIds.includes(entry.shiftId) && !before.has(violationKey(violation)),
  );
}
