import { addDays } from '../dates/week.ts';
import { workedMinutes } from '../shifts/worked-minutes.ts';
import { spanInstants } from '../time/zone.ts';

/**
 * The time clock's rules (issue 44, docs/time-clock.md): which shift a clock-in belongs to, what an
 * entry counts, the order its taps must come in, and what an administrator's edit may say. Instants
 * are epoch milliseconds read from the server's clock and passed in: nothing here reads a clock.
 */

export const TIMESHEET_STATUSES = ['open', 'pending', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

const MINUTE_MS = 60_000;

/** A schedule entry as the clock reads it: its team-local date and wall-clock times. */
export type ClockableShift = {
  shiftId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
};

/**
 * When a shift can be clocked into: from `earlyMinutes` before its start until its end, as instants
 * in the team's `zone` (an overnight shift ends the next day; a night the clocks change is an hour
 * longer or shorter). Null for time off and for entries without both times: nothing to clock into.
 */
export function clockInWindow(
  shift: ClockableShift,
  zone: string,
  earlyMinutes: number,
): { opensAt: number; startsAt: number; closesAt: number } | null {
  if (shift.isTimeOff || !shift.startTime || !shift.endTime) return null;
  const { start, end } = spanInstants(shift.shiftDate, shift.startTime, shift.endTime, zone);
  return { opensAt: start - earlyMinutes * MINUTE_MS, startsAt: start, closesAt: end };
}

/** Whether `now` falls in the shift's clock-in window (its end excluded: a shift that has ended is over). */
export function inClockInWindow(
  shift: ClockableShift,
  now: number,
  zone: string,
  earlyMinutes: number,
): boolean {
  const window = clockInWindow(shift, zone, earlyMinutes);
  return window !== null && now >= window.opensAt && now < window.closesAt;
}

/**
 * The shift a clock-in at `now` attaches to, of the person's `shifts` (those not yet clocked into):
 * the one whose window holds `now`; when two do (a split shift whose second part opens early), the
 * one whose start is nearest `now`, the earlier on a tie. Null: the entry is unscheduled.
 */
export function shiftForClockIn<S extends ClockableShift>(
  shifts: readonly S[],
  now: number,
  zone: string,
  earlyMinutes: number,
): S | null {
  let best: { shift: S; distance: number; startsAt: number } | null = null;
  for (const shift of shifts) {
    const window = clockInWindow(shift, zone, earlyMinutes);
    if (!window || now < window.opensAt || now >= window.closesAt) continue;
    const distance = Math.abs(window.startsAt - now);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && window.startsAt < best.startsAt)
    ) {
      best = { shift, distance, startsAt: window.startsAt };
    }
  }
  return best?.shift ?? null;
}

/**
 * The person's entries a clock on `today` is about at `now` (the member's clock panel): those dated
 * `today`, and those dated the day before that are still running, an overnight shift begun yesterday
 * and clocked after midnight (the clock-in attaches to it: `shiftForClockIn` reads yesterday too).
 * Time off is left out: nothing to clock into. In the order given.
 */
export function shiftsOnTodaysClock<S extends ClockableShift>(
  shifts: readonly S[],
  today: string,
  now: number,
  zone: string,
): S[] {
  const yesterday = addDays(today, -1);
  return shifts.filter((shift) => {
    if (shift.isTimeOff) return false;
    if (shift.shiftDate === today) return true;
    if (shift.shiftDate !== yesterday) return false;
    const window = clockInWindow(shift, zone, 0);
    return window !== null && now < window.closesAt;
  });
}

/**
 * Why a clock-in at `now` cannot attach to the `shift` asked for, in a sentence, or null when it can:
 * the answer of a 409 to `clock-in {shiftId}` outside its window.
 */
