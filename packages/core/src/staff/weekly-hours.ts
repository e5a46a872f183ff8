import { addDays } from '../dates/week.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';

/** The contracted hours in force on `date`: the latest entry starting on or before it, else null. */
export function contractedHoursOn(
  entries: readonly { hoursPerWeek: number; effectiveFrom: string }[],
  date: string,
): number | null {
  let best: { hoursPerWeek: number; effectiveFrom: string } | null = null;
  for (const entry of entries) {
    if (entry.effectiveFrom <= date && (!best || entry.effectiveFrom > best.effectiveFrom)) best = entry;
  }
  return best?.hoursPerWeek ?? null;
}

/** An entry as the week's worked hours read it (a shift, or time off in hours or as a time range). */
export type WeekEntry = Parameters<typeof workedMinutes>[0] & { shiftDate: string };

/**
 * Worked minutes of the entries that start in the 7 days from `weekStart`, each counted wholly in
 * the week it starts in (as the grid and the weekly-hours rule count them), to set beside the
 * contracted hours. Lengths are real elapsed time in the team's `zone` (issue 41): a week with the
 * night the clocks go back has an hour more in a 22:00–06:00 shift than the week before.
 */
export function workedMinutesInWeek(entries: readonly WeekEntry[], weekStart: string, zone: string): number {
  const weekEnd = addDays(weekStart, 6);
  let total = 0;
  for (const entry of entries) {
    if (entry.shiftDate >= weekStart && entry.shiftDate <= weekEnd) total += workedMinutes(entry, zone);
  }
  return total;
}
