import {
  StaffingSettings,
  ValidatePeriodInput,
  ValidatePeriodResult,
} from '@rotaboard/core/contracts/schedule-agent';
import { StaffingSettingsDto } from '@rotaboard/core/contracts/staffing-settings-dto';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/**
 * A team's staffing settings and the check of a period against them (issue 25; Pro). `schedule`: the
 * schedule's entries, which the check reads (the shifts module stands above staffing: app.ts passes them).
 */
export async function staffingSettingsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.staffing;
  const tags = ['schedule-agent'];

  routes.get(
    '/api/teams/:id/schedule-agent',
    {
      schema: {
        tags,
        summary: 'The team’s coverage and staffing rules, or the defaults (owner, administrators; Pro)',
        params: TeamParams,
        response: { 200: StaffingSettingsDto },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  routes.put(
    '/api/teams/:id/schedule-agent',
    {
      schema: {
        tags,
        summary: 'Replace the team’s coverage and staffing rules (a field left out takes its default)',
        params: TeamParams,
        body: StaffingSettings,
        response: { 200: StaffingSettingsDto },
      },
    },
    async (request) => service.replace(requireUser(request), request.params.id, request.body),
  );

  routes.post(
    '/api/teams/:id/schedule-agent/validate-period',
    {
      schema: {
        tags,
        summary: 'Check up to 62 days against the staffing rules and coverage (a read; changes nothing)',
        params: TeamParams,
        body: ValidatePeriodInput,
        response: { 200: ValidatePeriodResult },
      },
    },
    async (request) => service.validatePeriod(requireUser(request), request.params.id, request.body),
  );
}
