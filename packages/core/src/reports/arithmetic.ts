import { addDays } from '../dates/week.ts';
import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../shifts/adjustments.ts';
import { type TimeOffKind, timeOffKind } from '../shifts/time-off.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { DEFAULT_TIME_ZONE, elapsedMinutes } from '../time/zone.ts';
import { daysInRange } from './ranges.ts';

/**
 * The arithmetic of the leave, adjustments and payroll reports, on rows the server reads in one
 * query per table. Entries are dated by the day they start, so an overnight shift counts wholly on
 * its first day; entries after a person's leaving date are left out.
 *
 * Every length is real elapsed time in the team's `zone` (issue 41): a 22:00–06:00 shift is paid
 * 540 minutes the night the clocks go back and 420 the night they go forward. Adjustments are
 * minutes as entered, so the adjustments report needs no zone.
 */

export const ADJUSTMENT_REASON_KEYS = Object.keys(ADJUSTMENT_REASONS) as AdjustmentReason[];

/** A member of staff as the reports need them, in the team's display order. */
export type ReportStaff = {
  staffId: string;
  firstName: string;
  lastName: string;
  leavingDate: string | null;
  /** Contracted hours per week, each in force from its date until the next (staff/weekly-hours). */
  weeklyHours: readonly { hoursPerWeek: number; effectiveFrom: string }[];
};

/** A schedule entry (shift or time off) as the reports need it. */
export type ReportEntry = {
  shiftId: string;
  staffId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  isTimeOff: boolean;
  timeOffDays: number | null;
  timeOffHours: number | null;
  attendanceAdjustments: readonly { minutes: number; reason: string; comment: string }[];
};

export type DateRange = { startDate: string; endDate: string };
export type ReasonMinutes = Record<AdjustmentReason, number>;

export const staffName = (s: { firstName: string; lastName: string }): string =>
  `${s.firstName} ${s.lastName}`.trim();

// A literal rather than built from the keys: the payroll makes one per person and day.
const noReasons = (): ReasonMinutes => ({
  sick: 0,
  unpaid_leave: 0,
  lateness: 0,
  early_finish: 0,
  absence: 0,
  other: 0,
});

const isReason = (value: string): value is AdjustmentReason => value in ADJUSTMENT_REASONS;

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byDateAndStart = (a: ReportEntry, b: ReportEntry): number =>
  compare(a.shiftDate, b.shiftDate) || compare(a.startTime ?? '', b.startTime ?? '');

/**
 * Each person on the list with their entries in the range, on or before their leaving date, in date
 * and start order; people in the list's order. Grouped per person rather than sorted as one list,
 * since a year of a large team is over a hundred thousand entries.
 */
function reportable(
  staff: readonly ReportStaff[],
  entries: readonly ReportEntry[],
  range: DateRange,
): { person: ReportStaff; entries: ReportEntry[] }[] {
  const own = new Map<string, ReportEntry[]>(staff.map((s) => [s.staffId, []]));
  for (const entry of entries) {
    if (entry.shiftDate < range.startDate || entry.shiftDate > range.endDate) continue;
    own.get(entry.staffId)?.push(entry);
  }
  return staff.map((person) => {
    const list = own.get(person.staffId) ?? [];
    if (list.some((entry, i) => i > 0 && byDateAndStart(list[i - 1]!, entry) > 0)) list.sort(byDateAndStart);
    const leaving = person.leavingDate;
    return { person, entries: leaving ? list.filter((e) => e.shiftDate <= leaving) : list };
  });
}

// ---------------------------------------------------------------------------------------------
// Leave

/** A timed entry's span in real elapsed minutes in `zone` on its date; 0 without both times. */
function entrySpanMinutes(entry: ReportEntry, zone: string): number {
  return entry.startTime && entry.endTime
    ? elapsedMinutes(entry.shiftDate, entry.startTime, entry.endTime, zone)
    : 0;
}

/**
 * What one time-off entry counts (spec 2 "Features pages", leave): hours time off as minutes
 * (hours × 60), day kinds as (part) days, an exact time range as its real elapsed minutes in the
 * team's `zone` less the break.
 */
export function leaveAmount(
  entry: ReportEntry,
  zone: string = DEFAULT_TIME_ZONE,
): {
  kind: TimeOffKind;
  minutes: number | null;
  days: number | null;
} {
  const kind = timeOffKind(entry);
  if (kind === 'days') return { kind, minutes: null, days: entry.timeOffDays };
  if (kind === 'hours') return { kind, minutes: Math.round((entry.timeOffHours ?? 0) * 60), days: null };
  return { kind, minutes: Math.max(0, entrySpanMinutes(entry, zone) - entry.breakMinutes), days: null };
}

export type LeaveEntry = {
  shiftId: string;
  staffId: string;
  staffName: string;
  date: string;
  kind: TimeOffKind;
  minutes: number | null;
  days: number | null;
};
export type LeavePerson = {
  staffId: string;
  staffName: string;
  entries: number;
  minutes: number;
  days: number;
};
export type LeaveReport = {
  entries: LeaveEntry[];
  people: LeavePerson[];
  totals: { entries: number; minutes: number; days: number };
};

/**
 * Time off in the range, per entry and totalled per person (minutes and days kept apart); a time
 * range's minutes are real elapsed time in the team's `zone`.
 */
