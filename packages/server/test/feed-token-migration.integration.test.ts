import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.ts';
import { engines } from './support/harness.ts';
import {
  emptyDatabase,
  FROM_EMPTY_TIMEOUT_MS,
  MIGRATIONS,
  migrationsBefore,
} from './support/migration-steps.ts';

/**
 * Issue 45's migration 0017: before it a feed's address was HMAC(server key, user id + nonce), and a
 * dump of the database held both. After it nothing in the database can make an address (no nonce, no
 * key), and an address made before still finds its feed by the token's hash, which the public route
 * looks up (calendar.service `render`).
 */
describe.each(engines)('the feed-token migration on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps the old addresses working and drops what could make them again', {
    timeout: FROM_EMPTY_TIMEOUT_MS,
  }, async () => {
    const before = migrationsBefore('0017_feed_token_hash_only', cleanups);
    const { query, migrateTo } = await emptyDatabase(engine, cleanups);
    await migrateTo(before);
    await query(`insert into users (email) values ('feed@example.com')`);
    const userId = (await query(`select id from users`)).rows[0]!.id as string;
    const key = (await query(`select value from server_secrets where name = 'calendar_feed'`)).rows[0]!
      .value as string;
    // An address as the code before the migration made it.
    const nonce = 'n0nce-made-before';
    const oldToken = createHmac('sha256', key).update(`${userId}:${nonce}`).digest('base64url');
    await query(
      `insert into calendar_feeds (user_id, nonce, token_hash) values ('${userId}', '${nonce}', '${hashToken(oldToken)}')`,
    );

    await migrateTo(MIGRATIONS);

    expect((await query(`select user_id, token_hash from calendar_feeds`)).rows).toEqual([
      { user_id: userId, token_hash: hashToken(oldToken) },
    ]);
    const columns = await query(
      `select column_name from information_schema.columns where table_name = 'calendar_feeds' order by column_name`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual([
      'created_at',
      'token_hash',
      'updated_at',
      'user_id',
    ]);
    expect((await query(`select name from server_secrets`)).rows).toEqual([]);
  });
});
