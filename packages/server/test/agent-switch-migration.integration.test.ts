import { afterAll, describe, expect, it } from 'vitest';
import { engines } from './support/harness.ts';
import {
  emptyDatabase,
  FROM_EMPTY_TIMEOUT_MS,
  MIGRATIONS,
  migrationsBefore,
} from './support/migration-steps.ts';

/**
 * Issue 43's 0016_agent_budget: the schedule agent's switch now gates it, so every team made before
 * it is switched on (nothing changes for teams that use the agent today) and new teams start on; a
 * proposal gains its cost.
 */
const AGENT_SWITCH_MIGRATION = '0016_agent_budget';

describe.each(engines)('the agent-switch migration on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('switches the agent on for existing teams and by default for new ones', {
    timeout: FROM_EMPTY_TIMEOUT_MS,
  }, async () => {
    const before = migrationsBefore(AGENT_SWITCH_MIGRATION, cleanups);
    const { query, migrateTo } = await emptyDatabase(engine, cleanups);
    await migrateTo(before);
    await query(`insert into users (email) values ('owner@example.com')`);
    await query(`insert into teams (name, owner_id) select 'Old Bakery', id from users`);
    expect((await query('select schedule_agent_enabled from teams')).rows).toEqual([
      { schedule_agent_enabled: false },
    ]);
    await expect(query('select cost from proposals')).rejects.toThrow(/cost/);
    await migrateTo(MIGRATIONS);

    await query(`insert into teams (name, owner_id) select 'New Diner', id from users`);
    expect((await query('select name, schedule_agent_enabled from teams order by name')).rows).toEqual([
      { name: 'New Diner', schedule_agent_enabled: true },
      { name: 'Old Bakery', schedule_agent_enabled: true },
    ]);
    expect((await query('select cost from proposals')).rows).toEqual([]);
  });
});
