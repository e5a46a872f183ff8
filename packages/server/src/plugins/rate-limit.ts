import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedis } from '../lib/redis-close.ts';

/**
 * Per-IP limits for routes that opt in (`config.rateLimit`). With REDIS_URL the counters are shared
 * by every server instance; without it they live in this process.
 */
export default fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined }) => {
    let redis: Redis | undefined;
    if (opts.redisUrl) {
      // Loaded only when configured: a start without Redis does not pay for the client.
      const { Redis } = await import('ioredis');
      redis = new Redis(opts.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      });
      redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limit) connection problem'));
      const client = redis;
      app.addHook('onClose', async () => closeRedis(client));
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'rotaboard-rl:' } : {}),
      // When Redis is unreachable, let requests through rather than locking everyone out.
      skipOnError: true,
    });
  },
  { name: 'rate-limit' },
);

/** Route config for the sign-in and email-change endpoints: `max` requests per IP per 15 minutes. */
export function perIpAuthLimit(max: number) {
  return { rateLimit: { max, timeWindow: '15 minutes' } };
}
