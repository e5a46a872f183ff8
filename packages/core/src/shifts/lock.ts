import { type SubscriptionTier, scheduleHistoryStart } from '../plans/plan-limits.ts';

/**
 * The schedule lock (spec 1 "Lock"): days up to `lockedUntil` are finished (changes to them email the
 * people affected, on Pro), and with `hideScheduleAfterLock` staff see nothing after it until the
 * administrators are ready. The server and the web app both decide with these functions.
 */
export type ScheduleLock = { lockedUntil: string | null; hideScheduleAfterLock: boolean };

/** A date is locked when a lock date is set and the date is on or before it. */
export function isDateLocked(date: string, lockedUntil: string | null | undefined): boolean {
  return Boolean(lockedUntil && date <= lockedUntil);
}

/**
 * The last date a viewer may read, or null when no lock limits them: staff see nothing after a lock
 * that hides the days after it; owners and administrators see every date.
 */
export function lastReadableDate(lock: ScheduleLock, isAdmin: boolean): string | null {
  return !isAdmin && lock.hideScheduleAfterLock ? lock.lockedUntil : null;
}

/** Who is reading the schedule, for `readableRange`; `today` is the team's, in its time zone. */
export type ScheduleViewer = { tier: SubscriptionTier; isAdmin: boolean; lock: ScheduleLock; today: string };

/**
 * The part of `startDate`–`endDate` a viewer may read, or null when none of it: no older than the
 * plan's schedule history (Free: 8 weeks back from today), and for staff nothing after a hiding lock.
 */
export function readableRange(
  viewer: ScheduleViewer,
  startDate: string,
  endDate: string,
): { startDate: string; endDate: string } | null {
  const oldest = scheduleHistoryStart(viewer.tier, viewer.today);
  const last = lastReadableDate(viewer.lock, viewer.isAdmin);
  const start = oldest && startDate < oldest ? oldest : startDate;
  const end = last && endDate > last ? last : endDate;
  return start <= end ? { startDate: start, endDate: end } : null;
}
