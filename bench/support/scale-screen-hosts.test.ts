// The screen hosts against a bare Socket.IO server in this process, no app:
// node --import tsx --test bench/support/*.test.ts
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { Server } from 'socket.io';
import { fromEpoch, ScreenHosts } from './scale-screen-hosts.ts';

type Pair = { teamId: string; seq: number; eventAt: number; freshAt: number | null; receivedAt: number };

test('screens spread over two hosts report each event and refetch, in order, on this process’s clock', async (t) => {
  let refetches = 0;
  const server = createServer((req, res) => {
    refetches += 1;
    res.statusCode = req.url === '/week/broken' ? 503 : 200;
    res.end('{}');
  });
  const io = new Server(server, { path: '/scheduleHub' });
  io.on('connection', (socket) =>
    socket.on('JoinTeamGroup', (teamId: string) => {
      void socket.join(teamId);
      socket.emit('JoinedTeamGroup', teamId);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const children: ChildProcess[] = [];
  const hosts = await ScreenHosts.start(2, (child) => children.push(child));
  t.after(async () => {
    for (const child of children) child.kill();
    await io.close();
  });
  // A host's first message arrives after it was sent, by the clock both read.
  assert.ok(hosts.clockCheckMs >= 0 && hosts.clockCheckMs < 5000, `clockCheckMs ${hosts.clockCheckMs}`);

  const specs = Array.from({ length: 6 }, (_, index) => {
    const teamId = index < 4 ? 'a' : 'b';
    return { index, teamId, cookie: '', port, weekPath: teamId === 'b' ? '/week/broken' : '/week/a' };
  });
  const pairs: Pair[] = [];
  hosts.on('pair', (pair) => pairs.push({ ...pair, receivedAt: performance.now() }));
  const { opened } = await hosts.openPlain(specs);
  assert.equal(opened, 6);
  assert.equal(io.sockets.sockets.size, 6);
  const until = async (n: number) => {
    const deadline = performance.now() + 10_000;
    while (pairs.length < n && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(pairs.length, n);
  };

  const sent: number[] = [];
  for (let k = 0; k < 2; k += 1) {
    sent.push(performance.now());
    io.to('a').emit('ScheduleUpdated', { teamId: 'a' });
    await until(4 * (k + 1));
  }
  // A resync (`all`) is no change: no pair.
  io.to('a').emit('ScheduleUpdated', { teamId: 'a', kind: 'all' });
  io.to('b').emit('ScheduleUpdated', { teamId: 'b' });
  await until(10);

  const a = pairs.filter((p) => p.teamId === 'a');
  assert.deepEqual(
    a.map((p) => p.seq),
    [0, 0, 0, 0, 1, 1, 1, 1],
  );
  for (const p of a) {
    const event = fromEpoch(p.eventAt);
    const fresh = fromEpoch(p.freshAt!);
    // Each time lies between the change's emit here and the report's arrival here.
    assert.ok(event >= sent[p.seq]! - 1, `event ${event} before its change ${sent[p.seq]}`);
    assert.ok(fresh >= event && fresh <= p.receivedAt + 1, `fresh ${fresh}, received ${p.receivedAt}`);
  }
  // A refetch that is not a 200 is reported without a time.
  assert.deepEqual(
    pairs.filter((p) => p.teamId === 'b').map((p) => p.freshAt),
    [null, null],
  );
  assert.equal(refetches, 10);

  await hosts.close();
  const deadline = performance.now() + 5000;
  while (io.sockets.sockets.size > 0 && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  assert.equal(io.sockets.sockets.size, 0);
  const lags = await hosts.lag();
  assert.equal(lags.length, 2);
  for (const lag of lags) assert.ok(lag.cpuMs >= 0 && lag.maxMs >= lag.p50Ms);
});
