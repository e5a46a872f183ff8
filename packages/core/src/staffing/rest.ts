import type { PlacedShift } from './timeline.ts';

/**
 * Rest as people mean it (issue 41): rest is between working days, not between any two shifts. The
 * shifts that start on one date are one working day — a split shift (07:00–11:00 and 17:00–21:00) or a
 * double entered as two shifts — and the rest runs from the end of one working day's last-ending shift
 * to the start of the next working day's first shift, in real minutes (the minute line of
 * timeline.ts, placed in the team's zone). Two shifts on one date are never short of rest.
 *
 * This is the one definition: the rule engine (restViolations, so validate-period, the strict check of
 * hand edits and the agent's rule check) reads restBetweenWorkingDays, and the agent's model, which
 * states rest pairwise, asks shortOfRest.
 */

/** A shift on the minute line with its working day: the date it starts on (or that date's index). */
export type DatedSpan = { day: string | number; start: number; end: number };

/** One person's working day: the shifts that start on `date`, its first start and last end. */
export type WorkingDay = {
  date: string;
  /** The shift that starts first (the rest before the day runs to its start). */
  first: PlacedShift;
  /** The shift that ends last (the rest after the day runs from its end). */
  last: PlacedShift;
};

/** The rest from one working day to the next: real minutes, 0 when they overlap. */
export type Rest = { before: WorkingDay; after: WorkingDay; minutes: number };

/** A person's working days in date order; invariant: each holds every shift starting on its date. */
export function workingDays(shifts: readonly PlacedShift[]): WorkingDay[] {
  const days = new Map<string, WorkingDay>();
  for (const shift of shifts) {
    const date = shift.entry.shiftDate;
    const day = days.get(date);
    if (!day) {
      days.set(date, { date, first: shift, last: shift });
      continue;
    }
    if (shift.start < day.first.start) day.first = shift;
    if (shift.end > day.last.end) day.last = shift;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The rest between each working day and the next one the person works (days off between them are
 * part of the rest); invariant: one Rest per pair of consecutive working days, minutes ≥ 0.
 */
export function restBetweenWorkingDays(shifts: readonly PlacedShift[]): Rest[] {
  const days = workingDays(shifts);
  const rests: Rest[] = [];
  for (let i = 1; i < days.length; i++) {
    const before = days[i - 1] as WorkingDay;
    const after = days[i] as WorkingDay;
    rests.push({ before, after, minutes: Math.max(0, after.first.start - before.last.end) });
  }
  return rests;
}

/**
 * Whether two shifts of one person leave less than `minimum` minutes of rest between them: never when
 * they start on the same date (one working day), otherwise when the later-starting one begins less
 * than `minimum` after the other ends (or they overlap). Invariant, for a minimum above 0: some pair of a person's shifts is
 * short of rest exactly when some pair of consecutive working days is (restBetweenWorkingDays) — the
 * closest pair across two working days is the earlier's last end and the later's first start, and a
 * working day in between only lengthens the rest — so the agent's model may state rest pair by pair.
 */
export function shortOfRest(a: DatedSpan, b: DatedSpan, minimum: number): boolean {
  if (a.day === b.day) return false;
  return a.start <= b.start ? b.start < a.end + minimum : a.start < b.end + minimum;
}
