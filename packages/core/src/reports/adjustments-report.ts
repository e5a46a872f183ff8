import type { AdjustmentReason } from '../shifts/adjustments.ts';
import {
  ADJUSTMENT_REASON_KEYS,
  type DateRange,
  isReason,
  noReasons,
  type ReasonMinutes,
  type ReportEntry,
  type ReportStaff,
  reportable,
  staffName,
} from './report-rows.ts';

/**
 * The adjustments report: attendance adjustments (lateness, sickness…) of shifts in the range, per
 * entry and per person. Minutes as entered, so unlike leave and payroll it needs no time zone.
 */

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
