// What the browser benchmarks share: the real app (API and built web app) on a free port over a
// database they seeded, a session for a user, and Debian's Chromium started with the flags this
// machine needs (no network, no sandbox).
import { randomBytes } from 'node:crypto';
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

/** The app on 127.0.0.1 and a free port, over `database`. */
export async function serveApp(database: Database): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** A session for `userId`, straight in the table (the benchmarks measure pages, not sign-in); its cookie value. */
export async function sessionFor(database: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}
