import { UpdatePreferencesInput, UpdateProfileInput, UserResponse } from '@rotaboard/core/contracts/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';
import { runCommand } from '../audit/command.ts';
import { toUserDto } from './user.dto.ts';
import { createUserRepository, type UserRepository, type UserRow } from './user.repository.ts';

/** The signed-in user's own profile. */
export async function usersRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Changes to the account are audited (entity `user`, changed fields only), so that one made by a
   * support agent logged in as the user names the agent.
   */
  const updateAudited = (
    user: UserRow,
    fields: (row: UserRow) => Record<string, unknown>,
    change: (users: UserRepository) => Promise<UserRow>,
  ) =>
    runCommand({ db: app.db }, { teamId: null, actor: user }, async (tx, effects) => {
      const updated = await change(createUserRepository(tx));
      effects.auditUpdate({
        entityType: 'user',
        entityId: user.id,
        before: fields(user),
        after: fields(updated),
      });
      return updated;
    });

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
      const updated = await updateAudited(
        user,
        (row) => ({ firstName: row.firstName, lastName: row.lastName }),
        (users) => users.updateProfile(user.id, request.body),
      );
      return { success: true as const, user: toUserDto(updated, app.config.proEmails) };
    },
  );

  routes.put(
    '/api/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Change my preferences (request emails on or off, 12- or 24-hour times)',
        body: UpdatePreferencesInput,
        response: { 200: UserResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const updated = await updateAudited(
        user,
        (row) => ({ requestEmails: row.requestEmails, timeFormat: row.timeFormat }),
        (users) => users.updatePreferences(user.id, preferenceValues(request.body)),
      );
      return { success: true as const, user: toUserDto(updated, app.config.proEmails) };
    },
  );
}

/** Only the preferences sent: one left out keeps its value (zod leaves it undefined, never null). */
function preferenceValues(input: UpdatePreferencesInput): {
  requestEmails?: boolean;
  timeFormat?: UserRow['timeFormat'];
} {
  return {
    ...(input.requestEmails !== undefined ? { requestEmails: input.requestEmails } : {}),
    ...(input.timeFormat !== undefined ? { timeFormat: input.timeFormat } : {}),
  };
}
