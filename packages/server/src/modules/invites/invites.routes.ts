import {
  AcceptInviteInput,
  AcceptInviteResponse,
  InviteInput,
  StaffDto,
  StaffRefInput,
} from '@rotaboard/core/contracts/staff';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';
import { perIpAuthLimit } from '../../plugins/rate-limit.ts';

/** Invitations: send, resend, revoke, remove access (team admins), and accept (anyone with the link). */
export async function invitesRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.invites;
  const tags = ['invitations'];

  routes.post(
    '/api/teams/:id/invite',
    {
      schema: {
        tags,
        summary: 'Email an invitation to a member of staff',
        params: TeamParams,
        body: InviteInput,
        response: { 200: StaffDto },
      },
    },
    async (request) =>
      service.invite(requireUser(request), request.params.id, request.body.staffId, request.body.email),
  );

  routes.post(
    '/api/teams/:id/resend-invite',
    {
      schema: {
        tags,
        summary: 'Send a pending invitation again (the old link stops working)',
        params: TeamParams,
        body: StaffRefInput,
        response: { 200: StaffDto },
      },
    },
    async (request) => service.resend(requireUser(request), request.params.id, request.body.staffId),
  );

  routes.delete(
    '/api/teams/:id/invite',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params: TeamParams,
        body: StaffRefInput,
        response: { 200: StaffDto },
      },
    },
    async (request) => service.revoke(requireUser(request), request.params.id, request.body.staffId),
  );

  routes.delete(
    '/api/teams/:id/access',
    {
      schema: {
        tags,
        summary: 'Remove a member’s access, keeping them (and their shifts) on the rota',
        params: TeamParams,
        body: StaffRefInput,
        response: { 200: StaffDto },
      },
    },
    async (request) => service.removeAccess(requireUser(request), request.params.id, request.body.staffId),
  );

  routes.post(
    '/api/invites/accept',
    {
      config: perIpAuthLimit(app.config.authRateLimitPerIp),
      schema: {
        tags,
        summary: 'Accept an invitation with its token: joins the team and signs the invitee in',
        body: AcceptInviteInput,
        response: { 200: AcceptInviteResponse },
      },
    },
    async (request, reply) => {
      const signedIn = request.sessionUser ?? null;
      const { user, response } = await service.accept(request.body.token, signedIn);
      // The link proved the address, as a sign-in link does; already signed in as them, keep that.
      if (signedIn?.id !== user.id) await app.sessions.start(reply, user.id, request.headers['user-agent']);
      return response;
    },
  );
}
