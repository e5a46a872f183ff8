import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { engines } from './support/harness.ts';
import { ADMIN_URL } from './support/postgres-admin.ts';

/**
 * Issue 41: teams made before time zones existed are in UTC after the migration, so nothing they had
 * changes. The database is migrated to just before 0014, a team is made the old way, then the rest of
 * the committed migrations run.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const ZONE_MIGRATION = '0014_team_time_zone';

/** A copy of the migrations folder whose journal stops before the time-zone migration. */
function migrationsBeforeZones(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rotaboard-migrations-'));
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === ZONE_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

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

  it('gives every existing team UTC, and new teams the same default', async () => {
    const before = migrationsBeforeZones();
    cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
    let query: Query;
    let migrateTo: (folder: string) => Promise<void>;
    if (engine === 'pglite') {
      const client = new PGlite();
      cleanups.push(() => client.close());
      query = (text) => client.query(text);
      migrateTo = (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    } else {
      const name = `rotaboard_zone_migration_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      cleanups.push(async () => {
        await pool.end();
        const drop = new pg.Client({ connectionString: ADMIN_URL });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      });
      query = (text) => pool.query(text);
      migrateTo = (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder });
    }

    await migrateTo(before);
    await teamMadeBeforeZones(query);
    await migrateTo(migrations);
    expect((await query(`select name, time_zone from teams`)).rows).toEqual([
      { name: 'Old Bakery', time_zone: 'UTC' },
    ]);
    await query(`insert into teams (name, owner_id) select 'New Cafe', id from users limit 1`);
    expect((await query(`select time_zone from teams where name = 'New Cafe'`)).rows).toEqual([
      { time_zone: 'UTC' },
    ]);
  });
});
