import type { StaffingSettings, StaffingViolation } from '../contracts/schedule-agent.ts';
import { findConflict } from '../shifts/conflicts.ts';
import type { StaffingEntry } from './timeline.ts';
import { checkEntryAgainstRules, type StaffingContext } from './validate.ts';

/**
 * Strict rules and hand edits: what the shift service asks before it writes (create, update, move,
 * copy week). A strict rule refuses the edit with its sentence; the others never block.
 */

/**
 * Whether any rule can refuse a hand edit: a strict setting with a limit. Availability has no setting
 * and is never strict (availability.ts), so it never counts here: the server can skip loading the
 * schedule (and availability) altogether when this is false.
 */
export function hasStrictRule(settings: StaffingSettings): boolean {
  return Object.values(settings.rules).some((rule) => rule.strict && rule.value !== null);
}

/**
 * Whether `entry` clashes with another entry of the same person (core's conflict rule). Such an
 * entry is the conflict rule's to refuse, with its own sentence naming the other entry: overlapping
 * shifts would otherwise read as "0 h between shifts".
 */
export function clashesWithOwn(entry: StaffingEntry, others: readonly StaffingEntry[]): boolean {
  const asScheduled = (e: StaffingEntry) => ({
    ...e,
    timeOffDays: e.timeOffDays ?? null,
    timeOffHours: e.timeOffHours ?? null,
  });
  return (
    findConflict(
      asScheduled(entry),
      others.filter((other) => other.staffId === entry.staffId).map(asScheduled),
    ) !== null
  );
}

/**
 * The first strict violation that writing `entries` in order would bring: each is checked as
 * checkEntryAgainstRules checks one edit, against the schedule with the entries before it already in
 * (so two copies 6 h apart are caught like two hand edits would be). An entry replaces the one with
 * the same shiftId (an update or move) or is added. Null when every entry may be written.
 */
export function firstStrictBreach(
  context: StaffingContext,
  entries: readonly StaffingEntry[],
): StaffingViolation | null {
  // One person's entries at a time: checkEntryAgainstRules only reads the edited person's, and
  // grouping once spares a copied week a pass over the whole team per entry.
  const byStaff = new Map<string, StaffingEntry[]>();
  const ownerOf = new Map<string, string>();
  for (const existing of context.entries) {
    const list = byStaff.get(existing.staffId);
    if (list) list.push(existing);
    else byStaff.set(existing.staffId, [existing]);
    ownerOf.set(existing.shiftId, existing.staffId);
  }
  for (const entry of entries) {
    // The schedule as it stands, the entry's earlier version included, so that a breach it already
    // had is not new (checkEntryAgainstRules compares before and after).
    const theirs = byStaff.get(entry.staffId) ?? [];
    const breach = checkEntryAgainstRules({ ...context, entries: theirs }, entry).find((v) => v.strict);
    if (breach) return breach;
    // Written: it replaces its earlier version, wherever that was (a move leaves the other person).
    const previous = ownerOf.get(entry.shiftId);
    if (previous !== undefined) {
      byStaff.set(
        previous,
        (byStaff.get(previous) ?? []).filter((other) => other.shiftId !== entry.shiftId),
      );
    }
    const list = byStaff.get(entry.staffId);
    if (list) list.push(entry);
    else byStaff.set(entry.staffId, [entry]);
    ownerOf.set(entry.shiftId, entry.staffId);
  }
  return null;
}
