import { afterAll, describe, expect, it } from 'vitest';
import { engines } from './support/harness.ts';
import {
  emptyDatabase,
  FROM_EMPTY_TIMEOUT_MS,
  MIGRATIONS,
  migrationsBefore,
  type Query,
} from './support/migration-steps.ts';

/**
 * Issue 41: teams made before time zones existed are in UTC after the migration, so nothing they had
 * changes. The database is migrated to just before 0014, a team is made the old way, then the rest of
 * the committed migrations run.
 */
const ZONE_MIGRATION = '0014_team_time_zone';

async function teamMadeBeforeZones(query: Query) {
  await query(`insert into users (email) values ('before-zones@example.com')`);
  await query(
    `insert into teams (name, owner_id) select 'Old Bakery', id from users where email = 'before-zones@example.com'`,
  );
  // The column does not exist yet.
  await expect(query('select time_zone from teams')).rejects.toThrow(/time_zone/);
}

describe.each(engines)('the time-zone migration on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('gives every existing team UTC, and new teams the same default', {
    timeout: FROM_EMPTY_TIMEOUT_MS,
  }, async () => {
    const before = migrationsBefore(ZONE_MIGRATION, cleanups);
    const { query, migrateTo } = await emptyDatabase(engine, cleanups);
    await migrateTo(before);
    await teamMadeBeforeZones(query);
    await migrateTo(MIGRATIONS);
    expect((await query(`select name, time_zone from teams`)).rows).toEqual([
      { name: 'Old Bakery', time_zone: 'UTC' },
    ]);
    await query(`insert into teams (name, owner_id) select 'New Cafe', id from users limit 1`);
    expect((await query(`select time_zone from teams where name = 'New Cafe'`)).rows).toEqual([
      { time_zone: 'UTC' },
    ]);
  });
});
