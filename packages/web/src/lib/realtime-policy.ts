import type { ScheduleUpdatedEvent } from '@rotaboard/core/realtime/hub';

/** Automatic reconnect delays after a lost connection (spec 2 §4, §9). */
export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;
/** After the connection has closed (automatic retries used up), start is retried this often… */
export const RESTART_DELAY_MS = 5000;
/** …at most this many times in total. */
export const MAX_RESTARTS = 5;

/**
 * How long to wait before automatic reconnect attempt number `attempt` (0-based) after the
 * connection was lost; null once the attempts are used up and the connection counts as closed.
 */
export function reconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 0) return null;
  return RECONNECT_DELAYS_MS[attempt] ?? null;
}

/**
 * How long to wait before starting again after the connection has closed `closes` times in total
 * (counting this one); null once start has been retried MAX_RESTARTS times.
 */
export function restartDelay(closes: number): number | null {
  if (!Number.isInteger(closes) || closes < 1) return null;
  return closes <= MAX_RESTARTS ? RESTART_DELAY_MS : null;
}

/** Inclusive ISO date ranges overlap; an open (null) bound overlaps everything. */
function overlaps(queryStart: unknown, queryEnd: unknown, start: string | null, end: string | null): boolean {
  if (typeof queryStart !== 'string' || typeof queryEnd !== 'string') return true;
  if (start && queryEnd < start) return false;
  if (end && queryStart > end) return false;
  return true;
}

type Change = Pick<ScheduleUpdatedEvent, 'teamId' | 'kind' | 'startDate' | 'endDate' | 'ids'>;

/**
 * Whether a cached query (by its TanStack Query key) is affected by a schedule change, so exactly
 * those are refetched: keys are ['teams'], ['teams', id], ['teams', id, 'shifts', from, to],
 * ['teams', id, 'day-notes', from, to], ['teams', id, 'locked-until'], ['teams', id, 'staff', …], ['teams', id, 'open-shifts', from, to].
 */
export function isAffectedQuery(queryKey: readonly unknown[], change: Change): boolean {
  if (queryKey[0] !== 'teams') return false;
  if (change.kind === 'team') {
    return queryKey.length === 1 || (queryKey.length === 2 && queryKey[1] === change.teamId);
  }
  if (queryKey[1] !== change.teamId) return false;
  const [, , part, a, b] = queryKey;
  switch (change.kind) {
    case 'shifts':
      if (part === 'shifts') return overlaps(a, b, change.startDate, change.endDate);
      // The "next shift" highlight and an open entry's history follow the shifts.
      if (part === 'next-shift') return true;
      if (part === 'shift-history') return typeof a === 'string' && change.ids.includes(a);
      // An open proposal: another administrator may have accepted or undone some of its changes.
      if (part === 'proposals') return true;
      return false;
    case 'day-notes':
      return part === 'day-notes' && overlaps(a, b, change.startDate, change.endDate);
    case 'lock':
      // A lock that hides later days hides their open shifts from staff too.
      return part === 'locked-until' || part === 'open-shifts';
    case 'staff':
      // The list, and its limits (['teams', id, 'staff', 'limits']); a changed role changes which
      // open shifts fit.
      return part === 'staff' || part === 'open-shifts';
    case 'requests':
      return part === 'requests';
    case 'open-shifts':
      // ['teams', id, 'open-shifts', from, to]: the dates of the open shifts that changed.
      return part === 'open-shifts' && overlaps(a, b, change.startDate, change.endDate);
    default:
      return false;
  }
}
