import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'rotaboard-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Rotaboard</title><div id="root"></div>');
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
// A built asset with the brotli copy the build writes beside it (scripts/precompress.mjs).
const bigScript = `export const rota = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `shift ${i}`))};`;
writeFileSync(path.join(dist, 'assets', 'big-456.js'), bigScript);
writeFileSync(path.join(dist, 'assets', 'big-456.js.br'), brotliCompressSync(bigScript));

describe.each(engines)('the server as a whole on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { WEB_DIST_DIR: dist });
  });
  afterAll(async () => t.close());

  it('reports database reachability at /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { kind: engine, reachable: true } });
  });

  it('answers unknown API paths with JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: expect.stringContaining('No such API endpoint'),
      });
    }
  });

  it('serves the app for client-side routes so they survive a reload, and files as files', async () => {
    for (const url of ['/', '/schedule/2026-11-23', '/login/verify/abc', '/settings?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
  });

  it('compresses API answers over 1 KB for clients that accept it, and sends built files precompressed', async () => {
    const cookie = await signIn(t.app, 'compress@pro-domain.test');
    const call = client(t.app, cookie);
    const team = (await call('POST', '/api/teams', { teamName: 'Big team' })).json();
    for (let i = 0; i < 15; i++)
      await call('POST', `/api/teams/${team.teamId}/staff`, { firstName: `Person ${i}` });
    const url = `/api/teams/${team.teamId}/staff`;
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // Small answers go as they are.
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();

    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/big-456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(bigScript);
    const raw = await t.app.inject({ method: 'GET', url: '/assets/big-456.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(bigScript);
  });

  it('turns malformed bodies into 400s with a sentence, never a 500', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The request body is not valid JSON');
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toEqual(expect.any(String));
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect([400, 415]).toContain(wrongType.statusCode);
    expect(wrongType.json().message).toEqual(expect.any(String));
  });

  it('publishes the OpenAPI document generated from the zod schemas at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/verify/{token}',
        '/api/auth/me',
        '/api/auth/logout',
        '/api/auth/logout-all-devices',
        '/api/auth/change-email/initiate',
        '/api/auth/change-email/status',
        '/api/auth/change-email/cancel',
        '/api/auth/change-email/verify-new/{token}',
        '/api/auth/change-email/confirm/{token}',
        '/api/users/me',
        '/api/support/user/is-support',
        '/api/teams',
        '/api/teams/{id}',
        '/api/teams/{id}/staff',
        '/api/health',
      ]),
    );
    expect(
      doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('shows the dev outbox only to this machine', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'outbox@example.com' } });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('outbox@example.com');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/login\/verify\/[\w-]+">/);
    for (const remoteAddress of ['203.0.113.5', '10.0.0.8', '::ffff:192.168.1.2']) {
      const far = await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress });
      expect(far.statusCode).toBe(404);
      expect(far.body).not.toContain('outbox@example.com');
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json', remoteAddress })).statusCode).toBe(
        404,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(
      200,
    );
  });
});

describe('the server with SMTP configured', () => {
  it('has no dev outbox', async () => {
    // With a built app present too, so the client-route fallback cannot answer for /dev/mail.
    const t = await createTestApp(engines[0]!, { SMTP_URL: 'smtp://127.0.0.1:2525', WEB_DIST_DIR: dist });
    try {
      expect(t.app.mailer.kind).toBe('smtp');
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('<div id="root">');
      }
    } finally {
      await t.close();
    }
  });
});
