import {
  RequestDto,
  RequestInput,
  RequestListQuery,
  RequestListResponse,
  RequestParams,
  RespondInput,
  ReviewInput,
} from '@rotaboard/core/contracts/requests';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Requests (spec 2 §7 `/requests`); the notification bell is modules/notifications. */
export async function requestsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.requests;
  const tags = ['requests'];

  routes.post(
    '/api/teams/:id/requests',
    {
      schema: {
        tags,
        summary:
          'Send a request (any member on the staff list, for themselves; Pro): time off, other, a swap of my shift for a colleague’s, or a give-away to a colleague or anyone',
        params: TeamParams,
        body: RequestInput,
        response: { 201: RequestDto },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.params.id, request.body)),
  );

  routes.get(
    '/api/teams/:id/requests',
    {
      schema: {
        tags,
        summary: 'Requests, newest first: everyone’s for administrators, your own for staff',
        params: TeamParams,
        querystring: RequestListQuery,
        response: { 200: RequestListResponse },
      },
    },
    async (request) => service.list(requireUser(request), request.params.id, request.query),
  );

  routes.put(
    '/api/teams/:id/requests/:requestId/review',
    {
      schema: {
        tags,
        summary: 'Approve or reject (administrators); 409 when already decided or when approval clashes',
        params: RequestParams,
        body: ReviewInput,
        response: { 200: RequestDto },
      },
    },
    async (request) =>
      service.review(requireUser(request), request.params.id, request.params.requestId, request.body),
  );

  routes.put(
    '/api/teams/:id/requests/:requestId/respond',
    {
      schema: {
        tags,
        summary: 'Accept or decline a swap or give-away that names me (that colleague only)',
        params: RequestParams,
        body: RespondInput,
        response: { 200: RequestDto },
      },
    },
    async (request) =>
      service.respond(requireUser(request), request.params.id, request.params.requestId, request.body.accept),
  );

  routes.put(
    '/api/teams/:id/requests/:requestId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel my pending request',
        params: RequestParams,
        response: { 200: RequestDto },
      },
    },
    async (request) => service.cancel(requireUser(request), request.params.id, request.params.requestId),
  );
}
