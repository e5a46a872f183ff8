import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process is stopping (SIGTERM): /api/health says so, so balancers send elsewhere. */
    lifecycle: { readonly draining: boolean; drain(): void };
  }
}

/**
 * Draining for a graceful stop (main.ts on SIGTERM): from `drain()` on, /api/health answers 503 and
 * every answer closes its connection (`Connection: close`), so a keep-alive connection that was busy
 * when the stop began ends with its request instead of holding the HTTP server open until its
 * keep-alive timeout. Requests already on their way are served, not refused (app.ts turns off
 * Fastify's own 503 while closing): a balancer's retry is not needed for them.
 */
export default fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('lifecycle', {
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    });
    // app.close() without drain() (tests, a plugin failing at start) drains too.
    app.addHook('preClose', async () => {
      draining = true;
    });
  },
  { name: 'lifecycle' },
);
