import { ImpersonateInput, ImpersonateParams, ImpersonateResponse } from '@rotaboard/core/contracts/auth';
import { MessageResponse } from '@rotaboard/core/contracts/common';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Support mode: an agent logs in as a ticket's user for an hour, and back (spec 2 §7, issue 14). */
export async function supportSessionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  routes.post(
    '/api/auth/impersonate/:userId',
    {
      schema: {
        tags,
        summary:
          'Log in as a user who has a ticket, for an hour (agents only; 404 for anyone without a ticket, 403 for an agent)',
        params: ImpersonateParams,
        body: ImpersonateInput,
        response: { 200: ImpersonateResponse },
      },
    },
    async (request, reply) => {
      const agent = requireUser(request);
      if (!request.sessionTokenHash) {
        throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please log in to continue');
      }
      const { token, supportSession, user } = await app.supportMode.service.start(
        agent,
        request.sessionTokenHash,
        request.params.userId,
        request.body?.ticketId,
      );
      app.supportMode.setCookie(reply, token);
      return {
        success: true as const,
        impersonatedUser: { firstName: user.firstName, lastName: user.lastName, email: user.email },
        expiresAt: supportSession.expiresAt.toISOString(),
      };
    },
  );

  routes.post(
    '/api/auth/impersonate/end',
    {
      schema: {
        tags,
        summary: 'Leave support mode: back to the agent’s own account (also after the hour is over)',
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      const left = await app.supportMode.leave(request, reply);
      return left
        ? { success: true, message: 'You are back in your own account' }
        : { success: false, message: 'Support mode was not on' };
    },
  );
}
