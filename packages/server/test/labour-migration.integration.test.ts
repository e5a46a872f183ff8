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
 * Issue 43's migration (0015_labour_cost) on existing data: teams made before it take their owner's
 * billing currency (else USD) and the labour settings' defaults; pay rates are bounded, one per person
 * per date, and go with their person.
 */
const LABOUR_MIGRATION = '0015_labour_cost';

async function teamsMadeBeforeLabour(query: Query) {
  await query(`insert into users (email, billing_currency) values ('pays-in-pounds@example.com', 'gbp')`);
  await query(`insert into users (email) values ('never-paid@example.com')`);
  await query(
    `insert into teams (name, owner_id) select 'Old Bakery', id from users where email = 'pays-in-pounds@example.com'`,
  );
  await query(
    `insert into teams (name, owner_id) select 'Old Diner', id from users where email = 'never-paid@example.com'`,
  );
  await query(
    `insert into staff (team_id, first_name) select id, 'Ana' from teams where name = 'Old Bakery'`,
  );
  // The columns do not exist yet.
  await expect(query('select currency from teams')).rejects.toThrow(/currency/);
}

describe.each(engines)('the labour-cost migration on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('gives existing teams their owner’s currency or USD, and the labour defaults; bounds pay rates', {
    timeout: FROM_EMPTY_TIMEOUT_MS,
  }, async () => {
    const before = migrationsBefore(LABOUR_MIGRATION, cleanups);
    const { query, migrateTo } = await emptyDatabase(engine, cleanups);
    await migrateTo(before);
    await teamsMadeBeforeLabour(query);
    await migrateTo(MIGRATIONS);

    expect(
      (
        await query(
          `select name, currency, weekly_budget_minor, overtime_after_minutes, overtime_multiplier_hundredths
           from teams order by name`,
        )
      ).rows,
    ).toEqual([
      {
        name: 'Old Bakery',
        currency: 'GBP',
        weekly_budget_minor: null,
        overtime_after_minutes: null,
        overtime_multiplier_hundredths: 150,
      },
      {
        name: 'Old Diner',
        currency: 'USD',
        weekly_budget_minor: null,
        overtime_after_minutes: null,
        overtime_multiplier_hundredths: 150,
      },
    ]);

    const rate = (date: string, minor: number) =>
      query(
        `insert into pay_rates (team_id, staff_id, effective_from, hourly_rate_minor)
         select team_id, id, '${date}', ${minor} from staff where first_name = 'Ana'`,
      );
    await rate('2027-01-01', 0);
    await rate('2027-02-01', 1_000_000);
    await expect(rate('2027-03-01', -1)).rejects.toThrow(/pay_rates_hourly_rate_minor_range/);
    await expect(rate('2027-03-01', 1_000_001)).rejects.toThrow(/pay_rates_hourly_rate_minor_range/);
    await expect(rate('2027-01-01', 1200)).rejects.toThrow(/pay_rates_one_per_staff_per_date/);
    expect((await query('select count(*)::int as n from pay_rates')).rows).toEqual([{ n: 2 }]);

    // A person's rates go with them.
    await query(`delete from staff where first_name = 'Ana'`);
    expect((await query('select count(*)::int as n from pay_rates')).rows).toEqual([{ n: 0 }]);
  });
});
