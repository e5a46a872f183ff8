/**
 * The live hub's names and payloads without zod, for the browser (the signed-in app loads no
 * validation library before it needs one). `events.ts` holds the same payloads as zod schemas, which
 * the server's tests parse every event with; test/hub.test.ts holds the readers here to the same
 * answers as those schemas.
 */

/** The hub's path and event names (spec 2 §4 and §7). */
export const HUB_PATH = '/scheduleHub';
/**
 * How the web client reaches the hub: WebSocket first, long-polling only if WebSocket fails (a proxy
 * that blocks it). A WebSocket connection is one request, so it never depends on two requests reaching
 * the same server process; long-polling's handshake and its later requests carry a session id only the
 * first process knows, so several processes behind a balancer would need sticky sessions for it.
 * Socket.IO's default, long-polling first, failed 11 connections in 20 through two processes behind
 * nginx's `least_conn`, and all of them behind a round-robin balancer (docs/realtime.md). A new object
 * each call: Socket.IO keeps the options it is given.
 */
export const hubTransports = () => ({ transports: ['websocket', 'polling'], tryAllTransports: true });
export const HubEvents = {
  join: 'JoinTeamGroup',
  leave: 'LeaveTeamGroup',
  joined: 'JoinedTeamGroup',
  left: 'LeftTeamGroup',
  scheduleUpdated: 'ScheduleUpdated',
  error: 'Error',
  presence: 'PresenceUpdated',
  /** A support ticket changed (a message, a status): sent to its user and to the agents (issue 14). */
  supportTicketUpdated: 'SupportTicketUpdated',
} as const;

/** What changed, so clients refetch exactly the affected queries. */
export const SCHEDULE_CHANGE_KINDS = [
  'shifts',
  'day-notes',
  'lock',
  'staff',
  'team',
  'requests',
  'open-shifts',
  'availability',
  'staffing',
  /** Pay rates or labour settings (issue 43): delivered to owners and administrators only. */
  'labour',
  /** Someone clocked in or out, took a break, or a timesheet changed (issue 44): owners and administrators only. */
  'time-clock',
] as const;
export type ScheduleChangeKind = (typeof SCHEDULE_CHANGE_KINDS)[number];

export interface Person {
  userId: string;
  name: string;
}

/** The payload of `ScheduleUpdated`: which team, which dates (null: not date-bound), what, and who. */
export interface ScheduleUpdatedEvent {
  teamId: string;
  kind: ScheduleChangeKind;
  startDate: string | null;
  endDate: string | null;
  /** The entries concerned, when the change is about particular shifts or notes. */
  ids: string[];
  changedBy: Person;
  at: string;
}

/**
 * `ScheduleUpdated` with kind `all`: "refetch everything of this team you show". Each server sends it
 * to the team groups it has screens in when its link to the other servers (Redis) comes back, because
 * announcements made while it was away may never have arrived. Names no dates, entries or person.
 */
export const RESYNC_KIND = 'all';
export interface ScheduleResyncEvent {
  teamId: string;
  kind: typeof RESYNC_KIND;
  startDate: null;
  endDate: null;
  ids: null;
  changedBy: null;
  at: string;
}

/** What a client may receive as `ScheduleUpdated`: a change, or a resync. */
export type HubScheduleEvent = ScheduleUpdatedEvent | ScheduleResyncEvent;

/** The resync for one team, announced at `at` (an ISO date-time). */
export function resyncEvent(teamId: string, at: string): ScheduleResyncEvent {
  return { teamId, kind: RESYNC_KIND, startDate: null, endDate: null, ids: null, changedBy: null, at };
}

/** The people looking at a team's schedule right now (`PresenceUpdated`). */
export interface PresenceEvent {
  teamId: string;
  viewers: Person[];
}

/** The payload of `SupportTicketUpdated`: which ticket; the thread and lists refetch. */
export interface SupportTicketUpdatedEvent {
  ticketId: string;
}

// zod's `z.uuid()`: versions 1 to 8, and the nil and max ids.
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
// zod's `z.iso.datetime()`: UTC with a Z and seconds, fractions optional.
const DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isPerson = (value: unknown): value is Person =>
  isObject(value) && isUuid(value.userId) && typeof value.name === 'string';
const isDateOrNull = (value: unknown) => value === null || typeof value === 'string';

/** The event as the client may use it (unknown keys dropped), or null when it is not one. */
export function readScheduleUpdated(payload: unknown): HubScheduleEvent | null {
  if (!isObject(payload)) return null;
  const { teamId, kind, startDate, endDate, ids, changedBy, at } = payload;
  if (kind === RESYNC_KIND) {
    const resync =
      isUuid(teamId) &&
      startDate === null &&
      endDate === null &&
      ids === null &&
      changedBy === null &&
      typeof at === 'string' &&
      DATETIME.test(at);
    return resync ? resyncEvent(teamId, at) : null;
  }
  if (
    !isUuid(teamId) ||
    !SCHEDULE_CHANGE_KINDS.includes(kind as ScheduleChangeKind) ||
    !isDateOrNull(startDate) ||
    !isDateOrNull(endDate) ||
    !Array.isArray(ids) ||
    !ids.every(isUuid) ||
    !isPerson(changedBy) ||
    typeof at !== 'string' ||
    !DATETIME.test(at)
  ) {
    return null;
  }
  return {
    teamId,
    kind: kind as ScheduleChangeKind,
    startDate: startDate as string | null,
    endDate: endDate as string | null,
    ids: [...ids],
    changedBy: { userId: changedBy.userId, name: changedBy.name },
    at,
  };
}

export function readPresence(payload: unknown): PresenceEvent | null {
  if (!isObject(payload) || !isUuid(payload.teamId) || !Array.isArray(payload.viewers)) return null;
  if (!payload.viewers.every(isPerson)) return null;
  return {
    teamId: payload.teamId,
    viewers: payload.viewers.map((viewer: Person) => ({ userId: viewer.userId, name: viewer.name })),
  };
}

export function readSupportTicketUpdated(payload: unknown): SupportTicketUpdatedEvent | null {
  if (!isObject(payload) || !isUuid(payload.ticketId)) return null;
  return { ticketId: payload.ticketId };
}
