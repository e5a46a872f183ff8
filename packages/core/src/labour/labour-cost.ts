import { addDays, startOfWeek } from '../dates/week.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { divideRoundHalfUp, multiplierHundredths } from './money.ts';
import { type PayRate, rateOn } from './pay-rates.ts';

/**
 * Labour cost (issue 43), in one place for the week grid, `/labour`, the payroll report, the schedule
 * agent and the assistant. A shift costs its paid minutes (workedMinutes: real elapsed time in the
 * team's zone, less break, less adjustments) times the rate in force on its date, over 60, plus the
 * overtime premium on its minutes beyond the team's weekly threshold, rounded half up to a minor unit
 * once per shift. Time off costs nothing. All arithmetic is on integers.
 */

/** What cost reads of a schedule entry (a shift row or the agent's planned shift). */
export type CostEntry = {
  shiftId: string;
  staffId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  breakMinutes: number;
  timeOffHours: number | null;
  timeOffDays: number | null;
  attendanceAdjustments?: readonly { minutes: number }[];
  /**
   * An approved timesheet's worked minutes (issue 44, time-clock/approved-time.ts): what was worked,
   * costed in place of the schedule's rule.
   */
  timesheetMinutes?: number | null;
};

export type LabourSettings = {
  weeklyBudgetMinor: number | null;
  /** Paid minutes in one team week after which a person's minutes are overtime; null: no overtime. */
  overtimeAfterMinutes: number | null;
  /** 1–3, in hundredths. */
  overtimeMultiplier: number;
};

export type CostedShift = {
  shiftId: string;
  staffId: string;
  date: string;
  minutes: number;
  overtimeMinutes: number;
  costMinor: number;
  /** The person had no rate on this date: the shift costs 0. */
  missingRate: boolean;
};

export type CostContext = {
  /** Each person's rates (any order). */
  ratesByStaff: ReadonlyMap<string, readonly PayRate[]>;
  settings: Pick<LabourSettings, 'overtimeAfterMinutes' | 'overtimeMultiplier'>;
  /** The team's first day of the week (0 Sunday … 6 Saturday): overtime counts per team week. */
  weekStartDay: number;
  timeZone: string;
};

/** One shift's cost, given how many paid minutes its person already had that week before it. */
export function shiftCost(
  minutes: number,
  minutesBefore: number,
  rate: PayRate | null,
  settings: CostContext['settings'],
): { overtimeMinutes: number; costMinor: number } {
  const after = settings.overtimeAfterMinutes;
  const overtimeMinutes =
    after === null ? 0 : Math.max(0, Math.min(minutes, minutesBefore + minutes - after));
  if (!rate) return { overtimeMinutes, costMinor: 0 };
  const premium = multiplierHundredths(settings.overtimeMultiplier) - 100;
  const numerator = minutes * rate.hourlyRateMinor * 100 + overtimeMinutes * rate.hourlyRateMinor * premium;
  return { overtimeMinutes, costMinor: divideRoundHalfUp(numerator, 60 * 100) };
}

/**
 * `startOfWeek` remembered per date for one call: a team's weeks have few dates and many shifts, and
 * each answer is two date conversions.
 */
function weekStarts(weekStartDay: number): (date: string) => string {
  const known = new Map<string, string>();
  return (date) => {
    let start = known.get(date);
    if (start === undefined) {
      start = startOfWeek(date, weekStartDay);
      known.set(date, start);
    }
    return start;
  };
}

/**
 * Dates (YYYY-MM-DD), times (HH:MM[:SS]) and ids compared by code unit: the same order as
 * `localeCompare` gives strings of one fixed format, without the collator (most of a large team's
 * cost was in it).
 */
const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byTime = (a: CostEntry, b: CostEntry) =>
  compareCodes(a.shiftDate, b.shiftDate) ||
  compareCodes(a.startTime ?? '', b.startTime ?? '') ||
  compareCodes(a.shiftId, b.shiftId);

/**
 * Every shift's cost. Overtime is counted per person per team week in time order, so `entries` must
 * hold whole team weeks (from the week start of the first date asked about): a shift's overtime
 * depends on the hours before it that week.
 */
