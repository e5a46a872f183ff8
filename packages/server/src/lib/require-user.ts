import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { FastifyRequest } from 'fastify';

/**
 * The signed-in user, or a 401 for routes that need one. `request.sessionUser` is set by the session
 * plugin (modules/auth/session.plugin.ts), which declares it; this helper is here so that every module's
 * routes can read it without importing auth.
 */
export function requireUser(request: FastifyRequest): NonNullable<FastifyRequest['sessionUser']> {
  if (!request.sessionUser) {
    throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please log in to continue');
  }
  return request.sessionUser;
}