export function leaveReport(
  staff: readonly ReportStaff[],
  entries: readonly ReportEntry[],
  range: DateRange,
  zone: string = DEFAULT_TIME_ZONE,
): LeaveReport {
  const rows: LeaveEntry[] = [];
  const people = new Map<string, LeavePerson>();
  for (const { person, entries: own } of reportable(staff, entries, range))
    for (const entry of own) {
      if (!entry.isTimeOff) continue;
      const amount = leaveAmount(entry, zone);
      const name = staffName(person);
      rows.push({
        shiftId: entry.shiftId,
        staffId: person.staffId,
        staffName: name,
        date: entry.shiftDate,
        ...amount,
      });
      const total = people.get(person.staffId) ?? {
        staffId: person.staffId,
        staffName: name,
        entries: 0,
        minutes: 0,
        days: 0,
      };
      total.entries += 1;
      total.minutes += amount.minutes ?? 0;
      total.days += amount.days ?? 0;
      people.set(person.staffId, total);
    }
  const list = [...people.values()];
  return {
    entries: rows,
    people: list,
    totals: {
      entries: rows.length,
      minutes: list.reduce((n, p) => n + p.minutes, 0),
      days: list.reduce((n, p) => n + p.days, 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Adjustments

export type AdjustmentEntry = {
  shiftId: string;
  staffId: string;
  staffName: string;
  date: string;
  reason: AdjustmentReason;
  minutes: number;
  comment: string;
};
export type AdjustmentPerson = {
  staffId: string;
  staffName: string;
  count: number;
  minutes: number;
  byReason: ReasonMinutes;
};
export type AdjustmentsReport = {
  entries: AdjustmentEntry[];
  people: AdjustmentPerson[];
  totals: { count: number; minutes: number; byReason: ReasonMinutes };
};

/** Attendance adjustments of shifts in the range (only `reasons` when given), per entry and per person. */
export function adjustmentsReport(
  staff: readonly ReportStaff[],
  entries: readonly ReportEntry[],
  range: DateRange,
  reasons: readonly AdjustmentReason[] = ADJUSTMENT_REASON_KEYS,
): AdjustmentsReport {
  const rows: AdjustmentEntry[] = [];
  const people = new Map<string, AdjustmentPerson>();
  const totals = { count: 0, minutes: 0, byReason: noReasons() };
  for (const { person, entries: own } of reportable(staff, entries, range))
    for (const entry of own) {
      for (const adjustment of entry.attendanceAdjustments) {
        if (!isReason(adjustment.reason) || !reasons.includes(adjustment.reason)) continue;
        const minutes = Math.max(0, adjustment.minutes);
        const name = staffName(person);
        rows.push({
          shiftId: entry.shiftId,
          staffId: person.staffId,
          staffName: name,
          date: entry.shiftDate,
          reason: adjustment.reason,
          minutes,
          comment: adjustment.comment,
        });
        const total = people.get(person.staffId) ?? {
          staffId: person.staffId,
          staffName: name,
          count: 0,
          minutes: 0,
          byReason: noReasons(),
        };
        total.count += 1;
        total.minutes += minutes;
        total.byReason[adjustment.reason] += minutes;
        people.set(person.staffId, total);
        totals.count += 1;
        totals.minutes += minutes;
        totals.byReason[adjustment.reason] += minutes;
      }
    }
  return { entries: rows, people: [...people.values()], totals };
}

// ---------------------------------------------------------------------------------------------
// Payroll

type PayrollAmounts = {
  shifts: number;
  scheduledMinutes: number;
  breakMinutes: number;
  adjustmentMinutes: number;
  adjustments: ReasonMinutes;
  workedMinutes: number;
  timeOffMinutes: number;
  timeOffDays: number;
};
export type PayrollDay = PayrollAmounts & { staffId: string; staffName: string; date: string };
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

const noAmounts = (): PayrollAmounts => ({
  shifts: 0,
  scheduledMinutes: 0,
  breakMinutes: 0,
  adjustmentMinutes: 0,
  adjustments: noReasons(),
  workedMinutes: 0,
  timeOffMinutes: 0,
  timeOffDays: 0,
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
}

/**
 * What one entry adds to its day: a shift its span, break, adjustments and worked minutes; time off
 * apart. Spans are real elapsed time in the team's `zone`.
 */
export function payrollAmounts(entry: ReportEntry, zone: string = DEFAULT_TIME_ZONE): PayrollAmounts {
  const amounts = noAmounts();
  addEntry(amounts, entry, zone);
  return amounts;
}

function addEntry(into: PayrollAmounts, entry: ReportEntry, zone: string): void {
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
  into.workedMinutes += workedMinutes(entry, zone);
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
 */
export function payrollReport(
  staff: readonly ReportStaff[],
  entries: readonly ReportEntry[],
  range: DateRange,
  zone: string = DEFAULT_TIME_ZONE,
): PayrollReport {
  const dayList: PayrollDay[] = [];
  const totals = { ...noAmounts(), contractedMinutes: 0 };
  const people: PayrollPerson[] = [];
  for (const { person, entries: own } of reportable(staff, entries, range)) {
    if (person.leavingDate && person.leavingDate < range.startDate) continue;
    const name = staffName(person);
    const amounts = noAmounts();
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
        };
        dayList.push(day);
      }
      addEntry(day, entry, zone);
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
