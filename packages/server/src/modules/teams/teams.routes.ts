import { MessageResponse } from '@rotaboard/core/contracts/common';
import { CreateTeamInput, TeamDto, TeamParams, UpdateTeamInput } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';

/** Teams the user owns or belongs to (spec 1 §7). */
export async function teamsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.teams;
  const tags = ['teams'];

  routes.get(
    '/api/teams',
    { schema: { tags, summary: 'Teams I own or belong to', response: { 200: z.array(TeamDto) } } },
    async (request) => service.list(requireUser(request)),
  );

  routes.post(
    '/api/teams',
    { schema: { tags, summary: 'Create a team I own', body: CreateTeamInput, response: { 201: TeamDto } } },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body)),
  );

  routes.get(
    '/api/teams/:id',
    { schema: { tags, summary: 'One of my teams', params: TeamParams, response: { 200: TeamDto } } },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  routes.put(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Edit a team (owner or admin); a stale hash gets 409',
        params: TeamParams,
        body: UpdateTeamInput,
        response: { 200: TeamDto },
      },
    },
    async (request) => service.update(requireUser(request), request.params.id, request.body),
  );

  routes.delete(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team and all its data (owner only)',
        params: TeamParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => service.delete(requireUser(request), request.params.id),
  );
}
