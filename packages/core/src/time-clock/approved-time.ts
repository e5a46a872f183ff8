import { timeIn } from '../time/zone.ts';
import { timesheetBreakMinutes, timesheetWorkedMinutes } from './timesheet.ts';

/**
 * Approved timesheets are what was worked (issue 44): the payroll report and labour cost read the
 * schedule's entries, and this puts each approved timesheet in its shift's place. The entry keeps its
 * span (what was scheduled) and takes the timesheet's break and worked minutes (`timesheetMinutes`,
 * which core's workedMinutes readers prefer); an approved entry with no shift, or whose shift is
 * gone or became time off, is an entry of its own on its work date, scheduled for nothing.
 */

/** An approved timesheet as the payroll and labour cost read it (time-clock/timesheet-reads.ts). */
export type ApprovedTimesheet = {
  timesheetId: string;
  staffId: string;
  shiftId: string | null;
  workDate: string;
  clockInAt: number;
  clockOutAt: number;
  breakSeconds: number;
};

/** Where an entry's worked minutes come from. */
export type WorkedSource = 'timesheet' | 'schedule';

/** What of a schedule entry this reads and sets. */
export type TimesheetableEntry = {
  shiftId: string;
  staffId: string;
  isTimeOff: boolean;
  breakMinutes: number;
  /** An approved timesheet's worked minutes, in place of the schedule's rule. */
  timesheetMinutes?: number | null;
};

/** An approved timesheet with no scheduled shift to stand in for: an entry of its own. */
export type UnscheduledEntry = {
  /** The timesheet's id: costs are keyed by it as a shift's by the shift's. */
  shiftId: string;
  staffId: string;
  shiftDate: string;
  /** The clock-in's wall-clock time in the team's zone: orders the entry in its day and week. */
  startTime: string;
  /** None: nothing was scheduled, so its span (the report's scheduled minutes) is 0. */
  endTime: null;
  breakMinutes: number;
  isTimeOff: false;
  timeOffDays: null;
  timeOffHours: null;
  attendanceAdjustments: { minutes: number; reason: string; comment: string }[];
  timesheetMinutes: number;
};

/** An approved entry's break and worked minutes (it is closed, so no "now" is needed). */
export function approvedMinutes(t: ApprovedTimesheet): { breakMinutes: number; workedMinutes: number } {
  const times = {
    clockInAt: t.clockInAt,
    clockOutAt: t.clockOutAt,
    breakSeconds: t.breakSeconds,
    breakStartedAt: null,
  };
  return {
    breakMinutes: timesheetBreakMinutes(times, t.clockOutAt),
    workedMinutes: timesheetWorkedMinutes(times, t.clockOutAt),
  };
}

/**
 * `entries` with each approved timesheet in place of its shift (same order), and those with no
 * shift among the entries (not time off) appended as entries of their own, dated by their work date.
 */
export function withApprovedTimesheets<E extends TimesheetableEntry>(
  entries: readonly E[],
  approved: readonly ApprovedTimesheet[],
  zone: string,
): (E | UnscheduledEntry)[] {
  if (approved.length === 0) return [...entries];
  const byShift = new Map<string, ApprovedTimesheet>();
  for (const t of approved) if (t.shiftId) byShift.set(t.shiftId, t);
  const used = new Set<string>();
  const out: (E | UnscheduledEntry)[] = entries.map((entry) => {
    const t = entry.isTimeOff ? undefined : byShift.get(entry.shiftId);
    if (!t || t.staffId !== entry.staffId) return entry;
    used.add(t.timesheetId);
    const minutes = approvedMinutes(t);
    return { ...entry, breakMinutes: minutes.breakMinutes, timesheetMinutes: minutes.workedMinutes };
  });
  for (const t of approved) {
    if (used.has(t.timesheetId)) continue;
    const minutes = approvedMinutes(t);
    out.push({
      shiftId: t.timesheetId,
      staffId: t.staffId,
      shiftDate: t.workDate,
      startTime: timeIn(zone, t.clockInAt),
      endTime: null,
      breakMinutes: minutes.breakMinutes,
      isTimeOff: false,
      timeOffDays: null,
      timeOffHours: null,
      attendanceAdjustments: [],
      timesheetMinutes: minutes.workedMinutes,
    });
  }
  return out;
}

/** Where an entry's worked minutes come from: an approved timesheet, or the schedule's rule. */
export const workedSource = (entry: { timesheetMinutes?: number | null }): WorkedSource =>
  entry.timesheetMinutes === undefined || entry.timesheetMinutes === null ? 'schedule' : 'timesheet';
