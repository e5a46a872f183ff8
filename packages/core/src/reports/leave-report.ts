import { type TimeOffKind, timeOffKind } from '../shifts/time-off.ts';
import { DEFAULT_TIME_ZONE } from '../time/zone.ts';
import {
  type DateRange,
  entrySpanMinutes,
  type ReportEntry,
  type ReportStaff,
  reportable,
  staffName,
} from './report-rows.ts';

/**
 * The leave report: time off in the range, per entry and per person. Its own file because payroll
 * counts time off the same way (leaveAmount), apart from the shifts it pays.
 */

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
