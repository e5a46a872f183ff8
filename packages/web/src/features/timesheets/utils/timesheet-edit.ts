import { wallClockInstant } from '@rotaboard/core/time/zone';
import { type TimesheetDto, type TimesheetEdit, wallClockOf } from '../../../lib/time-clock';

/*
 * The edit dialog's arithmetic (issue 44), apart from lib/time-clock.ts: it needs core's zone rules
 * (Temporal), which only the Timesheets page loads, never the schedule.
 */

/**
 * The instant a wall-clock date and time in the team's zone names, as ISO 8601; null when the fields
 * do not make one (empty, or a time the clocks skip).
 */
export function instantOf(date: string, time: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  try {
    const at = wallClockInstant(date, time, zone);
    return Number.isFinite(at) ? new Date(at).toISOString() : null;
  } catch {
    return null;
  }
}

export type TimesheetEditFields = {
  inDate: string;
  inTime: string;
  outDate: string;
  outTime: string;
  breakMinutes: string;
  reason: string;
};
export type TimesheetEditErrors = Partial<Record<keyof TimesheetEditFields, string>>;

/** The edit dialog's fields for a timesheet, in the team's zone (an open entry's clock-out: now). */
export function editFieldsOf(row: TimesheetDto, zone: string, now: number = Date.now()): TimesheetEditFields {
  const clockIn = wallClockOf(row.clockInAt, zone);
  const clockOut = wallClockOf(row.clockOutAt ?? new Date(now).toISOString(), zone);
  return {
    inDate: clockIn.date,
    inTime: clockIn.time,
    outDate: clockOut.date,
    outTime: clockOut.time,
    breakMinutes: String(row.breakMinutes),
    reason: '',
  };
}

/** Which form field a 400 from the server names. */
export const EDIT_SERVER_FIELDS: Record<string, keyof TimesheetEditFields> = {
  clockInAt: 'inTime',
  clockOutAt: 'outTime',
  breakMinutes: 'breakMinutes',
  reason: 'reason',
};

/**
 * The edit from the dialog's fields, or what is wrong with them, field by field. The server checks
 * again (and its words win); this only spares a round trip for the obvious.
 */
export function editFromFields(
  fields: TimesheetEditFields,
  zone: string,
): { ok: true; edit: TimesheetEdit } | { ok: false; errors: TimesheetEditErrors } {
  const errors: TimesheetEditErrors = {};
  const clockInAt = instantOf(fields.inDate, fields.inTime, zone);
  const clockOutAt = instantOf(fields.outDate, fields.outTime, zone);
  if (!clockInAt) errors.inTime = 'Enter the clock-in date and time.';
  if (!clockOutAt) errors.outTime = 'Enter the clock-out date and time.';
  if (clockInAt && clockOutAt && Date.parse(clockOutAt) <= Date.parse(clockInAt))
    errors.outTime = 'Clock-out must be after clock-in.';
  const breakText = fields.breakMinutes.trim();
  const breakMinutes = breakText === '' ? 0 : Number(breakText);
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) errors.breakMinutes = 'Whole minutes, 0 or more.';
  else if (
    clockInAt &&
    clockOutAt &&
    Date.parse(clockOutAt) > Date.parse(clockInAt) &&
    breakMinutes * 60_000 >= Date.parse(clockOutAt) - Date.parse(clockInAt)
  )
    errors.breakMinutes = 'The break must be shorter than the time clocked.';
  const reason = fields.reason.trim();
  if (reason === '') errors.reason = 'Say why the times are changed.';
  else if (reason.length > 500) errors.reason = 'At most 500 characters.';
  if (Object.keys(errors).length > 0 || !clockInAt || !clockOutAt) return { ok: false, errors };
  return { ok: true, edit: { clockInAt, clockOutAt, breakMinutes, reason } };
}
