import {
  AcceptResult,
  ProposalChangeIds,
  ProposalDto,
  ProposalParams,
  RejectResult,
  UndoResult,
} from '@rotaboard/core/contracts/proposals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Proposals of the schedule agent (and next the assistant): read, accept, reject, undo (issue 25). */
export async function proposalRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.proposals;
  const tags = ['schedule-agent'];

  routes.get(
    '/api/teams/:id/proposals/:proposalId',
    {
      schema: {
        tags,
        summary: 'A proposal and the state of each of its changes (owner, administrators; Pro)',
        params: ProposalParams,
        response: { 200: ProposalDto },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id, request.params.proposalId),
  );

  routes.post(
    '/api/teams/:id/proposals/:proposalId/accept',
    {
      schema: {
        tags,
        summary: 'Accept changes: each re-checked against the schedule as it is now and written on its own',
        params: ProposalParams,
        body: ProposalChangeIds,
        response: { 200: AcceptResult },
      },
    },
    async (request) =>
      service.accept(
        requireUser(request),
        request.params.id,
        request.params.proposalId,
        request.body.changeIds,
      ),
  );

  routes.post(
    '/api/teams/:id/proposals/:proposalId/reject',
    {
      schema: {
        tags,
        summary: 'Reject changes (those still pending or failed)',
        params: ProposalParams,
        body: ProposalChangeIds,
        response: { 200: RejectResult },
      },
    },
    async (request) =>
      service.reject(
        requireUser(request),
        request.params.id,
        request.params.proposalId,
        request.body.changeIds,
      ),
  );

  routes.post(
    '/api/teams/:id/proposals/:proposalId/undo',
    {
      schema: {
        tags,
        summary: 'Revert what accepting this proposal’s changes did, the latest first',
        params: ProposalParams,
        response: { 200: UndoResult },
      },
    },
    async (request) => service.undo(requireUser(request), request.params.id, request.params.proposalId),
  );
}
