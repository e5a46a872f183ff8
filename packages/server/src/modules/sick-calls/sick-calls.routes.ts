import { SickCallInput, SickCallParams, SickCallResponse } from '@rotaboard/core/contracts/sick-calls';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Sick calls (issue 44; Pro; docs/the-day.md). */
export async function sickCallRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.sickCalls;

  routes.post(
    '/api/teams/:id/shifts/:shiftId/sick',
    {
      schema: {
        tags: ['sick-calls'],
        summary:
          'Call in sick for a shift not yet over (its member, or an owner or administrator for them; Pro): the shift becomes time off marked sick, its place an open shift offered to the best-ranked colleagues',
        params: SickCallParams,
        body: SickCallInput,
        response: { 201: SickCallResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.callInSick(
            requireUser(request),
            request.params.id,
            request.params.shiftId,
            request.body,
          ),
        ),
  );
}
