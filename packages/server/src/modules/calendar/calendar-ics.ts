import { feedDescription, feedSummary, shiftWallClock, type WallClock } from '@rotaboard/core/calendar/feed';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { FeedEntryRow } from './calendar.repository.ts';

/** One team's part of a feed: its name and the person's entries there. */
export type FeedTeam = { teamName: string; entries: FeedEntryRow[] };

/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

/**
 * A wall-clock moment as a Date whose UTC fields are that moment: ical-generator writes a floating
 * event's times from the UTC fields, so the feed does not depend on the server's time zone.
 */
const floating = ({ date, time }: WallClock) => new Date(`${date}T${time}:00Z`);
const dateOnly = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The feed as RFC 5545 text (ical-generator folds lines and ends them with CRLF). Shifts are floating
 * local times, since the schedule keeps wall-clock times and teams have no time zone; time off is an
 * all-day event. Every stamp comes from the rows, so the same data gives the same bytes (the ETag).
 */
export function renderFeed(teams: FeedTeam[], uidDomain: string): string {
  const calendar = ical({
    name: 'Rotaboard shifts',
    prodId: { company: 'Rotaboard', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const { teamName, entries } of teams) {
    for (const entry of entries) {
      const timed = !entry.isTimeOff && entry.startTime && entry.endTime;
      const common = {
        id: `shift-${entry.shiftId}@${uidDomain}`,
        summary: feedSummary(teamName, entry.role, entry.isTimeOff),
        description: feedDescription(entry.notes, entry.notesVisibleToAll),
        sequence: entry.changes,
        stamp: entry.updatedAt,
        lastModified: entry.updatedAt,
      };
      if (timed) {
        const { start, end } = shiftWallClock(entry.shiftDate, entry.startTime!, entry.endTime!);
        calendar.createEvent({ ...common, start: floating(start), end: floating(end), floating: true });
      } else {
        calendar.createEvent({ ...common, start: dateOnly(entry.shiftDate), allDay: true });
      }
    }
  }
  return calendar.toString();
}
