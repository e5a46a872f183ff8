import { toIsoDate } from '@rotaboard/core/dates/week';
import { canonicalTimeZone, timeIn, todayIn } from '@rotaboard/core/time/clock';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { browserTimeZone } from './region';
import { teamsQueryOptions } from './teams';

/**
 * The team's "today" and its time as HH:MM (issue 41): the date on the team's wall clocks, not the
 * viewer's, so someone in Tokyo looking at a London team's week lands on London's today. Without a
 * zone (the team still loading) the browser's own date stands in, as before zones existed.
 */
export function teamNow(
  zone: string | null | undefined,
  now: Date = new Date(),
): { today: string; time: string } {
  if (zone) {
    try {
      return { today: todayIn(zone, now), time: timeIn(zone, now) };
    } catch {
      // A zone this browser's Intl does not know (an older platform): its own clock is the best left.
    }
  }
  return {
    today: toIsoDate(now),
    time: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
  };
}

/** The team's today as YYYY-MM-DD, read once (a date picker's minimum, a default range). */
export function teamToday(zone: string | null | undefined): string {
  return teamNow(zone).today;
}

/** The team's today and time, refreshed each minute, so the day changes under an open page. */
export function useTeamToday(zone: string | null | undefined): { today: string; time: string } {
  const [value, setValue] = useState(() => teamNow(zone));
  useEffect(() => {
    setValue((previous) => {
      const next = teamNow(zone);
      return next.today === previous.today && next.time === previous.time ? previous : next;
    });
    const timer = setInterval(() => setValue(teamNow(zone)), 60_000);
    return () => clearInterval(timer);
  }, [zone]);
  return value;
}

/**
 * The team's zone when it is not the browser's (the schedule names it beside the week), else null:
 * someone whose clocks already read the team's time needs no reminder.
 */
export function foreignTeamZone(teamZone: string | null | undefined): string | null {
  if (!teamZone) return null;
  const team = canonicalTimeZone(teamZone) ?? teamZone;
  const own = browserTimeZone();
  const mine = own ? (canonicalTimeZone(own) ?? own) : null;
  return mine === team ? null : team;
}

/** A team's zone from the teams list the header already loaded (null until it has). */
export function useTeamTimeZone(teamId: string): string | null {
  const { data } = useQuery({ ...teamsQueryOptions(), enabled: Boolean(teamId) });
  return data?.find((team) => team.teamId === teamId)?.timeZone ?? null;
}
