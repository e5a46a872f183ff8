import { feedDescription, feedSummary } from '@rotaboard/core/calendar/feed';
import { feedEventSpan, vtimezone } from '@rotaboard/core/calendar/feed-zone';
import { addDays } from '@rotaboard/core/dates/week';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { FeedEntryRow } from './calendar.repository.ts';

/** One team's part of a feed: its name, its time zone and the person's entries there. */
export type FeedTeam = { teamName: string; timeZone: string; entries: FeedEntryRow[] };

/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;

const dateOnly = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The whole years each zone's timed events fall in: its VTIMEZONE lists the clock changes of those
 * years, so the text changes once a year rather than with each day's window (the ETag).
 */
function zoneYears(teams: FeedTeam[]): Map<string, { from: string; to: string }> {
  const years = new Map<string, { from: string; to: string }>();
  for (const { timeZone, entries } of teams) {
    for (const entry of entries) {
      if (entry.isTimeOff || !entry.startTime || !entry.endTime) continue;
      const from = `${entry.shiftDate.slice(0, 4)}-01-01`;
      // An overnight shift of 31 December ends in the next year.
      const to = `${addDays(entry.shiftDate, 1).slice(0, 4)}-12-31`;
      const kept = years.get(timeZone);
      years.set(timeZone, {
        from: kept && kept.from < from ? kept.from : from,
        to: kept && kept.to > to ? kept.to : to,
      });
    }
  }
  return years;
}

/**
 * The feed as RFC 5545 text (ical-generator folds lines and ends them with CRLF). A shift's start and
 * end are the instants its wall-clock times mean in its team's time zone: `DTSTART;TZID=Europe/London`
 * with that zone's VTIMEZONE (core's feed-zone), or UTC times (`Z`) for a team in UTC; never floating,
 * so a phone in another zone shows the right moment. Time off is an all-day event. Every stamp comes
 * from the rows, so the same data gives the same bytes (the ETag).
 */
export function renderFeed(teams: FeedTeam[], uidDomain: string): string {
  const years = zoneYears(teams);
  const calendar = ical({
    name: 'Rotaboard shifts',
    prodId: { company: 'Rotaboard', product: 'Calendar feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
    // No zone of the calendar's own (its teams may be in several): one VTIMEZONE per zone its
    // events name.
    timezone: {
      name: null,
      generator: (zone) => {
        const range = years.get(zone);
        return range ? vtimezone(zone, range.from, range.to) : null;
      },
    },
  });
  for (const { teamName, timeZone, entries } of teams) {
    for (const entry of entries) {
      const timed = !entry.isTimeOff && entry.startTime && entry.endTime;
      const common = {
        id: `shift-${entry.shiftId}@${uidDomain}`,
        summary: feedSummary(teamName, entry.role, entry.isTimeOff, entry.sick),
        description: feedDescription(entry.notes, entry.notesVisibleToAll),
        sequence: entry.changes,
        stamp: entry.updatedAt,
        lastModified: entry.updatedAt,
      };
      if (timed) {
        const { start, end } = feedEventSpan(entry.shiftDate, entry.startTime!, entry.endTime!, timeZone);
        calendar.createEvent({ ...common, start, end, timezone: timeZone });
      } else {
        calendar.createEvent({ ...common, start: dateOnly(entry.shiftDate), allDay: true });
      }
    }
  }
  return calendar.toString();
}
