import type { StaffingViolation } from '@rotaboard/core/contracts/schedule-agent';
import { availabilityViolations } from '@rotaboard/core/staffing/availability';
import {
  consecutiveDaysViolations,
  restViolations,
  shiftLengthViolations,
  weeklyHoursViolations,
} from '@rotaboard/core/staffing/rules';
import {
  isWorkShift,
  type PlacedShift,
  placeShift,
  type StaffingEntry,
  type StaffingStaff,
} from '@rotaboard/core/staffing/timeline';
import type { StaffingContext } from '@rotaboard/core/staffing/validate';
import { DEFAULT_TIME_ZONE } from '@rotaboard/core/time/zone';

/**
 * The planner's one judge of the rules: core's own engine (allViolations), never a second copy of
 * it, so whatever the agent proposes is what validate-period and the grid will say about it.
 */

/**
 * The violations that adding `entry` to the person's `entries` would cause (every one naming it):
 * allViolations for one person, except that shift length and availability, which look at one shift
 * at a time, are asked about the new shift only (this runs for every candidate, so it counts).
 */
export function violationsAdding(
  context: StaffingContext,
  person: StaffingStaff,
  entries: readonly StaffingEntry[],
  entry: StaffingEntry,
): StaffingViolation[] {
  const { rules } = context.settings;
  const zone = context.timeZone ?? DEFAULT_TIME_ZONE;
  if (!isWorkShift(entry) || entry.staffId !== person.staffId) return [];
  // What core's shiftsByStaff would give for the person, with each entry placed once per run rather
  // than once per candidate (entries are never changed in place, so a placement stays true).
  const shifts: PlacedShift[] = [];
  for (const other of [...entries, entry])
    if (other.staffId === person.staffId && isWorkShift(other)) shifts.push(placed(other, zone));
  shifts.sort((a, b) => a.start - b.start || a.end - b.end || a.entry.shiftId.localeCompare(b.entry.shiftId));
  const added = shifts.filter((shift) => shift.entry === entry);
  const availability = context.availability.get(person.staffId);
  return [
    ...shiftLengthViolations(person, added, rules.minShiftHours, rules.maxShiftHours),
    ...(availability ? availabilityViolations(person, added, availability, zone) : []),
    ...restViolations(person, shifts, rules.minRestHours),
    ...weeklyHoursViolations(person, shifts, rules.maxWeeklyHours, context.weekStartDay, zone),
    ...consecutiveDaysViolations(person, shifts, rules.maxConsecutiveDays),
  ].filter((violation) => violation.shiftIds.includes(entry.shiftId));
}

const placements = new WeakMap<StaffingEntry, { zone: string; shift: PlacedShift }>();

/** core's placeShift in the team's zone, remembered per entry object (and zone). */
function placed(entry: StaffingEntry & { startTime: string; endTime: string }, zone: string): PlacedShift {
  const known = placements.get(entry);
  if (known && known.zone === zone) return known.shift;
  const shift = placeShift(entry, zone);
  placements.set(entry, { zone, shift });
  return shift;
}

/**
 * Whether `other` could clash with (core's entriesConflict) or share a date with `entry`, a shift on
 * one date that may run into the next: only entries from the day before to the day after can, or
 * whole days of time off that start earlier. Lets the planner skip core's check for the rest of a
 * person's entries; `around` is addDays(entry.shiftDate, -1) and addDays(entry.shiftDate, 1).
 */
export function mayClash(other: StaffingEntry, around: readonly [string, string]): boolean {
  if (other.isTimeOff) return other.shiftDate <= around[1];
  return other.shiftDate >= around[0] && other.shiftDate <= around[1];
}

/**
 * The violations of `after` that were not there in `before`: any that names a shift in `created`, and
 * any other whose shifts are not all named together by one violation of the same rule and person
 * before (removing a shift only ever shrinks a violation's shifts, or leaves two neighbours closer
 * to each other than they were to it, which is new).
 */
export function newViolations(
  before: readonly StaffingViolation[],
  after: readonly StaffingViolation[],
  created: ReadonlySet<string>,
): StaffingViolation[] {
  return after.filter((violation) => {
    if (violation.shiftIds.some((id) => created.has(id))) return true;
    return !before.some(
      (old) =>
        old.rule === violation.rule &&
        old.staffId === violation.staffId &&
        violation.shiftIds.every((id) => old.shiftIds.includes(id)),
    );
  });
}
