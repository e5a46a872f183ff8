import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { effectiveColour } from '@rotaboard/core/shifts/colours';
import { formatTimeOffDays, formatTimeOffHours } from '@rotaboard/core/shifts/time-off';
import { isOvernight, minutesOfDay, spanMinutes } from '@rotaboard/core/shifts/times';
import { formatClock, formatClockRange } from '@rotaboard/core/time/format';

/**
 * The main line of a chip: '09:00–17:00' ('9:00 am–5:00 pm' on a 12-hour clock: `hour12`, from
 * useHour12), '1 Day', '2.5 Hours'.
 */
export function chipTimeText(
  entry: {
    startTime: string | null;
    endTime: string | null;
    isTimeOff: boolean;
    timeOffDays: number | null;
    timeOffHours: number | null;
  },
  hour12 = false,
): string {
  if (entry.isTimeOff && entry.timeOffDays !== null) return formatTimeOffDays(entry.timeOffDays);
  if (entry.isTimeOff && entry.timeOffHours !== null) return formatTimeOffHours(entry.timeOffHours);
  return formatClockRange(entry.startTime, entry.endTime, hour12);
}

/**
 * What an entry of time off is called where the schedule names it (chip, day bar, agenda): "Sick" for
 * a shift its member called in sick (issue 44: time off marked `sick`), otherwise "Time off"; null for
 * a shift. A sick call is still time off, so a screen reader hears "Sick (time off)": `aside` is the
 * part said but not shown (visually hidden after `text`), `spoken` the whole. `sick` may be missing
 * from a week read the browser cached before the field existed: that is plain time off.
 */
export function timeOffLabel(entry: { isTimeOff: boolean; sick?: boolean | undefined }): {
  text: 'Sick' | 'Time off';
  aside: ' (time off)' | '';
  spoken: 'Sick (time off)' | 'Time off';
} | null {
  if (!entry.isTimeOff) return null;
  return entry.sick
    ? { text: 'Sick', aside: ' (time off)', spoken: 'Sick (time off)' }
    : { text: 'Time off', aside: '', spoken: 'Time off' };
}

/** Minutes as hours for totals: '37.5h', '8h', '7.75h' (at most two decimals). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `${hours}h`;
}

/** '7h 30m', '8h', '45m', '0m'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h}h ${m}m`;
  if (h) return `${h}h`;
  return `${m}m`;
}

/** The `data-cell` key's stand-in for a staff id on the day headings' row (the grid's top row). */
export const HEAD_ROW = 'head';
/** The same for the coverage row (administrators of Pro teams with coverage set), under the headings. */
export const COVERAGE_ROW = 'coverage';
/** The same for the open shifts' row (Pro), under the headings and the coverage. */
export const OPEN_SHIFTS_ROW = 'open-shifts';
/** The same for the day costs' row (administrators of Pro teams, issue 43), under the headings first. */
export const LABOUR_ROW = 'labour';

/** The key of one cell of the week grid: a staff member on a date. */
export function cellKey(staffId: string, date: string): string {
  return `${staffId}|${date}`;
}

/**
 * Every cell's entries at once, each ordered by start time (whole-day time off first): one pass over
 * the week instead of a filter per cell, which for 500 staff × 7 days is 3,500 scans of 3,500 shifts.
 */
export function indexCells<T extends Pick<ShiftDto, 'staffId' | 'shiftDate' | 'startTime'>>(
  shifts: readonly T[],
): Map<string, T[]> {
  const cells = new Map<string, T[]>();
  for (const shift of shifts) {
    const key = cellKey(shift.staffId, shift.shiftDate);
    const entries = cells.get(key);
    if (entries) entries.push(shift);
    else cells.set(key, [shift]);
  }
  for (const entries of cells.values()) {
    if (entries.length > 1) entries.sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  }
  return cells;
}

export type GridMoveKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * Where a keyboard move of a chip lands: the cell above, below, before or after, within the rows and
 * days on screen. Null at the grid's edge, so the key does nothing rather than wrapping round.
 */
