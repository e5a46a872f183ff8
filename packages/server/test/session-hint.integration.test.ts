import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_HINT_COOKIE } from '@rotaboard/core/auth/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, latestLink, type TestApp, tokenOf } from './support/harness.ts';

// The readable "signed in" hint (docs/auth.md) travels with the session cookie, so the web app asks
// /api/auth/me only when a session may exist.
const dist = mkdtempSync(path.join(tmpdir(), 'rotaboard-hint-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');

const cookie = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe.each(engines)('the session hint cookie on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => t.close());

  async function verify(email: string) {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
    const token = tokenOf(await latestLink(t.app, email, '/login/verify/'));
    return t.app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
  }

  it('is set readable, with the session’s lifetime, when a session starts, and holds no secret', async () => {
    const res = await verify('hint@example.com');
    const session = cookie(res, 'rotaboard_session');
    const hint = cookie(res, SESSION_HINT_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: session?.maxAge });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.value).not.toContain(session!.value);
  });

  it('is cleared with the session cookie at logout and at logout from every device', async () => {
    for (const url of ['/api/auth/logout', '/api/auth/logout-all-devices']) {
      const signedIn = await verify(`hint-out-${url.length}@example.com`);
      const session = `rotaboard_session=${cookie(signedIn, 'rotaboard_session')!.value}`;
      const out = await t.app.inject({ method: 'POST', url, headers: { cookie: session }, payload: {} });
      expect(out.statusCode, url).toBe(200);
      expect(cookie(out, 'rotaboard_session')?.value, url).toBe('');
      expect(cookie(out, SESSION_HINT_COOKIE), url).toMatchObject({ value: '', path: '/' });
      expect(new Date(cookie(out, SESSION_HINT_COOKIE)!.expires!).getTime(), url).toBeLessThan(Date.now());
    }
  });

  it('is given to a page of the app requested with a session cookie and no hint, and to nobody else', async () => {
    const withSession = await t.app.inject({
      method: 'GET',
      url: '/schedule',
      headers: { cookie: 'rotaboard_session=started-before-the-hint' },
    });
    expect(withSession.statusCode).toBe(200);
    expect(cookie(withSession, SESSION_HINT_COOKIE)?.value).toBe('1');
    const both = await t.app.inject({
      method: 'GET',
      url: '/schedule',
      headers: { cookie: `rotaboard_session=x; ${SESSION_HINT_COOKIE}=1` },
    });
    expect(cookie(both, SESSION_HINT_COOKIE)).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/schedule' });
    expect(anonymous.cookies).toEqual([]);
  });
});
