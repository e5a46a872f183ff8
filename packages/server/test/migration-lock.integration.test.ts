import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_URL, postgresReachable } from './support/postgres-admin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const journal = JSON.parse(
  readFileSync(path.join(here, '../src/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

const PROCESSES = 10;

/** Starts one process that opens (migrates) the database; resolves with its exit code and output. */
function startProcess(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'support/open-database-child.ts'), databaseUrl],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Issue 45: several processes started at the same moment on one empty PostgreSQL database. Each runs
 * the migrations at start-up; without the advisory lock (db/client.ts) they raced and all but one
 * failed on tables that already existed. Now all come up, and the schema is migrated once.
 */
describe.runIf(await postgresReachable())('processes started at once on an empty PostgreSQL database', () => {
  it(`all ${PROCESSES} come up, and the migrations are applied once`, async () => {
    const name = `rotaboard_lock_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const results = await Promise.all(
        Array.from({ length: PROCESSES }, () => startProcess(url.toString())),
      );
      for (const result of results) {
        expect(result.output.trim()).toBe('up');
        expect(result.code).toBe(0);
      }
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
