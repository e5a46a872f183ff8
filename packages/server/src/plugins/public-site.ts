import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DISALLOWED_FOR_CRAWLERS,
  isAppRoute,
  PUBLIC_PAGES,
  type PublicPath,
} from '@rotaboard/core/site/public-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../lib/cookie-names.ts';

/** The file scripts/prerender.mjs writes a public path to: `/` → home.html, `/features/leave` → features-leave.html. */
export function prerenderedFile(pagePath: string): string {
  return `${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.html`;
}

/** The app's signed-out pages that scripts/prerender.mjs writes to pages/app/<name>.html. */
export const PRERENDERED_APP_PAGES = ['login', 'login-verify', 'invite-accept'] as const;
type AppPage = (typeof PRERENDERED_APP_PAGES)[number];

/**
 * Which prerendered page of the app an address is drawn from, if any. The HTML is each page as it
 * looks on arrival to someone signed out, so it is used only when it matches what the app will draw
 * (and hydrate): an invitation without its token is an error page the prerender did not draw.
 */
export function prerenderedAppPage(url: string): AppPage | null {
  const [pathname = '', query = ''] = url.split('?', 2);
  if (pathname === '/login') return 'login';
  if (/^\/login\/verify\/[^/]+$/.test(pathname)) return 'login-verify';
  if (pathname === '/invite/accept' || pathname === '/invite-accept') {
    return new URLSearchParams(query).get('token')?.trim() ? 'invite-accept' : null;
  }
  return null;
}

/**
 * The public site (docs/public-site.md): the prerendered pages, with PUBLIC_URL written into their
 * canonical and social tags once at start-up (it is runtime configuration, the build cannot know it);
 * robots.txt and sitemap.xml from the same list of pages; and what an unknown path gets.
 */
export function publicSite(opts: { distDir: string; publicUrl: string }) {
  const pagesDir = path.join(opts.distDir, 'pages');
  const read = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').replaceAll('%PUBLIC_URL%', opts.publicUrl) : undefined;
  const html = new Map<string, string>();
  for (const page of PUBLIC_PAGES) {
    const body = read(path.join(pagesDir, prerenderedFile(page.path)));
    if (body) html.set(page.path, body);
  }
  const appHtml = new Map<AppPage, string>();
  for (const name of PRERENDERED_APP_PAGES) {
    const body = read(path.join(pagesDir, 'app', `${name}.html`));
    if (body) appHtml.set(name, body);
  }

  const robots = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_FOR_CRAWLERS.map((rule) => `Disallow: ${rule}`),
    '',
    `Sitemap: ${opts.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => `  <url><loc>${opts.publicUrl}${page.path}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

  return {
    /** Whether the build has the prerendered pages (an old or partial build may not). */
    built: html.size === PUBLIC_PAGES.length && appHtml.size === PRERENDERED_APP_PAGES.length,
    /**
     * The prerendered HTML of an app route, for a visitor with no session cookie; null when the app
     * must draw the page itself (signed in, or a page that was not prerendered). Those are hydrated by
     * the app, which then shows the signed-out page: with a session cookie it would first ask who is
     * signed in, and the HTML would not match.
     */
    appPage(request: FastifyRequest): string | null {
      if (request.cookies?.[SESSION_COOKIE]) return null;
      const name = prerenderedAppPage(request.url);
      return (name && appHtml.get(name)) ?? null;
    },
    register(app: FastifyInstance, sendApp: (request: FastifyRequest, reply: FastifyReply) => FastifyReply) {
      // Pages, not API: kept out of the OpenAPI document.
      const page = { schema: { hide: true } };
      app.get('/robots.txt', page, async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
      );
      app.get('/sitemap.xml', page, async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(sitemap),
      );
      for (const { path: pagePath } of PUBLIC_PAGES) {
        const body = html.get(pagePath);
        if (!body) continue;
        app.get(pagePath, page, async (request: FastifyRequest, reply) => {
          const hasSession = Boolean(request.cookies?.[SESSION_COOKIE]);
          // `/` is the schedule for a signed-in user: the app checks the session behind a spinner and
          // goes there (spec 2 §2). Without a cookie nobody is signed in, and the page goes out as is.
          if (pagePath === '/' && hasSession) return sendApp(request, reply);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
          // Only a visitor who may be signed in has the page ask who they are: for everyone else the
          // question would be a 401 in the console for nothing.
          return reply.send(hasSession ? markSession(body, pagePath) : body);
        });
      }
    },
  };
}

function markSession(body: string, pagePath: PublicPath): string {
  return body.replace(`data-page="${pagePath}"`, `data-page="${pagePath}" data-session=""`);
}

/**
 * What a GET for a path that is neither a file nor a public page gets: the app for its own routes,
 * the page itself for a public path with a trailing slash, and `/` for anything else (spec 2 §2) —
 * a 301, so crawlers drop the address and links to it count for the home page.
 */
export function fallbackFor(url: string): { kind: 'app' } | { kind: 'redirect'; to: string } {
  if (isAppRoute(url)) return { kind: 'app' };
  const trimmed = url.replace(/\/+$/, '') || '/';
  if (PUBLIC_PAGES.some((page) => page.path === trimmed)) {
    // A public page that reached this handler was not prerendered (a build without the pages): the
    // app draws it, or sends the visitor home.
    return trimmed === url ? { kind: 'app' } : { kind: 'redirect', to: trimmed };
  }
  return { kind: 'redirect', to: '/' };
}
