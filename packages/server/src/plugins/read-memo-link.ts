import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/db.ts';
import { MEMO_CHANNEL, type SharedReadMemo, shareMemoOn } from '../db/shared-read-memo.ts';
import { closeRedis } from '../lib/redis-close.ts';
import { publishDelivered } from '../lib/redis-publish.ts';

/** How long a publish may wait for Redis before it counts as failed (the write then stops the memo). */
const PUBLISH_TIMEOUT_MS = 1_000;
/** How often a stopped memo tries to start again (link back, owed flush sent). */
const RETRY_MS = 1_000;

type Link = { users: number; close(): Promise<void> };
/** One link per database handle: apps sharing a handle in one process share its memo too. */
const links = new WeakMap<Db, Link>();

/**
 * On PostgreSQL with REDIS_URL, the session and team-access reads are remembered (db/shared-read-memo.ts)
 * while this link holds: two Redis connections of its own, one that only publishes (failing at once
 * when not connected, never queueing a write's invalidation for later) and one subscribed to the
 * invalidation channel. Without REDIS_URL on PostgreSQL, nothing is remembered; PGlite has its own memo.
 */
export default fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined }) => {
    if (app.database.kind !== 'postgres' || !opts.redisUrl) return;
    const db = app.db;
    let link = links.get(db);
    if (!link) {
      link = await openLink(shareMemoOn(db), opts.redisUrl, app);
      links.set(db, link);
    }
    link.users++;
    const held = link;
    app.addHook('onClose', async () => {
      held.users--;
      if (held.users === 0) {
        links.delete(db);
        await held.close();
      }
    });
  },
  { name: 'read-memo-link', dependencies: ['database'] },
);

async function openLink(memo: SharedReadMemo, redisUrl: string, app: FastifyInstance): Promise<Link> {
  const { Redis } = await import('ioredis');
  const pub = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: PUBLISH_TIMEOUT_MS });
  // Not ioredis's own resubscribe after a reconnect: nobody can handle its promise, and a server
  // closing while it waits for an answer made it an unhandled rejection ("Connection is closed."),
  // which ends a Node process. The 'ready' handler below subscribes on every (re)connect, handled.
  const sub = new Redis(redisUrl, { autoResubscribe: false });
  let subscribed = false;
  let closing = false;
  let refreshing = false;
  // Resolves once every process's subscriber has been sent it, not merely when Redis answers.
  const publish = (message: string) => publishDelivered(pub, MEMO_CHANNEL, message);

  /** Serves from memory only while both connections are up and the channel is subscribed. */
  const refresh = async () => {
    if (closing || refreshing) return;
    refreshing = true;
    try {
      if (pub.status === 'ready' && sub.status === 'ready' && subscribed) {
        if (!memo.isServing && !(await memo.linkUp(publish))) {
          app.log.warn('read memo: could not tell the other processes to forget; asking the database');
        }
      } else if (memo.isServing) memo.linkDown();
    } finally {
      refreshing = false;
    }
  };

  for (const client of [pub, sub]) {
    client.on('error', (err) => app.log.warn({ err }, 'redis (read memo) connection problem'));
    client.on('close', () => {
      if (client === sub) subscribed = false;
      // At once, not at the next refresh: a request arriving now must ask the database.
      memo.linkDown();
    });
  }
  sub.on('message', (channel: string, message: string) => {
    if (channel === MEMO_CHANNEL) memo.receive(message);
  });
  sub.on('ready', () => {
    sub
      .subscribe(MEMO_CHANNEL)
      .then(() => {
        subscribed = true;
        return refresh();
      })
      .catch((err) => app.log.warn({ err }, 'read memo: could not subscribe'));
  });
  pub.on('ready', () => void refresh());
  // Covers what no event announces: a publish that timed out on connections still up, a flush owed.
  const retry = setInterval(() => void refresh(), RETRY_MS);
  retry.unref();

  return {
    users: 0,
    async close() {
      closing = true;
      clearInterval(retry);
      memo.linkDown();
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    },
  };
}
