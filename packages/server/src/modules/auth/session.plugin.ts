import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '@rotaboard/core/auth/constants';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/rows.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { SESSION_COOKIE } from '../../lib/cookie-names.ts';
import { clearSessionHint, setSessionHint } from '../../lib/session-hint.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { createIdentityResolver, type ResolveIdentity } from './request-identity.ts';
import { createSessionRepository } from './session.repository.ts';

const SESSION_MS = SESSION_IDLE_DAYS * DAY_MS;
const SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_DAYS * DAY_MS;
/** Extending the expiry costs a write, so it happens at most once an hour per session. */
const EXTEND_AFTER_MS = 3_600_000;

export type SessionUser = UserRow;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; read with `requireUser` (lib/require-user.ts) in routes that need one. */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    sessions: {
      /**
       * Who a browser is from its parsed cookies: its session and support mode. The one way both
       * HTTP requests (the hook below) and websocket handshakes (modules/realtime) find out.
       */
      resolve: ResolveIdentity;
      /** Starts a session for the user and sets its cookie on the reply. */
      start(reply: FastifyReply, userId: string, userAgent: string | undefined): Promise<void>;
      /** Ends the request's session (if any) and clears the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** Ends every session of the user, in every browser, and clears this browser's cookie. */
      endAll(reply: FastifyReply, userId: string): Promise<number>;
    };
  }
}

/**
 * Cookie sessions: an opaque random token in an httpOnly, SameSite=Lax cookie (Secure when
 * PUBLIC_URL is https); the database keeps only its hash, with a sliding 30-day expiry and an absolute
 * end 90 days after sign-in. Each `/api` request is resolved once, session and support mode together
 * (request-identity.ts); support mode then makes it the user's (support-mode.plugin.ts, registered first).
 */
export default fp(
  async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
    const repo = createSessionRepository(app.db);
    const resolve = createIdentityResolver({ sessions: repo, supportSessions: app.supportMode.service });
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookies,
    };
    const setCookie = (reply: FastifyReply, token: string, expiresAt: Date) => {
      const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
      setSessionHint(reply, maxAge, opts.secureCookies);
    };
    const clearCookie = (reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      clearSessionHint(reply, opts.secureCookies);
    };

    app.decorateRequest('sessionUser', null);
    app.decorateRequest('sessionTokenHash', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const now = new Date();
      const identity = await resolve(request.cookies, now);
      const { session } = identity;
      if (session) {
        request.sessionUser = session.user;
        request.sessionTokenHash = session.tokenHash;
        if (now.getTime() - session.lastSeenAt.getTime() > EXTEND_AFTER_MS) {
          // Sliding, but never past the absolute end: 90 days after sign-in, sign in again.
          const expiresAt = new Date(
            Math.min(now.getTime() + SESSION_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS),
          );
          await repo.extend(session.sessionId, expiresAt, now);
          setCookie(reply, request.cookies[SESSION_COOKIE]!, expiresAt);
        }
      }
      app.supportMode.enter(request, reply, identity);
    });

    app.decorate('sessions', {
      resolve,
      async start(reply, userId, userAgent) {
        const token = newToken();
        const expiresAt = new Date(Date.now() + SESSION_MS);
        await repo.insert({
          userId,
          tokenHash: hashToken(token),
          expiresAt,
          userAgent: userAgent?.slice(0, 300) ?? null,
        });
        setCookie(reply, token, expiresAt);
      },
      async end(request, reply) {
        if (request.sessionTokenHash) await repo.deleteByTokenHash(request.sessionTokenHash);
        clearCookie(reply);
      },
      async endAll(reply, userId) {
        const count = await repo.deleteAllForUser(userId);
        clearCookie(reply);
        return count;
      },
    });
  },
  { name: 'session', dependencies: ['database', 'cookies', 'support-mode'] },
);
