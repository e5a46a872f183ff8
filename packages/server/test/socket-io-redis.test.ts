import { describe, expect, it } from 'vitest';
import { catchFireAndForget } from '../src/plugins/socket-io.js';

/** A Redis client whose connection has closed: every command is refused, as ioredis does. */
function closedClient() {
  const refuse = () => Promise.reject(new Error('Connection is closed.'));
  return {
    publish: refuse,
    subscribe: refuse,
    psubscribe: refuse,
    unsubscribe: refuse,
    punsubscribe: refuse,
  };
}

describe('the Redis adapter’s unanswered commands', () => {
  it('logs a refused publish instead of leaving an unhandled rejection, and still hands back the same failure', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const client = closedClient();
      const logged: unknown[] = [];
      catchFireAndForget(client, (err) => logged.push(err));
      // The adapter fires and forgets: nobody holds these promises.
      void client.publish();
      void client.psubscribe();
      const awaited = client.unsubscribe();
      await expect(awaited).rejects.toThrow('Connection is closed.');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged).toHaveLength(3);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
