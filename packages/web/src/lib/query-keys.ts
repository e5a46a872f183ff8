/**
 * Every TanStack Query key of the app, built here and nowhere else: queries, invalidations, cache
 * writes and the realtime policy (lib/realtime-policy.ts) all go through these functions, so a key's
 * layout is written once. A shorter key is a prefix of the longer ones under it: invalidating
 * `queryKeys.team(id).shifts()` refetches every cached week of that team.
 *
 * A team's keys are ['teams', teamId, part, …args]; `teamKeyParts` reads one back by name.
 */

/** The parts of a team's keys (the third element), as the realtime policy names them. */
export type TeamKeyPart =
  | 'shifts'
  | 'day-notes'
  | 'weekly-hours'
  | 'locked-until'
  | 'next-shift'
  | 'shift-history'
  | 'staff'
  | 'availability'
  | 'schedule-agent'
  | 'proposals'
  | 'requests'
  | 'open-shifts'
  | 'assistant'
  | 'reports'
  | 'labour'
  | 'pay-rates'
  | 'labour-settings'
  | 'time-clock'
  | 'timesheets'
  | 'day-settings';

/** Filters of the audit report, part of its key. */
export type AuditKeyFilters = { domain: string | null; actorId: string | null; staffId: string | null };

function teamKeys(teamId: string) {
  const all = ['teams', teamId] as const;
  return {
    /** The team itself (its details); a prefix of everything of the team. */
    all,
    /** A week (or any range) of shifts; without dates, every range. */
    shifts: (...range: [] | [startDate: string, endDate: string]) => [...all, 'shifts', ...range] as const,
    dayNotes: (startDate: string, endDate: string) => [...all, 'day-notes', startDate, endDate] as const,
    /** The team's weekly hours; with a person, theirs alone (the staff page). */
    weeklyHours: (staffId?: string) =>
      staffId === undefined
        ? ([...all, 'weekly-hours'] as const)
        : ([...all, 'weekly-hours', staffId] as const),
    lockedUntil: () => [...all, 'locked-until'] as const,
    nextShift: (date: string, time: string) => [...all, 'next-shift', date, time] as const,
    shiftHistory: (shiftId: string) => [...all, 'shift-history', shiftId] as const,
    /** The staff list; a prefix of its limits. */
    staff: () => [...all, 'staff'] as const,
    staffLimits: () => [...all, 'staff', 'limits'] as const,
    /** Everyone's availability over a range (the grid). */
    availability: (startDate: string, endDate: string) =>
      [...all, 'availability', startDate, endDate] as const,
    /** One person's availability (their editor). */
    staffAvailability: (staffId: string) => [...all, 'availability', staffId] as const,
    /** Everything read under …/schedule-agent: settings, logs, the grid's validation. */
    scheduleAgent: () => [...all, 'schedule-agent'] as const,
    staffingSettings: () => [...all, 'schedule-agent', 'settings'] as const,
    agentLogs: (page: number) => [...all, 'schedule-agent', 'logs', page] as const,
    validatePeriod: (startDate: string, endDate: string, shiftsFetchedAt: number) =>
      [...all, 'schedule-agent', 'validate', startDate, endDate, shiftsFetchedAt] as const,
    /** An agent proposal; without an id, every one of the team's. */
    proposals: (proposalId?: string) =>
      proposalId === undefined
        ? ([...all, 'proposals'] as const)
        : ([...all, 'proposals', proposalId] as const),
    /** A page of the team's requests; without a page, every page. */
    requests: (page?: number, status?: string | null) =>
      page === undefined
        ? ([...all, 'requests'] as const)
        : ([...all, 'requests', page, status ?? 'all'] as const),
    /** The open shifts over a range; without dates, every range. */
    openShifts: (...range: [] | [startDate: string, endDate: string]) =>
      [...all, 'open-shifts', ...range] as const,
    /** What a range of the schedule costs (issue 43); without dates, every range. */
    labour: (...range: [] | [startDate: string, endDate: string]) => [...all, 'labour', ...range] as const,
    /** One person's pay rates with their history; without a person, everyone's. */
    payRates: (staffId?: string) =>
      staffId === undefined ? ([...all, 'pay-rates'] as const) : ([...all, 'pay-rates', staffId] as const),
    labourSettings: () => [...all, 'labour-settings'] as const,
    /** The time clock (issue 44): the caller's own open entry, and who is clocked in now (administrators). */
    timeClock: () => [...all, 'time-clock'] as const,
    myClock: () => [...all, 'time-clock', 'mine'] as const,
    clockedIn: () => [...all, 'time-clock', 'now'] as const,
    /** Timesheets over a range; without dates, every range. */
    timesheets: (...range: [] | [startDate: string, endDate: string]) =>
      [...all, 'timesheets', ...range] as const,
    daySettings: () => [...all, 'day-settings'] as const,
    assistantUsage: () => [...all, 'assistant', 'usage'] as const,
    rangeReport: <P extends object>(report: 'leave' | 'adjustments' | 'payroll', params: P) =>
      [...all, 'reports', report, params] as const,
    auditReport: (page: number, filters: AuditKeyFilters) =>
      [...all, 'reports', 'audit', page, filters] as const,
  };
}

export const queryKeys = {
  /** Who is signed in. Everything else is removed when someone else signs in; this is kept. */
  session: () => ['auth', 'me'] as const,
  emailChangeStatus: () => ['auth', 'change-email', 'status'] as const,
  calendarFeed: () => ['calendar-feed'] as const,
  notifications: () => ['notifications'] as const,
  subscription: () => ['subscription', 'current'] as const,
  demoCheckout: (sessionId: string) => ['billing', 'demo-checkout', sessionId] as const,
  demoPortal: (sessionId: string) => ['billing', 'demo-portal', sessionId] as const,
  isSupport: () => ['support', 'is-support'] as const,
  supportTickets: () => ['support', 'tickets'] as const,
  supportTicket: (ticketId: string) => ['support', 'ticket', ticketId] as const,
  /** The signed-in person's teams; a prefix of every team's keys. */
  teams: () => ['teams'] as const,
  team: teamKeys,
};

/** Whether a key is of the session (`auth`), which outlives a change of who is signed in. */
export function isSessionKey(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === queryKeys.session()[0];
}

/** A team's key read back by name: which team, which part, and the part's first two arguments. */
export type TeamKeyParts =
  | { kind: 'teams' }
  | { kind: 'team'; teamId: unknown }
  | { kind: 'part'; teamId: unknown; part: TeamKeyPart; first: unknown; second: unknown };

/**
 * Reads a key built by `queryKeys.teams()` or `queryKeys.team(id).…` by name; null for any other key.
 * For ranges (shifts, day notes, open shifts) `first` and `second` are the start and end dates; for
 * a shift's history the shift's id.
 */
export function teamKeyParts(queryKey: readonly unknown[]): TeamKeyParts | null {
  if (queryKey[0] !== queryKeys.teams()[0]) return null;
  if (queryKey.length === 1) return { kind: 'teams' };
  const [, teamId, part, first, second] = queryKey;
  if (queryKey.length === 2) return { kind: 'team', teamId };
  // The third element is a part's name, as every team key is built above.
  return { kind: 'part', teamId, part: part as TeamKeyPart, first, second };
}
