import { addDays } from '../dates/week.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import { type WorkedSource, workedSource } from '../time-clock/approved-time.ts';
import { leaveAmount } from './leave-report.ts';
import { daysInRange } from './ranges.ts';
import {
  ADJUSTMENT_REASON_KEYS,
  compare,
  type DateRange,
  entrySpanMinutes,
  isReason,
  noReasons,
  type ReasonMinutes,
  type ReportEntry,
  type ReportStaff,
  reportable,
  staffName,
} from './report-rows.ts';

/**
 * The payroll report: per person and day, shifts' scheduled, break, adjustment and worked minutes and
 * time off, and per person the totals against contracted weekly hours. The largest of the reports (a
 * year of a large team is one object per person and day), hence its own file.
 */

type PayrollAmounts = {
  shifts: number;
  scheduledMinutes: number;
  breakMinutes: number;
  adjustmentMinutes: number;
  adjustments: ReasonMinutes;
  workedMinutes: number;
  timeOffMinutes: number;
  timeOffDays: number;
  /**
   * What the shifts cost, in minor units of the team's currency (issue 43: core's costShifts, given in
   * as each shift's cost); null when the team's plan has no labour cost.
   */
  costMinor: number | null;
};
/** Each shift's cost in minor units by its id (labour-cost.ts costShifts), or null: no money shown. */
export type ShiftCosts = ReadonlyMap<string, number> | null;
export type PayrollDay = PayrollAmounts & {
  staffId: string;
  staffName: string;
  date: string;
  /**
   * Where the day's worked minutes come from (issue 44): `timesheet` when an approved timesheet
   * stands in for a shift of it (or is a day of its own), `schedule` when they are the schedule's.
   */
  source: WorkedSource;
};
export type PayrollPerson = PayrollAmounts & {
  staffId: string;
  staffName: string;
  daysWorked: number;
  /** Contracted hours per week over the range (to the leaving date), in minutes; null without a contract. */
  contractedMinutes: number | null;
  /** Worked less contracted: positive is over the contract. */
  differenceMinutes: number | null;
};
export type PayrollReport = {
  days: PayrollDay[];
  people: PayrollPerson[];
  totals: PayrollAmounts & { contractedMinutes: number };
};

const noAmounts = (costs: ShiftCosts = null): PayrollAmounts => ({
  shifts: 0,
  scheduledMinutes: 0,
  breakMinutes: 0,
  adjustmentMinutes: 0,
  adjustments: noReasons(),
  workedMinutes: 0,
  timeOffMinutes: 0,
  timeOffDays: 0,
  costMinor: costs ? 0 : null,
});

function addAmounts(into: PayrollAmounts, from: PayrollAmounts): void {
  into.shifts += from.shifts;
  into.scheduledMinutes += from.scheduledMinutes;
  into.breakMinutes += from.breakMinutes;
  into.adjustmentMinutes += from.adjustmentMinutes;
  for (const r of ADJUSTMENT_REASON_KEYS) into.adjustments[r] += from.adjustments[r];
  into.workedMinutes += from.workedMinutes;
  into.timeOffMinutes += from.timeOffMinutes;
  into.timeOffDays += from.timeOffDays;
  if (into.costMinor !== null) into.costMinor += from.costMinor ?? 0;
}

/**
 * What one entry adds to its day: a shift its span, break, adjustments and worked minutes; time off
 * apart. Spans are real elapsed time in the team's `zone`.
 */
export function payrollAmounts(
  entry: ReportEntry,
  zone: string = DEFAULT_TIME_ZONE,
  costs: ShiftCosts = null,
): PayrollAmounts {
  const amounts = noAmounts(costs);
  addEntry(amounts, entry, zone, costs);
  return amounts;
}

function addEntry(into: PayrollAmounts, entry: ReportEntry, zone: string, costs: ShiftCosts): void {
  if (entry.isTimeOff) {
    const leave = leaveAmount(entry, zone);
    into.timeOffMinutes += leave.minutes ?? 0;
    into.timeOffDays += leave.days ?? 0;
    return;
  }
  into.shifts += 1;
  into.scheduledMinutes += entrySpanMinutes(entry, zone);
  into.breakMinutes += entry.breakMinutes;
  for (const a of entry.attendanceAdjustments) {
    if (!isReason(a.reason)) continue;
    into.adjustments[a.reason] += Math.max(0, a.minutes);
    into.adjustmentMinutes += Math.max(0, a.minutes);
  }
  // An approved timesheet is what was worked (issue 44); its adjustments stay listed, not deducted.
  into.workedMinutes += entry.timesheetMinutes ?? workedMinutes(entry, zone);
  // Only added here: each shift was rounded once by costShifts, so the report's sums equal /labour's.
  if (into.costMinor !== null) into.costMinor += costs?.get(entry.shiftId) ?? 0;
}

