import { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  CreateStaffInput,
  ListStaffQuery,
  RemoveStaffQuery,
  RemoveStaffResponse,
  StaffDto,
  StaffLimitsResponse,
  StaffOrderInput,
  StaffParams,
  UpdateStaffInput,
} from '@rotaboard/core/contracts/staff';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import {
  CreateWeeklyHoursInput,
  ListWeeklyHoursQuery,
  UpdateWeeklyHoursInput,
  WeeklyHoursEntryDto,
  WeeklyHoursParams,
} from '@rotaboard/core/contracts/weekly-hours';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';

/** A team's staff list and weekly hours (spec 1 §7, "Staff"). */
export async function staffRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.staff;
  const tags = ['staff'];

  routes.get(
    '/api/teams/:id/staff',
    {
      schema: {
        tags,
        summary: 'The team’s staff in display order (active on `date`, or everyone with includeAll=true)',
        params: TeamParams,
        querystring: ListStaffQuery,
        response: { 200: z.array(StaffDto) },
      },
    },
    async (request) => service.list(requireUser(request), request.params.id, request.query),
  );

  routes.get(
    '/api/teams/:id/staff/limits',
    {
      schema: {
        tags,
        summary: 'Staff and administrator counts against the plan',
        params: TeamParams,
        response: { 200: StaffLimitsResponse },
      },
    },
    async (request) => service.limits(requireUser(request), request.params.id),
  );

  routes.post(
    '/api/teams/:id/staff',
    {
      schema: {
        tags,
        summary: 'Add a member of staff',
        params: TeamParams,
        body: CreateStaffInput,
        response: { 201: StaffDto },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.params.id, request.body)),
  );

  routes.post(
    '/api/teams/:id/staff/order',
    {
      schema: {
        tags,
        summary: 'Set the display order (every id, in order)',
        params: TeamParams,
        body: StaffOrderInput,
        response: { 200: z.array(StaffDto) },
      },
    },
    async (request) => service.reorder(requireUser(request), request.params.id, request.body.staffIds),
  );

  routes.put(
    '/api/teams/:id/staff/:staffId',
    {
      schema: {
        tags,
        summary: 'Edit a member of staff; a stale hash gets 409',
        params: StaffParams,
        body: UpdateStaffInput,
        response: { 200: StaffDto },
      },
    },
    async (request) =>
      service.update(requireUser(request), request.params.id, request.params.staffId, request.body),
  );

  routes.delete(
    '/api/teams/:id/staff/:staffId',
    {
      schema: {
        tags,
        summary: 'Remove a member of staff, or with a future leavingDate mark them as leaving',
        params: StaffParams,
        querystring: RemoveStaffQuery,
        response: { 200: RemoveStaffResponse },
      },
    },
    async (request) =>
      service.remove(
        requireUser(request),
        request.params.id,
        request.params.staffId,
        request.query.leavingDate,
      ),
  );

  routes.post(
    '/api/teams/:id/staff/:staffId/cancel-leaving',
    { schema: { tags, summary: 'Clear a leaving date', params: StaffParams, response: { 200: StaffDto } } },
    async (request) => service.cancelLeaving(requireUser(request), request.params.id, request.params.staffId),
  );

  const hoursTags = ['weekly hours'];
  routes.get(
    '/api/teams/:id/weekly-hours',
    {
      schema: {
        tags: hoursTags,
        summary: 'Contracted weekly hours entries',
        params: TeamParams,
        querystring: ListWeeklyHoursQuery,
        response: { 200: z.array(WeeklyHoursEntryDto) },
      },
    },
    async (request) =>
      service.listWeeklyHours(requireUser(request), request.params.id, request.query.staffId),
  );

  routes.post(
    '/api/teams/:id/weekly-hours',
    {
      schema: {
        tags: hoursTags,
        summary: 'Add contracted hours from a date',
        params: TeamParams,
        body: CreateWeeklyHoursInput,
        response: { 201: WeeklyHoursEntryDto },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addWeeklyHours(requireUser(request), request.params.id, request.body)),
  );

  routes.put(
    '/api/teams/:id/weekly-hours/:entryId',
    {
      schema: {
        tags: hoursTags,
        summary: 'Change an entry',
        params: WeeklyHoursParams,
        body: UpdateWeeklyHoursInput,
        response: { 200: WeeklyHoursEntryDto },
      },
    },
    async (request) =>
      service.updateWeeklyHours(
        requireUser(request),
        request.params.id,
        request.params.entryId,
        request.body,
      ),
  );

  routes.delete(
    '/api/teams/:id/weekly-hours/:entryId',
    {
      schema: {
        tags: hoursTags,
        summary: 'Delete an entry',
        params: WeeklyHoursParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) =>
      service.deleteWeeklyHours(requireUser(request), request.params.id, request.params.entryId),
  );
}
