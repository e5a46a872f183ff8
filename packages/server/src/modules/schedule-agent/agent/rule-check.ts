import type { StaffingViolation } from '@rotaboard/core/contracts/schedule-agent';
import { availabilityViolations } from '@rotaboard/core/staffing/availability';
import {
  consecutiveDaysViolations,
  restViolations,
  shiftLengthViolations,
  weeklyHoursViolations,
} from '@rotaboard/core/staffing/rules';
import { type StaffingEntry, type StaffingStaff, shiftsByStaff } from '@rotaboard/core/staffing/timeline';
import type { StaffingContext } from '@rotaboard/core/staffing/validate';

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
  const shifts = shiftsByStaff([...entries, entry]).get(person.staffId) ?? [];
  const added = shifts.filter((shift) => shift.entry === entry);
  if (added.length === 0) return [];
  const availability = context.availability.get(person.staffId);
  return [
    ...shiftLengthViolations(person, added, rules.minShiftHours, rules.maxShiftHours),
    ...(availability ? availabilityViolations(person, added, availability) : []),
    ...restViolations(person, shifts, rules.minRestHours),
    ...weeklyHoursViolations(person, shifts, rules.maxWeeklyHours, context.weekStartDay),
    ...consecutiveDaysViolations(person, shifts, rules.maxConsecutiveDays),
  ].filter((violation) => violation.shiftIds.includes(entry.shiftId));
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
