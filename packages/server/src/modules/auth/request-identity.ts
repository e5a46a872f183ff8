import { SESSION_ABSOLUTE_DAYS } from '@rotaboard/core/auth/constants';
import type { UserRow } from '../../db/rows.ts';
import type { supportSessions } from '../../db/schema.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { SESSION_COOKIE, SUPPORT_COOKIE } from '../../lib/cookie-names.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { SessionRepository, SessionWithUser } from './session.repository.ts';

/** Sessions started before this are over, however recently used (the absolute lifetime). */
export const oldestLiveSessionStart = (now: Date) => new Date(now.getTime() - SESSION_ABSOLUTE_DAYS * DAY_MS);

/**
 * A support-mode cookie that names a session started from this agent session: live (the request is the
 * user's) or over. Support mode (modules/support) answers it; auth only asks, through the resolver below.
 */
export type ResolvedSupportSession =
  | { state: 'live'; supportSession: typeof supportSessions.$inferSelect; user: UserRow }
  | { state: 'over'; supportSession: typeof supportSessions.$inferSelect };

/** What a support-mode cookie turned out to be: none sent, a leftover to clear, or a session live or over. */
export type SupportCookieState = { state: 'none' } | { state: 'leftover' } | ResolvedSupportSession;

/** Who a browser is, from its cookies: the same answer for an HTTP request and a websocket handshake. */
export type RequestIdentity = {
  /** The browser's own live session (the agent's, in support mode), with its token's hash. */
  session: (SessionWithUser & { tokenHash: string }) | null;
  support: SupportCookieState;
};

/**
 * Resolves a browser's session and support mode from its cookies (already parsed by @fastify/cookie).
 * The session cookie names a live session or nothing; the support cookie counts only beside the agent
 * session that started it, so without that session it is a leftover. Asks the database nothing when
 * no cookie is sent.
 */
export function createIdentityResolver(deps: {
  sessions: Pick<SessionRepository, 'findLiveByTokenHash'>;
  /** Support mode's session service (modules/support/support-session.service.ts). */
  supportSessions: {
    resolve(
      agent: UserRow,
      agentSessionTokenHash: string,
      token: string,
      now: Date,
    ): Promise<ResolvedSupportSession | null>;
  };
}) {
  return async function resolveIdentity(
    cookies: Readonly<Record<string, string | undefined>>,
    now: Date = new Date(),
  ): Promise<RequestIdentity> {
    const token = cookies[SESSION_COOKIE];
    const supportToken = cookies[SUPPORT_COOKIE];
    const tokenHash = token ? hashToken(token) : null;
    const found = tokenHash
      ? await deps.sessions.findLiveByTokenHash(tokenHash, now, oldestLiveSessionStart(now))
      : null;
    const session = found && tokenHash ? { ...found, tokenHash } : null;
    if (!supportToken) return { session, support: { state: 'none' } };
    if (!session) return { session, support: { state: 'leftover' } };
    const resolved = await deps.supportSessions.resolve(session.user, session.tokenHash, supportToken, now);
    return { session, support: resolved ?? { state: 'leftover' } };
  };
}
export type ResolveIdentity = ReturnType<typeof createIdentityResolver>;

/** Whose request it is: in live support mode the user's, otherwise the session's own (null: nobody). */
export function actingUser(identity: RequestIdentity): UserRow | null {
  if (!identity.session) return null;
  return identity.support.state === 'live' ? identity.support.user : identity.session.user;
}
