import type { SickCallResponse } from '@rotaboard/core/contracts/sick-calls';
import { timeIn, todayIn } from '@rotaboard/core/time/clock';
import type { DaySettings as CoreDaySettings } from '@rotaboard/core/time-clock/day-settings';
import type {
  ClockedInNowDto,
  ClockInDto,
  TimesheetDto as CoreTimesheetDto,
  TimesheetNowDto,
} from '@rotaboard/core/time-clock/time-clock-contracts';

/**
 * The time clock and timesheets as the web reads them (issue 44): the shapes of the API's answers, and
 * the pure arithmetic the screens share (features/time-clock, features/timesheets and the schedule's
 * marks). Clock times are the server's: nothing here decides when someone clocked in, it only shows it.
 */

/** One row of GET /api/teams/{id}/timesheets (core's contract: types only, nothing loaded). */
export type TimesheetDto = CoreTimesheetDto;
export type TimesheetStatus = TimesheetDto['status'];
/** The caller's open entry (GET …/time-clock) and what the clock's taps answer. */
export type OpenTimesheetDto = TimesheetNowDto;
/** POST …/time-clock/clock-in → 201. */
export type ClockInResult = ClockInDto;
/** GET …/time-clock/now (owner and administrators): who is clocked in this moment. */
export type ClockedInDto = ClockedInNowDto['clockedIn'][number];
/** GET/PUT /api/teams/{id}/day-settings. */
export type DaySettings = CoreDaySettings;

/** POST /api/teams/{id}/shifts/{shiftId}/sick → 201. */
export type SickCallResult = SickCallResponse;

/** The edit an administrator makes (PUT …/timesheets/{timesheetId}). */
export type TimesheetEdit = { clockInAt: string; clockOutAt: string; breakMinutes: number; reason: string };

/** The clock's state for the buttons: not clocked in, working, or on a break. */
export type ClockState = 'out' | 'working' | 'break';

export function clockState(open: OpenTimesheetDto | null | undefined): ClockState {
  if (!open) return 'out';
  return open.onBreak ? 'break' : 'working';
}

/**
 * Seconds worked in an open entry at `now`: since the clock-in, less the breaks taken (the server's
 * `breakMinutes`, whole minutes, so this may be a minute out, never more). On a break the time stands
 * still (the running break is not work).
 */
export function workedSecondsAt(open: OpenTimesheetDto, now: number): number {
  // On a break the server's minutes stand (its breakMinutes then counts the running break too).
  if (open.onBreak) return Math.max(0, open.workedMinutes) * 60;
  const start = Date.parse(open.clockInAt);
  if (!Number.isFinite(start)) return 0;
  const seconds = Math.floor((now - start) / 1000) - Math.max(0, open.breakMinutes) * 60;
  return Math.max(0, seconds);
}

/** Seconds of the break running at `now` (0 when not on one). */
export function breakSecondsAt(open: OpenTimesheetDto, now: number): number {
  if (!open.onBreak || !open.breakStartedAt) return 0;
  const start = Date.parse(open.breakStartedAt);
  return Number.isFinite(start) ? Math.max(0, Math.floor((now - start) / 1000)) : 0;
}

