import {
  ConfirmEmailChangeResponse,
  EmailChangeStatusResponse,
  InitiateEmailChangeInput,
  LinkToken,
  VerifyNewEmailResponse,
} from '@rotaboard/core/contracts/auth';
import { MessageResponse } from '@rotaboard/core/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';
import { perIpAuthLimit } from '../../plugins/rate-limit.ts';

const TokenParams = z.object({ token: LinkToken });

/** Email change (spec 1 §4): initiate, verify the new address, confirm from the old one. */
export async function emailChangeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.emailChange;
  const perIpLimit = perIpAuthLimit(app.config.authRateLimitPerIp);
  const tags = ['email change'];

  routes.post(
    '/api/auth/change-email/initiate',
    {
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Start changing my email',
        body: InitiateEmailChangeInput,
        response: { 200: MessageResponse },
      },
    },
    async (request) => service.initiate(requireUser(request), request.body.newEmail),
  );

  routes.get(
    '/api/auth/change-email/status',
    {
      schema: {
        tags,
        summary: 'My pending email change, if any',
        response: { 200: EmailChangeStatusResponse },
      },
    },
    async (request) => service.status(requireUser(request)),
  );

  routes.post(
    '/api/auth/change-email/cancel',
    { schema: { tags, summary: 'Cancel my pending email change', response: { 200: MessageResponse } } },
    async (request) => service.cancel(requireUser(request)),
  );

  routes.get(
    '/api/auth/change-email/verify-new/:token',
    {
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Verify the new address (link in its inbox)',
        params: TokenParams,
        response: { 200: VerifyNewEmailResponse },
      },
    },
    async (request) => service.verifyNew(request.params.token),
  );

  routes.get(
    '/api/auth/change-email/confirm/:token',
    {
      config: perIpLimit,
      schema: {
        tags,
        summary: 'Confirm the change (link in the old inbox)',
        params: TokenParams,
        response: { 200: ConfirmEmailChangeResponse },
      },
    },
    async (request) => service.confirm(request.params.token),
  );
}
