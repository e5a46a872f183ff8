import {
  AgentLogsQuery,
  AgentLogsResponse,
  AgentRunInput,
  AgentRunResult,
} from '@rotaboard/core/contracts/proposals';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** The schedule agent's runs and their log (issue 25). Tests may pass their own planner. */
export async function agentRunRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.agentRuns;
  const tags = ['schedule-agent'];

  routes.post(
    '/api/teams/:id/schedule-agent/runs',
    {
      schema: {
        tags,
        summary:
          'Run the schedule agent over a period: a proposal of changes that break no rule (nothing is written)',
        params: TeamParams,
        body: AgentRunInput,
        response: { 201: AgentRunResult },
      },
    },
    async (request, reply) => {
      const result = await service.run(requireUser(request), request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );

  routes.get(
    '/api/teams/:id/schedule-agent/logs',
    {
      schema: {
        tags,
        summary: 'The schedule agent’s runs, newest first, with what became of their changes',
        params: TeamParams,
        querystring: AgentLogsQuery,
        response: { 200: AgentLogsResponse },
      },
    },
    async (request) =>
      service.logs(requireUser(request), request.params.id, request.query.offset, request.query.limit),
  );
}
