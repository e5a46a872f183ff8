import { FEED_RATE_MAX, FEED_RATE_WINDOW } from '@rotaboard/core/calendar/feed';
import { CalendarFeedDto, CalendarFeedParams } from '@rotaboard/core/contracts/calendar';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../lib/require-user.ts';

/** The calendar feed (issue 27, every plan): the signed-in user's secret address, and the feed itself. */
export async function calendarRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.calendar;
  const tags = ['calendar'];

  routes.get(
    '/api/calendar/feed',
    {
      schema: {
        tags,
        summary: 'My calendar feed’s secret address (made on first ask)',
        response: { 200: CalendarFeedDto },
      },
    },
    async (request) => service.getUrl(requireUser(request)),
  );

  routes.post(
    '/api/calendar/feed/reset',
    {
      schema: {
        tags,
        summary: 'A new secret address for my calendar feed; the old one stops working',
        response: { 200: CalendarFeedDto },
      },
    },
    async (request) => service.reset(requireUser(request)),
  );

  // Outside /api and without a cookie: calendar apps fetch it on their own. Registered before the web
  // app's fallback, so it wins over the client-side routes.
  routes.get(
    '/calendar/:file',
    {
      schema: {
        tags,
        summary:
          'The feed at a secret address, `{token}.ics`: text/calendar (ETag; If-None-Match answers 304 when unchanged)',
        params: CalendarFeedParams,
      },
      config: { rateLimit: { max: FEED_RATE_MAX, timeWindow: FEED_RATE_WINDOW } },
    },
    async (request, reply) => {
      const feed = await service.render(request.params.file);
      if (!feed) throw new DomainError(ErrorCode.NOT_FOUND, 'No such calendar feed');
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
      const validators = request.headers['if-none-match']?.split(',').map((v) => v.trim()) ?? [];
      if (validators.includes(feed.etag) || validators.includes('*')) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(feed.ics);
    },
  );
}
