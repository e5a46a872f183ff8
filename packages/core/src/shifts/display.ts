/**
 * How long ago `then` was, as people say it: 'just now' under 30 seconds, then minutes, hours, days,
 * and the en-GB date after a week. `now` is passed in; nothing here reads the clock.
 */
export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  if (seconds < 30) return 'just now';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`;
  return formatDateGb(then.toISOString().slice(0, 10));
}

/** A `YYYY-MM-DD` date in en-GB short format: '23/11/2026'. */
export function formatDateGb(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** An audit time as the history shows it: day, short month, 2-digit year, 24-hour time (en-GB). */
export function formatAuditTime(at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
}
