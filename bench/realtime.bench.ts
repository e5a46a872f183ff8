// Live-update latency: 1,000 hub clients in one team group; for each of 20 shift changes, the time
// from sending the change (POST /shifts, over HTTP) to each client receiving ScheduleUpdated.
// Prints and writes bench/results/realtime.json. Run with `npm run bench`.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUB_PATH, HubEvents } from '@rotaboard/core/realtime/events';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { sessions, staff, teams, users } from '../packages/server/src/db/schema.ts';
import { hashToken } from '../packages/server/src/lib/tokens.ts';

const CLIENTS = 1000;
const CHANGES = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' }), {
  database,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

const [owner] = await database.db
  .insert(users)
  .values({ email: 'hub@example.com', firstName: 'Hub', lastName: 'Bench', lastLoginAt: new Date() })
  .returning();
const [team] = await database.db.insert(teams).values({ name: 'Hub bench', ownerId: owner!.id }).returning();
const [person] = await database.db.insert(staff).values({ teamId: team!.id, firstName: 'Pat' }).returning();
const token = randomBytes(32).toString('base64url');
await database.db
  .insert(sessions)
  .values({ userId: owner!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
const cookie = `rotaboard_session=${token}`;

// Connect and join in batches so the handshake storm does not distort the measurement.
const sockets: Socket[] = [];
for (let i = 0; i < CLIENTS; i += 100) {
  const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, () =>
    connect(`http://127.0.0.1:${port}`, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie },
    }),
  );
  await Promise.all(
    batch.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.once(HubEvents.joined, () => resolve());
          s.once('connect_error', reject);
          s.once('connect', () => s.emit(HubEvents.join, team!.id));
        }),
    ),
  );
  sockets.push(...batch);
}

const latencies: number[] = [];
const lastArrivals: number[] = [];
for (let change = 0; change < CHANGES; change++) {
  let received = 0;
  let started = 0;
  const all = new Promise<void>((resolve) => {
    for (const s of sockets) {
      s.once(HubEvents.scheduleUpdated, () => {
        latencies.push(performance.now() - started);
        if (++received === CLIENTS) resolve();
      });
    }
  });
  const day = String(1 + change).padStart(2, '0');
  started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/teams/${team!.id}/shifts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      staffId: person!.id,
      shiftDate: `2026-12-${day}`,
      startTime: '09:00',
      endTime: '17:00',
    }),
  });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  await all;
  lastArrivals.push(performance.now() - started);
}

const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
const report = {
  benchmark:
    'shift change → ScheduleUpdated, 1,000 clients in one team group (one process, loopback, PGlite)',
  measuredAt: new Date().toISOString(),
  node: process.version,
  clients: CLIENTS,
  changes: CHANGES,
  samples: latencies.length,
  medianMs: at(0.5),
  p99Ms: at(0.99),
  maxMs: +sorted.at(-1)!.toFixed(1),
  lastClientMedianMs: +[...lastArrivals].sort((a, b) => a - b)[Math.floor(CHANGES / 2)]!.toFixed(1),
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results', 'realtime.json'), `${JSON.stringify(report, null, 2)}\n`);
for (const s of sockets) s.disconnect();
await app.close();
await database.close();
