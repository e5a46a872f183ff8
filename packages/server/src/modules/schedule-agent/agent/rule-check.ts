import type { StaffingViolation } from '@rotaboard/core/contracts/schedule-agent';
import type { StaffingEntry, StaffingStaff } from '@rotaboard/core/staffing/timeline';
import { allViolations, type StaffingContext } from '@rotaboard/core/staffing/validate';

/**
 * The planner's one judge of the rules: core's own engine (allViolations), never a second copy of
 * it, so whatever the agent proposes is what validate-period and the grid will say about it.
 */

/** The violations that adding `entry` to the person's `entries` would cause (every one naming it). */
export function violationsAdding(
  context: StaffingContext,
  person: StaffingStaff,
  entries: readonly StaffingEntry[],
  entry: StaffingEntry,
): StaffingViolation[] {
  return allViolations({ ...context, staff: [person] }, [...entries, entry]).filter((violation) =>
    violation.shiftIds.includes(entry.shiftId),
  );
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
