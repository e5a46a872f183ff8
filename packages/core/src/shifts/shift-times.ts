import { elapsedMinutes, missingWallClockProblem, shiftWallClockProblem } from '../time/zone.ts';
import { timeOffKind } from './time-off.ts';
import { spanMinutes } from './times.ts';

/** A check of a shift's times that failed, named by the field it is about (as validation errors are). */
export type ShiftTimesProblem = { path: 'startTime' | 'endTime' | 'breakMinutes'; message: string };

/**
 * The checks of an entry's times that need its team's zone, which ShiftInput cannot know (issue 41):
 * a start or end that does not exist on its date there (the clocks went forward over it) is refused
 * with the sentence naming the change; a time that happens twice means the first and passes; and
 * the break must be shorter than the real elapsed time, which is an hour less the night the clocks
 * go forward. Only timed entries: a shift, or time off given as a time range. Null when all is well.
 */
export function shiftTimesProblem(
  entry: {
    shiftDate: string;
    startTime: string | null;
    endTime: string | null;
    breakMinutes: number;
    isTimeOff: boolean;
    timeOffDays: number | null;
    timeOffHours: number | null;
  },
  zone: string,
): ShiftTimesProblem | null {
  const { startTime, endTime } = entry;
  if (!startTime || !endTime || (entry.isTimeOff && timeOffKind(entry) !== 'exact')) return null;
  const start = missingWallClockProblem(entry.shiftDate, startTime, zone);
  if (start) return { path: 'startTime', message: start };
  const end = shiftWallClockProblem(entry, zone);
  if (end) return { path: 'endTime', message: end };
  if (entry.breakMinutes === 0) return null;
  const elapsed = elapsedMinutes(entry.shiftDate, startTime, endTime, zone);
  if (entry.breakMinutes < elapsed) return null;
  const what = entry.isTimeOff ? 'time off' : 'shift';
  // Past ShiftInput's wall-clock check, a break this long can only meet a night the clocks change.
  const lasts =
    elapsed === spanMinutes(startTime, endTime)
      ? ''
      : `, which lasts ${elapsed} minutes as the clocks change that night`;
  return { path: 'breakMinutes', message: `The break must be shorter than the ${what}${lasts}` };
}
