import { ListStaffQuery, StaffDto } from '@rotaboard/core/contracts/staff';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import { createTeamRepository } from '../teams/team.repository.ts';
import { loadTeamAccess } from '../teams/team-access.ts';
import { toStaffDto } from './staff.dto.ts';
import { createStaffRepository } from './staff.repository.ts';

/** Reading a team's staff list; every member of the team may read it. */
export async function staffRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const teams = createTeamRepository(app.db);
  const staff = createStaffRepository(app.db);

  routes.get(
    '/api/teams/:id/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'The team’s staff in display order (active on `date`, or everyone with includeAll=true)',
        params: TeamParams,
        querystring: ListStaffQuery,
        response: { 200: z.array(StaffDto) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const access = await loadTeamAccess(teams, request.params.id, user.id, app.config.proEmails);
      const { includeAll, date } = request.query;
      const activeOn = includeAll ? null : (date ?? new Date().toISOString().slice(0, 10));
      const rows = await staff.listForTeam(access.team.id, activeOn);
      return rows.map((row) => toStaffDto(row, access.team.ownerId));
    },
  );
}
