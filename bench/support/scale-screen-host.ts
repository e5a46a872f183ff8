// A screen host of bench/scale.bench.ts: a child process (forked by support/scale-screen-hosts.ts)
// holding its share of the bench's open screens and doing their refetches. One process cannot hold
// them all: the limit on open files here is 20,000 per process (10,000 screens are 10,000 sockets plus
// their refetches' connections), and one event loop on 2 cores running 10,000 clients falls behind,
// its own lag then showing up as latency. This file is the only place the screens' logic lives; the
// parent paces the changes, matches and computes the quantiles.
//
// Clocks: every time sent to the parent is epoch ms with sub-ms precision
// (`performance.timeOrigin + performance.now()`), the clock the parent reads its own times on, so a
// change's start (parent) and its arrival on a screen (here) subtract on one clock.
//
// Two kinds of screen:
// - plain (many-screens, big-week): a socket.io-client joined to its team's group; each
//   `ScheduleUpdated` is reported as (team, the n-th event this screen saw, when) once the screen's
//   refetch of its week has returned, and the parent matches it to the n-th change of that team.
// - fault (redis-outage, sigkill, sigterm): the web app's own RealtimeClient (its jittered retries,
//   its resync on rejoining) over a BalancedHubSocket, refetching its week whenever told to; its
//   state (joined, dropped, back, refetched) is reported as it changes, and a (change, screen) pair as
//   held when a refetched week contains the change's id.
import { Agent as HttpAgent } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import { RealtimeClient } from '../../packages/web/src/lib/realtime-client.ts';
import { BalancedHubSocket, httpBalanced } from './scale-clients.ts';
import { watchEventLoop } from './scale-stats.ts';

/** Now, in epoch ms with sub-ms precision: the clock shared with the parent and the other hosts. */
export const epochNow = () => performance.timeOrigin + performance.now();

export type PlainScreenSpec = {
  index: number;
  teamId: string;
  cookie: string;
  port: number;
  weekPath: string;
};
export type FaultScreenSpec = {
  index: number;
  teamId: string;
  cookie: string;
  first: number;
  weekPath: string;
};

/** Parent → host. A message with an `id` is answered by a `reply` with that id. */
export type ToHost =
  | { id: number; op: 'open-plain'; screens: PlainScreenSpec[]; batch: number }
  | { id: number; op: 'open-fault'; screens: FaultScreenSpec[]; ports: number[]; batch: number }
  | { id: number; op: 'close' }
  | { id: number; op: 'lag' }
  /** A change made (fault scenarios): its id, to look for in the team's refetched weeks. */
  | { op: 'change'; teamId: string; changeId: string };

/** Host → parent (several at once as a `batch`, in the order they were sent). */
export type FromHost =
  | { t: 'batch'; messages: FromHost[] }
  | { t: 'ready'; sentAt: number }
  | { t: 'reply'; id: number; value?: unknown; error?: string }
  /** A plain screen's `seq`-th event (from 0) and its refetch: `freshAt` null if the refetch failed. */
  | { t: 'pair'; teamId: string; seq: number; eventAt: number; freshAt: number | null }
  | { t: 'screen'; index: number; state: FaultScreenState }
  | { t: 'held'; index: number; changeId: string; at: number }
  | { t: 'count'; fiveXx: number; failed: number; connectError?: string };

export type FaultScreenState = {
  joinedAt: number | null;
  droppedAt: number | null;
  /**
   * After a drop: when the client first asked to connect again (its jittered first retry), when it was
   * connected again (the handshake, with its session read, done), when it was back in its team's
   * group, and when a refetch begun after that returned.
   */
  retriedAt: number | null;
  reconnectedAt: number | null;
  rejoinedAt: number | null;
  resyncedAt: number | null;
  /** How many times its connection was lost (more than once: it reconnected to a process that then went). */
  drops: number;
};

/** This host's event-loop delay and CPU time since the last `lag` (what its timings carry with them). */
export type HostLag = ReturnType<ReturnType<typeof watchEventLoop>>;

