import { UpdatePreferencesInput, UpdateProfileInput, UserResponse } from '@rotaboard/core/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import { toUserDto } from './user.dto.ts';
import { createUserRepository } from './user.repository.ts';

/** The signed-in user's own profile. */
export async function usersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const users = createUserRepository(app.db);

  routes.get(
    '/api/users/me',
    { schema: { tags: ['users'], summary: 'My profile', response: { 200: UserResponse } } },
    async (request) => ({
      success: true as const,
      user: toUserDto(requireUser(request), app.config.proEmails),
    }),
  );

  routes.put(
    '/api/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change my first and last name',
        body: UpdateProfileInput,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await users.updateProfile(user.id, request.body);
      return { success: true as const, user: toUserDto(updated, app.config.proEmails) };
    },
  );

  routes.put(
    '/api/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Change my email preferences (request emails on or off)',
        body: UpdatePreferencesInput,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const updated = await users.updatePreferences(requireUser(request).id, request.body);
      return { success: true as const, user: toUserDto(updated, app.config.proEmails) };
    },
  );
}
