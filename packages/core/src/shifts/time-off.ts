import { MINUTES_PER_DAY } from '../input/bounds.ts';

/** The three kinds of time off (spec 1 §3): a time range, a number of hours, or (part of) days. */
export type TimeOffKind = 'exact' | 'hours' | 'days';

export type TimeOffFields = {
  timeOffDays: number | null;
  timeOffHours: number | null;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
};

export const TIME_OFF_DAY_CHOICES = [0.25, 0.5, 0.75, 1] as const;
export const TIME_OFF_HOURS = { min: 0.25, max: 24, step: 0.25 } as const;

/** Days when set, else hours when set, else an exact time range. */
export function timeOffKind(entry: { timeOffDays: number | null; timeOffHours: number | null }): TimeOffKind {
  if (entry.timeOffDays !== null) return 'days';
  if (entry.timeOffHours !== null) return 'hours';
  return 'exact';
}

/**
 * Switching kind (spec 1 §4): to exact clears days and hours; to hours clears days; to days clears
 * hours and defaults days to 1.
 */
export function switchTimeOffKind<T extends TimeOffFields>(entry: T, kind: TimeOffKind): T {
  switch (kind) {
    case 'exact':
      return { ...entry, timeOffDays: null, timeOffHours: null };
    case 'hours':
      return { ...entry, timeOffDays: null };
    case 'days':
      return { ...entry, timeOffHours: null, timeOffDays: entry.timeOffDays ?? 1 };
  }
}

/** The spec's message for a bad number of hours (spec 2 §5), or null when 0.25–24 in 0.25 steps. */
export function timeOffHoursError(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours <= 0) {
    return 'Please enter a valid number of hours';
  }
  if (hours > TIME_OFF_HOURS.max) return 'Time off hours cannot exceed 24 hours';
  if (!Number.isInteger(hours * 4))
    return 'Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)';
  return null;
}

/** The spec's message when the days are not one of 0.25, 0.5, 0.75 or 1. */
export function timeOffDaysError(days: number | null | undefined): string | null {
  return TIME_OFF_DAY_CHOICES.includes(days as (typeof TIME_OFF_DAY_CHOICES)[number])
    ? null
    : 'Please select the number of days';
}

/** Break minutes: empty means 0; otherwise a whole number of 0 or more in steps of 5, at most a day. */
export function parseBreakMinutes(
  value: string | number | null | undefined,
): { value: number } | { error: string } {
  if (value === null || value === undefined || value === '') return { value: 0 };
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0) return { error: 'Break minutes must be a whole number of 0 or more' };
  if (n > MINUTES_PER_DAY) return { error: `Break minutes can be at most ${MINUTES_PER_DAY}` };
  if (n % 5 !== 0) return { error: 'Break minutes must be in steps of 5' };
  return { value: n };
}

/** '1 Hour' or 'N Hours' (spec 1 §9). */
export function formatTimeOffHours(hours: number): string {
  return hours === 1 ? '1 Hour' : `${hours} Hours`;
}

/** '1 Day' or 'N Days' (spec 1 §9). */
export function formatTimeOffDays(days: number): string {
  return days === 1 ? '1 Day' : `${days} Days`;
}