// Messages to the parent go out together once per turn of the event loop, in order: at 500 refetches a
// second a message each cost the host and the bench's own process (which paces the changes) CPU taken
// from the servers. Every time in them was taken when it happened, so waiting a turn changes none.
let outbox: FromHost[] = [];
function flush() {
  const messages = outbox;
  outbox = [];
  process.send!(messages.length === 1 ? messages[0]! : { t: 'batch', messages });
}
const send = (message: FromHost) => {
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(message);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The refetch as the servers see it: gzip asked for and received, but not inflated here. A browser
// inflates on its own CPU; inflating 100 copies of a 1.3 MB week per change on a shared machine was
// what fell behind (fetch always inflates), for the reference as much as the app.
const keepAlive = new HttpAgent({ keepAlive: true });
const getCompressed = (port: number, path: string, cookie: string) =>
  httpBalanced([port], 0, { path, agent: keepAlive, headers: { cookie, 'accept-encoding': 'gzip' } });

/**
 * A fault screen's refetch: its week as text (inflated here: the screen looks for change ids in it),
 * from the first of `ports` that accepts the connection, starting at `first` (a refused connection moves
 * on, as nginx's `proxy_next_upstream error` does), on the keep-alive agent, which opens a connection
 * per request in flight as fetch did.
 */
async function getWeekText(ports: readonly number[], first: number, path: string, cookie: string) {
  const answer = await httpBalanced(ports, first, {
    path,
    agent: keepAlive,
    headers: { cookie, 'accept-encoding': 'gzip' },
  });
  const gzipped = answer.headers['content-encoding'] === 'gzip';
  return { status: answer.status, body: (gzipped ? gunzipSync(answer.body) : answer.body).toString('utf8') };
}

let refetchErrorsLogged = 0;
let faultRefetchErrorsLogged = 0;
function openPlain(spec: PlainScreenSpec) {
  const socket = connect(`http://127.0.0.1:${spec.port}`, {
    path: '/scheduleHub',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: spec.cookie },
  });
  let seen = 0;
  socket.on('ScheduleUpdated', async (event: { teamId: string; kind?: string }) => {
    if (event.kind === 'all') return;
    const seq = seen;
    seen += 1;
    const eventAt = epochNow();
    let freshAt: number | null = null;
    try {
      const res = await getCompressed(spec.port, spec.weekPath, spec.cookie);
      if (res.status === 200) freshAt = epochNow();
    } catch (err) {
      refetchErrorsLogged += 1;
      if (refetchErrorsLogged <= 3) console.error('screen host: refetch failed', err);
    }
    send({ t: 'pair', teamId: event.teamId, seq, eventAt, freshAt });
  });
  const joined = new Promise<void>((resolve, reject) => {
    socket.once('JoinedTeamGroup', () => resolve());
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('JoinTeamGroup', spec.teamId));
  });
  return { socket, joined };
}

/** The changes made, by team, and each screen's last refetched week: a (change, screen) pair is held
 * once a week the screen refetched contains the change, whichever of the two is known here first. */
const changeIds = new Map<string, string[]>();
const faultByTeam = new Map<string, FaultScreen[]>();

class FaultScreen {
  readonly hub: BalancedHubSocket;
  readonly client: RealtimeClient;
  readonly state: FaultScreenState = {
    joinedAt: null,
    droppedAt: null,
    retriedAt: null,
    reconnectedAt: null,
    rejoinedAt: null,
    resyncedAt: null,
    drops: 0,
  };
  private lastWeek: { body: string; at: number } | null = null;
  private readonly held = new Set<string>();
  private fetching = false;
  private again = false;

  constructor(
    readonly spec: FaultScreenSpec,
    private readonly ports: number[],
  ) {
    this.hub = new BalancedHubSocket(ports, spec.first, spec.cookie);
    const afterDrop = () => this.state.droppedAt !== null && this.state.rejoinedAt === null;
    this.hub.onConnectAsked = () => {
      if (afterDrop()) this.state.retriedAt ??= epochNow();
    };
    this.hub.on('connect', () => {
      if (afterDrop()) this.state.reconnectedAt ??= epochNow();
    });
    this.hub.on('JoinedTeamGroup', () => {
      const now = epochNow();
      if (afterDrop()) this.state.rejoinedAt = now;
      this.state.joinedAt ??= now;
      this.report();
    });
    this.hub.on('disconnect', () => {
      this.state.droppedAt ??= epochNow();
      this.state.drops += 1;
      this.report();
    });
    // A failed connect the client will retry after its next, longer delay (2 s, 10 s, 30 s): why.
    this.hub.on('connect_error', (err: Error) => {
      send({ t: 'count', fiveXx: 0, failed: 0, connectError: err.message });
    });
    this.client = new RealtimeClient({
      createSocket: () => this.hub,
      onScheduleUpdated: () => void this.refetch(),
      log: () => {},
    });
    this.client.setTeam(spec.teamId);
    this.client.start();
  }

  private report() {
    send({ t: 'screen', index: this.spec.index, state: { ...this.state } });
  }

