import { negotiate } from '@fastify/accept-negotiator';
import { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  ClearWeekInput,
  ClearWeekResponse,
  CopyWeekInput,
  CopyWeekResponse,
  DateRangeQuery,
  HistoryQuery,
  HistoryResponse,
  NextShiftQuery,
  NotificationQuery,
  NotifyWeekInput,
  NotifyWeekResponse,
  ShiftDto,
  ShiftInput,
  ShiftLock,
  ShiftParams,
} from '@rotaboard/core/contracts/shifts';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';
import { WEEK_ENCODINGS, type WeekEncoding } from './week-cache.ts';

/** Shifts, time off, the lock and schedule notifications (spec 1 §7, "Shifts"). */
export async function shiftsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.shifts;
  const tags = ['shifts'];

  routes.get(
    '/api/teams/:id/shifts',
    {
      schema: {
        tags,
        summary: 'Shifts and time off in a date range (ETag; If-None-Match answers 304 when unchanged)',
        params: TeamParams,
        querystring: DateRangeQuery,
        response: { 200: z.array(ShiftDto), 304: z.null().describe('Not modified: no body') },
      },
    },
    async (request, reply) => {
      const { etag, load } = await service.list(requireUser(request), request.params.id, request.query);
      // The browser may keep its copy (private: never a shared cache) but must ask each time.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      const validators = request.headers['if-none-match']?.split(',').map((v) => v.trim()) ?? [];
      // No body at all: a 304 that announced one (`null` is 4 bytes) would keep some clients waiting.
      if (validators.includes(etag)) return (reply as FastifyReply).code(304).send();
      // Already serialised and compressed (and cached, shared by concurrent reads): sent as it is;
      // with Content-Encoding set, plugins/compression.ts leaves it alone.
      const header = request.headers['accept-encoding'];
      const wanted = header
        ? (negotiate(header.toLowerCase(), [...WEEK_ENCODINGS]) as WeekEncoding | null)
        : null;
      const { body, encoding } = await load(wanted ?? undefined);
      reply.header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  routes.post(
    '/api/teams/:id/shifts',
    {
      schema: {
        tags,
        summary: 'Add a shift or time off; a clash gets 409',
        params: TeamParams,
        querystring: NotificationQuery,
        body: ShiftInput,
        response: { 201: ShiftDto },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.create(
            requireUser(request),
            request.params.id,
            request.body,
            request.query.includeNotification,
          ),
        ),
  );

  routes.get(
    '/api/teams/:id/shifts/next',
    {
      schema: {
        tags,
        summary: 'My next shift after a date and time, or null when there is none',
        params: TeamParams,
        querystring: NextShiftQuery,
        response: { 200: ShiftDto.nullable() },
      },
    },
    // Having no next shift is an answer, not an error: 200 with null (browsers log every 404).
    async (request) =>
      service.next(requireUser(request), request.params.id, request.query.d, request.query.t),
  );

  routes.get(
    '/api/teams/:id/shifts/locked-until',
    { schema: { tags, summary: 'The schedule lock', params: TeamParams, response: { 200: ShiftLock } } },
    async (request) => service.getLock(requireUser(request), request.params.id),
  );

  routes.put(
    '/api/teams/:id/shifts/locked-until',
    {
      schema: {
        tags,
        summary: 'Set the schedule lock',
        params: TeamParams,
        body: ShiftLock,
        response: { 200: ShiftLock },
      },
    },
    async (request) => service.setLock(requireUser(request), request.params.id, request.body),
  );

  routes.post(
    '/api/teams/:id/shifts/notify-week-updated',
    {
      schema: {
        tags,
        summary: 'Email staff with shifts that week that it changed (Pro)',
        params: TeamParams,
        body: NotifyWeekInput,
        response: { 200: NotifyWeekResponse },
      },
    },
    async (request) => service.notifyWeek(requireUser(request), request.params.id, request.body),
  );

  routes.post(
    '/api/teams/:id/shifts/copy-week',
    {
      schema: {
        tags,
        summary: 'Copy a week’s entries to a later week, skipping clashes',
        params: TeamParams,
        body: CopyWeekInput,
        response: { 200: CopyWeekResponse },
      },
    },
    async (request) => service.copyWeek(requireUser(request), request.params.id, request.body),
  );

  routes.post(
    '/api/teams/:id/shifts/clear-week',
    {
      schema: {
        tags,
        summary: 'Delete every entry of a week',
        params: TeamParams,
        body: ClearWeekInput,
        response: { 200: ClearWeekResponse },
      },
    },
    async (request) => service.clearWeek(requireUser(request), request.params.id, request.body.weekStartDate),
  );

  routes.put(
    '/api/teams/:id/shifts/:shiftId',
    {
      schema: {
        tags,
        summary: 'Change a shift or time off; a clash gets 409',
        params: ShiftParams,
        querystring: NotificationQuery,
        body: ShiftInput,
        response: { 200: ShiftDto },
      },
    },
    async (request) =>
      service.update(
        requireUser(request),
        request.params.id,
        request.params.shiftId,
        request.body,
        request.query.includeNotification,
      ),
  );

  routes.delete(
    '/api/teams/:id/shifts/:shiftId',
    {
      schema: {
        tags,
        summary: 'Delete a shift or time off',
        params: ShiftParams,
        querystring: NotificationQuery,
        response: { 200: MessageResponse },
      },
    },
    async (request) =>
      service.remove(
        requireUser(request),
        request.params.id,
        request.params.shiftId,
        request.query.includeNotification,
      ),
  );

  routes.get(
    '/api/teams/:id/shifts/:shiftId/history',
    {
      schema: {
        tags,
        summary: 'A shift’s change history',
        params: ShiftParams,
        querystring: HistoryQuery,
        response: { 200: HistoryResponse },
      },
    },
    async (request) =>
      service.history(
        requireUser(request),
        request.params.id,
        request.params.shiftId,
        request.query.offset,
        request.query.limit,
      ),
  );
}
