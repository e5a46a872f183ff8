import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magicLinks, sessions, users } from '../src/db/schema.ts';
import type { Mailer } from '../src/plugins/mail.ts';
import {
  createTestApp,
  engines,
  latestLink,
  outbox,
  PUBLIC_URL,
  sessionCookie,
  signIn,
  type TestApp,
  tokenOf,
} from './support/harness.ts';

describe.each(engines)('sign-in by emailed link on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '120' });
  });
  afterAll(async () => t.close());

  const login = (email: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email }, headers });

  it('emails a link that expires in 15 minutes and creates the account', async () => {
    const res = await login('  New.Person@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, resendAfterSeconds: 120, expiresInMinutes: 15 });

    const [mail] = (await outbox(t.app)).filter((m) => m.to === 'new.person@example.com');
    expect(mail?.subject).toContain('Rotaboard');
    expect(mail?.html).toContain('<a href="http://localhost:3000/login/verify/');
    expect(mail?.text).toContain('expires in 15 minutes');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/login\/verify\/[A-Za-z0-9_-]{43}$/);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'new.person@example.com'));
    expect(user).toBeDefined();
    const [link] = await t.database.db.select().from(magicLinks).where(eq(magicLinks.userId, user!.id));
    // Only a hash is stored, never the token itself.
    expect(link!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail!.text).not.toContain(link!.tokenHash);
    const minutes = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(15, 0);
  });

  it.each([
    ['', 'Please enter your email address'],
    ['not-an-email', 'Please enter a valid email address'],
    [42, 'Please enter your email address'],
    [`${'x'.repeat(250)}@example.com`, 'An email address can be at most 254 characters'],
  ])('refuses %j with 400 and sends nothing', async (email, message) => {
    const before = (await outbox(t.app)).length;
    const res = await login(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    expect((await outbox(t.app)).length).toBe(before);
  });

  it('refuses a second link within the resend window, saying when to retry, and sends nothing', async () => {
    expect((await login('twice@example.com')).statusCode).toBe(200);
    const before = (await outbox(t.app)).length;
    const res = await login('TWICE@example.com');
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.message).toContain('recently sent');
    expect(body.isRateLimit).toBe(true);
    expect(body.retryAfterSeconds).toBeGreaterThan(100);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(res.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    expect((await outbox(t.app)).length).toBe(before);
  });

  it('signs in a new user once, with the flags of a first sign-in and a secure session cookie', async () => {
    await login('fresh@example.com');
    const token = tokenOf(await latestLink(t.app, 'fresh@example.com', '/login/verify/'));
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      needsProfileCompletion: true,
      shouldPromptForTeamCreation: true,
      hasAcceptedInvite: false,
      inviteTeamId: null,
      isNewUser: true,
      message: 'You are signed in',
    });
    const cookie = res.cookies.find((c) => c.name === 'rotaboard_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.maxAge).toBe(30 * 86_400);
    // The session table keeps a hash, not the cookie value.
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === cookie.value)).toBe(false);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie(res) },
    });
    expect(me.json()).toMatchObject({
      success: true,
      user: { email: 'fresh@example.com', firstName: '', lastName: '', subscriptionTier: 'free' },
      needsProfileCompletion: true,
      shouldPromptForTeamCreation: true,
    });

    const again = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_USED',
      message: expect.stringContaining('already been used'),
    });
    expect(again.cookies.find((c) => c.name === 'rotaboard_session')).toBeUndefined();
  });

  it('reports a returning user as not new', async () => {
    await signIn(t.app, 'returning@example.com');
    await t.database.db
      .update(magicLinks)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(magicLinks.requestedIp, '127.0.0.1'));
    await login('returning@example.com');
    const token = tokenOf(await latestLink(t.app, 'returning@example.com', '/login/verify/'));
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(res.json()).toMatchObject({ isNewUser: false, needsProfileCompletion: false });
  });

  it('refuses an expired link, and an unknown or malformed one, without a session', async () => {
    await login('late@example.com');
    const token = tokenOf(await latestLink(t.app, 'late@example.com', '/login/verify/'));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'late@example.com'));
    await t.database.db
      .update(magicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(magicLinks.userId, user!.id));
    const expired = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: expect.stringContaining('expired'),
    });
    expect(expired.cookies).toHaveLength(0);

    const unknown = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: expect.stringContaining('not valid'),
    });

    const malformed = await t.app.inject({ method: 'GET', url: '/api/auth/verify/%3Cscript%3E' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This link is not valid');
  });

  it('retires older unused links once one signs in', async () => {
    await login('two-links@example.com');
    const first = tokenOf(await latestLink(t.app, 'two-links@example.com', '/login/verify/'));
    await t.database.db.update(magicLinks).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    await login('two-links@example.com');
    const second = tokenOf(await latestLink(t.app, 'two-links@example.com', '/login/verify/'));
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${second}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify/${first}` })).json().code).toBe(
      'TOKEN_USED',
    );
  });

  it('answers 401 without a session and for a made-up cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'rotaboard_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
  });

  it('extends a session that is used (sliding expiry) and refuses an expired one', async () => {
    const cookie = await signIn(t.app, 'slide@example.com');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'slide@example.com'));
    const soon = new Date(Date.now() + 60_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(sessions.userId, user!.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'rotaboard_session')?.maxAge).toBe(30 * 86_400);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('logs out this session only', async () => {
    const first = await signIn(t.app, 'two-browsers@example.com');
    await t.database.db.update(magicLinks).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    const second = await signIn(t.app, 'two-browsers@example.com', null);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: first },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'rotaboard_session')?.value).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } })).statusCode,
    ).toBe(200);
    // Logging out without a session is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('logs out of all devices, ending a second session too', async () => {
    const first = await signIn(t.app, 'everywhere@example.com');
    await t.database.db.update(magicLinks).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    const second = await signIn(t.app, 'everywhere@example.com', null);
    const other = await signIn(t.app, 'bystander@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all-devices',
      headers: { cookie: first },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been logged out of all devices' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout-all-devices' })).statusCode).toBe(
      401,
    );
  });

  it('refuses state-changing requests from a foreign Origin, and allows our own', async () => {
    const cookie = await signIn(t.app, 'origin@example.com');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { firstName: 'Evil', lastName: 'Change' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FOREIGN_ORIGIN' });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(me.json().user.firstName).toBe('Test');

    const nullOrigin = await login('x@example.com', { origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { firstName: 'Own', lastName: 'Site' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe.each(engines)('sign-in edges on %s', (engine) => {
  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp(engine, { PUBLIC_URL: 'https://rota.example.com' });
    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'sec@example.com' } });
      const link = await latestLink(t.app, 'sec@example.com', '/login/verify/');
      expect(link.startsWith('https://rota.example.com/login/verify/')).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify/${tokenOf(link)}` });
      expect(res.cookies.find((c) => c.name === 'rotaboard_session')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('limits sign-in requests per IP address', async () => {
    const t = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3' });
    try {
      const ask = (n: number, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `ip${n}@example.com` },
          remoteAddress: ip,
        });
      for (const n of [1, 2, 3]) expect((await ask(n, '203.0.113.9')).statusCode).toBe(200);
      const fourth = await ask(4, '203.0.113.9');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toMatchObject({ isRateLimit: true, code: 'RATE_LIMITED' });
      expect(fourth.json().message).not.toContain('recently sent');
      expect((await ask(5, '203.0.113.10')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('says so when the email cannot be sent, and lets the person retry at once', async () => {
    let failing = true;
    const sent: string[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      async send(email) {
        if (failing) throw new Error('SMTP down');
        sent.push(email.to);
      },
      async outbox() {
        return [];
      },
    };
    const t = await createTestApp(engine, {}, { mailer });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'down@example.com' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: 'Failed to send magic link. Please try again.' });
      failing = false;
      const retry = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'down@example.com' },
      });
      expect(retry.statusCode).toBe(200);
      expect(sent).toEqual(['down@example.com']);
    } finally {
      await t.close();
    }
  });
});