  /** Marks every known change of its team that its last refetched week contains. */
  checkHeld() {
    if (!this.lastWeek) return;
    for (const id of changeIds.get(this.spec.teamId) ?? []) {
      if (this.held.has(id) || !this.lastWeek.body.includes(id)) continue;
      this.held.add(id);
      send({ t: 'held', index: this.spec.index, changeId: id, at: this.lastWeek.at });
    }
  }

  /** Refetches the week; one at a time, and once more if told again meanwhile (as TanStack Query does). */
  async refetch(): Promise<void> {
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    do {
      this.again = false;
      const startedAt = epochNow();
      try {
        const res = await getWeekText(
          this.ports,
          Math.max(0, this.ports.indexOf(this.hub.port)),
          this.spec.weekPath,
          this.spec.cookie,
        );
        const body = res.body;
        if (res.status >= 500) send({ t: 'count', fiveXx: 1, failed: 0 });
        if (res.status === 200) {
          const at = epochNow();
          this.lastWeek = { body, at };
          this.checkHeld();
          if (
            this.state.rejoinedAt !== null &&
            this.state.resyncedAt === null &&
            startedAt >= this.state.rejoinedAt
          ) {
            this.state.resyncedAt = at;
            this.report();
          }
        } else {
          faultRefetchErrorsLogged += 1;
          if (faultRefetchErrorsLogged <= 3)
            console.error(
              `screen host: a fault screen’s refetch answered ${res.status}: ${body.slice(0, 200)}`,
            );
          send({ t: 'count', fiveXx: 0, failed: 1 });
        }
      } catch (err) {
        faultRefetchErrorsLogged += 1;
        if (faultRefetchErrorsLogged <= 3) console.error('screen host: a fault screen’s refetch failed', err);
        send({ t: 'count', fiveXx: 0, failed: 1 });
      }
    } while (this.again);
    this.fetching = false;
  }
}

let plain: Socket[] = [];
let fault: FaultScreen[] = [];

/** Opens `specs` `batch` at a time, each batch joined before the next, as the bench always has. */
async function inBatches<S, T>(
  specs: S[],
  batch: number,
  open: (spec: S) => T,
  joined: (batch: T[]) => Promise<void>,
) {
  const opened: T[] = [];
  for (let i = 0; i < specs.length; i += batch) {
    const next = specs.slice(i, i + batch).map(open);
    await joined(next);
    opened.push(...next);
  }
  return opened;
}

let lag = watchEventLoop();

async function handle(message: ToHost): Promise<unknown> {
  switch (message.op) {
    case 'open-plain': {
      const opened = await inBatches(message.screens, message.batch, openPlain, async (batch) => {
        await Promise.all(batch.map((s) => s.joined));
      });
      plain = opened.map((s) => s.socket);
      return opened.length;
    }
    case 'open-fault': {
      changeIds.clear();
      faultByTeam.clear();
      fault = await inBatches(
        message.screens,
        message.batch,
        (spec) => {
          const screen = new FaultScreen(spec, message.ports);
          faultByTeam.set(spec.teamId, [...(faultByTeam.get(spec.teamId) ?? []), screen]);
          return screen;
        },
        async (batch) => {
          const deadline = performance.now() + 60_000;
          while (batch.some((s) => s.state.joinedAt === null) && performance.now() < deadline)
            await sleep(20);
          if (batch.some((s) => s.state.joinedAt === null))
            throw new Error('screens did not join within 60 s');
        },
      );
      // Each screen shows its week, as a page does once it has loaded.
      await Promise.all(fault.map((s) => s.refetch()));
      return fault.length;
    }
    case 'close':
      for (const socket of plain) socket.disconnect();
      for (const screen of fault) screen.client.stop();
      plain = [];
      fault = [];
      return null;
    case 'lag': {
      const value = lag();
      lag = watchEventLoop();
      return value;
    }
    case 'change':
      changeIds.set(message.teamId, [...(changeIds.get(message.teamId) ?? []), message.changeId]);
      for (const screen of faultByTeam.get(message.teamId) ?? []) screen.checkHeld();
      return null;
  }
}

// Run only as a forked child (the parent imports this file's types, never its code).
if (process.send && process.argv.includes('--screen-host')) {
  process.on('message', (message: ToHost) => {
    handle(message).then(
      (value) => {
        if ('id' in message) send({ t: 'reply', id: message.id, value });
      },
      (err: Error) => {
        if ('id' in message) send({ t: 'reply', id: message.id, error: err.message });
      },
    );
  });
  // The parent went: nothing of ours outlives it. A SIGTERM is an exit too, so --cpu-prof is written.
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  send({ t: 'ready', sentAt: epochNow() });
}