export function keyboardTarget(
  staffIds: readonly string[],
  dates: readonly string[],
  from: { staffId: string; date: string },
  key: GridMoveKey,
): { staffId: string; date: string } | null {
  const row = staffIds.indexOf(from.staffId);
  const column = dates.indexOf(from.date);
  if (row < 0 || column < 0) return null;
  const [dRow, dColumn] = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, -1],
    ArrowRight: [0, 1],
  }[key];
  const staffId = staffIds[row + dRow!];
  const date = dates[column + dColumn!];
  return staffId !== undefined && date !== undefined ? { staffId, date } : null;
}

/** Worked minutes per staff member over the given shifts. */
export function staffTotals(
  shifts: readonly Pick<ShiftDto, 'staffId' | 'workedMinutes'>[],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const shift of shifts)
    totals.set(shift.staffId, (totals.get(shift.staffId) ?? 0) + shift.workedMinutes);
  return totals;
}

/** Worked minutes per date, counting only the given staff (the rows on screen). */
export function dayTotals(
  shifts: readonly Pick<ShiftDto, 'staffId' | 'shiftDate' | 'workedMinutes'>[],
  dates: readonly string[],
  staffIds?: ReadonlySet<string>,
): number[] {
  return dates.map((date) =>
    shifts
      .filter((shift) => shift.shiftDate === date && (!staffIds || staffIds.has(shift.staffId)))
      .reduce((sum, shift) => sum + shift.workedMinutes, 0),
  );
}

/** Tailwind classes per colour (0 Blue … 5 Brown), with dark variants; time off is orange. */
const COLOUR_CLASSES = [
  'border-blue-300 bg-blue-100 text-blue-950 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-100',
  'border-green-300 bg-green-100 text-green-950 dark:border-green-700 dark:bg-green-950 dark:text-green-100',
  'border-red-300 bg-red-100 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
  'border-yellow-300 bg-yellow-100 text-yellow-950 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100',
  'border-purple-300 bg-purple-100 text-purple-950 dark:border-purple-700 dark:bg-purple-950 dark:text-purple-100',
  'border-amber-400 bg-amber-200/70 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
] as const;

/** A solid swatch per colour, for the picker and the time-off accent. */
export const COLOUR_SWATCHES = [
  'bg-blue-500',
  'bg-green-500',
  'bg-red-500',
  'bg-yellow-400',
  'bg-purple-500',
  'bg-amber-800',
] as const;

const TIME_OFF_CLASSES =
  'border-dashed border-orange-400 bg-orange-50 text-orange-950 dark:border-orange-600 dark:bg-orange-950/60 dark:text-orange-100';

export function chipColourClasses(entry: { colour: number | null; isTimeOff: boolean }): string {
  if (entry.isTimeOff) return TIME_OFF_CLASSES;
  return COLOUR_CLASSES[effectiveColour(entry.colour, false)];
}

export function swatchClass(entry: { colour: number | null; isTimeOff: boolean }): string {
  return COLOUR_SWATCHES[effectiveColour(entry.colour, entry.isTimeOff)];
}

/**
 * Where a bar sits on a 24-hour day line, in percent. Overnight shifts run to the end of the day;
 * time off in days fills the day; time off in hours starts at midnight for its length.
 */
export function barLayout(entry: {
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  timeOffDays: number | null;
  timeOffHours: number | null;
}): { left: number; width: number } {
  const DAY = 24 * 60;
  if (entry.isTimeOff && entry.timeOffDays !== null) {
    return { left: 0, width: Math.min(100, entry.timeOffDays * 100) };
  }
  if (entry.isTimeOff && entry.timeOffHours !== null) {
    return { left: 0, width: Math.min(100, ((entry.timeOffHours * 60) / DAY) * 100) };
  }
  if (!entry.startTime || !entry.endTime) return { left: 0, width: 0 };
  const start = minutesOfDay(entry.startTime);
  const span = Math.min(spanMinutes(entry.startTime, entry.endTime), DAY - start);
  return { left: (start / DAY) * 100, width: (span / DAY) * 100 };
}

