import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../lib/cookie-names.ts';
import { ensureSessionHint } from '../lib/session-hint.ts';
import { fallbackFor, publicSite } from './public-site.ts';

/** Scripts and stylesheets: their names carry a hash of their content (Vite), so they never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages: always asked for again (a 304 when unchanged), so a new release is seen at once. */
const HTML = 'no-cache';

/**
 * Serves the built web app: the public pages prerendered (plugins/public-site.ts), the app's own
 * routes with index.html, so client-side routes such as /schedule/2026-11-23 survive a reload, and
 * every other path redirected to `/` (spec 2 §2). Unknown /api paths get JSON.
 */
export default fp(
  async (app: FastifyInstance, opts: { distDir: string; publicUrl: string }) => {
    const indexFile = path.join(opts.distDir, 'index.html');
    const hasBuild = existsSync(indexFile);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file (scripts/precompress.mjs); send the one the
        // browser accepts.
        preCompressed: true,
        // The prerendered pages are served by their own routes, with PUBLIC_URL written in.
        allowedPath: (pathName) => !pathName.startsWith('/pages/'),
        // Vite puts content hashes in the names of everything under assets/ (the theme script too,
        // vite.config.ts), so they can be cached for good. Other files (the icon, the site's images)
        // keep @fastify/static's revalidation.
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
          else if (filePath.endsWith('.html')) res.header('cache-control', HTML);
        },
      });
    } else {
      app.log.warn(`web app not built (${indexFile} missing): run "npm run build" to serve it`);
    }
    const secureCookies = opts.publicUrl.startsWith('https:');
    const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
      ensureSessionHint(request, reply, SESSION_COOKIE, secureCookies);
      return reply.header('cache-control', HTML).sendFile('index.html');
    };
    const site = publicSite(opts);
    if (hasBuild) {
      if (!site.built) app.log.warn('the public pages were not prerendered: run "npm run build"');
      site.register(app, sendApp);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      // /dev/* exists only with the dev outbox; without it those paths are plain 404s, not the app.
      if (url.startsWith('/dev/')) return reply.status(404).type('text/plain').send('Not found');
      if (url === '/api' || url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
        return reply
          .status(404)
          .send({ message: `No such API endpoint: ${request.method} ${url}`, code: ErrorCode.NOT_FOUND });
      }
      if (!hasBuild) {
        return reply
          .status(404)
          .type('text/plain')
          .send('The web app has not been built. Run "npm run build".');
      }
      // A missing file with an extension (an old asset) is a real 404, not the app.
      if (path.extname(url) && url.startsWith('/assets/')) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      const fallback = fallbackFor(url);
      if (fallback.kind === 'redirect') return reply.redirect(fallback.to, 301);
      const prerendered = site.appPage(request);
      if (prerendered)
        return reply.type('text/html; charset=utf-8').header('cache-control', HTML).send(prerendered);
      return sendApp(request, reply);
    });
  },
  { name: 'web-app' },
);
