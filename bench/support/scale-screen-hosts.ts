// The parent's side of the scale bench's screen hosts (support/scale-screen-host.ts): forks them,
// spreads the screens over them, asks and answers over fork's message channel, and turns what they
// report into the parent's clock (performance.now(): a host's epoch ms minus this process's
// performance.timeOrigin).
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import type {
  FaultScreenSpec,
  FaultScreenState,
  FromHost,
  HostLag,
  PlainScreenSpec,
  ToHost,
} from './scale-screen-host.ts';

const HOST_FILE = fileURLToPath(new URL('./scale-screen-host.ts', import.meta.url));
/** Screens joining at once over all hosts, as when one process opened them 200 at a time. */
const JOIN_BATCH = 200;

/** A host's epoch ms on this process's performance.now() clock. */
export const fromEpoch = (epochMs: number) => epochMs - performance.timeOrigin;

/** A message that is answered, without the id `call` gives it. */
type Request =
  Extract<ToHost, { id: number }> extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

type PushEvents = {
  pair: [Extract<FromHost, { t: 'pair' }>];
  screen: [Extract<FromHost, { t: 'screen' }>];
  held: [Extract<FromHost, { t: 'held' }>];
  count: [Extract<FromHost, { t: 'count' }>];
};

export class ScreenHosts extends EventEmitter<PushEvents> {
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  /** Which host holds each team's fault screens, so a change is sent only to those that need it. */
  private teamHosts = new Map<string, Set<number>>();
  /** The least time a host's first message took to arrive, by the shared clock: it must be small and not
   * negative, or a host's clock disagrees with this process's (every timing subtracts across the two). */
  clockCheckMs = Number.POSITIVE_INFINITY;

  private constructor(readonly hosts: ChildProcess[]) {
    super();
  }

  /**
   * Forks `count` hosts; `onChild` is given each (the caller kills what is left when it exits);
   * `nodeFlags` go to each (e.g. --cpu-prof).
   */
  static async start(count: number, onChild: (child: ChildProcess) => void, nodeFlags: string[] = []) {
    const hosts = Array.from({ length: count }, () =>
      fork(HOST_FILE, ['--screen-host'], {
        execArgv: [...nodeFlags, '--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    hosts.forEach(onChild);
    const pool = new ScreenHosts(hosts);
    await Promise.all(
      hosts.map(
        (host, h) =>
          new Promise<void>((resolve, reject) => {
            host.once('exit', (code) =>
              reject(new Error(`screen host ${h} exited (${code}) before it was ready`)),
            );
            const take = (message: FromHost) => {
              if (message.t === 'batch') message.messages.forEach(take);
              else if (message.t === 'ready') {
                const transit = performance.now() - fromEpoch(message.sentAt);
                pool.clockCheckMs = Math.min(pool.clockCheckMs, +transit.toFixed(2));
                resolve();
              } else pool.receive(message);
            };
            host.on('message', take);
          }),
      ),
    );
    for (const [h, host] of hosts.entries()) {
      host.on('exit', (code, signal) => {
        const err = new Error(`screen host ${h} exited (${signal ?? code})`);
        // Its screens are gone: say so at once, not only as missed pairs at the end.
        if (code !== 0 || signal) console.error(err.message);
        for (const { reject } of pool.waiting.values()) reject(err);
        pool.waiting.clear();
      });
    }
    return pool;
  }

  private receive(message: FromHost) {
    if (message.t === 'reply') {
      const call = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(`screen host: ${message.error}`));
      else call?.resolve(message.value);
    } else if (message.t !== 'ready' && message.t !== 'batch') this.emit(message.t, message as never);
  }

  private call<T>(h: number, message: Request): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.hosts[h]!.send({ ...message, id });
    });
  }

  /** Screen `index` lives on host `index % hosts` (each host an equal share). */
  private split<S extends { index: number }>(screens: S[]) {
    const shares = this.hosts.map((): S[] => []);
    for (const s of screens) shares[s.index % this.hosts.length]!.push(s);
    return shares;
  }

  private async openAll(open: (h: number, batch: number) => Promise<number>) {
    const batch = Math.max(1, Math.ceil(JOIN_BATCH / this.hosts.length));
    const started = performance.now();
    const opened = await Promise.all(this.hosts.map((_, h) => open(h, batch)));
    return { opened: opened.reduce((a, b) => a + b, 0), joinSeconds: (performance.now() - started) / 1000 };
  }

  /** Opens plain screens (socket.io-client joined to their team), resolved once all have joined. */
  openPlain(screens: PlainScreenSpec[]) {
    const shares = this.split(screens);
    return this.openAll((h, batch) => this.call<number>(h, { op: 'open-plain', screens: shares[h]!, batch }));
  }

  /** Opens the web app's own hub clients, resolved once all have joined and refetched their week. */
  openFault(screens: FaultScreenSpec[], ports: number[]) {
    const shares = this.split(screens);
    this.teamHosts = new Map();
    for (const [h, share] of shares.entries()) {
      for (const s of share) this.teamHosts.set(s.teamId, (this.teamHosts.get(s.teamId) ?? new Set()).add(h));
    }
    return this.openAll((h, batch) =>
      this.call<number>(h, { op: 'open-fault', screens: shares[h]!, ports, batch }),
    );
  }

  /** A change made (fault screens): the hosts holding its team's screens look for it in their weeks. */
  changeMade(teamId: string, changeId: string) {
    for (const h of this.teamHosts.get(teamId) ?? []) this.hosts[h]!.send({ op: 'change', teamId, changeId });
  }

  /** Disconnects (or stops) every screen. */
  async close() {
    await Promise.all(this.hosts.map((_, h) => this.call(h, { op: 'close' })));
  }

  /** Each host's event-loop delay and CPU time since the last call. */
  lag() {
    return Promise.all(this.hosts.map((_, h) => this.call<HostLag>(h, { op: 'lag' })));
  }
}

/** A fault screen as the parent sees it: the state its host last reported, on this process's clock. */
export class ScreenMirror implements FaultScreenState {
  joinedAt: number | null = null;
  droppedAt: number | null = null;
  retriedAt: number | null = null;
  reconnectedAt: number | null = null;
  rejoinedAt: number | null = null;
  resyncedAt: number | null = null;
  drops = 0;
  constructor(
    readonly index: number,
    readonly teamId: string,
  ) {}
  update(state: FaultScreenState) {
    const local = (at: number | null) => (at === null ? null : fromEpoch(at));
    this.joinedAt = local(state.joinedAt);
    this.droppedAt = local(state.droppedAt);
    this.retriedAt = local(state.retriedAt);
    this.reconnectedAt = local(state.reconnectedAt);
    this.rejoinedAt = local(state.rejoinedAt);
    this.resyncedAt = local(state.resyncedAt);
    this.drops = state.drops;
  }
}
