import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  refusedInSupportMode,
  SUPPORT_MODE_EXPIRED_MESSAGE,
  SUPPORT_MODE_REFUSED_MESSAGE,
} from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../../db/rows.ts';
import { SUPPORT_COOKIE } from '../../lib/cookie-names.ts';
import { runAsSupportActor } from '../../lib/support-actor.ts';
import type { RequestIdentity } from '../auth/request-identity.ts';
import type { SupportSessionRow } from './support-session.repository.ts';
import { createSupportSessionService, type SupportSessionService } from './support-session.service.ts';

/**
 * The cookie outlives the hour it stands for, so that requests after the hour still carry it and get
 * 401 (the session row decides, not the browser); after a day a forgotten one simply lapses.
 */
const SUPPORT_COOKIE_MAX_AGE_S = 24 * 3600;
/** Ways out of support mode, which must work after its hour too. */
const EXITS = new Set(['/api/auth/impersonate/end', '/api/auth/logout']);

/** Support mode on this request: the agent acting, and the session they act in. */
export type SupportModeContext = { agent: UserRow; supportSession: SupportSessionRow };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while a support agent acts as `sessionUser` (who is then the user, not the agent). */
    supportMode: SupportModeContext | null;
  }
  interface FastifyInstance {
    supportMode: {
      service: SupportSessionService;
      setCookie(reply: FastifyReply, token: string): void;
      /**
       * Leaves support mode in this browser, live or over: ends the support session, clears its
       * cookie and closes its live connections. False when there was none.
       */
      leave(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
      /** Ends every support session acting as the user, and its live connections (logout-all). */
      endAllForUser(userId: string): Promise<void>;
      /**
       * Applies a request's resolved support cookie (the session plugin's hook calls it): a live
       * support session makes the request the user's, one that is over answers 401 but on the ways
       * out, a leftover cookie is cleared.
       */
      enter(request: FastifyRequest, reply: FastifyReply, identity: RequestIdentity): void;
    };
  }
}

/**
 * Support mode (issue 14, docs/auth.md "Support mode"). Registered before the session plugin, whose
 * hook resolves both cookies at once and hands them to `enter`: when the
 * browser also holds a live support session started from this very agent session, the request is
 * the user's (`request.sessionUser`), the agent is `request.supportMode.agent`, what only the account
 * holder may do is refused (403), and every audit row the request writes names the agent. Once the
 * hour is over every request answers 401 until the browser leaves support mode.
 */
export default fp(
  async (
    app: FastifyInstance,
    opts: {
      secureCookies: boolean;
      supportEmails: readonly string[];
      onTicketChanged?: (ticketId: string, userId: string) => void;
      onLeave?: (supportSessionId: string) => Promise<void>;
    },
  ) => {
    const service = createSupportSessionService({
      db: app.db,
      supportEmails: opts.supportEmails,
      ...(opts.onTicketChanged ? { onTicketChanged: opts.onTicketChanged } : {}),
    });
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };
    const clearCookie = (reply: FastifyReply) => reply.clearCookie(SUPPORT_COOKIE, cookieOptions);

    app.decorateRequest('supportMode', null);

    // From here on (after the body is read) the request runs with the agent as the actor of its
    // writes; a context entered any earlier would be lost across body parsing.
    app.addHook('preHandler', (request, _reply, done) => {
      const mode = request.supportMode;
      if (!mode || !request.sessionUser) return done();
      runAsSupportActor(
        {
          agentId: mode.agent.id,
          agentName: displayName(mode.agent),
          userId: request.sessionUser.id,
          userName: displayName(request.sessionUser),
        },
        done,
      );
    });

    app.decorate('supportMode', {
      service,
      setCookie(reply, token) {
        reply.setCookie(SUPPORT_COOKIE, token, { ...cookieOptions, maxAge: SUPPORT_COOKIE_MAX_AGE_S });
      },
      async leave(request, reply) {
        const token = request.cookies[SUPPORT_COOKIE];
        if (!token) return false;
        clearCookie(reply);
        const agent = request.supportMode?.agent ?? request.sessionUser;
        if (!agent || !request.sessionTokenHash) return false;
        const found = await service.resolve(agent, request.sessionTokenHash, token, new Date());
        if (!found) return false;
        await service.end(found.supportSession);
        await opts.onLeave?.(found.supportSession.id);
        return true;
      },
      async endAllForUser(userId) {
        for (const id of await service.endAllForUser(userId)) await opts.onLeave?.(id);
      },
      enter(request, reply, { session, support }) {
        switch (support.state) {
          case 'none':
            return;
          case 'leftover':
            // Its agent session is gone (logged out, expired) or is not this browser's (another
            // sign-in since): the support session went with it, and the cookie goes too.
            clearCookie(reply);
            return;
          case 'over':
            if (EXITS.has(request.routeOptions.url ?? '')) return;
            throw new DomainError(ErrorCode.SUPPORT_MODE_ENDED, SUPPORT_MODE_EXPIRED_MESSAGE);
          case 'live':
            request.sessionUser = support.user;
            request.supportMode = { agent: session!.user, supportSession: support.supportSession };
            if (refusedInSupportMode(request.method, request.routeOptions.url)) {
              throw new DomainError(ErrorCode.FORBIDDEN, SUPPORT_MODE_REFUSED_MESSAGE);
            }
        }
      },
    });
  },
  { name: 'support-mode', dependencies: ['database', 'cookies'] },
);
