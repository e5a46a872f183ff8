import { IsSupportResponse } from '@rotaboard/core/contracts/auth';
import {
  NewTicketInput,
  TicketDto,
  TicketMessageInput,
  TicketParams,
  TicketStatusInput,
  TicketSummaryDto,
} from '@rotaboard/core/contracts/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';

/** Support: agents are the accounts listed in SUPPORT_EMAILS (spec 2 §7 /api/support). */
export async function supportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.support;
  const tags = ['support'];

  routes.get(
    '/api/support/user/is-support',
    { schema: { tags, summary: 'Whether I am a support agent', response: { 200: IsSupportResponse } } },
    async (request) => ({ isSupportUser: service.isAgent(requireUser(request)) }),
  );

  routes.get(
    '/api/support/tickets',
    {
      schema: {
        tags,
        summary: 'My tickets; for agents, everyone’s, Pro accounts first',
        response: { 200: z.array(TicketSummaryDto) },
      },
    },
    async (request) => service.list(requireUser(request)),
  );

  routes.post(
    '/api/support/tickets',
    {
      schema: {
        tags,
        summary: 'Open a ticket (users; agents get 403)',
        body: NewTicketInput,
        response: { 201: TicketDto },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireUser(request), request.body)),
  );

  routes.get(
    '/api/support/tickets/:id',
    {
      schema: {
        tags,
        summary: 'A ticket and its thread (marks replies read)',
        params: TicketParams,
        response: { 200: TicketDto },
      },
    },
    async (request) => service.get(requireUser(request), request.params.id),
  );

  routes.post(
    '/api/support/tickets/:id/messages',
    {
      schema: {
        tags,
        summary: 'Add a message (only while the ticket is open: otherwise 409)',
        params: TicketParams,
        body: TicketMessageInput,
        response: { 200: TicketDto },
      },
    },
    async (request) => service.reply(requireUser(request), request.params.id, request.body.message),
  );

  routes.put(
    '/api/support/tickets/:id/status',
    {
      schema: {
        tags,
        summary: 'Close or reopen a ticket (its user or an agent)',
        params: TicketParams,
        body: TicketStatusInput,
        response: { 200: TicketDto },
      },
    },
    async (request) => service.setStatus(requireUser(request), request.params.id, request.body.status),
  );
}
