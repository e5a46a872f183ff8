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
import { expect } from 'vitest';
import type { Engine } from './harness.ts';
import { ADMIN_URL } from './postgres-admin.ts';

/**
 * For the tests of one migration on existing data: a database migrated to just before it, data made
 * the old way, then the rest of the committed migrations run.
 */
export const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** A copy of the migrations folder whose journal stops before the migration `tag`. */
export function migrationsBefore(tag: string, cleanups: (() => Promise<void>)[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rotaboard-migrations-'));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A migration test's own time limit. It starts from an empty database (on PGlite a fresh initdb, the
 * second WebAssembly program) and runs every migration twice over: 7–9 s alone, but past the 30 s of
 * other tests when a whole npm test starved it beside the browsers (2026-11-28, four of them at once).
 */
export const FROM_EMPTY_TIMEOUT_MS = 120_000;

/** An empty database on `engine` (dropped by the cleanups), with a way to query it and to migrate it. */
export async function emptyDatabase(
  engine: Engine,
  cleanups: (() => Promise<void>)[],
): Promise<{ query: Query; migrateTo(folder: string): Promise<void> }> {
  if (engine === 'pglite') {
    const client = new PGlite();
    cleanups.push(() => client.close());
    return {
      query: (text) => client.query(text),
      migrateTo: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    };
  }
  const name = `rotaboard_migration_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
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
  return {
    query: (text) => pool.query(text),
    migrateTo: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
  };
}
