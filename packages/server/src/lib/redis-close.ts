import type { Redis } from 'ioredis';

/**
 * Closes a Redis client politely (QUIT) when Redis answers, and at once when it does not: while Redis
 * is away, ioredis queues the QUIT until it reconnects, which would hold a stopping server open.
 */
export async function closeRedis(client: Redis, waitMs = 500): Promise<void> {
  const timer = setTimeout(() => client.disconnect(), waitMs);
  try {
    await client.quit();
  } catch {
    // Disconnected meanwhile (the queued QUIT fails with "Connection is closed"): closed either way.
  } finally {
    clearTimeout(timer);
  }
}
