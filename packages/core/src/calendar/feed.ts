import { addDays } from '../dates/week.ts';
import { readableRange, type ScheduleViewer } from '../shifts/lock.ts';

/**
 * The calendar feed (issue 27, every plan): each person's own shifts and time off, in every team,
 * published at a secret address that calendar apps poll. Pure rules shared by the server (which
 * renders the feed) and the web app (which explains it).
 */

/** How far back and ahead the feed reaches from today (issue 27: 4 weeks back to 12 ahead). */
export const FEED_WEEKS_BACK = 4;
export const FEED_WEEKS_AHEAD = 12;

/**
 * Requests per address to `GET /calendar/{token}.ics` in `FEED_RATE_WINDOW`. Calendar services
 * (Google's especially) fetch many people's feeds from a few addresses every few hours, so the
 * limit is generous; it is there to stop scraping and guessing, not polling.
 */
export const FEED_RATE_MAX = 120;
export const FEED_RATE_WINDOW = '1 minute';

/** A feed token: 32 random bytes, base64url (256 bits; issue 27 asks for at least 128). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The secret address's last path segment, `{token}.ics`, → the token; null when it is no token at all. */
export function feedTokenOf(file: string): string | null {
  if (!file.endsWith('.ics')) return null;
  const token = file.slice(0, -'.ics'.length);
  return FEED_TOKEN_PATTERN.test(token) ? token : null;
}

/** The secret address as people paste it into their calendar app. */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/calendar/${token}.ics`;
}

export type DateRange = { startDate: string; endDate: string };

/**
 * The dates the feed covers on `today` (a team's today, in its time zone): 4 weeks back to 12 weeks
 * ahead, both ends included.
 */
export function feedWindow(today: string): DateRange {
  return { startDate: addDays(today, -FEED_WEEKS_BACK * 7), endDate: addDays(today, FEED_WEEKS_AHEAD * 7) };
}

/**
 * The part of the feed's window one team contributes, or null when none: what the person may read
 * there (the plan's history and a lock that hides later days from staff: readableRange), ending on
 * their leaving date, the last day they work for the team.
 */
export function feedRangeForTeam(
  viewer: ScheduleViewer,
  leavingDate: string | null,
  window: DateRange = feedWindow(viewer.today),
): DateRange | null {
  const readable = readableRange(viewer, window.startDate, window.endDate);
  if (!readable) return null;
  const endDate = leavingDate && leavingDate < readable.endDate ? leavingDate : readable.endDate;
  return readable.startDate <= endDate ? { startDate: readable.startDate, endDate } : null;
}

/** A wall-clock moment: a date and an 'HH:MM' time, read in the team's time zone (feed-zone.ts). */
export type WallClock = { date: string; time: string };

/**
 * When a shift starts and ends on the wall clock. An end at or before the start runs past midnight
 * into the next day, as everywhere in the schedule (spec 1 §3).
 */
export function shiftWallClock(
  shiftDate: string,
  startTime: string,
  endTime: string,
): { start: WallClock; end: WallClock } {
  const start = startTime.slice(0, 5);
  const end = endTime.slice(0, 5);
  return {
    start: { date: shiftDate, time: start },
    end: { date: end <= start ? addDays(shiftDate, 1) : shiftDate, time: end },
  };
}

/**
 * An event's title: the team, then the person's role there when they have one; time off says so, and
 * a shift called in sick (issue 44, time off marked `sick`) says "Sick": the feed is the person's own.
 */
export function feedSummary(teamName: string, role: string, isTimeOff: boolean, sick = false): string {
  if (isTimeOff) return `${sick ? 'Sick' : 'Time off'} · ${teamName}`;
  const trimmed = role.trim();
  return trimmed ? `${teamName} · ${trimmed}` : teamName;
}

/**
 * An event's description: the entry's notes only when every member of staff may read them. Notes
 * for administrators never leave the app, even for an administrator's own feed, since the address
 * is a bearer secret that calendar services keep and share.
 */
export function feedDescription(notes: string | null, notesVisibleToAll: boolean): string | null {
  const text = notes?.trim();
  return text && notesVisibleToAll ? text : null;
}
