import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Db } from './db.ts';
import { startPglite } from './pglite-start.ts';
import { countWrites } from './read-memo.ts';
import * as schema from './schema.ts';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL at `databaseUrl`, or PGlite (embedded PostgreSQL in WebAssembly) in `dataDir` when
 * no URL is given (`memory://` keeps it in memory, for tests), then applies the committed migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite already started for `dataDir` (main.ts starts it first thing; see startPglite). */
  pglite?: PGlite;
}): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    // The PostgreSQL driver loads only when it is used: PGlite starts without it (bench/startup).
    const [{ drizzle: drizzlePg }, { migrate: migratePg }, { default: pg }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
      import('pg'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (!(await upToDate(db))) {
      await underMigrationLock(pool, async () => {
        // Another process may have migrated while this one waited for the lock.
        if (!(await upToDate(db))) await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      });
    }
    database = { db, kind: 'postgres', ping: () => ping(db), close: () => pool.end() };
  } else {
    const client = options.pglite ?? startPglite(options.dataDir);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    countWrites(client, db);
    if (!(await upToDate(db))) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    database = { db, kind: 'pglite', ping: () => ping(db), close: () => client.close() };
  }
  return database;
}

/**
 * The advisory lock every Rotaboard process takes to migrate one PostgreSQL database (issue 45): ten
 * processes started at once on an empty database would otherwise all run the migrations, and all but
 * one fail on tables that already exist. A fixed key of our own ('rotaboard' in ASCII as a bigint);
 * the lock is the session's, held on one client of the pool while the migrator uses others, and is
 * released however the migration ends (and by PostgreSQL if the process dies).
 */
export const MIGRATION_LOCK_KEY = 0x726f7461626f6172n;

async function underMigrationLock(
  pool: {
    connect(): Promise<{ query(text: string, values?: unknown[]): Promise<unknown>; release(): void }>;
  },
  migrate: () => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/**
 * Whether the newest committed migration is already applied: the test Drizzle's migrator makes, in one
 * read. The migrator itself creates its schema and table, hashes every file and opens a transaction
 * on every start, which on an existing PGlite directory was a tenth of the start-up.
 */
async function upToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    // Both drivers answer with `rows`.
    const result = (await db.execute(
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    )) as {
      rows: { applied: string | number | null }[];
    };
    return Number(result.rows[0]?.applied ?? 0) >= newest;
  } catch {
    return false; // A new database: no migrations table yet.
  }
}

/** How long a health check waits for the database (a black-holed network never refuses). */
const PING_TIMEOUT_MS = 2000;

async function ping(db: Db): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
