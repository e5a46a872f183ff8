import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response (@fastify/helmet), and `Cache-Control: no-store` on API answers,
 * which carry personal data and sign-in state: no shared cache or back button keeps a copy.
 *
 * The Content-Security-Policy allows scripts from our own origin only (the app has no inline script:
 * the theme is set before first paint by a script file, assets/theme-init-<hash>.js); pages may not be framed. Styles allow
 * 'unsafe-inline' because the toast library (sonner) inserts its stylesheet at run time; styles cannot
 * run code. HSTS is sent only when PUBLIC_URL is https, since it would lock a plain-http install out.
 */
export default fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const publicUrl = new URL(opts.publicUrl);
    const https = publicUrl.protocol === 'https:';
    // Live updates connect to the same origin over ws(s):; older browsers do not count that as 'self'.
    const socketOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", socketOrigin],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Sign-in links carry their token in the path: never tell another site where we came from.
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Our own pages are not shared with other origins; images and scripts are all ours.
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
