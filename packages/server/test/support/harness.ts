import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import type { Db } from '../../src/db/db.ts';
import { ADMIN_URL, postgresReachable } from './postgres-admin.ts';

/**
 * Integration tests run on every engine: PGlite always, PostgreSQL when reachable at
 * TEST_DATABASE_URL (default: the local server). With REQUIRE_POSTGRES=1 (CI) an unreachable
 * PostgreSQL fails the run instead of being skipped.
 */
export type Engine = 'pglite' | 'postgres';

const postgresUp = await postgresReachable();
if (!postgresUp && process.env.REQUIRE_POSTGRES === '1') {
  throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${ADMIN_URL}`);
}
if (!postgresUp) console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: running the PGlite suite only`);

export const engines: Engine[] = postgresUp ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The migrated templates the global setup made once for this run (support/global-setup.ts), or null
 * when it did not run (a harness used outside the server project): then each database is migrated.
 */
const templates = {
  pglite: injected('pgliteTemplate'),
  postgres: injected('postgresTemplate'),
};

/** What the global setup provided; outside vitest (`npm run docs:api` renders through this harness) nothing. */
function injected<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}
let pgliteTemplate: Blob | undefined;

/** A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function freshDatabase(
  engine: Engine,
): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    if (templates.pglite) pgliteTemplate ??= new Blob([await readFile(templates.pglite)]);
    const pglite = pgliteTemplate ? new PGlite({ loadDataDir: pgliteTemplate }) : undefined;
    const database = await openDatabase({ dataDir: 'memory://', pglite });
    return { database, dispose: () => database.close() };
  }
  const name = `rotaboard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  // openDatabase below migrates only what the copy lacks: nothing when it came from the template.
  await admin.query(`create database ${name}${templates.postgres ? ` template ${templates.postgres}` : ''}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  return {
    database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const PUBLIC_URL = 'http://localhost:3000';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL,
    DATA_DIR: 'memory://',
    MAGIC_LINK_RESEND_SECONDS: '120',
    SUPPORT_EMAILS: 'help@rotaboard.test',
    PRO_EMAILS: 'pro@rotaboard.test,@pro-domain.test',
    LOG_LEVEL: 'silent',
    // Test files sign many people in from one address; the per-IP limit has a test of its own.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
};

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const { database, dispose } = await freshDatabase(engine);
  const app = await buildApp(testConfig(env), { database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

type OutboxItem = { to: string; subject: string; links: string[]; text: string; html: string };

export async function outbox(app: FastifyInstance): Promise<OutboxItem[]> {
  const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
  return res.json();
}

/** The newest link in the newest email to `to` whose path starts with `pathPrefix`. */
export async function latestLink(app: FastifyInstance, to: string, pathPrefix: string): Promise<string> {
  for (const email of await outbox(app)) {
    if (email.to !== to) continue;
    const link = email.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
    if (link) return link;
  }
  throw new Error(`no ${pathPrefix} link mailed to ${to}`);
}

export function tokenOf(link: string): string {
  return new URL(link).pathname.split('/').pop()!;
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'rotaboard_session');
  if (!cookie?.value) throw new Error(`no session cookie set (status ${res.statusCode}: ${res.body})`);
  return `rotaboard_session=${cookie.value}`;
}

/** Signs in through the real flow (login → outbox → verify) and returns the Cookie header. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  profile: { firstName: string; lastName: string } | null = { firstName: 'Test', lastName: 'User' },
): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const token = tokenOf(await latestLink(app, email, '/login/verify/'));
  const verify = await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
  const cookie = sessionCookie(verify);
  if (profile) {
    const put = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie },
      payload: profile,
    });
    if (put.statusCode !== 200) throw new Error(`profile failed: ${put.body}`);
  }
  return cookie;
}

/** The token of the newest invitation mailed to `to`. */
export async function inviteToken(app: FastifyInstance, to: string): Promise<string> {
  const link = await latestLink(app, to, '/invite/accept');
  return new URL(link).searchParams.get('token')!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A small client for one signed-in browser (or none, with `cookie` undefined). */
export function client(app: FastifyInstance, cookie?: string) {
  return (method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/** Starts `app` listening on a port the OS picks, on 127.0.0.1; resolves with its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** Whether a Redis server answers at `url` (tests that need one skip without it, and fail on CI). */
export async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  const up = await redis.connect().then(
    () => true,
    () => false,
  );
  redis.disconnect();
  return up;
}

/** Counts the statements a PostgreSQL handle sends (every query goes through its pool's `query`). */
export function countQueries(db: Db) {
  const pool = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = pool.query.bind(pool);
  const counter = { n: 0 };
  pool.query = (...args: unknown[]) => {
    counter.n++;
    return query(...args);
  };
  return counter;
}
