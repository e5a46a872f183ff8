import type { Availability, AvailabilityKind } from '../contracts/availability.ts';
import type { StaffingViolation } from '../contracts/schedule-agent.ts';
import { addDays } from '../dates/week.ts';
import { hhmm } from '../shifts/times.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import {
  dateLabel,
  dayLabel,
  isoWeekday,
  minuteOf,
  type PlacedShift,
  type StaffingStaff,
  spanOn,
} from './timeline.ts';

/**
 * Availability on the minute line, placed in the team's zone like the shifts (a whole day runs from
 * its midnight to the next, 23 or 25 hours on the days the clocks change). `unavailable` is a rule (id `availability`); `preferred` is
 * information the agent weighs (preferenceMinutes). It has no setting: it is never strict, so a hand
 * edit is only warned (the person may have agreed to it); the agent never breaks it.
 */

export const AVAILABILITY_STRICT = false;

/** One availability entry placed on a date: [start, end) on the minute line. */
export type PlacedAvailability = {
  date: string;
  start: number;
  end: number;
  kind: AvailabilityKind;
  wholeDay: boolean;
  label: string;
};

/** The entries in force on a date: that weekday's weekly entries and that date's own, null times = whole day. */
export function availabilityOn(
  date: string,
  availability: Availability,
  zone: string = DEFAULT_TIME_ZONE,
): PlacedAvailability[] {
  const weekday = isoWeekday(date);
  const entries = [
    ...availability.weekly.filter((entry) => entry.weekday === weekday),
    ...availability.dates.filter((entry) => entry.date === date),
  ];
  return entries.map((entry) => {
    const when = `${dayLabel(date)} ${dateLabel(date)}`;
    if (entry.startTime === null || entry.endTime === null) {
      const start = minuteOf(date, '00:00', zone);
      const end = minuteOf(addDays(date, 1), '00:00', zone);
      return { date, start, end, kind: entry.kind, wholeDay: true, label: `on ${when}` };
    }
    return {
      date,
      ...spanOn(date, entry.startTime, entry.endTime, zone),
      kind: entry.kind,
      wholeDay: false,
      label: `on ${when} from ${hhmm(entry.startTime)} to ${hhmm(entry.endTime)}`,
    };
  });
}

/** The entries that can touch a shift: those of its start date, the day before (overnight) and after. */
function entriesAround(shift: PlacedShift, availability: Availability, zone: string): PlacedAvailability[] {
  const date = shift.entry.shiftDate;
  return [addDays(date, -1), date, addDays(date, 1)].flatMap((day) =>
    availabilityOn(day, availability, zone),
  );
}

/** Availability: a shift overlaps no `unavailable` entry (start < entryEnd && entryStart < end). */
export function availabilityViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  availability: Availability,
  zone: string = DEFAULT_TIME_ZONE,
): StaffingViolation[] {
  const violations: StaffingViolation[] = [];
  for (const shift of shifts) {
    const clash = entriesAround(shift, availability, zone).find(
      (entry) => entry.kind === 'unavailable' && shift.start < entry.end && entry.start < shift.end,
    );
    if (!clash) continue;
    const { entry } = shift;
    violations.push({
      rule: 'availability',
      strict: AVAILABILITY_STRICT,
      staffId: staff.staffId,
      dates: [entry.shiftDate],
      shiftIds: [entry.shiftId],
      message: `${staff.name} is unavailable ${clash.label}; the shift runs ${dayLabel(entry.shiftDate)} ${hhmm(entry.startTime)}–${hhmm(entry.endTime)}`,
    });
  }
  return violations;
}

/**
 * Minutes of a shift (start..end, overnight too) that fall in the person's `preferred` times, for the
 * agent to favour; overlapping preferred entries are counted once.
 */
export function preferenceMinutes(
  shift: { shiftDate: string; startTime: string; endTime: string },
  availability: Availability,
  zone: string = DEFAULT_TIME_ZONE,
): number {
  const { start, end } = spanOn(shift.shiftDate, shift.startTime, shift.endTime, zone);
  const pieces = [addDays(shift.shiftDate, -1), shift.shiftDate, addDays(shift.shiftDate, 1)]
    .flatMap((day) => availabilityOn(day, availability, zone))
    .filter((entry) => entry.kind === 'preferred')
    .map((entry) => [Math.max(start, entry.start), Math.min(end, entry.end)] as const)
    .filter(([from, to]) => from < to)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = start;
  for (const [from, to] of pieces) {
    const begin = Math.max(from, reached);
    if (to > begin) total += to - begin;
    reached = Math.max(reached, to);
  }
  return total;
}
