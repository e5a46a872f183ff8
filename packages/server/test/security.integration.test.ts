import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sessions, users } from '../src/db/schema.ts';
import { redactUrl, serializeError } from '../src/lib/log-redaction.ts';
import {
  createTestApp,
  engines,
  freshDatabase,
  latestLink,
  signIn,
  type TestApp,
  testConfig,
  tokenOf,
} from './support/harness.ts';

const DAY_MS = 86_400_000;

/** The server's own defences (issue 10): headers, proxies, logs and the end of a session. */
describe.each(engines)('the server defends itself on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('sends security headers on every response, and no-store on API answers', async () => {
    const cookie = await signIn(t.app, 'headers@example.com');
    for (const [url, headers] of [
      ['/api/auth/me', { cookie }],
      ['/api/health', {}],
      ['/api/no-such-thing', {}],
      ['/login', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // PUBLIC_URL is http here: HSTS would lock such an install out of itself.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      if (url.startsWith('/api/')) expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'headers@example.com' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await createTestApp(engine, { PUBLIC_URL: 'https://rota.example.com' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(res.headers['content-security-policy'])).toContain('wss://rota.example.com');
    } finally {
      await https.close();
    }
  });

  const login = (app: TestApp['app'], n: number, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `proxy${n}@example.com` },
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('believes no X-Forwarded-For by default, so rotating it does not escape per-IP limits', async () => {
    const app = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses = [];
      for (const n of [1, 2, 3, 4]) statuses.push((await login(app.app, n, `203.0.113.${n}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('takes the client address from the hop TRUST_PROXY names', async () => {
    const app = await createTestApp(engine, { AUTH_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '1' });
    try {
      const rotated = [];
      for (const n of [1, 2, 3, 4]) rotated.push((await login(app.app, n, `203.0.113.${n}`)).statusCode);
      expect(rotated).toEqual([200, 200, 200, 200]);
      // Behind one proxy, only the last hop counts: a client cannot prepend addresses of its choosing.
      const same = [];
      for (const n of [5, 6, 7, 8]) {
        same.push((await login(app.app, n, `10.9.9.${n}, 203.0.113.99`)).statusCode);
      }
      expect(same).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('ends a session 90 days after sign-in however often it is used', async () => {
    const cookie = await signIn(t.app, 'absolute@example.com');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'absolute@example.com'));
    const setSession = (values: Partial<typeof sessions.$inferInsert>) =>
      t.database.db.update(sessions).set(values).where(eq(sessions.userId, user!.id));
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

    // Used daily for 89 days: still signed in, and the sliding expiry stops at the 90th day.
    const createdAt = new Date(Date.now() - 89 * DAY_MS);
    await setSession({ createdAt, lastSeenAt: new Date(Date.now() - 2 * 3_600_000) });
    const res = await me();
    expect(res.statusCode).toBe(200);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + 90 * DAY_MS);
    expect(res.cookies.find((c) => c.name === 'rotaboard_session')!.maxAge).toBeLessThanOrEqual(86_400);

    // Past the 90th day: refused even though its sliding expiry is weeks away.
    await setSession({
      createdAt: new Date(Date.now() - 91 * DAY_MS),
      expiresAt: new Date(Date.now() + 20 * DAY_MS),
    });
    expect((await me()).statusCode).toBe(401);
  });
});

describe('logs keep no tokens and no personal values', () => {
  it('redacts link tokens from the request log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, dispose } = await freshDatabase('pglite');
    const app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, logStream: stream });
    try {
      await app.ready();
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'logged@example.com' } });
      const token = tokenOf(await latestLink(app, 'logged@example.com', '/login/verify/'));
      await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
      await app.inject({ method: 'GET', url: `/api/auth/change-email/confirm/${token}x` });
      await app.inject({ method: 'GET', url: `/invite/accept?token=${token}` });
      // The dev outbox prints each link on purpose (README): it exists only without SMTP_URL, which
      // production requires. Every other line keeps tokens out.
      const log = lines.filter((line) => !line.includes('"msg":"mail to ')).join('');
      expect(log).toContain('/api/auth/verify/[redacted]');
      expect(log).toContain('token=[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await dispose();
    }
  });

  it('keeps ids in URLs and strips values from failed queries', () => {
    const id = '6f1c1a52-0d1f-4b7a-9a57-1f0b3f8d1c11';
    expect(redactUrl(`/api/teams/${id}/staff?date=2026-11-23`)).toBe(
      `/api/teams/${id}/staff?date=2026-11-23`,
    );
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(secret@example.com) already exists.',
      },
    );
    const failed = Object.assign(
      new Error(
        'Failed query: update "users" set "email" = $1 where "id" = $2\nparams: secret@example.com,Ann Secret',
      ),
      {
        name: 'DrizzleQueryError',
        query: 'update "users" set "email" = $1 where "id" = $2',
        params: ['secret@example.com'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).toContain('update \\"users\\" set');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('secret@example.com');
    expect(logged).not.toContain('Ann Secret');
  });
});

describe('lost races', () => {
  it('takes unique violations, deadlocks and serialisation failures, however wrapped, as safe to retry', async () => {
    const { isConcurrentWriteConflict, isUniqueViolation } = await import('../src/lib/db-errors.ts');
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
    for (const code of ['23505', '40P01', '40001']) {
      expect(isConcurrentWriteConflict(wrapped(code))).toBe(true);
      expect(isConcurrentWriteConflict({ code })).toBe(true);
    }
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped('40P01'))).toBe(false);
    expect(isConcurrentWriteConflict(wrapped('22007'))).toBe(false);
    expect(isConcurrentWriteConflict(new Error('no code'))).toBe(false);
  });
});
