import { TeamParams } from '@rotaboard/core/contracts/teams';
import { DaySettings } from '@rotaboard/core/time-clock/day-settings';
import {
  ClockedInNowDto,
  ClockInDto,
  ClockInInput,
  OwnClockDto,
  TimesheetDto,
  TimesheetEditInput,
  TimesheetList,
  TimesheetNowDto,
  TimesheetParams,
  TimesheetQuery,
} from '@rotaboard/core/time-clock/time-clock-contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** The time clock, timesheets and day settings (issue 44; Pro; docs/time-clock.md). */
export async function timeClockRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.timeClock;
  const tags = ['time-clock'];

  routes.post(
    '/api/teams/:id/time-clock/clock-in',
    {
      schema: {
        tags,
        summary:
          'Clock in now, for yourself: to the shift given, or your shift whose window holds now, or unscheduled',
        params: TeamParams,
        body: ClockInInput,
        response: { 201: ClockInDto },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.clockIn(requireUser(request), request.params.id, request.body ?? null)),
  );

  for (const [path, summary, act] of [
    ['break-start', 'Start a break (you are clocked in and not on one)', service.breakStart],
    ['break-end', 'End your break', service.breakEnd],
    ['clock-out', 'Clock out now (not on a break); the timesheet waits for approval', service.clockOut],
  ] as const) {
    routes.post(
      `/api/teams/:id/time-clock/${path}`,
      { schema: { tags, summary, params: TeamParams, response: { 200: TimesheetNowDto } } },
      async (request) => act(requireUser(request), request.params.id),
    );
  }

  routes.get(
    '/api/teams/:id/time-clock',
    {
      schema: {
        tags,
        summary: 'Your open timesheet in the team, or null',
        params: TeamParams,
        response: { 200: OwnClockDto },
      },
    },
    async (request) => service.own(requireUser(request), request.params.id),
  );

  routes.get(
    '/api/teams/:id/time-clock/now',
    {
      schema: {
        tags,
        summary: 'Who is clocked in now (owner and administrators)',
        params: TeamParams,
        response: { 200: ClockedInNowDto },
      },
    },
    async (request) => service.clockedInNow(requireUser(request), request.params.id),
  );

  routes.get(
    '/api/teams/:id/timesheets',
    {
      schema: {
        tags,
        summary: 'Timesheets counting on the range’s dates (up to 62 days); a member of staff sees their own',
        params: TeamParams,
        querystring: TimesheetQuery,
        response: { 200: TimesheetList },
      },
    },
    async (request) => service.list(requireUser(request), request.params.id, request.query),
  );

  routes.put(
    '/api/teams/:id/timesheets/:timesheetId',
    {
      schema: {
        tags,
        summary:
          'Correct a timesheet’s times with a reason (owner and administrators); it waits for approval again',
        params: TimesheetParams,
        body: TimesheetEditInput,
        response: { 200: TimesheetDto },
      },
    },
    async (request) =>
      service.edit(requireUser(request), request.params.id, request.params.timesheetId, request.body),
  );

  for (const [path, summary, act] of [
    ['approve', 'Approve a timesheet: the payroll pays it in place of the schedule', service.approve],
    ['reject', 'Reject a timesheet', service.reject],
  ] as const) {
    routes.post(
      `/api/teams/:id/timesheets/:timesheetId/${path}`,
      { schema: { tags, summary, params: TimesheetParams, response: { 200: TimesheetDto } } },
      async (request) => act(requireUser(request), request.params.id, request.params.timesheetId),
    );
  }

  routes.get(
    '/api/teams/:id/day-settings',
    {
      schema: {
        tags,
        summary: 'The clock-in window, no-show delay and sick cover settings (owner and administrators; Pro)',
        params: TeamParams,
        response: { 200: DaySettings },
      },
    },
    async (request) => service.getDaySettings(requireUser(request), request.params.id),
  );

  routes.put(
    '/api/teams/:id/day-settings',
    {
      schema: {
        tags,
        summary: 'Replace the day settings',
        params: TeamParams,
        body: DaySettings,
        response: { 200: DaySettings },
      },
    },
    async (request) => service.replaceDaySettings(requireUser(request), request.params.id, request.body),
  );
}
