import type { HubScheduleEvent } from '@rotaboard/core/realtime/hub';
import { teamKeyParts } from './query-keys';

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

/** How far the first retry (0 s) is spread, so thousands of screens dropped at once do not return at once. */
export const FIRST_RETRY_SPREAD_MS = 1000;
/** Later delays vary by this share either way (socket.io-client's own randomizationFactor). */
export const RANDOMIZATION_FACTOR = 0.5;

/**
 * `delay` with jitter, for `random` in [0, 1): 0 becomes 0–1 s, anything else ±50 %. When a server
 * stops or dies, its screens all lose their connection in the same instant; without jitter every
 * one of them would knock on the next server in the same millisecond, and again at each step.
 */
export function withJitter(delay: number, random: number): number {
  const r = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0.5;
  if (delay === 0) return Math.round(r * FIRST_RETRY_SPREAD_MS);
  return Math.round(delay * (1 - RANDOMIZATION_FACTOR + 2 * RANDOMIZATION_FACTOR * r));
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

/** The changes after which a cached labour cost is read again. */
const LABOUR_KINDS: ReadonlySet<string> = new Set(['shifts', 'requests', 'staff', 'labour']);

type Change =
  | Pick<Extract<HubScheduleEvent, { kind: 'all' }>, 'teamId' | 'kind'>
  | Pick<Exclude<HubScheduleEvent, { kind: 'all' }>, 'teamId' | 'kind' | 'startDate' | 'endDate' | 'ids'>;

/**
 * Whether a cached query (by its TanStack Query key, lib/query-keys.ts) is affected by a schedule
 * change, so exactly those are refetched: the team list, the team, and its parts (shifts, day notes
 * and open shifts over a range, the lock, the next shift, a shift's history, the staff list and its
 * limits, proposals, requests, availability, the staffing settings and checks, the labour cost,
 * pay rates and labour settings). A resync (kind `all`) affects every one of the team's queries and the
 * team list.
 */
export function isAffectedQuery(queryKey: readonly unknown[], change: Change): boolean {
  const key = teamKeyParts(queryKey);
  if (!key) return false;
  // A resync (the server's link to the others came back): anything of the team may have changed
  // unannounced, the team list included. Only queries on screen refetch at once (TanStack Query's
  // default); the rest are marked stale and refetch when shown.
  if (change.kind === 'all') return key.kind === 'teams' || key.teamId === change.teamId;
  if (change.kind === 'team') {
    if (key.kind === 'teams') return true;
    if (key.teamId !== change.teamId) return false;
    // A new time zone changes the week's lengths and "next shift" (issue 41); the week answers 304
    // when the edit was only the name.
    // The currency and the week start change what the week costs and how it is shown.
    return key.kind === 'team' || key.part === 'shifts' || key.part === 'next-shift' || key.part === 'labour';
  }
  if (key.kind !== 'part' || key.teamId !== change.teamId) return false;
  const { part, first, second } = key;
  // What the rota costs follows anything that changes who works when, or for how much: any shift
  // (a week's overtime depends on every earlier shift in it, so any range), time off and swaps
  // (requests), proposals accepted (announced as shifts), staff leaving or renamed, and rates and
  // the budget (`labour`, which the hub sends to administrators only).
  if (part === 'labour' && LABOUR_KINDS.has(change.kind)) return true;
  // A timesheet's scheduled minutes and variance follow its shift (a sick call turns one to time off).
  if (part === 'timesheets') {
    if (change.kind === 'shifts') return overlaps(first, second, change.startDate, change.endDate);
    // A person renamed or gone: the names on their timesheets.
    if (change.kind === 'staff') return true;
  }
  switch (change.kind) {
    case 'shifts':
      if (part === 'shifts') return overlaps(first, second, change.startDate, change.endDate);
      // The "next shift" highlight and an open entry's history follow the shifts.
      if (part === 'next-shift') return true;
      if (part === 'shift-history') return typeof first === 'string' && change.ids.includes(first);
      // An open proposal: another administrator may have accepted or undone some of its changes.
      if (part === 'proposals') return true;
      return false;
    case 'day-notes':
      return part === 'day-notes' && overlaps(first, second, change.startDate, change.endDate);
    case 'lock':
      // A lock that hides later days hides their open shifts from staff too.
      return part === 'locked-until' || part === 'open-shifts';
    case 'staff':
      // The list, and its limits (under the list's key); a changed role changes which open shifts fit.
      return part === 'staff' || part === 'open-shifts';
    case 'requests':
      return part === 'requests';
    case 'open-shifts':
      // The dates of the open shifts that changed.
      return part === 'open-shifts' && overlaps(first, second, change.startDate, change.endDate);
    case 'availability':
      // Everyone's over a range (the grid's marks) and one person's (their editor, the staff page).
      return part === 'availability';
    case 'labour':
      // A rate added or deleted, or the budget and overtime changed.
      return part === 'pay-rates' || part === 'labour-settings';
    case 'time-clock':
      // Someone clocked in, out or on a break, or a timesheet was edited, approved or rejected (issue 44;
      // sent to administrators only): who is clocked in now, the timesheets, and the payroll (approved
      // time is what was worked).
      if (part === 'time-clock') return true;
      if (part === 'timesheets') return overlaps(first, second, change.startDate, change.endDate);
      return part === 'reports' && first === 'payroll';
    case 'staffing':
      // The staffing settings and the grid's check of a week (its coverage row and rule marks).
      return part === 'schedule-agent' && first !== 'logs';
    default:
      return false;
  }
}
