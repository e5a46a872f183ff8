import { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  ClaimDecisionInput,
  ClaimResponse,
  OpenShiftClaimParams,
  OpenShiftDto,
  OpenShiftInput,
  OpenShiftListResponse,
  OpenShiftParams,
} from '@rotaboard/core/contracts/open-shifts';
import { DateRangeQuery } from '@rotaboard/core/contracts/shifts';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Open shifts and their claims (issue 27; Pro). */
export async function openShiftsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.openShifts;
  const tags = ['open-shifts'];

  routes.post(
    '/api/teams/:id/open-shifts',
    {
      schema: {
        tags,
        summary: 'Post an open shift for members to claim (owner, administrators; Pro)',
        params: TeamParams,
        body: OpenShiftInput,
        response: { 201: OpenShiftDto },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.params.id, request.body)),
  );

  routes.get(
    '/api/teams/:id/open-shifts',
    {
      schema: {
        tags,
        summary:
          'Open shifts of a date range: all with their claims for administrators; for staff those not filled, on dates they may read, whose role fits',
        params: TeamParams,
        querystring: DateRangeQuery,
        response: { 200: OpenShiftListResponse },
      },
    },
    async (request) => service.list(requireUser(request), request.params.id, request.query),
  );

  routes.delete(
    '/api/teams/:id/open-shifts/:openShiftId',
    {
      schema: {
        tags,
        summary: 'Delete an open shift: pending claims are rejected, shifts of approved ones stay',
        params: OpenShiftParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => service.remove(requireUser(request), request.params.id, request.params.openShiftId),
  );

  routes.post(
    '/api/teams/:id/open-shifts/:openShiftId/claim',
    {
      schema: {
        tags,
        summary: 'Claim an open shift for yourself (a member whose role fits); 409 when it clashes',
        params: OpenShiftParams,
        response: { 201: ClaimResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.claim(requireUser(request), request.params.id, request.params.openShiftId)),
  );

  routes.put(
    '/api/teams/:id/open-shifts/:openShiftId/claims/:claimId',
    {
      schema: {
        tags,
        summary:
          'Approve (writes the claimant’s shift; 409 when it now clashes or is filled) or reject a claim (owner, administrators)',
        params: OpenShiftClaimParams,
        body: ClaimDecisionInput,
        response: { 200: OpenShiftDto },
      },
    },
    async (request) =>
      service.decide(
        requireUser(request),
        request.params.id,
        request.params.openShiftId,
        request.params.claimId,
        request.body,
      ),
  );
}
