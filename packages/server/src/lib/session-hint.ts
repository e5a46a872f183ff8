import { SESSION_HINT_COOKIE, SESSION_IDLE_DAYS } from '@rotaboard/core/auth/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The readable "signed in" hint beside the httpOnly session cookie (docs/auth.md). It holds no secret
 * (its value is `1`) and grants nothing: it only tells the web app that a session may exist, so a
 * signed-out page does not ask `/api/auth/me` for a 401 the browser would log as an error. It is set
 * and cleared wherever the session cookie is, with the same lifetime, path and flags except httpOnly.
 */
export function setSessionHint(reply: FastifyReply, maxAgeSeconds: number, secure: boolean): void {
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure, maxAge: maxAgeSeconds });
}

export function clearSessionHint(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/**
 * A page of the app requested with a session cookie but no hint (a session started before the hint
 * existed) gets one, so the app asks who is signed in instead of showing the signed-out page. The
 * session's own end is not looked up for a page: a hint outliving it costs one 401, after which the app
 * drops it.
 */
export function ensureSessionHint(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionCookie: string,
  secure: boolean,
): void {
  if (request.cookies?.[sessionCookie] && !request.cookies[SESSION_HINT_COOKIE]) {
    setSessionHint(reply, SESSION_IDLE_DAYS * 86_400, secure);
  }
}
