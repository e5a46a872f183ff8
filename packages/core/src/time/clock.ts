/**
 * A team's "today" and its zone's names, from the platform's Intl alone: light enough for the web
 * app's first load (zone arithmetic, with its rules library, is time/zone.ts). No clock is read
 * unless "now" is left out.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
export const MAX_TIME_ZONE_LENGTH = 64;

const zoneIds = new Map<string, string | null>();
const partsFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's canonical IANA name ("europe/london" → "Europe/London"), or null when it is not one.
 * Offsets ("+01:00") are not names of places: a team's clock changes with its place's laws.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > MAX_TIME_ZONE_LENGTH || !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(trimmed)) {
    return null;
  }
  const known = zoneIds.get(trimmed);
  if (known !== undefined) return known;
  let id: string | null;
  try {
    id = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    id = null;
  }
  if (zoneIds.size < 1_000) zoneIds.set(trimmed, id);
  return id;
}

/** True for an IANA time zone name the platform knows. */
export function isTimeZone(name: unknown): name is string {
  return canonicalTimeZone(name) !== null;
}

/** A zone whose clocks never change: lengths there are plain wall-clock arithmetic. */
export function isFixedZone(zone: string): boolean {
  return zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT' || zone === 'GMT';
}

function partsIn(zone: string, now: Date | number): Record<string, string> {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(now))) parts[part.type] = part.value;
  return parts;
}

/** The calendar date in `zone` at the instant `now`, as YYYY-MM-DD: a team's "today". */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  if (isFixedZone(zone)) return new Date(now).toISOString().slice(0, 10);
  const p = partsIn(zone, now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The wall-clock time in `zone` at the instant `now`, as HH:MM. */
export function timeIn(zone: string, now: Date | number = Date.now()): string {
  if (isFixedZone(zone)) return new Date(now).toISOString().slice(11, 16);
  const p = partsIn(zone, now);
  return `${p.hour}:${p.minute}`;
}
