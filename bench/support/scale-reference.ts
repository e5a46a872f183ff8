// The bare reference for bench/scale.bench.ts: the least the job needs, with the same transport.
// Fastify + Socket.IO + the Redis adapter; no database, no sessions, no access checks. A screen joins
// its team's room; POST /change/:teamId announces to that room; GET /week/:teamId answers a body of
// the size the app's week has (built once per change, as a cache would). Run one per port:
//   PORT=… REDIS_URL=… WEEK_BYTES=… tsx bench/support/scale-reference.ts
// With WEEK_FILE (a week the app answered, for the big-week scenario) the body is that week with the
// change's number, built once per change and gzipped once on every process (a change is passed to the
// others through the adapter), and sent gzipped to clients that accept it.

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createAdapter } from '@socket.io/redis-adapter';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const weekBytes = Number(process.env.WEEK_BYTES ?? 600);
const app = Fastify({ logger: false });
const io = new Server(app.server, { path: '/scheduleHub', serveClient: false });
const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
for (const client of [pub, sub]) client.on('error', () => {});
io.adapter(createAdapter(pub, sub, { key: 'scale-reference' }));

const versions = new Map<string, { version: number; body: Buffer }>();
const bodyFor = (teamId: string) => {
  let entry = versions.get(teamId);
  if (!entry) {
    entry = { version: 0, body: Buffer.from(JSON.stringify({ v: 0, pad: 'x'.repeat(weekBytes) })) };
    versions.set(teamId, entry);
  }
  return entry;
};

io.on('connection', (socket) => {
  socket.on('JoinTeamGroup', (teamId: string) => {
    void socket.join(`team:${teamId}`);
    socket.emit('JoinedTeamGroup', teamId);
  });
});
app.post<{ Params: { teamId: string } }>('/change/:teamId', async (request, reply) => {
  const entry = bodyFor(request.params.teamId);
  entry.version += 1;
  entry.body = Buffer.from(JSON.stringify({ v: entry.version, pad: 'x'.repeat(weekBytes) }));
  io.to(`team:${request.params.teamId}`).emit('ScheduleUpdated', { teamId: request.params.teamId });
  return reply.status(201).send({ ok: true });
});
app.get<{ Params: { teamId: string } }>('/week/:teamId', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bodyFor(request.params.teamId).body),
);
const weekFile = process.env.WEEK_FILE;
if (weekFile) {
  const week: unknown = JSON.parse(readFileSync(weekFile, 'utf8'));
  const built = new Map<string, { raw: Buffer; gzip: Buffer }>();
  const build = (teamId: string, version: number) => {
    const raw = Buffer.from(JSON.stringify({ version, week }));
    built.set(teamId, { raw, gzip: gzipSync(raw) });
  };
  io.on('week-changed', (teamId: string, version: number) => build(teamId, version));
  let changes = 0;
  app.post<{ Params: { teamId: string } }>('/big/change/:teamId', async (request, reply) => {
    changes += 1;
    const { teamId } = request.params;
    build(teamId, changes);
    io.serverSideEmit('week-changed', teamId, changes);
    io.to(`team:${teamId}`).emit('ScheduleUpdated', { teamId });
    return reply.status(201).send({ ok: true });
  });
  app.get<{ Params: { teamId: string } }>('/big/week/:teamId', async (request, reply) => {
    if (!built.has(request.params.teamId)) build(request.params.teamId, 0);
    const body = built.get(request.params.teamId)!;
    reply.type('application/json; charset=utf-8');
    if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(body.raw);
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(body.gzip);
  });
}
process.on('SIGTERM', () => {
  io.local.disconnectSockets(true);
  void app.close().then(() => process.exit(0));
});
// The app's own accept queue (LISTEN_BACKLOG in packages/server/src/main.ts): with Node's 511 the
// reference's queue overflowed under 10,000 screens' refetches on a busy machine (nginx: "upstream timed
// out while connecting", then "no live upstreams"), so it measured its queue, not its work.
await app.listen({ port, host: '127.0.0.1', backlog: 4096 });
