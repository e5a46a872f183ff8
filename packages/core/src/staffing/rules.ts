import type { RuleSetting, StaffingViolation } from '../contracts/schedule-agent.ts';
import { addDays, dayNumber, startOfWeek } from '../dates/week.ts';
import { hhmm } from '../shifts/times.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import {
  dateLabel,
  dayLabel,
  hoursLabel,
  hoursToMinutes,
  momentLabel,
  type PlacedShift,
  type StaffingStaff,
} from './timeline.ts';

/**
 * The four timing rules, each over one person's shifts (placed and sorted by start, time off already
 * left out: see timeline.ts). A setting whose value is null turns its rule off.
 */

const unique = (values: string[]) => [...new Set(values)].sort();

/** Rest: from the end of each shift to the start of the person's next is at least minRestHours. */
export function restViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  setting: RuleSetting,
): StaffingViolation[] {
  if (setting.value === null) return [];
  const minimum = hoursToMinutes(setting.value);
  const violations: StaffingViolation[] = [];
  // The previous shift is the one that ends last among those that start earlier, so a short shift
  // inside a long one (which the conflict rule forbids anyway) cannot hide the long one's end.
  let previous: PlacedShift | undefined;
  for (const shift of shifts) {
    if (previous) {
      const gap = Math.max(0, shift.start - previous.end);
      if (gap < minimum) {
        violations.push({
          rule: 'rest',
          strict: setting.strict,
          staffId: staff.staffId,
          dates: unique([previous.entry.shiftDate, shift.entry.shiftDate]),
          shiftIds: [previous.entry.shiftId, shift.entry.shiftId],
          message: `${staff.name} has ${hoursLabel(gap)} between shifts (${momentLabel(previous.end)} to ${momentLabel(shift.start)}); the minimum is ${hoursLabel(minimum)}`,
        });
      }
    }
    if (!previous || shift.end > previous.end) previous = shift;
  }
  return violations;
}

/**
 * Weekly hours: the worked minutes (break and attendance adjustments deducted) of the shifts that
 * start in one team week, from its week start day, are at most maxWeeklyHours.
 */
export function weeklyHoursViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  setting: RuleSetting,
  weekStartDay: number,
): StaffingViolation[] {
  if (setting.value === null) return [];
  const maximum = hoursToMinutes(setting.value);
  const weeks = new Map<string, PlacedShift[]>();
  for (const shift of shifts) {
    const week = startOfWeek(shift.entry.shiftDate, weekStartDay);
    const list = weeks.get(week);
    if (list) list.push(shift);
    else weeks.set(week, [shift]);
  }
  const violations: StaffingViolation[] = [];
  for (const [week, inWeek] of [...weeks].sort(([a], [b]) => a.localeCompare(b))) {
    const minutes = inWeek.reduce((sum, shift) => sum + workedMinutes(shiftForMinutes(shift)), 0);
    if (minutes <= maximum) continue;
    violations.push({
      rule: 'weekly-hours',
      strict: setting.strict,
      staffId: staff.staffId,
      dates: unique(inWeek.map((shift) => shift.entry.shiftDate)),
      shiftIds: inWeek.map((shift) => shift.entry.shiftId),
      message: `${staff.name} works ${hoursLabel(minutes)} in the week of ${dateLabel(week)}; the maximum is ${hoursLabel(maximum)}`,
    });
  }
  return violations;
}

function shiftForMinutes(shift: PlacedShift) {
  const { entry } = shift;
  return {
    isTimeOff: false,
    startTime: entry.startTime,
    endTime: entry.endTime,
    breakMinutes: entry.breakMinutes,
    timeOffHours: null,
    timeOffDays: null,
    attendanceAdjustments: entry.attendanceAdjustments ?? [],
  };
}

/**
 * Consecutive days: no run of calendar days that each hold the start of a shift (an overnight shift
 * counts on its start day) is longer than maxConsecutiveDays. One violation per run.
 */
export function consecutiveDaysViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  setting: RuleSetting,
): StaffingViolation[] {
  if (setting.value === null) return [];
  const maximum = setting.value;
  const byDate = new Map<string, string[]>();
  for (const shift of shifts) {
    byDate.set(shift.entry.shiftDate, [...(byDate.get(shift.entry.shiftDate) ?? []), shift.entry.shiftId]);
  }
  const dates = [...byDate.keys()].sort();
  const violations: StaffingViolation[] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length > maximum) {
      const first = run[0] as string;
      const last = run[run.length - 1] as string;
      violations.push({
        rule: 'consecutive-days',
        strict: setting.strict,
        staffId: staff.staffId,
        dates: run,
        shiftIds: run.flatMap((date) => byDate.get(date) ?? []),
        message: `${staff.name} works ${run.length} days in a row (${dayLabel(first)} ${dateLabel(first)} to ${dayLabel(last)} ${dateLabel(last)}); the maximum is ${maximum}`,
      });
    }
  };
  for (const date of dates) {
    const last = run[run.length - 1];
    if (last !== undefined && dayNumber(date) !== dayNumber(last) + 1) {
      close();
      run = [];
    }
    run.push(date);
  }
  close();
  return violations;
}

/** Shift length: each shift's span, start to end (break included), is within min and max ShiftHours. */
export function shiftLengthViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  min: RuleSetting,
  max: RuleSetting,
): StaffingViolation[] {
  const violations: StaffingViolation[] = [];
  for (const shift of shifts) {
    const span = shift.end - shift.start;
    const { entry } = shift;
    const describe = `${staff.name}'s shift on ${dayLabel(entry.shiftDate)} ${dateLabel(entry.shiftDate)} is ${hoursLabel(span)} (${hhmm(entry.startTime)}–${hhmm(entry.endTime)})`;
    const base = {
      rule: 'shift-length' as const,
      staffId: staff.staffId,
      dates: [entry.shiftDate],
      shiftIds: [entry.shiftId],
    };
    if (min.value !== null && span < hoursToMinutes(min.value)) {
      violations.push({
        ...base,
        strict: min.strict,
        message: `${describe}; the minimum is ${hoursLabel(hoursToMinutes(min.value))}`,
      });
    }
    if (max.value !== null && span > hoursToMinutes(max.value)) {
      violations.push({
        ...base,
        strict: max.strict,
        message: `${describe}; the maximum is ${hoursLabel(hoursToMinutes(max.value))}`,
      });
    }
  }
  return violations;
}

/** The dates whose entries a check of [from, to] needs: rest and runs reach past its edges, weeks fill up. */
export function ruleWindow(
  from: string,
  to: string,
  maxConsecutiveDays: number | null,
  weekStartDay: number,
): { from: string; to: string } {
  // Rest is at most 48 h, so 3 days reach the neighbouring shift; a run longer than the limit that
  // touches the range shows within limit + 1 days of it; a week is read whole.
  const reach = Math.max(3, (maxConsecutiveDays ?? 0) + 1);
  const weekFrom = startOfWeek(from, weekStartDay);
  const weekTo = addDays(startOfWeek(to, weekStartDay), 6);
  const early = addDays(from, -reach);
  const late = addDays(to, reach);
  return { from: early < weekFrom ? early : weekFrom, to: late > weekTo ? late : weekTo };
}