export function costShifts(entries: readonly CostEntry[], ctx: CostContext): CostedShift[] {
  const groups = new Map<string, CostEntry[]>();
  const weekOf = weekStarts(ctx.weekStartDay);
  for (const entry of entries) {
    if (entry.isTimeOff) continue;
    const key = `${entry.staffId} ${weekOf(entry.shiftDate)}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  const costed: CostedShift[] = [];
  for (const group of groups.values()) {
    let before = 0;
    for (const entry of group.sort(byTime)) {
      const minutes = entry.timesheetMinutes ?? workedMinutes(entry, ctx.timeZone);
      const rate = rateOn(ctx.ratesByStaff.get(entry.staffId) ?? [], entry.shiftDate);
      const { overtimeMinutes, costMinor } = shiftCost(minutes, before, rate, ctx.settings);
      before += minutes;
      costed.push({
        shiftId: entry.shiftId,
        staffId: entry.staffId,
        date: entry.shiftDate,
        minutes,
        overtimeMinutes,
        costMinor,
        missingRate: rate === null && minutes > 0,
      });
    }
  }
  return costed.sort((a, b) => compareCodes(a.date, b.date) || compareCodes(a.shiftId, b.shiftId));
}

export type LabourDay = { date: string; minutes: number; costMinor: number };
export type LabourPerson = {
  staffId: string;
  staffName: string;
  minutes: number;
  overtimeMinutes: number;
  costMinor: number;
  missingRate: boolean;
};
export type LabourWeek = {
  weekStart: string;
  costMinor: number;
  budgetMinor: number | null;
  overBudget: boolean;
};
export type LabourTotals = { minutes: number; overtimeMinutes: number; costMinor: number };
export type LabourSummary = {
  days: LabourDay[];
  people: LabourPerson[];
  totals: LabourTotals;
  weeks: LabourWeek[];
};

/**
 * `/labour`'s answer from costed shifts: each day of the range (days with nothing cost 0), each person
 * with minutes in it (by name), the totals, and each team week the range touches, whole, against the
 * weekly budget. A week's cost is the sum of its days: each shift is rounded once, then only added.
 */
export function summariseLabour(input: {
  range: { startDate: string; endDate: string };
  costed: readonly CostedShift[];
  staffNames: ReadonlyMap<string, string>;
  weekStartDay: number;
  weeklyBudgetMinor: number | null;
}): LabourSummary {
  const { startDate, endDate } = input.range;
  const days = new Map<string, LabourDay>();
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    days.set(date, { date, minutes: 0, costMinor: 0 });
  }
  const weeks = new Map<string, LabourWeek>();
  for (let week = startOfWeek(startDate, input.weekStartDay); week <= endDate; week = addDays(week, 7)) {
    weeks.set(week, {
      weekStart: week,
      costMinor: 0,
      budgetMinor: input.weeklyBudgetMinor,
      overBudget: false,
    });
  }
  const people = new Map<string, LabourPerson>();
  const totals: LabourTotals = { minutes: 0, overtimeMinutes: 0, costMinor: 0 };
  const weekOf = weekStarts(input.weekStartDay);
  for (const shift of input.costed) {
    const week = weeks.get(weekOf(shift.date));
    if (week) week.costMinor += shift.costMinor;
    const day = days.get(shift.date);
    if (!day) continue;
    day.minutes += shift.minutes;
    day.costMinor += shift.costMinor;
    totals.minutes += shift.minutes;
    totals.overtimeMinutes += shift.overtimeMinutes;
    totals.costMinor += shift.costMinor;
    const person = people.get(shift.staffId) ?? {
      staffId: shift.staffId,
      staffName: input.staffNames.get(shift.staffId) ?? '',
      minutes: 0,
      overtimeMinutes: 0,
      costMinor: 0,
      missingRate: false,
    };
    person.minutes += shift.minutes;
    person.overtimeMinutes += shift.overtimeMinutes;
    person.costMinor += shift.costMinor;
    person.missingRate ||= shift.missingRate;
    people.set(shift.staffId, person);
  }
  for (const week of weeks.values()) {
    week.overBudget = week.budgetMinor !== null && week.costMinor > week.budgetMinor;
  }
  return {
    days: [...days.values()],
    people: [...people.values()].sort((a, b) => a.staffName.localeCompare(b.staffName)),
    totals,
    weeks: [...weeks.values()],
  };
}
