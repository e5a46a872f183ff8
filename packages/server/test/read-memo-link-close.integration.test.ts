import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MEMO_CHANNEL } from '../src/db/shared-read-memo.ts';
import { engines, freshDatabase, redisReachable, testConfig } from './support/harness.ts';
import { cuttableProxy } from './support/processes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ready = engines.includes('postgres') && (await redisReachable(REDIS_URL));
if (!ready && process.env.CI) throw new Error('PostgreSQL and Redis are needed for the read memo link test');

describe.skipIf(!ready)('the read memo link’s Redis connections', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  // ioredis subscribes again by itself after a reconnect, and nobody handles that promise: a server
  // closing while it was unanswered failed with "Connection is closed." as an unhandled rejection,
  // which ends a Node process (CI, 2026-11-27: the realtime-resync test, every test passed). The link
  // subscribes on every 'ready' itself, with its failure handled, so ioredis's own is off.
  it('leaves no rejection unhandled when the server closes with a resubscription unanswered', async () => {
    const redis = new URL(REDIS_URL);
    const proxy = await cuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const fresh = await freshDatabase('postgres');
    const app = await buildApp(testConfig({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` }), {
      database: fresh.database,
      logger: false,
    });
    try {
      await app.ready();
      // The link is up once its subscription has been answered; give it the time a first start takes.
      await new Promise((r) => setTimeout(r, 500));
      // A blip, and from then on SUBSCRIBE and QUIT go unanswered: the reconnected subscription waits
      // for ever, and so does the server's QUIT, so closing ends the connection on closeRedis's timer
      // (lib/redis-close.ts), as on a busy machine when a server stops just after Redis came back.
      proxy.swallow(/subscribe|quit/i);
      proxy.drop();
      const started = Date.now();
      while (!proxy.swallowed.some((text) => text.includes(MEMO_CHANNEL))) {
        if (Date.now() - started > 10_000) throw new Error('the link never subscribed again');
        await new Promise((r) => setTimeout(r, 20));
      }
      // Whatever else was on its way to subscribe (both of ioredis's and the link's own) is in by now.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await app.close();
      await fresh.dispose();
      await proxy.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(unhandled.map((reason) => String((reason as Error)?.message ?? reason))).toEqual([]);
  });
});
