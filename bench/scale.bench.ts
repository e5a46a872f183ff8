// Scale out, measured from outside (issue 28): two processes of the built server on PostgreSQL (a
// fresh database on 127.0.0.1:5432, user postgres) and a redis-server of the bench's own on a spare
// port; screens split between the two as a balancer would (nginx is not used: the screens alternate
// between the processes directly). For each change (POST a shift at a steady rate), the time from its
// POST to each open screen of the team holding it: the hub's event, then that screen's refetch of its
// week. Then the same screens and pacing against a bare reference (bench/support/scale-reference.ts:
// Fastify + Socket.IO + the Redis adapter, no database, no auth).
//
//   npm run bench:scale                       # 10,000 screens in 1,000 teams, 50 changes/s for 20 s
//   npm run bench:scale -- --screens 2000     # smaller (teams = screens / 10 unless --teams)
//
// Writes bench/results/scale.json with the load average, so a run on a busy machine says so.
// Not measured here (yet): the 500-staff week, a Redis outage, SIGKILL and SIGTERM of one process.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { sessions, staff, teams, users } from '../packages/server/src/db/schema.ts';
import { hashToken } from '../packages/server/src/lib/tokens.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { values: args } = parseArgs({
  options: {
    screens: { type: 'string', default: '10000' },
    teams: { type: 'string' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
  },
});
const SCREENS = Number(args.screens);
const TEAMS = Number(args.teams ?? Math.max(1, Math.round(SCREENS / 10)));
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const STAFF_PER_TEAM = 8;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = loadavg();

const sparePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
async function portOpen(port: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() === socket));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() - started > timeoutMs) throw new Error(`nothing on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const children: ChildProcess[] = [];
// However the bench ends, no server or redis-server of its own outlives it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
function start(command: string, argv: string[], env: Record<string, string>) {
  const child = spawn(command, argv, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  return child;
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

// Redis of our own.
const redisPort = await sparePort();
start(
  '/usr/bin/redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  {},
);
await portOpen(redisPort);
const REDIS_URL = `redis://127.0.0.1:${redisPort}`;

// A fresh database, seeded directly: one owner per team (each screen of a team is that owner's).
const dbName = `rotaboard_scale_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${dbName}`;
const database = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: 'unused' });
type World = { teamId: string; cookie: string; staffIds: string[] };
const world: World[] = [];
for (let t = 0; t < TEAMS; t += 1) {
  const [owner] = await database.db
    .insert(users)
    .values({ email: `owner${t}@bench.test`, firstName: 'Owner', lastName: `${t}`, lastLoginAt: new Date() })
    .returning();
  const [team] = await database.db
    .insert(teams)
    .values({ name: `Team ${t}`, ownerId: owner!.id })
    .returning();
  const people = await database.db
    .insert(staff)
    .values(Array.from({ length: STAFF_PER_TEAM }, (_, i) => ({ teamId: team!.id, firstName: `P${i}` })))
    .returning();
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ userId: owner!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
  world.push({ teamId: team!.id, cookie: `rotaboard_session=${token}`, staffIds: people.map((p) => p.id) });
}
await database.close();

const monday = startOfWeek(addDays(new Date().toISOString().slice(0, 10), 7), 1);
type Target = {
  name: string;
  ports: number[];
  change(team: World, k: number, port: number): Promise<number>;
  weekPath(team: World): string;
};

/** Connects every screen (alternating processes), joined to its team, in batches. */
async function openScreens(target: Target) {
  const screens: { socket: Socket; team: World; port: number }[] = [];
  const started = performance.now();
  for (let i = 0; i < SCREENS; i += 200) {
    const batch = Array.from({ length: Math.min(200, SCREENS - i) }, (_, j) => {
      const n = i + j;
      const team = world[n % TEAMS]!;
      const port = target.ports[n % target.ports.length]!;
      const socket = connect(`http://127.0.0.1:${port}`, {
        path: '/scheduleHub',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: team.cookie },
      });
      return { socket, team, port };
    });
    await Promise.all(
      batch.map(
        ({ socket, team }) =>
          new Promise<void>((resolve, reject) => {
            socket.once('JoinedTeamGroup', () => resolve());
            socket.once('connect_error', reject);
            socket.once('connect', () => socket.emit('JoinTeamGroup', team.teamId));
          }),
      ),
    );
    screens.push(...batch);
  }
  return { screens, joinSeconds: (performance.now() - started) / 1000 };
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
};

