import {
  CheckoutInput,
  DemoCheckoutDto,
  DemoPortalDto,
  DemoSessionParams,
  PortalInput,
  RedirectResponse,
  SubscriptionDto,
} from '@rotaboard/core/contracts/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';

/** Plans and billing: spec 2 §7 /api/subscriptions, the Stripe webhook and the demo provider's pages. */
export async function billingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { stripe } = app.services.billing;
  const service = app.services.billing.service;
  const tags = ['subscriptions'];

  routes.get(
    '/api/subscriptions/current',
    { schema: { tags, summary: 'My plan and subscription', response: { 200: SubscriptionDto } } },
    async (request) => service.current(requireUser(request)),
  );

  routes.post(
    '/api/subscriptions/checkout',
    {
      schema: {
        tags,
        summary: 'Start paying for Pro: the address of the checkout page (409 when already Pro)',
        body: CheckoutInput,
        response: { 200: RedirectResponse },
      },
    },
    async (request) => service.checkout(requireUser(request), request.body),
  );

  routes.post(
    '/api/subscriptions/portal',
    {
      schema: {
        tags,
        summary: 'The address of the billing portal (409 for an account that never paid)',
        body: PortalInput,
        response: { 200: RedirectResponse },
      },
    },
    async (request) => service.portal(requireUser(request), request.body),
  );

  if (stripe) {
    // Stripe signs the exact bytes it sends: this route reads its body as a Buffer, unparsed.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(
        '/api/billing/stripe/webhook',
        { schema: { tags: ['billing'], summary: 'Stripe webhook (signed)', hide: true } },
        async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          const { notice, outcome } = await service.receiveWebhook(() =>
            stripe.readWebhook(
              Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              typeof signature === 'string' ? signature : undefined,
            ),
          );
          request.log.info({ eventId: notice.eventId, type: notice.type, outcome }, 'stripe webhook');
          return reply.send({ received: true, outcome });
        },
      );
    });
  } else {
    const demoTags = ['billing (demo provider)'];
    const params = DemoSessionParams;
    routes.get(
      '/api/billing/demo/checkout/:sessionId',
      { schema: { tags: demoTags, summary: 'A demo checkout', params, response: { 200: DemoCheckoutDto } } },
      async (request) => service.demoCheckout(requireUser(request), request.params.sessionId),
    );
    routes.post(
      '/api/billing/demo/checkout/:sessionId/pay',
      {
        schema: {
          tags: demoTags,
          summary: 'Pay a demo checkout (no money moves): Pro starts; answers the success address',
          params,
          response: { 200: RedirectResponse },
        },
      },
      async (request) => service.demoPay(requireUser(request), request.params.sessionId),
    );
    routes.get(
      '/api/billing/demo/portal/:sessionId',
      {
        schema: {
          tags: demoTags,
          summary: 'A demo billing portal',
          params,
          response: { 200: DemoPortalDto },
        },
      },
      async (request) => service.demoPortal(requireUser(request), request.params.sessionId),
    );
    routes.put(
      '/api/billing/demo/portal/:sessionId/cancel-at-period-end',
      {
        schema: {
          tags: demoTags,
          summary: 'Cancel at the period end (true) or resume (false)',
          params,
          body: z.object({ cancel: z.boolean({ error: 'cancel must be true or false' }) }),
          response: { 200: DemoPortalDto },
        },
      },
      async (request) =>
        service.demoSetCancelAtPeriodEnd(requireUser(request), request.params.sessionId, request.body.cancel),
    );
  }
}
