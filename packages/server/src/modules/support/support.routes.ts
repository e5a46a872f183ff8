import { IsSupportResponse } from '@rotaboard/core/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';

/** Support agents are the accounts listed in SUPPORT_EMAILS. */
export async function supportRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/support/user/is-support',
    {
      schema: {
        tags: ['support'],
        summary: 'Whether I am a support agent',
        response: { 200: IsSupportResponse },
      },
    },
    async (request) => ({ isSupportUser: app.config.supportEmails.includes(requireUser(request).email) }),
  );
}
