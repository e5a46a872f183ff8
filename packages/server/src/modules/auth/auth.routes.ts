import {
  LinkToken,
  LoginInput,
  LoginResponse,
  MeResponse,
  VerifyResponse,
} from '@rotaboard/core/contracts/auth';
import { MessageResponse } from '@rotaboard/core/contracts/common';
import { displayName } from '@rotaboard/core/users/profile';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';
import { perIpAuthLimit } from '../../plugins/rate-limit.ts';

/** Sign-in by emailed link, the current session, and logging out (spec 1 §7). */
export async function authRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.auth;
  const perIpLimit = perIpAuthLimit(app.config.authRateLimitPerIp);

  routes.post(
    '/api/auth/login',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Email a sign-in link (creates the account on first use)',
        body: LoginInput,
        response: { 200: LoginResponse },
      },
    },
    async (request) => service.requestLink(request.body.email, request.ip),
  );

  routes.get(
    '/api/auth/verify/:token',
    {
      config: perIpLimit,
      schema: {
        tags: ['auth'],
        summary: 'Trade a sign-in link for a session cookie',
        params: z.object({ token: LinkToken }),
        response: { 200: VerifyResponse },
      },
    },
    async (request, reply) => {
      const { user, response } = await service.verifyLink(request.params.token);
      await app.sessions.start(reply, user.id, request.headers['user-agent']);
      return response;
    },
  );

  routes.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: MeResponse } } },
    async (request) => {
      const me = await service.me(requireUser(request));
      const support = request.supportMode;
      return support
        ? {
            ...me,
            supportMode: {
              agentName: displayName(support.agent),
              startedAt: support.supportSession.startedAt.toISOString(),
              expiresAt: support.supportSession.expiresAt.toISOString(),
            },
          }
        : me;
    },
  );

  routes.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'End this session', response: { 200: MessageResponse } } },
    async (request, reply) => {
      // In support mode this ends support mode and the agent's own session: nobody stays signed in.
      const userId = request.supportMode?.agent.id ?? request.sessionUser?.id;
      await app.supportMode.leave(request, reply);
      await app.sessions.end(request, reply);
      if (userId) await app.realtime.disconnectUser(userId);
      return { success: true, message: 'You have been logged out' };
    },
  );

  routes.post(
    '/api/auth/logout-all-devices',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of this user',
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.sessions.endAll(reply, user.id);
      // An agent logged in as this user is signed in as them too: that ends as well.
      await app.supportMode.endAllForUser(user.id);
      await app.realtime.disconnectUser(user.id);
      return { success: true, message: 'You have been logged out of all devices' };
    },
  );
}
