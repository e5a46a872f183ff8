import type { RuleSetting, StaffingViolation } from '../contracts/schedule-agent.ts';
import { addDays, dayNumber, startOfWeek } from '../dates/week.ts';
import { hhmm } from '../shifts/times.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import { restBetweenWorkingDays } from './rest.ts';
import {
  dateLabel,
  dayLabel,
  hoursLabel,
  hoursToMinutes,
  type PlacedShift,
  type StaffingStaff,
  shiftEndLabel,
  wallClockLabel,
} from './timeline.ts';

/**
 * The four timing rules, each over one person's shifts (placed in the team's zone and sorted by start,
 * time off already left out: see timeline.ts). A setting whose value is null turns its rule off. Every
 * length is real elapsed time, so a night the clocks change counts the hour it gains or loses.
 */

const unique = (values: string[]) => [...new Set(values)].sort();

/**
 * Rest: between each working day and the person's next, at least minRestHours (rest.ts: shifts that
 * start on one date are one working day, so a split shift or a double is never short of rest).
 */
export function restViolations(
  staff: StaffingStaff,
  shifts: readonly PlacedShift[],
  setting: RuleSetting,
): StaffingViolation[] {
  if (setting.value === null) return [];
  const minimum = hoursToMinutes(setting.value);
  const violations: StaffingViolation[] = [];
  for (const rest of restBetweenWorkingDays(shifts)) {
    if (rest.minutes >= minimum) continue;
    const { last } = rest.before;
    const { first } = rest.after;
    violations.push({
      rule: 'rest',
      strict: setting.strict,
      staffId: staff.staffId,
      dates: unique([last.entry.shiftDate, first.entry.shiftDate]),
      shiftIds: [last.entry.shiftId, first.entry.shiftId],
      message: `${staff.name} has ${hoursLabel(rest.minutes)} between shifts (${shiftEndLabel(last)} to ${wallClockLabel(first.entry.shiftDate, first.entry.startTime ?? '')}); the minimum is ${hoursLabel(minimum)}`,
    });
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
  zone: string = DEFAULT_TIME_ZONE,
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
    const minutes = inWeek.reduce((sum, shift) => sum + workedMinutes(shiftForMinutes(shift), zone), 0);
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
    shiftDate: entry.shiftDate,
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

/**
 * Shift length: each shift's span, start to end (break included), is within min and max ShiftHours;
 * the span is real elapsed time (the shift was placed in the team's zone).
 */
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
