import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../shifts/adjustments.ts';
import { elapsedMinutes } from '../time/zone.ts';

/**
 * What the leave, adjustments and payroll reports (leave-report.ts, adjustments-report.ts,
 * payroll-report.ts) share: the rows the server reads in one query per table, and the walk through
 * them per person. Entries are dated by the day they start, so an overnight shift counts wholly on its
 * first day; entries after a person's leaving date are left out.
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
  /**
   * An approved timesheet's worked minutes (issue 44, time-clock/approved-time.ts), paid in place of
   * the schedule's rule; its break is then the timesheet's too.
   */
  timesheetMinutes?: number | null;
};

export type DateRange = { startDate: string; endDate: string };
export type ReasonMinutes = Record<AdjustmentReason, number>;

export const staffName = (s: { firstName: string; lastName: string }): string =>
  `${s.firstName} ${s.lastName}`.trim();

// A literal rather than built from the keys: the payroll makes one per person and day.
export const noReasons = (): ReasonMinutes => ({
  sick: 0,
  unpaid_leave: 0,
  lateness: 0,
  early_finish: 0,
  absence: 0,
  other: 0,
});

export const isReason = (value: string): value is AdjustmentReason => value in ADJUSTMENT_REASONS;

export const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byDateAndStart = (a: ReportEntry, b: ReportEntry): number =>
  compare(a.shiftDate, b.shiftDate) || compare(a.startTime ?? '', b.startTime ?? '');

/**
 * Each person on the list with their entries in the range, on or before their leaving date, in date
 * and start order; people in the list's order. Grouped per person rather than sorted as one list,
 * since a year of a large team is over a hundred thousand entries.
 */
export function reportable(
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

/** A timed entry's span in real elapsed minutes in `zone` on its date; 0 without both times. */
export function entrySpanMinutes(entry: ReportEntry, zone: string): number {
  return entry.startTime && entry.endTime
    ? elapsedMinutes(entry.shiftDate, entry.startTime, entry.endTime, zone)
    : 0;
}
