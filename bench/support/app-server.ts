// What the browser benchmarks share: the real app (API and built web app) on a free port over a
// database they seeded, a session for a user, and Debian's Chromium started with the flags this
// machine needs (no network, no sandbox).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import type { Database } from '../../packages/server/src/db/client.ts';
import { sessions } from '../../packages/server/src/db/schema.ts';
import { hashToken } from '../../packages/server/src/lib/tokens.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The app on 127.0.0.1 and a free port, over `database`. With `publicUrl`, on a port found first and
 * with PUBLIC_URL set to it (http://localhost:PORT), so the public pages' canonical links point at the
 * address the browser opens (Lighthouse's SEO audit checks that).
 */
export async function serveApp(
  database: Database,
  options: { publicUrl?: boolean } = {},
): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const port = options.publicUrl ? await freePort() : 0;
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' };
  const app = await buildApp(
    loadConfig(port ? { ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` } : env),
    { database, logger: false },
  );
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, baseUrl: port ? `http://localhost:${port}` : `http://127.0.0.1:${address.port}` };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A session for `userId`, straight in the table (the benchmarks measure pages, not sign-in); its cookie value. */
export async function sessionFor(database: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}
