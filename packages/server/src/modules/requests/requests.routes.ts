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
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { REQUESTS_PER_HOUR, tooManyRequestsMessage } from '@rotaboard/core/requests/swaps';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/**
 * At most REQUESTS_PER_HOUR requests sent per person an hour (issue 45), counted by the signed-in
 * user (after the session is read: the preHandler hook) in the rate-limit store, which is Redis when it
 * is set, so every process counts together. Signed out, the route's 401 comes from the handler; the
 * count falls back to the address so an anonymous flood is limited too.
 */
const requestsPerMember = {
  max: REQUESTS_PER_HOUR,
  timeWindow: '1 hour',
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) =>
    request.sessionUser ? `requests:user:${request.sessionUser.id}` : `requests:ip:${request.ip}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return new DomainError(ErrorCode.RATE_LIMITED, tooManyRequestsMessage(retryAfterSeconds), {
      retryAfterSeconds,
    });
  },
};

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
      config: { rateLimit: requestsPerMember },
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