export function clockInWindowProblem(
  shift: ClockableShift,
  now: number,
  zone: string,
  earlyMinutes: number,
): string | null {
  const window = clockInWindow(shift, zone, earlyMinutes);
  if (!window) return 'That entry is time off or has no start and end time: there is nothing to clock into.';
  if (now < window.opensAt) {
    const minutes = Math.ceil((window.opensAt - now) / MINUTE_MS);
    return `It is too early to clock in for this shift: clocking in opens ${earlyMinutes} minutes before its start, in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  if (now >= window.closesAt) return 'This shift has already ended: it can no longer be clocked into.';
  return null;
}

/** An entry's times as stored: the clock-in, the clock-out if any, ended breaks and a running one. */
export type TimesheetTimes = {
  clockInAt: number;
  clockOutAt: number | null;
  /** Ended breaks, in seconds. */
  breakSeconds: number;
  /** The break running now, if any. */
  breakStartedAt: number | null;
};

/** Break seconds at `now`: the ended breaks and the running one up to now (or to the clock-out). */
export function breakSecondsAt(entry: TimesheetTimes, now: number): number {
  if (entry.breakStartedAt === null) return entry.breakSeconds;
  const until = entry.clockOutAt ?? now;
  return entry.breakSeconds + Math.max(0, Math.floor((until - entry.breakStartedAt) / 1000));
}

/**
 * Worked minutes of an entry at `now`: clock-in to clock-out (or to now while it is open), less its
 * breaks (a running one counted up to now), rounded to the nearest whole minute, half a minute up, and
 * never below 0. Seconds are kept until this one rounding, so two 20-second breaks do not cost two
 * minutes.
 */
export function timesheetWorkedMinutes(entry: TimesheetTimes, now: number): number {
  const until = entry.clockOutAt ?? now;
  const seconds = Math.floor((until - entry.clockInAt) / 1000) - breakSecondsAt(entry, now);
  return Math.max(0, Math.round(seconds / 60));
}

/** Break minutes of an entry at `now`, rounded the same way (nearest minute, half up). */
export function timesheetBreakMinutes(entry: TimesheetTimes, now: number): number {
  return Math.round(breakSecondsAt(entry, now) / 60);
}

/**
 * The scheduled minutes an entry is compared with: its shift's worked minutes as the payroll report
 * pays them (span in the team's zone, less break and attendance adjustments); null for an
 * unscheduled entry, or one whose shift is time off.
 */
export function scheduledMinutes(
  shift:
    | (ClockableShift & {
        breakMinutes: number;
        timeOffHours?: number | null;
        timeOffDays?: number | null;
        attendanceAdjustments?: readonly { minutes: number }[];
      })
    | null,
  zone: string,
): number | null {
  if (!shift || shift.isTimeOff || !shift.startTime || !shift.endTime) return null;
  return workedMinutes(
    {
      shiftDate: shift.shiftDate,
      isTimeOff: false,
      startTime: shift.startTime,
      endTime: shift.endTime,
      breakMinutes: shift.breakMinutes,
      timeOffHours: null,
      timeOffDays: null,
      attendanceAdjustments: shift.attendanceAdjustments ?? [],
    },
    zone,
  );
}

/** Worked less scheduled: positive is over the schedule; null when nothing was scheduled. */
export function varianceMinutes(worked: number, scheduled: number | null): number | null {
  return scheduled === null ? null : worked - scheduled;
}

/** What can be done to an entry: the person's taps, and an administrator's decisions. */
export type TimesheetAction = 'break-start' | 'break-end' | 'clock-out' | 'edit' | 'approve' | 'reject';

/**
 * The state machine: open (on a break or not) → clock-out → pending → approved or rejected. Each
 * action out of order is refused with the sentence a 409 carries; null when the action may go ahead.
 * A decided entry may be decided the other way (an approval taken back is a rejection, and so on),
 * and an edit puts any closed or open entry back to pending (docs/time-clock.md).
 */
export function timesheetActionProblem(
  entry: { status: TimesheetStatus; onBreak: boolean },
  action: TimesheetAction,
): string | null {
  const open = entry.status === 'open';
  switch (action) {
    case 'break-start':
      if (!open) return 'You are not clocked in: clock in before starting a break.';
      if (entry.onBreak) return 'You are already on a break: end it before starting another.';
      return null;
    case 'break-end':
      if (!open) return 'You are not clocked in: there is no break to end.';
      if (!entry.onBreak) return 'You are not on a break: start one before ending it.';
      return null;
    case 'clock-out':
      if (!open) return 'You are not clocked in: there is nothing to clock out of.';
      if (entry.onBreak) return 'You are on a break: end your break before clocking out.';
      return null;
    case 'edit':
      return null;
    case 'approve':
      if (open) return 'This person is still clocked in: a timesheet can be approved once they clock out.';
      if (entry.status === 'approved') return 'This timesheet is already approved.';
      return null;
    case 'reject':
      if (open) return 'This person is still clocked in: a timesheet can be rejected once they clock out.';
      if (entry.status === 'rejected') return 'This timesheet is already rejected.';
      return null;
  }
}

/** The longest an entry may span: a day. A longer one is a forgotten clock-out, to be edited down. */
export const MAX_TIMESHEET_MINUTES = 24 * 60;
/** How far back an edit may move a clock-in: a year and a day, the longest a payroll is looked back on. */
export const MAX_EDIT_AGE_DAYS = 366;
/** Leeway for the client's clock, since an edit's times come from a person, not the server. */
const FUTURE_LEEWAY_MS = 5 * MINUTE_MS;

/** An administrator's edit, its times already instants. */
export type TimesheetEdit = { clockInAt: number; clockOutAt: number; breakMinutes: number };

/**
 * What is wrong with an edit, naming its field (the 400's `errors[0]`), or null: the clock-out after
 * the clock-in, neither in the future, the span at most a day and within a year back, the break
 * shorter than the span.
 */
export function timesheetEditProblem(
  edit: TimesheetEdit,
  now: number,
): { path: 'clockInAt' | 'clockOutAt' | 'breakMinutes'; message: string } | null {
  if (edit.clockInAt > now + FUTURE_LEEWAY_MS) {
    return { path: 'clockInAt', message: 'clockInAt cannot be in the future' };
  }
  if (edit.clockInAt < now - MAX_EDIT_AGE_DAYS * 86_400_000) {
    return { path: 'clockInAt', message: `clockInAt cannot be more than ${MAX_EDIT_AGE_DAYS} days ago` };
  }
  if (edit.clockOutAt <= edit.clockInAt) {
    return { path: 'clockOutAt', message: 'clockOutAt must be after clockInAt' };
  }
  if (edit.clockOutAt > now + FUTURE_LEEWAY_MS) {
    return { path: 'clockOutAt', message: 'clockOutAt cannot be in the future' };
  }
  const spanMinutes = (edit.clockOutAt - edit.clockInAt) / MINUTE_MS;
  if (spanMinutes > MAX_TIMESHEET_MINUTES) {
    return { path: 'clockOutAt', message: 'A timesheet can cover at most 24 hours: clockOutAt is too late' };
  }
  if (edit.breakMinutes >= spanMinutes) {
    return {
      path: 'breakMinutes',
      message: 'breakMinutes must be shorter than the time from clockInAt to clockOutAt',
    };
  }
  return null;
}
