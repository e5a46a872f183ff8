import { NotificationsResponse } from '@rotaboard/core/contracts/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';
import { noShowNotifications } from '../no-shows/no-show-notifications.ts';
import { openShiftNotifications } from '../open-shifts/open-shift-notifications.ts';
import { requestNotifications } from '../requests/request-notifications.ts';
import { sickCoverNotifications } from '../sick-calls/sick-cover-notifications.ts';
import { supportNotification } from '../support/support.service.ts';

/** The notification bell (`GET /api/notifications`): what each module has waiting for this person. */
export async function notificationsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'What waits for me: pending requests and open-shift claims per team I review, no-shows of the last day (`no_shows`), sick covers offered to me (`sick_cover`), support tickets with an unread reply',
        response: { 200: NotificationsResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const requests = await requestNotifications(app.db, user, app.config.proEmails);
      const claims = await openShiftNotifications(app.db, user, app.config.proEmails);
      const noShows = await noShowNotifications(app.db, user, app.config.proEmails);
      const sickCovers = await sickCoverNotifications(app.db, user, app.config.proEmails);
      const support = await supportNotification(app.db, user, app.config.supportEmails);
      const notifications = [
        ...requests.notifications,
        ...claims,
        ...noShows,
        ...sickCovers,
        ...(support ? [support] : []),
      ];
      return { notifications, totalCount: notifications.reduce((sum, n) => sum + n.pendingCount, 0) };
    },
  );
}
