import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_PAGES } from '@rotaboard/core/site/public-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_APP_PAGES, prerenderedFile } from '../src/plugins/public-site.ts';
import { createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

const SITE = 'https://rota.example.com';

// A build as scripts/prerender.mjs leaves it: the app's index.html and one page per public path, whose
// addresses wait for PUBLIC_URL.
const dist = mkdtempSync(path.join(tmpdir(), 'rotaboard-site-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, 'pages', 'app'), { recursive: true });
// The hashed files of a build (the theme script among them, vite.config.ts) and an unhashed one.
writeFileSync(path.join(dist, 'assets', 'theme-init-Ab12Cd34.js'), 'document.documentElement;');
writeFileSync(path.join(dist, 'assets', 'index-Ef56Gh78.css'), 'body{}');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The app's signed-out pages, prerendered (app/entry-server.tsx).
for (const name of PRERENDERED_APP_PAGES) {
  writeFileSync(
    path.join(dist, 'pages', 'app', `${name}.html`),
    `<!doctype html><title>Prerendered ${name}</title><link rel="canonical" href="%PUBLIC_URL%/${name}"/>` +
      '<div id="root" data-prerendered=""><form></form></div>',
  );
}
for (const page of PUBLIC_PAGES) {
  writeFileSync(
    path.join(dist, 'pages', prerenderedFile(page.path)),
    `<!doctype html><title>${page.title}</title><link rel="canonical" href="%PUBLIC_URL%${page.path}" />` +
      `<meta property="og:url" content="%PUBLIC_URL%${page.path}" /><div id="root" data-page="${page.path}">` +
      `<h1>${page.title}</h1></div>`,
  );
}

describe.each(engines)('the public site on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { WEB_DIST_DIR: dist, PUBLIC_URL: SITE });
  });
  afterAll(async () => t.close());

  it('serves each public page prerendered, with PUBLIC_URL in its canonical and social tags', async () => {
    for (const page of PUBLIC_PAGES) {
      const res = await t.app.inject({ method: 'GET', url: page.path });
      expect(res.statusCode, page.path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`<h1>${page.title}</h1>`);
      expect(res.body).toContain(`<link rel="canonical" href="${SITE}${page.path}" />`);
      expect(res.body).toContain(`<meta property="og:url" content="${SITE}${page.path}" />`);
      expect(res.body).not.toContain('%PUBLIC_URL%');
      // Nobody signed in: the page does not ask the server who it is.
      expect(res.body).not.toContain('data-session');
      expect((await t.app.inject({ method: 'HEAD', url: page.path })).statusCode).toBe(200);
    }
  });

  it('sends a signed-in visitor on / the app (which goes to the schedule), and marks other pages', async () => {
    const cookie = await signIn(t.app, 'site-visitor@example.com');
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>App</title>');
    const pricing = await t.app.inject({ method: 'GET', url: '/pricing', headers: { cookie } });
    expect(pricing.body).toContain('data-page="/pricing" data-session=""');
  });

  it('serves robots.txt that keeps crawlers out of the app and the API, and a sitemap of the public pages', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    for (const rule of [
      'Disallow: /api/',
      'Disallow: /schedule',
      'Disallow: /login/',
      'Disallow: /settings',
    ]) {
      expect(robots.body).toContain(rule);
    }
    expect(robots.body).not.toMatch(/Disallow: \/(features|pricing|privacy)/);
    expect(robots.body).not.toMatch(/^Disallow: \/login$/m);
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((page) => `${SITE}${page.path}`));
  });

  it('redirects unknown paths to / with a 301, and a public page with a trailing slash to itself', async () => {
    for (const url of [
      '/nope',
      '/wp-login.php',
      '/features/nope',
      '/schedules',
      '/settings/x?y=1',
      '/login/verify/abc/def',
      '/billing/anything',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe('/');
    }
    const slash = await t.app.inject({ method: 'GET', url: '/pricing/' });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/pricing');
  });

  it('sends the app’s signed-out pages prerendered to a visitor without a session, else the app', async () => {
    for (const [url, name] of [
      ['/login', 'login'],
      ['/login?returnUrl=%2Fstaff', 'login'],
      ['/login/verify/abc', 'login-verify'],
      ['/invite/accept?token=abc', 'invite-accept'],
      ['/invite-accept?token=abc', 'invite-accept'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(`<title>Prerendered ${name}</title>`);
      expect(res.body, url).toContain(`<link rel="canonical" href="${SITE}/${name}"/>`);
    }
    // Signed in, the app asks who it is first, which the signed-out HTML would not match; an
    // invitation without its token is an error page nobody prerendered.
    const cookie = await signIn(t.app, 'prerender-visitor@example.com');
    const signedIn = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } });
    expect(signedIn.body).toContain('<title>App</title>');
    for (const url of ['/invite/accept', '/invite/accept?token=', '/invite-accept?token=%20']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('Prerendered');
    }
    // The files themselves are not served under their own names (no PUBLIC_URL in them).
    const direct = await t.app.inject({ method: 'GET', url: '/pages/app/login.html' });
    expect(direct.body).not.toContain('%PUBLIC_URL%');
    expect(direct.body).not.toContain('Prerendered');
  });

  it('caches hashed scripts and stylesheets (the theme script too) for a year, and no page', async () => {
    for (const url of ['/assets/theme-init-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/', '/pricing', '/login', '/schedule', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // An unhashed file may change under its name: it is not kept for a year.
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('keeps the app’s own routes working on reload', async () => {
    for (const url of ['/schedule/2026-11-23', '/staff', '/reports', '/support/new']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>App</title>');
    }
    // And an unknown API path is still a JSON 404, not a redirect.
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
