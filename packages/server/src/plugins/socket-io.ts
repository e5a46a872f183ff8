import type { IncomingMessage } from 'node:http';
import { HUB_PATH } from '@rotaboard/core/realtime/events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { closeRedis } from '../lib/redis-close.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Socket.IO server at /scheduleHub; the live hub (modules/realtime) gives it its meaning. */
    io: Server;
    /** This instance's link to the other instances (Redis); never fires without REDIS_URL. */
    hubLink: HubLink;
  }
}

export type HubLink = {
  /**
   * Calls `listener` each time the link comes back after a loss (both Redis connections ready again):
   * whatever other instances announced meanwhile may never have reached this one's clients.
   */
  onRestored(listener: () => void): void;
};

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

/** The Redis adapter's commands it sends without waiting for an answer. */
const FIRE_AND_FORGET = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * The Redis adapter sends these commands and never looks at the promise they return. One that fails
 * (Redis away longer than the client's retries, or the connection closing at shutdown while a
 * presence broadcast is still on its way) would be an unhandled rejection, which ends a Node process.
 * Each such promise gets a handler that logs; the caller still receives the same promise.
 */
export function catchFireAndForget(
  client: Record<(typeof FIRE_AND_FORGET)[number], (...args: never[]) => Promise<unknown>>,
  onError: (err: unknown) => void,
) {
  for (const name of FIRE_AND_FORGET) {
    const send = client[name].bind(client) as (...args: never[]) => Promise<unknown>;
    client[name] = (...args: never[]) => {
      const sent = send(...args);
      sent.catch(onError);
      return sent;
    };
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

    const restoredListeners: (() => void)[] = [];
    const hubLink: HubLink = { onRestored: (listener) => void restoredListeners.push(listener) };

    if (opts.redisUrl) {
      // Loaded only when configured: a start without Redis does not pay for them.
      const [{ Redis }, { createAdapter }] = await Promise.all([
        import('ioredis'),
        import('@socket.io/redis-adapter'),
      ]);
      const pub = new Redis(opts.redisUrl, { lazyConnect: false });
      const sub = pub.duplicate();
      for (const client of [pub, sub]) {
        client.on('error', (err) => app.log.warn({ err }, 'redis (realtime) connection problem'));
        catchFireAndForget(client, (err) =>
          app.log.warn({ err }, 'redis (realtime): a message could not be sent'),
        );
      }
      // Lost when either connection closes; back when both are ready again (ioredis reconnects on its own
      // and subscribes again). Announcements are never held up meanwhile: they are sent and forgotten.
      let lost = false;
      for (const client of [pub, sub]) {
        client.on('close', () => {
          lost = true;
        });
        client.on('ready', () => {
          if (!lost || pub.status !== 'ready' || sub.status !== 'ready') return;
          lost = false;
          app.log.info('redis (realtime): link back after a loss');
          for (const listener of restoredListeners) listener();
        });
      }
      io.adapter(createAdapter(pub, sub, { key: 'rotaboard-hub' }));
      app.addHook('onClose', async () => {
        // Stop listening first, so nothing arrives to be answered on a connection that is closing.
        await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
        await Promise.all([closeRedis(pub), closeRedis(sub)]);
      });
    } else {
      app.log.info('redis: REDIS_URL not set, live updates and rate limits stay within this instance');
    }

    app.decorate('io', io);
    app.decorate('hubLink', hubLink);
    // Open websockets would keep the HTTP server from closing: end them before it stops listening.
    // Only this instance's: with the Redis adapter a plain disconnectSockets reaches every instance,
    // and one process stopping would drop the screens of all the others.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'socket-io' },
);
