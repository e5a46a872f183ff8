// The zone rules the shift editor needs (temporal-polyfill underneath, about 20 KB gzip): imported
// only through use-zone-rules.ts when an editor opens, so neither the schedule's first load nor the
// editor prefetched on idle carries them.
import { shiftWallClockProblem } from '@rotaboard/core/time/zone';

export { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';

/**
 * A start or end time that does not exist on its date in `zone` (the clocks go forward over it), on
 * the field that holds it, with core's sentence naming the change; null when both exist.
 */
export function wallClockProblem(
  entry: { shiftDate: string; startTime: string | null; endTime: string | null },
  zone: string,
): { field: 'startTime' | 'endTime'; message: string } | null {
  const { shiftDate, startTime, endTime } = entry;
  const time = /^([01]\d|2[0-3]):[0-5]\d/;
  // Half-typed values (the editor asks on every keystroke) are the form's other checks' to name.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(shiftDate) || !startTime || !time.test(startTime)) return null;
  try {
    // The start alone first, so the sentence lands on the field that holds the missing time.
    const start = shiftWallClockProblem({ shiftDate, startTime, endTime: null }, zone);
    if (start) return { field: 'startTime', message: start };
    if (!endTime || !time.test(endTime)) return null;
    const end = shiftWallClockProblem({ shiftDate, startTime, endTime }, zone);
    return end ? { field: 'endTime', message: end } : null;
  } catch {
    // An impossible date (2027-02-30): ShiftInput says so on the date field.
    return null;
  }
}
