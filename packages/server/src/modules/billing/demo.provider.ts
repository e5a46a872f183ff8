import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { BillingProvider } from './billing.provider.ts';
import { createBillingRepository } from './billing.repository.ts';

/** How long a demo checkout or portal page stays usable, like a Stripe Checkout Session (24 h). */
export const DEMO_SESSION_MS = 24 * 60 * 60 * 1000;

export const demoId = (prefix: string) => `${prefix}_demo_${randomBytes(18).toString('base64url')}`;

/**
 * The default provider, when no Stripe key is configured: checkout and the portal are pages of ours
 * (/billing/demo-checkout, /billing/demo-portal) and no money moves. Paying there applies the
 * subscription through the same code path a Stripe webhook takes (billing.service applyNotice).
 */
export function createDemoProvider(deps: { db: Db; publicUrl: string }): BillingProvider {
  const repo = createBillingRepository(deps.db);
  return {
    kind: 'demo',

    async ensureCustomer(_user, existing) {
      return existing ?? demoId('cus');
    },

    async checkout({ userId, currency, successUrl, cancelUrl }) {
      const id = demoId('cs');
      await repo.insertDemoSession({
        id,
        userId,
        kind: 'checkout',
        currency,
        successUrl,
        returnUrl: cancelUrl,
        expiresAt: new Date(Date.now() + DEMO_SESSION_MS),
      });
      return `${deps.publicUrl}/billing/demo-checkout?session=${id}`;
    },

    async portal({ userId, returnUrl }) {
      const id = demoId('bps');
      await repo.insertDemoSession({
        id,
        userId,
        kind: 'portal',
        returnUrl,
        expiresAt: new Date(Date.now() + DEMO_SESSION_MS),
      });
      return `${deps.publicUrl}/billing/demo-portal?session=${id}`;
    },
  };
}
