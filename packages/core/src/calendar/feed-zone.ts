import { Temporal } from 'temporal-polyfill';
import { addDays } from '../dates/week.ts';
import { minutesOfDay } from '../shifts/times.ts';
import { clockChangesBetween, isFixedZone, spanInstants, wallClockInstant } from '../time/zone.ts';

/**
 * The calendar feed's times in the team's time zone (issue 41): each event's start and end are real
 * instants, written as wall-clock times with the zone's TZID and a VTIMEZONE that says when its clocks
 * change, so a phone in another zone shows the right moment. Apart from feed.ts because the zone rules
 * (temporal-polyfill) must stay off the web app's first load, which reads feed.ts.
 */

/**
 * When a shift starts and ends, as date-times in `zone`: the instants its wall-clock times mean there
 * (spanInstants), so 22:00–06:00 on the night the clocks go back lasts 9 hours. As in shiftWallClock,
 * an end at the start time is the next day's; a time the clocks skipped is the same reading after the
 * change (wallClockInstant).
 */
export function feedEventSpan(
  shiftDate: string,
  startTime: string,
  endTime: string,
  zone: string,
): { start: Temporal.ZonedDateTime; end: Temporal.ZonedDateTime } {
  const span = spanInstants(shiftDate, startTime, endTime, zone);
  const end =
    minutesOfDay(endTime) === minutesOfDay(startTime)
      ? wallClockInstant(addDays(shiftDate, 1), endTime, zone)
      : span.end;
  return { start: zoned(span.start, zone), end: zoned(end, zone) };
}

const zoned = (epochMs: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone);

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An RFC 5545 UTC offset: +0100, -0800, +0545 (+HHMMSS when it has seconds, as old local times did). */
function utcOffset(offsetNanoseconds: number): string {
  const totalSeconds = Math.round(offsetNanoseconds / 1e9);
  const sign = totalSeconds < 0 ? '-' : '+';
  const abs = Math.abs(totalSeconds);
  const seconds = abs % 60;
  return `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}${seconds ? pad(seconds) : ''}`;
}

/** An RFC 5545 local DATE-TIME (no zone): 20271031T020000. */
function localDateTime(t: Temporal.PlainDateTime): string {
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/**
 * The VTIMEZONE of `zone` for events from `from` to `to` (dates): one observance from `from`'s
 * midnight with the offset then, and one per clock change until `to`, each with its exact instant.
 * Explicit dates rather than recurrence rules: correct for any zone, including those whose rules
 * changed, and the same text for the same dates (the feed's ETag). Null for UTC, whose times are
 * written with `Z` and need none.
 */
export function vtimezone(zone: string, from: string, to: string): string | null {
  if (isFixedZone(zone)) return null;
  const first = Temporal.PlainDate.from(from).toZonedDateTime({ timeZone: zone });
  const changes = clockChangesBetween(from, to, zone).map(({ at }) => {
    const after = zoned(at, zone);
    const before = zoned(at - 1, zone);
    return {
      // The observance starts at the change, read on the clock before it (RFC 5545 §3.6.5): 01:00
      // when London's clocks go forward, 02:00 when they go back.
      start: zoned(at, 'UTC').toPlainDateTime().add({ nanoseconds: before.offsetNanoseconds }),
      from: before.offsetNanoseconds,
      to: after.offsetNanoseconds,
    };
  });
  // Daylight saving is the clocks going forward; the first observance is the other kind from the
  // first change it is followed by (a southern summer at `from` is daylight time).
  const kind = (c: { from: number; to: number }) => (c.to > c.from ? 'DAYLIGHT' : 'STANDARD');
  const firstKind = changes[0] && kind(changes[0]) === 'STANDARD' ? 'DAYLIGHT' : 'STANDARD';
  const observances = [
    {
      kind: firstKind,
      start: first.toPlainDateTime(),
      from: first.offsetNanoseconds,
      to: first.offsetNanoseconds,
    },
    ...changes.map((c) => ({ kind: kind(c), ...c })),
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observances.flatMap((o) => [
      `BEGIN:${o.kind}`,
      `DTSTART:${localDateTime(o.start)}`,
      `TZOFFSETFROM:${utcOffset(o.from)}`,
      `TZOFFSETTO:${utcOffset(o.to)}`,
      `END:${o.kind}`,
    ]),
    'END:VTIMEZONE',
  ].join('\r\n');
}
