import type { IncomingMessage } from 'node:http';
import { HUB_PATH } from '@rotaboard/core/realtime/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server at /scheduleHub; the live hub (modules/realtime) gives it its meaning. */
    io: Server;
  }
}

/**
 * Browsers send Origin with a websocket handshake; as for HTTP writes (plugins/origin-check), only
 * PUBLIC_URL's origin or the server's own host may open one. Clients without Origin are not browsers.
 */
export function handshakeOriginAllowed(request: IncomingMessage, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the HTTP server's own port at /scheduleHub, refusing handshakes from other websites,
 * with the Redis adapter when REDIS_URL is set (so rooms span server instances; docs/realtime.md).
 * The library only: who may connect and which rooms exist is the live hub's business.
 */
export default fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined; publicUrl: string }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const io = new Server(app.server, {
      path: HUB_PATH,
      serveClient: false,
      cors: { origin: [publicOrigin], credentials: true },
      allowRequest: (request, callback) => {
        const allowed = handshakeOriginAllowed(request, publicOrigin);
        callback(allowed ? null : 'Connections from another website are not allowed', allowed);
      },
    });

    if (opts.redisUrl) {
      // Loaded only when configured: a start without Redis does not pay for them.
      const [{ Redis }, { createAdapter }] = await Promise.all([
        import('ioredis'),
        import('@socket.io/redis-adapter'),
      ]);
      const pub = new Redis(opts.redisUrl, { lazyConnect: false });
      const sub = pub.duplicate();
      for (const client of [pub, sub])
        client.on('error', (err) => app.log.warn({ err }, 'redis (realtime) connection problem'));
      io.adapter(createAdapter(pub, sub, { key: 'rotaboard-hub' }));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    } else {
      app.log.info('redis: REDIS_URL not set, live updates and rate limits stay within this instance');
    }

    app.decorate('io', io);
    // Open websockets would keep the HTTP server from closing: end them before it stops listening.
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'socket-io' },
);
