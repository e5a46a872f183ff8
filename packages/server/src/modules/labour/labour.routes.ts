import { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  LabourDto,
  LabourQuery,
  LabourSettings,
  PayRateDto,
  PayRateInput,
  PayRateList,
  PayRateParams,
} from '@rotaboard/core/contracts/labour';
import { StaffParams } from '@rotaboard/core/contracts/staff';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** Pay rates, labour settings and what the schedule costs (issue 43; Pro; docs/labour-cost.md). */
export async function labourRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.labour;
  const tags = ['labour'];

  routes.get(
    '/api/teams/:id/staff/:staffId/pay-rates',
    {
      schema: {
        tags,
        summary: 'A person’s hourly rates, newest first (owner, administrators, or the person; Pro)',
        params: StaffParams,
        response: { 200: PayRateList },
      },
    },
    async (request) => service.listRates(requireUser(request), request.params.id, request.params.staffId),
  );

  routes.post(
    '/api/teams/:id/staff/:staffId/pay-rates',
    {
      schema: {
        tags,
        summary: 'Add an hourly rate from a date, in the team currency’s minor units (one per date)',
        params: StaffParams,
        body: PayRateInput,
        response: { 201: PayRateDto },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.addRate(
            requireUser(request),
            request.params.id,
            request.params.staffId,
            request.body,
          ),
        ),
  );

  routes.delete(
    '/api/teams/:id/staff/:staffId/pay-rates/:payRateId',
    {
      schema: {
        tags,
        summary: 'Delete an hourly rate',
        params: PayRateParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) =>
      service.removeRate(
        requireUser(request),
        request.params.id,
        request.params.staffId,
        request.params.payRateId,
      ),
  );

  routes.get(
    '/api/teams/:id/labour-settings',
    {
      schema: {
        tags,
        summary: 'The weekly budget and overtime rule (owner, administrators; Pro)',
        params: TeamParams,
        response: { 200: LabourSettings },
      },
    },
    async (request) => service.getSettings(requireUser(request), request.params.id),
  );

  routes.put(
    '/api/teams/:id/labour-settings',
    {
      schema: {
        tags,
        summary: 'Replace the weekly budget and overtime rule',
        params: TeamParams,
        body: LabourSettings,
        response: { 200: LabourSettings },
      },
    },
    async (request) => service.replaceSettings(requireUser(request), request.params.id, request.body),
  );

  routes.get(
    '/api/teams/:id/labour',
    {
      schema: {
        tags,
        summary: 'What the schedule costs per day, person and week against the budget (up to 62 days)',
        params: TeamParams,
        querystring: LabourQuery,
        response: { 200: LabourDto },
      },
    },
    async (request) => service.labour(requireUser(request), request.params.id, request.query),
  );
}
