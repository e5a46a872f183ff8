import { lastReadableDate, type ScheduleLock } from '../shifts/lock.ts';

/**
 * What a member of staff may hear of a schedule change. When the team hides the schedule after its
 * lock, staff see nothing after `lockedUntil`, so they are not told of changes there either: a change
 * wholly after it is not announced to them, and one that reaches past it is announced up to it, with
 * no entry ids (they could name entries staff cannot read). Changes bound to no date pass as they are.
 */
export function eventForStaff<E extends { startDate: string | null; endDate: string | null; ids: string[] }>(
  event: E,
  lock: ScheduleLock,
): E | null {
  const last = lastReadableDate(lock, false);
  if (!last || !event.endDate) return event;
  if (event.endDate <= last) return event;
  if (event.startDate && event.startDate > last) return null;
  return { ...event, endDate: last, ids: [] };
}
