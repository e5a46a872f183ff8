import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { client, createTestApp, engines, PUBLIC_URL, signIn, type TestApp } from './support/harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const successUrl = `${PUBLIC_URL}/subscription?checkout_success=true`;
const cancelUrl = `${PUBLIC_URL}/subscription?checkout_cancelled=true`;

async function userId(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe.each(engines)('plans and billing with the demo provider on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('starts Free, refuses bad checkouts, and pays through the demo checkout', async () => {
    const cookie = await signIn(t.app, 'payer@example.com');
    const call = client(t.app, cookie);
    expect((await call('GET', '/api/subscriptions/current')).json()).toEqual({
      tier: 'free',
      status: 'none',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      currency: null,
      complimentary: false,
      graceEndsAt: null,
      canManage: false,
      provider: 'demo',
    });
    expect((await client(t.app)('GET', '/api/subscriptions/current')).statusCode).toBe(401);

    const elsewhere = await call('POST', '/api/subscriptions/checkout', {
      successUrl: 'https://evil.example/steal',
      cancelUrl,
      currency: 'USD',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Return addresses must be pages of this site (successUrl)');
    const scheme = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl: 'javascript:alert(1)',
      currency: 'USD',
    });
    expect(scheme.statusCode).toBe(400);
    const currency = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl,
      currency: 'JPY',
    });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toBe('Currency must be one of USD, GBP, EUR');
    expect((await call('POST', '/api/subscriptions/checkout', {})).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/subscriptions/portal', { returnUrl: `${PUBLIC_URL}/subscription` })).json(),
    ).toEqual({
      message: 'There is no subscription to manage yet. Upgrade to Pro first.',
      code: 'CONFLICT',
    });

    const checkout = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl,
      currency: 'GBP',
    });
    expect(checkout.statusCode).toBe(200);
    const url = new URL(checkout.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/billing/demo-checkout`);
    const session = url.searchParams.get('session')!;

    const page = await call('GET', `/api/billing/demo/checkout/${session}`);
    expect(page.json()).toMatchObject({
      plan: 'Pro',
      currency: 'GBP',
      symbol: '£',
      monthlyPrice: 19,
      state: 'open',
      cancelUrl,
    });
    // Another account cannot see or pay it.
    const other = client(t.app, await signIn(t.app, 'other-payer@example.com'));
    expect((await other('GET', `/api/billing/demo/checkout/${session}`)).statusCode).toBe(404);
    expect((await other('POST', `/api/billing/demo/checkout/${session}/pay`)).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/demo/checkout/nonsense!')).statusCode).toBe(400);

    const paid = await call('POST', `/api/billing/demo/checkout/${session}/pay`);
    expect(paid.json()).toEqual({ url: successUrl });
    const current = (await call('GET', '/api/subscriptions/current')).json();
    expect(current).toMatchObject({
      tier: 'pro',
      status: 'active',
      currency: 'GBP',
      cancelAtPeriodEnd: false,
      canManage: true,
    });
    const end = new Date(current.currentPeriodEnd).getTime();
    expect(end - Date.now()).toBeGreaterThan(27 * DAY);
    expect(end - Date.now()).toBeLessThan(32 * DAY);
    expect((await call('GET', '/api/auth/me')).json().user.subscriptionTier).toBe('pro');
    expect((await other('GET', '/api/subscriptions/current')).json().tier).toBe('free');

    expect((await call('POST', `/api/billing/demo/checkout/${session}/pay`)).statusCode).toBe(409);
    const again = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl,
      currency: 'USD',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You already have Pro. Use Manage Subscription to change or cancel it.',
    );
  });

  it('cancels at the period end and resumes in the demo portal, keeping Pro until the end', async () => {
    const cookie = await signIn(t.app, 'canceller@example.com');
    const call = client(t.app, cookie);
    const checkout = (
      await call('POST', '/api/subscriptions/checkout', { successUrl, cancelUrl, currency: 'EUR' })
    ).json();
    await call('POST', `/api/billing/demo/checkout/${new URL(checkout.url).searchParams.get('session')}/pay`);

    expect(
      (await call('POST', '/api/subscriptions/portal', { returnUrl: 'https://evil.example' })).statusCode,
    ).toBe(400);
    const portal = await call('POST', '/api/subscriptions/portal', {
      returnUrl: `${PUBLIC_URL}/subscription`,
    });
    const session = new URL(portal.json().url).searchParams.get('session')!;
    const view = (await call('GET', `/api/billing/demo/portal/${session}`)).json();
    expect(view).toMatchObject({ monthlyPrice: 22, symbol: '€', returnUrl: `${PUBLIC_URL}/subscription` });
    expect(view.subscription).toMatchObject({ tier: 'pro', cancelAtPeriodEnd: false });

    const cancelled = await call('PUT', `/api/billing/demo/portal/${session}/cancel-at-period-end`, {
      cancel: true,
    });
    expect(cancelled.json().subscription).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await call('GET', '/api/subscriptions/current')).json().cancelAtPeriodEnd).toBe(true);
    const resumed = await call('PUT', `/api/billing/demo/portal/${session}/cancel-at-period-end`, {
      cancel: false,
    });
    expect(resumed.json().subscription.cancelAtPeriodEnd).toBe(false);
    expect(
      (await call('PUT', `/api/billing/demo/portal/${session}/cancel-at-period-end`, { cancel: 'yes' }))
        .statusCode,
    ).toBe(400);

    // Cancelled again, and the period end passes: Free, and nothing was deleted.
    await call('PUT', `/api/billing/demo/portal/${session}/cancel-at-period-end`, { cancel: true });
    await t.database.db
      .update(users)
      .set({ billingPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.email, 'canceller@example.com'));
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'free',
      cancelAtPeriodEnd: true,
    });
    const resume = await call('PUT', `/api/billing/demo/portal/${session}/cancel-at-period-end`, {
      cancel: false,
    });
    expect(resume.statusCode).toBe(409);
  });

  it('treats PRO_EMAILS as complimentary Pro: nothing to pay or manage', async () => {
    const call = client(t.app, await signIn(t.app, 'pro@rotaboard.test'));
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'pro',
      complimentary: true,
      canManage: false,
    });
    const checkout = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl,
      currency: 'USD',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toBe(
      'Your account has Pro on the house: there is nothing to pay or manage.',
    );
    expect((await call('POST', '/api/subscriptions/portal', { returnUrl: PUBLIC_URL })).statusCode).toBe(409);
  });

  it('keeps Pro through a 7-day grace period after a failed payment, then ends it', async () => {
    const call = client(t.app, await signIn(t.app, 'late-payer@example.com'));
    const set = (values: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(values).where(eq(users.email, 'late-payer@example.com'));
    await set({
      billingProvider: 'demo',
      billingSubscriptionId: 'sub_x',
      billingStatus: 'past_due',
      billingPastDueSince: new Date(Date.now() - 2 * DAY),
    });
    const grace = (await call('GET', '/api/subscriptions/current')).json();
    expect(grace).toMatchObject({ tier: 'pro', status: 'past_due' });
    expect(new Date(grace.graceEndsAt).getTime() - Date.now()).toBeGreaterThan(4.9 * DAY);
    await set({ billingPastDueSince: new Date(Date.now() - 8 * DAY) });
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'free',
      graceEndsAt: null,
    });
  });

  it('after Pro ends keeps every team readable, the first writable and the rest read-only', async () => {
    const email = 'downgraded@example.com';
    const cookie = await signIn(t.app, email, { firstName: 'Dora', lastName: 'Down' });
    const call = client(t.app, cookie);
    const checkout = (
      await call('POST', '/api/subscriptions/checkout', { successUrl, cancelUrl, currency: 'USD' })
    ).json();
    await call('POST', `/api/billing/demo/checkout/${new URL(checkout.url).searchParams.get('session')}/pay`);
    const first = (await call('POST', '/api/teams', { teamName: 'First', ownerInStaffList: false })).json();
    const second = (await call('POST', '/api/teams', { teamName: 'Second', ownerInStaffList: false })).json();
    expect(second.ownerSubscriptionTier).toBe('pro');
    const admin = (
      await call('POST', `/api/teams/${first.teamId}/staff`, {
        firstName: 'Adam',
        lastName: 'Admin',
        isAdmin: true,
      })
    ).json();
    expect(admin.isAdmin).toBe(true);
    const extra = (
      await call('POST', `/api/teams/${second.teamId}/staff`, { firstName: 'Sam', lastName: 'Second' })
    ).json();

    // The subscription ends (a deleted notice, as the demo provider would send it at the period end).
    await t.database.db
      .update(users)
      .set({ billingStatus: 'cancelled' })
      .where(eq(users.id, await userId(t, email)));
    expect((await call('GET', '/api/subscriptions/current')).json().tier).toBe('free');

    // Everything stays readable.
    expect((await call('GET', '/api/teams')).json().map((x: { teamName: string }) => x.teamName)).toEqual([
      'First',
      'Second',
    ]);
    expect((await call('GET', `/api/teams/${second.teamId}/staff`)).json()).toHaveLength(1);
    const week = await call(
      'GET',
      `/api/teams/${second.teamId}/shifts?startDate=2026-11-23&endDate=2026-11-29`,
    );
    expect(week.statusCode).toBe(200);

    // The first team is writable; the second refuses every change, naming the limit.
    const shift = { staffId: extra.staffId, shiftDate: '2026-11-25', startTime: '09:00', endTime: '17:00' };
    const refused = await call('POST', `/api/teams/${second.teamId}/shifts`, shift);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This team is read-only on the Free plan, which includes 1 team. Upgrade to Pro, or delete other teams, to change it again.',
    );
    expect(
      (await call('POST', `/api/teams/${second.teamId}/staff`, { firstName: 'New', lastName: 'Person' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/api/teams/${second.teamId}`, {
          teamName: 'Renamed',
          weekStartDay: 1,
          hash: second.hash,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/teams/${second.teamId}/day-notes`, { noteDate: '2026-11-25', noteText: 'x' }))
        .statusCode,
    ).toBe(403);
    const firstStaff = await call('POST', `/api/teams/${first.teamId}/staff`, {
      firstName: 'Fay',
      lastName: 'First',
    });
    expect(firstStaff.statusCode).toBe(201);
    // No new team, no new administrator; the administrator made while Pro keeps their role.
    const team3 = await call('POST', '/api/teams', { teamName: 'Third', ownerInStaffList: false });
    expect(team3.statusCode).toBe(403);
    expect(team3.json().message).toContain('The Free plan includes 1 team');
    const promote = await call('PUT', `/api/teams/${first.teamId}/staff/${firstStaff.json().staffId}`, {
      firstName: 'Fay',
      lastName: 'First',
      hash: firstStaff.json().hash,
      isAdmin: true,
    });
    expect(promote.statusCode).toBe(403);
    const staffNow = (await call('GET', `/api/teams/${first.teamId}/staff`)).json();
    expect(staffNow.find((s: { staffId: string }) => s.staffId === admin.staffId).isAdmin).toBe(true);

    // Deleting the second team is allowed, and upgrading again lifts the limit.
    expect((await call('DELETE', `/api/teams/${second.teamId}`)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/teams', { teamName: 'Third', ownerInStaffList: false })).statusCode,
    ).toBe(403);
  });
});

/**
 * A stand-in for api.stripe.com that answers the SDK's calls (the SDK's host/port/protocol
 * options point it here), recording what it was asked.
 */
function fakeStripe() {
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  let customers = 0;
  /** How every call fails, while set: Stripe answering 500, or the connection breaking mid-request. */
  const state: { failure: 'status-500' | 'hang-up' | null } = { failure: null };
  const server: Server = createServer((request, response) => {
    if (state.failure === 'hang-up') {
      calls.push({ method: request.method ?? '', path: request.url ?? '', body: new URLSearchParams() });
      request.socket.destroy();
      return;
    }
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      const body = new URLSearchParams(raw);
      calls.push({ method: request.method ?? '', path, body });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify(json));
      };
      if (state.failure === 'status-500') {
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
      }
      if (path === '/v1/customers') return send(200, { id: `cus_${++customers}`, object: 'customer' });
      if (path === '/v1/checkout/sessions') {
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/cs_test_1',
        });
      }
      if (path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.test/p/bps_1',
        });
      }
      const sub = path.match(/^\/v1\/subscriptions\/(.+)$/);
      if (sub && subscriptions.has(sub[1]!)) return send(200, subscriptions.get(sub[1]!));
      return send(404, { error: { type: 'invalid_request_error', message: `No such thing: ${path}` } });
    });
  });
  return { server, calls, subscriptions, state };
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');

describe.each(engines)('plans and billing with Stripe on %s', (engine) => {
  let t: TestApp;
  const stripe = fakeStripe();
  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const port = (stripe.server.address() as { port: number }).port;
    t = await createTestApp(engine, {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_USD: 'price_usd',
      STRIPE_PRICE_GBP: 'price_gbp',
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  let payerCookie = '';
  let eventCount = 0;
  const webhook = (
    type: string,
    object: unknown,
    options: { created?: number; id?: string; secret?: string } = {},
  ) => {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${++eventCount}`,
      object: 'event',
      type,
      created: options.created ?? Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const subscription = (id: string, customer: string, fields: Record<string, unknown> = {}) => ({
    id,
    object: 'subscription',
    customer,
    status: 'active',
    currency: 'gbp',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
        },
      ],
    },
    ...fields,
  });

  it('checks out through Stripe Checkout, one customer per account, with the price of the currency', async () => {
    const email = 'stripe-payer@example.com';
    payerCookie = await signIn(t.app, email);
    const call = client(t.app, payerCookie);
    const res = await call('POST', '/api/subscriptions/checkout', { successUrl, cancelUrl, currency: 'GBP' });
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.test/c/cs_test_1' });
    await call('POST', '/api/subscriptions/checkout', { successUrl, cancelUrl, currency: 'USD' });
    const created = stripe.calls.filter((c) => c.path === '/v1/customers');
    expect(created).toHaveLength(1);
    expect(created[0]!.body.get('email')).toBe(email);
    const sessions = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions');
    expect(sessions[0]!.body.get('mode')).toBe('subscription');
    expect(sessions[0]!.body.get('customer')).toBe('cus_1');
    expect(sessions[0]!.body.get('client_reference_id')).toBe(await userId(t, email));
    expect(sessions[0]!.body.get('line_items[0][price]')).toBe('price_gbp');
    expect(sessions[1]!.body.get('line_items[0][price]')).toBe('price_usd');
    const euro = await call('POST', '/api/subscriptions/checkout', {
      successUrl,
      cancelUrl,
      currency: 'EUR',
    });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().message).toBe('Pro cannot be bought in EUR here yet');
    expect((await call('GET', '/api/billing/demo/checkout/cs_demo_aaaaaaaaaaaa')).statusCode).toBe(404);
  });

  it('applies signed webhooks once, in the order their subscription says, and ends Pro on deletion', async () => {
    const email = 'stripe-payer@example.com';
    const call = client(t.app, payerCookie);
    const id = await userId(t, email);
    stripe.subscriptions.set('sub_1', subscription('sub_1', 'cus_1', { metadata: { userId: id } }));
    const completed = {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_1',
      subscription: 'sub_1',
      client_reference_id: id,
    };

    // A bad signature changes nothing.
    const forged = await webhook('checkout.session.completed', completed, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect((await call('GET', '/api/subscriptions/current')).json().tier).toBe('free');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(400);

    const now = Math.floor(Date.now() / 1000);
    const ok = await webhook('checkout.session.completed', completed, {
      id: 'evt_completed',
      created: now - 100,
    });
    expect(ok.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'pro',
      status: 'active',
      currency: 'GBP',
      canManage: true,
    });
    // The same event again: recorded already, nothing changes.
    expect(
      (
        await webhook('checkout.session.completed', completed, { id: 'evt_completed', created: now - 100 })
      ).json().outcome,
    ).toBe('duplicate');

    // Newer: cancelling at the period end. Then an older update arrives late and is ignored.
    const cancelling = subscription('sub_1', 'cus_1', { cancel_at_period_end: true });
    expect(
      (await webhook('customer.subscription.updated', cancelling, { created: now - 10 })).json().outcome,
    ).toBe('applied');
    expect(
      (
        await webhook('customer.subscription.updated', subscription('sub_1', 'cus_1'), { created: now - 50 })
      ).json().outcome,
    ).toBe('ignored');
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'pro',
      cancelAtPeriodEnd: true,
    });

    // A failed payment: past due, Pro through the grace period.
    stripe.subscriptions.set('sub_1', subscription('sub_1', 'cus_1', { status: 'past_due' }));
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_1',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
    };
    expect((await webhook('invoice.payment_failed', invoice, { created: now - 5 })).json().outcome).toBe(
      'applied',
    );
    const pastDue = (await call('GET', '/api/subscriptions/current')).json();
    expect(pastDue).toMatchObject({ tier: 'pro', status: 'past_due' });
    expect(pastDue.graceEndsAt).not.toBeNull();

    const portal = await call('POST', '/api/subscriptions/portal', {
      returnUrl: `${PUBLIC_URL}/subscription`,
    });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/bps_1' });
    expect(stripe.calls.find((c) => c.path === '/v1/billing_portal/sessions')!.body.get('customer')).toBe(
      'cus_1',
    );

    // Deleted: Free. A late "updated" for the same subscription does not bring it back.
    expect(
      (
        await webhook(
          'customer.subscription.deleted',
          subscription('sub_1', 'cus_1', { status: 'canceled' }),
          { created: now },
        )
      ).json().outcome,
    ).toBe('applied');
    expect((await call('GET', '/api/subscriptions/current')).json()).toMatchObject({
      tier: 'free',
      status: 'cancelled',
    });
    expect(
      (
        await webhook('customer.subscription.updated', subscription('sub_1', 'cus_1'), { created: now })
      ).json().outcome,
    ).toBe('ignored');
    expect((await call('GET', '/api/subscriptions/current')).json().tier).toBe('free');

    // Events for nobody we know, or of no interest, are acknowledged and change nothing.
    expect(
      (await webhook('customer.subscription.updated', subscription('sub_9', 'cus_unknown'))).json().outcome,
    ).toBe('ignored');
    expect((await webhook('customer.created', { id: 'cus_2', object: 'customer' })).json().outcome).toBe(
      'ignored',
    );
  });
});

