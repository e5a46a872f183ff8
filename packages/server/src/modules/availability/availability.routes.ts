import { Availability } from '@rotaboard/core/contracts/availability';
import { AvailabilityDto, TeamAvailabilityResponse } from '@rotaboard/core/contracts/availability-dto';
import { DateRangeQuery } from '@rotaboard/core/contracts/shifts';
import { StaffParams } from '@rotaboard/core/contracts/staff';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** A member of staff's availability (issue 25): read and replaced whole, on every plan. */
export async function availabilityRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.availability;
  const tags = ['availability'];

  routes.get(
    '/api/teams/:id/availability',
    {
      schema: {
        tags,
        summary:
          'Everyone’s availability, dated entries within the range (at most 62 days), for the grid (owner, administrators)',
        params: TeamParams,
        querystring: DateRangeQuery,
        response: { 200: TeamAvailabilityResponse },
      },
    },
    async (request) => service.listForTeam(requireUser(request), request.params.id, request.query),
  );

  routes.get(
    '/api/teams/:id/staff/:staffId/availability',
    {
      schema: {
        tags,
        summary:
          'When this member of staff is unavailable or prefers to work (themself, owner, administrators)',
        params: StaffParams,
        response: { 200: AvailabilityDto },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id, request.params.staffId),
  );

  routes.put(
    '/api/teams/:id/staff/:staffId/availability',
    {
      schema: {
        tags,
        summary: 'Replace this member of staff’s whole availability',
        params: StaffParams,
        body: Availability,
        response: { 200: AvailabilityDto },
      },
    },
    async (request) =>
      service.replace(requireUser(request), request.params.id, request.params.staffId, request.body),
  );
}