async function run(target: Target) {
  const { screens, joinSeconds } = await openScreens(target);
  console.error(`${target.name}: ${screens.length} screens joined in ${joinSeconds.toFixed(1)} s`);
  const byTeam = new Map<string, typeof screens>();
  for (const s of screens) byTeam.set(s.team.teamId, [...(byTeam.get(s.team.teamId) ?? []), s]);
  // Per team, the changes in flight: a screen's event is matched to the oldest one it has not seen.
  const pending = new Map<string, { started: number; waiting: number }[]>();
  const eventMs: number[] = [];
  const freshMs: number[] = [];
  let refetchErrors = 0;
  let expected = 0;
  for (const s of screens) {
    let seen = 0;
    s.socket.on('ScheduleUpdated', async (event: { teamId: string; kind?: string }) => {
      if (event.kind === 'all') return;
      const change = pending.get(event.teamId)?.[seen];
      seen += 1;
      if (!change) return;
      eventMs.push(performance.now() - change.started);
      try {
        const res = await fetch(`http://127.0.0.1:${s.port}${target.weekPath(s.team)}`, {
          headers: { cookie: s.team.cookie, 'accept-encoding': 'gzip' },
        });
        await res.arrayBuffer();
        if (res.status !== 200) refetchErrors += 1;
        else freshMs.push(performance.now() - change.started);
      } catch (err) {
        refetchErrors += 1;
        if (refetchErrors <= 3) console.error(`${target.name}: refetch failed`, err);
      }
    });
  }
  const total = Math.round(RATE * SECONDS);
  const writeErrors: number[] = [];
  const postMs: number[] = [];
  const startedAt = performance.now();
  const sends: Promise<void>[] = [];
  for (let k = 0; k < total; k += 1) {
    const due = startedAt + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const team = world[(k * 7919) % TEAMS]!;
    const list = pending.get(team.teamId) ?? [];
    const change = { started: performance.now(), waiting: byTeam.get(team.teamId)?.length ?? 0 };
    list.push(change);
    pending.set(team.teamId, list);
    expected += change.waiting;
    sends.push(
      target.change(team, list.length - 1, target.ports[k % target.ports.length]!).then((status) => {
        postMs.push(performance.now() - change.started);
        if (status >= 300) writeErrors.push(status);
      }),
    );
  }
  await Promise.all(sends);
  // Time for the last refetches.
  const deadline = performance.now() + 10_000;
  while (freshMs.length + refetchErrors < expected && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const s of screens) s.socket.disconnect();
  return {
    target: target.name,
    joinSeconds: +joinSeconds.toFixed(1),
    changes: total,
    pairs: expected,
    missed: expected - freshMs.length,
    writeErrors: writeErrors.length,
    refetchErrors,
    postP50Ms: quantile(postMs, 0.5),
    eventP50Ms: quantile(eventMs, 0.5),
    eventP99Ms: quantile(eventMs, 0.99),
    freshP50Ms: quantile(freshMs, 0.5),
    freshP99Ms: quantile(freshMs, 0.99),
  };
}

const results = [];
// The app: two processes of the built server.
{
  const ports = [await sparePort(), await sparePort()];
  const webDist = mkdtempSync(path.join(tmpdir(), 'rotaboard-dist-'));
  const servers = ports.map((port) =>
    start(process.execPath, ['packages/server/dist/main.js'], {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      PUBLIC_URL: 'http://127.0.0.1',
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      PRO_EMAILS: '@bench.test',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
    }),
  );
  await Promise.all(ports.map((port) => portOpen(port)));
  results.push(
    await run({
      name: 'app (2 processes, PostgreSQL, Redis)',
      ports,
      weekPath: (team) =>
        `/api/teams/${team.teamId}/shifts?startDate=${monday}&endDate=${addDays(monday, 6)}`,
      async change(team, k, port) {
        const res = await fetch(`http://127.0.0.1:${port}/api/teams/${team.teamId}/shifts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: team.cookie },
          body: JSON.stringify({
            staffId: team.staffIds[k % STAFF_PER_TEAM],
            shiftDate: addDays(monday, Math.floor(k / STAFF_PER_TEAM) % 7),
            startTime: '09:00',
            endTime: '17:00',
          }),
        });
        await res.arrayBuffer();
        return res.status;
      },
    }),
  );
  await Promise.all(servers.map(stop));
}
// The reference: the same screens and pacing, nothing but the transport.
{
  const ports = [await sparePort(), await sparePort()];
  const servers = ports.map((port) =>
    start(process.execPath, ['--import', 'tsx', 'bench/support/scale-reference.ts'], {
      PORT: String(port),
      REDIS_URL,
      WEEK_BYTES: '600',
    }),
  );
  await Promise.all(ports.map((port) => portOpen(port)));
  results.push(
    await run({
      name: 'reference (2 processes, Redis, no database)',
      ports,
      weekPath: (team) => `/week/${team.teamId}`,
      async change(team, _k, port) {
        const res = await fetch(`http://127.0.0.1:${port}/change/${team.teamId}`, { method: 'POST' });
        await res.arrayBuffer();
        return res.status;
      },
    }),
  );
  await Promise.all(servers.map(stop));
}

const [app, reference] = results;
const report = {
  benchmark: 'scale out: change → fresh week on every open screen, two processes (issue 28)',
  measuredAt: new Date().toISOString(),
  node: process.version,
  loadAverageAtStart: load.map((l) => +l.toFixed(2)),
  cpus: cpus().length,
  // More runnable work than cores: every figure below is the machine's queue, not the servers'.
  machineBusy: load[0]! > cpus().length,
  loadAverageAtEnd: loadavg().map((l) => +l.toFixed(2)),
  size: { screens: SCREENS, teams: TEAMS, changesPerSecond: RATE, seconds: SECONDS },
  results,
  freshP99RatioToReference:
    app?.freshP99Ms && reference?.freshP99Ms ? +(app.freshP99Ms / reference.freshP99Ms).toFixed(2) : null,
  target:
    'freshP99 within 3× of the reference, none missed (at 10,000 screens, 1,000 teams, 50 changes/s, 20 s)',
  // Judged only at the size on a machine that is not saturated; anything else proves the
  // bench runs and says nothing about the target.
  verdict:
    SCREENS < 10_000 || TEAMS < 1000 || RATE < 50 || SECONDS < 20 || load[0]! > cpus().length
      ? 'not judged: reduced size or busy machine'
      : app?.missed === 0 &&
          app.freshP99Ms &&
          reference?.freshP99Ms &&
          app.freshP99Ms <= 3 * reference.freshP99Ms
        ? 'met'
        : 'not met',
};
console.info(JSON.stringify(report, null, 2));
writeFileSync(path.join(here, 'results', 'scale.json'), `${JSON.stringify(report, null, 2)}\n`);

for (const child of children) await stop(child);
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();
process.exit(0);