/**
 * Contracted minutes over the range up to the leaving date: each day carries a seventh of the weekly
 * hours in force that day, so part weeks at either end and changes of contract mid-week count fairly.
 * Worked out per stretch of one contract rather than per day (the same sum).
 */
export function contractedMinutes(person: ReportStaff, range: DateRange): number | null {
  if (person.weeklyHours.length === 0) return null;
  const last = person.leavingDate && person.leavingDate < range.endDate ? person.leavingDate : range.endDate;
  const contracts = [...person.weeklyHours].sort((a, b) => compare(a.effectiveFrom, b.effectiveFrom));
  let total = 0;
  contracts.forEach((contract, i) => {
    const next = contracts[i + 1];
    const from = contract.effectiveFrom > range.startDate ? contract.effectiveFrom : range.startDate;
    const until = next && addDays(next.effectiveFrom, -1) < last ? addDays(next.effectiveFrom, -1) : last;
    if (until >= from) total += (contract.hoursPerWeek * 60 * daysInRange(from, until)) / 7;
  });
  return Math.round(total);
}

/**
 * Per person and day: shifts' scheduled minutes, breaks, adjustments by reason and worked minutes
 * (the schedule's rule), time off apart; per person the totals against contracted weekly hours.
 * Everyone on the list who had not left before the range starts has a line, worked or not. Lengths
 * are real elapsed time in the team's `zone` (contracted hours are hours, whatever the clocks do).
 * With `costs` (each shift's cost from labour-cost.ts costShifts, by id) every line and the totals
 * carry `costMinor`, the sum of their shifts' costs; without, `costMinor` is null throughout.
 */
export function payrollReport(
  staff: readonly ReportStaff[],
  entries: readonly ReportEntry[],
  range: DateRange,
  zone: string = DEFAULT_TIME_ZONE,
  costs: ShiftCosts = null,
): PayrollReport {
  const dayList: PayrollDay[] = [];
  const totals = { ...noAmounts(costs), contractedMinutes: 0 };
  const people: PayrollPerson[] = [];
  for (const { person, entries: own } of reportable(staff, entries, range)) {
    if (person.leavingDate && person.leavingDate < range.startDate) continue;
    const name = staffName(person);
    const amounts = noAmounts(costs);
    let daysWorked = 0;
    // Entries come in date order, so a day is a run of entries.
    let day: PayrollDay | null = null;
    for (const entry of own) {
      if (!day || day.date !== entry.shiftDate) {
        if (day) {
          addAmounts(amounts, day);
          if (day.shifts > 0) daysWorked += 1;
        }
        // Written out rather than spread from noAmounts(): one object per person and day, not two.
        day = {
          staffId: person.staffId,
          staffName: name,
          date: entry.shiftDate,
          shifts: 0,
          scheduledMinutes: 0,
          breakMinutes: 0,
          adjustmentMinutes: 0,
          adjustments: noReasons(),
          workedMinutes: 0,
          timeOffMinutes: 0,
          timeOffDays: 0,
          costMinor: costs ? 0 : null,
          source: 'schedule',
        };
        dayList.push(day);
      }
      addEntry(day, entry, zone, costs);
      if (workedSource(entry) === 'timesheet') day.source = 'timesheet';
    }
    if (day) {
      addAmounts(amounts, day);
      if (day.shifts > 0) daysWorked += 1;
    }
    const contracted = contractedMinutes(person, range);
    people.push({
      staffId: person.staffId,
      staffName: name,
      daysWorked,
      ...amounts,
      contractedMinutes: contracted,
      differenceMinutes: contracted === null ? null : amounts.workedMinutes - contracted,
    });
    addAmounts(totals, amounts);
    totals.contractedMinutes += contracted ?? 0;
  }
  return { days: dayList, people, totals };
}