/**
 * The morning part of an entry from the day before that runs past midnight (22:00–06:00 shows on the
 * next day from 00:00 to 06:00), in percent of the day; null for anything that ends on its own day.
 */
export function overnightTail(entry: {
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  timeOffDays: number | null;
  timeOffHours: number | null;
}): { left: number; width: number } | null {
  if (entry.timeOffDays !== null || entry.timeOffHours !== null) return null;
  if (!entry.startTime || !entry.endTime || !isOvernight(entry.startTime, entry.endTime)) return null;
  return { left: 0, width: (minutesOfDay(entry.endTime) / (24 * 60)) * 100 };
}

/** The first upcoming shift of a person in a list: the one the grid highlights as 'next'. */
export function nextShiftId(
  shifts: readonly Pick<ShiftDto, 'shiftId' | 'staffId' | 'shiftDate' | 'startTime' | 'isTimeOff'>[],
  staffId: string | null,
  today: string,
  nowTime: string,
): string | null {
  if (!staffId) return null;
  const upcoming = shifts
    .filter(
      (shift) =>
        shift.staffId === staffId &&
        !shift.isTimeOff &&
        (shift.shiftDate > today || (shift.shiftDate === today && (shift.startTime ?? '') >= nowTime)),
    )
    .sort((a, b) => `${a.shiftDate}${a.startTime}`.localeCompare(`${b.shiftDate}${b.startTime}`));
  return upcoming[0]?.shiftId ?? null;
}

const WEEKDAY_SHORT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

/**
 * Where an overnight shift ends, for its chip: '→ 02:00 Wed' for 22:00–02:00 on a Tuesday; null for
 * anything that ends on the day it starts (and for time off).
 */
export function overnightEndLabel(
  entry: {
    shiftDate: string;
    startTime: string | null;
    endTime: string | null;
    isTimeOff: boolean;
  },
  hour12 = false,
): string | null {
  if (entry.isTimeOff || !entry.startTime || !entry.endTime || !isOvernight(entry.startTime, entry.endTime)) {
    return null;
  }
  const next = new Date(`${entry.shiftDate}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `→ ${formatClock(entry.endTime, hour12)} ${WEEKDAY_SHORT.format(next)}`;
}

const CHIP_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const WEEKDAY_LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/**
 * What a screen reader says for a chip, as a sentence: 'Ava Adams, Monday 16 November, 09:00 to
 * 17:00, 30 minute break' — or '…, time off, 1 Day', '…, sick (time off), 09:00 to 17:00', '…, 22:00 to 02:00 (ends Tuesday)', and notes
 * and 'next shift' when they apply.
 */
export function chipSentence(
  entry: Pick<
    ShiftDto,
    | 'shiftDate'
    | 'startTime'
    | 'endTime'
    | 'isTimeOff'
    | 'timeOffDays'
    | 'timeOffHours'
    | 'breakMinutes'
    | 'notes'
  > & { sick?: boolean | undefined },
  name: string,
  isNext = false,
  hour12 = false,
): string {
  const parts = [name, CHIP_DATE.format(new Date(`${entry.shiftDate}T00:00:00Z`))];
  const timed = entry.startTime && entry.endTime;
  const times = timed
    ? `${formatClock(entry.startTime, hour12)} to ${formatClock(entry.endTime, hour12)}`
    : null;
  if (entry.isTimeOff)
    parts.push(
      entry.sick ? 'sick (time off)' : 'time off',
      times && entry.timeOffDays === null && entry.timeOffHours === null
        ? times
        : chipTimeText(entry, hour12),
    );
  else if (times) {
    const overnight = isOvernight(entry.startTime!, entry.endTime!);
    const next = new Date(`${entry.shiftDate}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    parts.push(overnight ? `${times} (ends ${WEEKDAY_LONG.format(next)})` : times);
  }
  if (entry.breakMinutes > 0 && (!entry.isTimeOff || entry.timeOffHours === null) && timed) {
    parts.push(`${entry.breakMinutes} minute break`);
  }
  if (entry.notes) parts.push(`notes: ${entry.notes}`);
  if (isNext) parts.push('your next shift');
  return parts.join(', ');
}