/** A running time as a stopwatch shows it: 0:05, 12:09, 1:02:03. */
export function formatStopwatch(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** Minutes in words for a screen reader: "1 hour 5 minutes", "45 minutes", "0 minutes". */
export function minutesInWords(totalMinutes: number): string {
  const m = Math.max(0, Math.round(Math.abs(totalMinutes)));
  const hours = Math.floor(m / 60);
  const minutes = m % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(hours === 1 ? '1 hour' : `${hours} hours`);
  if (minutes > 0 || hours === 0) parts.push(minutes === 1 ? '1 minute' : `${minutes} minutes`);
  return parts.join(' ');
}

/** Minutes as the tables show them: 7h 30m, 45m, 8h. */
export function formatMinutes(totalMinutes: number): string {
  const m = Math.max(0, Math.round(Math.abs(totalMinutes)));
  const hours = Math.floor(m / 60);
  const minutes = m % 60;
  if (hours === 0) return `${minutes}m`;
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`;
}

/** How a variance reads: its sign and size, a tone for the colour, and words (never colour alone). */
export function describeVariance(varianceMinutes: number | null): {
  text: string;
  words: string;
  tone: 'over' | 'under' | 'even' | 'none';
} {
  if (varianceMinutes === null) return { text: '—', words: 'Not scheduled', tone: 'none' };
  if (varianceMinutes === 0) return { text: '±0', words: 'As scheduled', tone: 'even' };
  const size = formatMinutes(varianceMinutes);
  return varianceMinutes > 0
    ? { text: `+${size}`, words: `${minutesInWords(varianceMinutes)} over schedule`, tone: 'over' }
    : { text: `−${size}`, words: `${minutesInWords(varianceMinutes)} under schedule`, tone: 'under' };
}

export const STATUS_LABELS: Record<TimesheetStatus, string> = {
  open: 'Clocked in',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The timesheets by day (oldest first), each day's by person's name, then clock-in. */
export function groupByDay(timesheets: readonly TimesheetDto[]): { date: string; rows: TimesheetDto[] }[] {
  const days = new Map<string, TimesheetDto[]>();
  for (const row of timesheets) {
    const list = days.get(row.date);
    if (list) list.push(row);
    else days.set(row.date, [row]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, rows]) => ({
      date,
      rows: rows.sort(
        (a, b) => a.staffName.localeCompare(b.staffName) || a.clockInAt.localeCompare(b.clockInAt),
      ),
    }));
}

/** An instant as the team's wall clock: its date and HH:MM in the team's zone. */
export function wallClockOf(instant: string, zone: string): { date: string; time: string } {
  const at = Date.parse(instant);
  return { date: todayIn(zone, at), time: timeIn(zone, at) };
}

/** "Clocked in since 09:02" / "On a break": the grid's marker in words. */
export function clockedInWords(
  entry: Pick<ClockedInDto, 'clockInAt' | 'onBreak'>,
  zone: string,
  format: (time: string) => string,
): string {
  if (entry.onBreak) return 'On a break';
  return `Clocked in since ${format(wallClockOf(entry.clockInAt, zone).time)}`;
}

/**
 * The plans' "Time and attendance" row: the time clock, timesheets, day settings and sick calls are
 * Pro (the server checks the same feature and answers Free with a 403 naming Pro).
 */
export const TIME_CLOCK_FEATURE = 'attendance' as const;

/** Whether an entry clocked out at `clockOutAt` finished on the team's `today` (in its `zone`). */
export function finishedOn(clockOutAt: string | null, today: string, zone: string): boolean {
  if (clockOutAt === null) return false;
  const at = Date.parse(clockOutAt);
  return Number.isFinite(at) && todayIn(zone, at) === today;
}

/**
 * Where a person's day stands once clocked out (the clock panel): the shifts on today's clock not yet
 * clocked for, and their latest entry that finished today in the team's `zone`, so the panel says
 * "Clocked out at 17:02 · 7h 45m worked" instead of offering the finished shift again (a clock-in
 * after it is unscheduled time). `timesheets` may hold yesterday's too (an overnight shift's entry
 * counts on the day it began); one that finished yesterday is not today's news.
 */
export function dayProgress(
  timesheets: readonly TimesheetDto[],
  myStaffId: string,
  shifts: readonly { shiftId: string }[],
  today: string,
  zone: string,
): { remaining: { shiftId: string }[]; lastFinished: TimesheetDto | null } {
  const mine = timesheets.filter((t) => t.staffId === myStaffId);
  const finished = mine
    .filter((t) => finishedOn(t.clockOutAt, today, zone))
    .sort((a, b) => (a.clockOutAt! < b.clockOutAt! ? -1 : a.clockOutAt! > b.clockOutAt! ? 1 : 0));
  return {
    remaining: shifts.filter((shift) => !mine.some((t) => t.shiftId === shift.shiftId)),
    lastFinished: finished.at(-1) ?? null,
  };
}

/**
 * The clock panel's line for the shift it offers: "Your shift today: 09:00–17:00", or, for a shift
 * that began yesterday and is still on today's clock (core shiftsOnTodaysClock: an overnight shift
 * after midnight), "Your shift from yesterday: 23:10–03:10" — "today" would misdate it.
 */
export function offeredShiftWords(shift: { shiftDate: string }, today: string, times: string): string {
  return shift.shiftDate < today ? `Your shift from yesterday: ${times}` : `Your shift today: ${times}`;
}
