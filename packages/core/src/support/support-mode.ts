/**
 * Support mode: an agent acting as a ticket's user for a limited time (spec 2 §4 Impersonation, §9,
 * issue 14). Pure rules and constants shared by the server and the web app.
 */

/** How long an agent may act as a user (spec 2 §9: impersonation length 60 minutes). */
export const SUPPORT_MODE_MINUTES = 60;
/** The web app checks for expiry on load and this often (spec 2 §9). */
export const SUPPORT_MODE_CHECK_MS = 60_000;
/** After "Log in as user" succeeds, the app goes to / after this long (spec 2 §9). */
export const SUPPORT_MODE_REDIRECT_MS = 1500;

export const SUPPORT_MODE_REFUSED_MESSAGE =
  'Support agents cannot do this while logged in as a user: only the account holder can.';
export const SUPPORT_MODE_EXPIRED_MESSAGE = 'Support mode has ended. Please log in again.';
export const CANNOT_IMPERSONATE_AGENT = 'Support agents cannot log in as another support agent';
export const NOT_A_TICKET_USER = 'No ticket from this user was found';

/**
 * What only the account holder may do, refused with 403 while an agent acts as them (issue 14):
 * changing the sign-in address, billing, deleting a team, logging out of all devices, and starting
 * another support session; and the calendar feed's secret address (issue 27), read or reset, since it
 * keeps working after the support session ends; and the time clock's taps (issue 44), which say the
 * person is at work. Method and route pattern exactly as the server
 * registers them.
 */
export const SUPPORT_MODE_REFUSED_ROUTES: readonly (readonly [string, string])[] = [
  ['POST', '/api/auth/change-email/initiate'],
  ['POST', '/api/auth/change-email/cancel'],
  ['GET', '/api/auth/change-email/verify-new/:token'],
  ['GET', '/api/auth/change-email/confirm/:token'],
  ['POST', '/api/subscriptions/checkout'],
  ['POST', '/api/subscriptions/portal'],
  ['POST', '/api/billing/demo/checkout/:sessionId/pay'],
  ['PUT', '/api/billing/demo/portal/:sessionId/cancel-at-period-end'],
  ['DELETE', '/api/teams/:id'],
  ['POST', '/api/auth/logout-all-devices'],
  ['POST', '/api/auth/impersonate/:userId'],
  ['GET', '/api/calendar/feed'],
  ['POST', '/api/calendar/feed/reset'],
  // Clocking in and out (issue 44) says the person is at work now: an agent cannot say it for them.
  ['POST', '/api/teams/:id/time-clock/clock-in'],
  ['POST', '/api/teams/:id/time-clock/break-start'],
  ['POST', '/api/teams/:id/time-clock/break-end'],
  ['POST', '/api/teams/:id/time-clock/clock-out'],
];

/** Whether a route is kept from an agent acting as a user. */
export function refusedInSupportMode(method: string, routePattern: string | undefined): boolean {
  return SUPPORT_MODE_REFUSED_ROUTES.some(([m, url]) => m === method && url === routePattern);
}

/** How an audit entry names an agent acting as a user: "Support (Hal Helper) as Ada Owner". */
export function supportActorName(agentName: string, userName: string): string {
  return `Support (${agentName}) as ${userName}`;
}

/** Whole minutes left before `expiresAt` (rounded up, never below 0): the banner's countdown. */
export function minutesLeft(expiresAt: string | Date, now: Date): number {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 60_000);
}

/** A support session is over when it was ended or its hour has passed. */
export function supportModeOver(
  session: { expiresAt: string | Date; endedAt?: string | Date | null },
  now: Date,
): boolean {
  return Boolean(session.endedAt) || new Date(session.expiresAt).getTime() <= now.getTime();
}

/** When a support session stopped (ended early, or its hour ran out), or null while it lasts. */
export function supportModeEnd(session: { expiresAt: Date; endedAt: Date | null }, now: Date): Date | null {
  if (session.endedAt) return session.endedAt < session.expiresAt ? session.endedAt : session.expiresAt;
  return session.expiresAt.getTime() <= now.getTime() ? session.expiresAt : null;
}