describe.each(engines)('a payment provider that fails, on %s', (engine) => {
  let t: TestApp;
  const stripe = fakeStripe();
  /** The server's log lines at level error, as JSON. */
  const logged: { msg: string; err?: { type: string; message: string; cause?: { type: string } } }[] = [];
  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const port = (stripe.server.address() as { port: number }).port;
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) logged.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(
      engine,
      {
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_USD: 'price_usd',
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'error',
      },
      { logger: true, logStream },
    );
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  const providerFailed = {
    message: 'The payment provider could not be reached. Try again in a few minutes.',
    code: 'BILLING_FAILED',
  };

  it.each([
    ['answers 500', 'status-500', 'StripeAPIError'],
    ['breaks the connection', 'hang-up', 'StripeConnectionError'],
  ] as const)(
    'answers 502 with a sentence, and logs the cause, when Stripe %s',
    async (_, failure, causeType) => {
      stripe.state.failure = failure;
      logged.length = 0;
      const call = client(t.app, await signIn(t.app, `unlucky-${failure}@example.com`));
      const res = await call('POST', '/api/subscriptions/checkout', {
        successUrl,
        cancelUrl,
        currency: 'USD',
      });
      stripe.state.failure = null;
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual(providerFailed);
      const line = logged.find((l) => l.msg === 'billing: a call to the payment provider failed');
      expect(line?.err).toMatchObject({
        type: 'ProviderCallError',
        message: expect.stringMatching(/^Stripe: create a customer failed: /),
        cause: { type: causeType },
      });
      // Nothing was half-done: once Stripe answers again the same checkout goes through.
      const retried = await call('POST', '/api/subscriptions/checkout', {
        successUrl,
        cancelUrl,
        currency: 'USD',
      });
      expect(retried.statusCode).toBe(200);
    },
  );

  it('answers a webhook 502 while the subscription cannot be read, so Stripe sends it again', async () => {
    const email = 'webhook-retry@example.com';
    const call = client(t.app, await signIn(t.app, email));
    const id = await userId(t, email);
    stripe.subscriptions.set('sub_retry', {
      id: 'sub_retry',
      object: 'subscription',
      customer: 'cus_retry',
      status: 'active',
      currency: 'usd',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { userId: id },
      items: { object: 'list', data: [] },
    });
    const payload = JSON.stringify({
      id: 'evt_retry',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_retry',
          object: 'checkout.session',
          mode: 'subscription',
          customer: 'cus_retry',
          subscription: 'sub_retry',
          client_reference_id: id,
        },
      },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
    logged.length = 0;
    stripe.state.failure = 'status-500';
    const failed = await send();
    stripe.state.failure = null;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual(providerFailed);
    expect(
      logged.find((l) => l.msg === 'billing: a call to the payment provider failed')?.err?.message,
    ).toMatch(/^Stripe: read a subscription failed: /);
    expect((await call('GET', '/api/subscriptions/current')).json().tier).toBe('free');
    // Stripe's retry of the same event is applied, not taken for a duplicate.
    expect((await send()).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await call('GET', '/api/subscriptions/current')).json().tier).toBe('pro');
  });
});
