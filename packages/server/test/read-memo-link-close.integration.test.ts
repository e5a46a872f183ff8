import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MEMO_CHANNEL } from '../src/db/shared-read-memo.ts';
import { engines, freshDatabase, redisReachable, testConfig } from './support/harness.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ready = engines.includes('postgres') && (await redisReachable(REDIS_URL));
if (!ready && process.env.CI) throw new Error('PostgreSQL and Redis are needed for the read memo link test');

/**
 * A forwarder to Redis that can drop every connection (a blip) and, from then on, swallow what the
 * clients send that holds a SUBSCRIBE or a QUIT: the reconnected subscription waits for an answer
 * that never comes, and the server's QUIT too, so closing ends the connection on closeRedis's timer
 * (lib/redis-close.ts), as on a busy machine when the server stops just after Redis came back.
 */
async function subscribeSwallowingProxy(target: URL) {
  const open = new Set<net.Socket>();
  let swallowing = false;
  const swallowed: string[] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        inbound.destroy();
        outbound.destroy();
        open.delete(socket);
      });
    }
    inbound.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      if (swallowing && /subscribe|quit/i.test(text)) swallowed.push(text);
      else outbound.write(chunk);
    });
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    swallowed,
    blipThenSwallow() {
      swallowing = true;
      for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!ready)('the read memo link’s Redis connections', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  // ioredis subscribes again by itself after a reconnect, and nobody handles that promise: a server
  // closing while it was unanswered failed with "Connection is closed." as an unhandled rejection,
  // which ends a Node process (CI, 2026-11-27: the realtime-resync test, every test passed). The link
  // subscribes on every 'ready' itself, with its failure handled, so ioredis's own is off.
  it('leaves no rejection unhandled when the server closes with a resubscription unanswered', async () => {
    const proxy = await subscribeSwallowingProxy(new URL(REDIS_URL));
    const fresh = await freshDatabase('postgres');
    const app = await buildApp(testConfig({ REDIS_URL: proxy.url }), {
      database: fresh.database,
      logger: false,
    });
    try {
      await app.ready();
      // The link is up once its subscription has been answered; give it the time a first start takes.
      await new Promise((r) => setTimeout(r, 500));
      proxy.blipThenSwallow();
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
