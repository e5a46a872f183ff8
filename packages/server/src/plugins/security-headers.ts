import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response (helmet's, worked out once: helmetHeaders below), and
 * `Cache-Control: no-store` on API answers, which carry personal data and sign-in state: no shared
 * cache or back button keeps a copy.
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
    const headers = helmetHeaders({
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
    // Sent on every answer, as @fastify/helmet did (it built helmet's middleware again for each
    // request, parsing the policy each time: about a tenth of a small week's refetch).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets for these options, worked out once. None of ours depends on the request
 * (no nonces), so running helmet's middleware against a response that only records them gives what
 * it would set on every one; helmet stays the source of the values.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const recorded: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader() {},
    getHeader: (name: string) => recorded[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return recorded;
}
