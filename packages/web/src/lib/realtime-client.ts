import {
  HUB_PATH,
  HubEvents,
  type HubScheduleEvent,
  hubTransports,
  type PresenceEvent,
  readPresence,
  readScheduleUpdated,
  readSupportTicketUpdated,
  resyncEvent,
  type SupportTicketUpdatedEvent,
} from '@rotaboard/core/realtime/hub';
import { io } from 'socket.io-client';
import { reconnectDelay, restartDelay, withJitter } from './realtime-policy';

/**
 * The live connection to the schedule hub (spec 2 §4). One per signed-in tab. Socket.IO's own
 * reconnection is off: this class retries after 0, 2, 10 and 30 s, then counts the connection as
 * closed and starts again every 5 s, at most 5 times in total — each delay jittered (0–1 s for the
 * first, ±50 % after), so the screens of a server that stopped do not all return in one instant. Any
 * loss but our own `stop()` is retried, a server ending the connection (it is stopping) included. On
 * every (re)connect it joins the current team's group again, and once back in it after a loss it
 * asks for everything shown to be refetched (a resync), since changes announced meanwhile were missed.
 */
export type HubState =
  | 'idle' // not started, or stopped on purpose
  | 'connecting' // starting (first time or after a close)
  | 'connected'
  | 'reconnecting' // lost; automatic retries under way
  | 'closed' // retries used up; will start again in 5 s
  | 'failed'; // given up

/** The little of a Socket.IO socket we use (a fake stands in for it in tests). */
export interface HubSocket {
  readonly connected: boolean;
  /** False after the server refused the connection (bad session); Socket.IO won't retry that. */
  readonly active: boolean;
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(): unknown;
}

export interface RealtimeCallbacks {
  onState?: (state: HubState, hadConnected: boolean) => void;
  /** A change to the selected team, or a resync (kind `all`: refetch everything of it shown). */
  onScheduleUpdated?: (event: HubScheduleEvent) => void;
  onPresence?: (event: PresenceEvent) => void;
  /** The server took this connection out of the selected team's group: access to it has ended. */
  onAccessLost?: (teamId: string) => void;
  /** A ticket of this user (or, for agents, any ticket) changed. */
  onSupportTicketUpdated?: (event: SupportTicketUpdatedEvent) => void;
}

export interface RealtimeOptions extends RealtimeCallbacks {
  createSocket?: () => HubSocket;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** A number in [0, 1) for the retries' jitter (Math.random; tests pass a fixed one). */
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
}

export const NOT_CONNECTED_ERROR = 'SignalR connection is not established';

function defaultSocket(): HubSocket {
  return io({
    path: HUB_PATH,
    ...hubTransports(),
    withCredentials: true,
    reconnection: false,
    autoConnect: false,
  });
}

export class RealtimeClient {
  private readonly socket: HubSocket;
  private readonly opts: RealtimeOptions;
  private state: HubState = 'idle';
  private hadConnected = false;
  private attempt = 0;
  private closes = 0;
  private timer: unknown = null;
  private teamId: string | null = null;
  private joinedTeamId: string | null = null;
  /** Set when the connection is lost: the next join of the team is followed by a resync. */
  private missedChanges = false;

  constructor(opts: RealtimeOptions = {}) {
    this.opts = opts;
    this.socket = (opts.createSocket ?? defaultSocket)();
    this.socket.on('connect', () => this.onConnect());
    this.socket.on('connect_error', (error: Error) => this.onConnectError(error));
    this.socket.on('disconnect', (reason: string) => this.onDisconnect(reason));
    this.socket.on(HubEvents.joined, (teamId: string) => {
      this.log(`Joined team group ${teamId}`);
      if (!this.missedChanges || teamId !== this.teamId) return;
      // Back in the group: from now on changes are announced, so a refetch now misses nothing.
      this.missedChanges = false;
      this.opts.onScheduleUpdated?.(resyncEvent(teamId, new Date().toISOString()));
    });
    this.socket.on(HubEvents.left, (teamId: string) => {
      this.log(`Left team group ${teamId}`);
      // Leaving is our own doing only through setTeam, which forgets the team first; otherwise the
      // server removed us (access removed, team deleted, leaving date passed).
      if (teamId !== this.joinedTeamId) return;
      this.joinedTeamId = null;
      this.opts.onAccessLost?.(teamId);
    });
    this.socket.on(HubEvents.error, (error: unknown) => this.log('Hub error', error));
    this.socket.on(HubEvents.scheduleUpdated, (payload: unknown) => {
      const event = readScheduleUpdated(payload);
      if (!event) return this.log('Ignored a malformed ScheduleUpdated', payload);
      if (event.teamId !== this.teamId) return;
      this.opts.onScheduleUpdated?.(event);
    });
    this.socket.on(HubEvents.supportTicketUpdated, (payload: unknown) => {
      const event = readSupportTicketUpdated(payload);
      if (event) this.opts.onSupportTicketUpdated?.(event);
    });
    this.socket.on(HubEvents.presence, (payload: unknown) => {
      const event = readPresence(payload);
      if (!event || event.teamId !== this.teamId) return;
      this.opts.onPresence?.(event);
    });
  }

  getState(): HubState {
    return this.state;
  }

  /** Starts the connection (once; later calls do nothing while it runs). */
  start(): void {
    if (this.state !== 'idle') return;
    this.connect('connecting');
  }

  /** Closes the connection for good (logout, sign-in ended, page gone). */
  stop(): void {
    this.cancelTimer();
    this.setState('idle');
    this.teamId = null;
    this.joinedTeamId = null;
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  /** Follows the selected team: leaves the old group and joins the new one. */
  setTeam(teamId: string | null): void {
    if (teamId === this.teamId) return;
    const previous = this.joinedTeamId;
    this.teamId = teamId;
    if (previous && this.socket.connected) {
      this.socket.emit(HubEvents.leave, previous);
      this.joinedTeamId = null;
    }
    if (teamId) this.join(teamId);
  }

  private join(teamId: string): void {
    if (this.state !== 'connected' || !this.socket.connected) {
      // Joined on connect instead; logged only (spec).
      this.log(NOT_CONNECTED_ERROR);
      return;
    }
    this.socket.emit(HubEvents.join, teamId);
    this.joinedTeamId = teamId;
  }

  private connect(state: HubState): void {
    this.timer = null;
    this.setState(state);
    this.socket.connect();
  }

  private onConnect(): void {
    this.hadConnected = true;
    this.attempt = 0;
    this.setState('connected');
    if (this.teamId) this.join(this.teamId);
  }

  private onConnectError(error: Error): void {
    this.log('Hub connection failed', error.message);
    if (this.state === 'idle') return;
    if (!this.socket.active) {
      // The server refused us (no session): nothing to retry until the user signs in again.
      this.cancelTimer();
      this.setState('idle');
      return;
    }
    if (this.state === 'reconnecting') this.scheduleReconnect();
    else this.onClosed();
  }

  private onDisconnect(reason: string): void {
    this.joinedTeamId = null;
    if (this.state === 'idle' || reason === 'io client disconnect') return;
    this.missedChanges = true;
    this.log('Hub connection lost', reason);
    this.attempt = 0;
    this.setState('reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    if (delay === null) {
      this.onClosed();
      return;
    }
    this.setTimer(() => this.connect('reconnecting'), this.jitter(delay));
  }

  private onClosed(): void {
    this.closes += 1;
    const delay = restartDelay(this.closes);
    if (delay === null) {
      this.setState('failed');
      return;
    }
    this.setState('closed');
    this.setTimer(() => {
      this.attempt = 0;
      this.connect('connecting');
    }, this.jitter(delay));
  }

  private jitter(delay: number): number {
    return withJitter(delay, (this.opts.random ?? Math.random)());
  }

  private setTimer(callback: () => void, ms: number): void {
    this.cancelTimer();
    this.timer = (this.opts.setTimer ?? ((cb, delay) => setTimeout(cb, delay)))(callback, ms);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  private setState(state: HubState): void {
    if (state === this.state) return;
    this.state = state;
    this.opts.onState?.(state, this.hadConnected);
  }

  private log(message: string, detail?: unknown): void {
    (this.opts.log ?? ((m: string, d?: unknown) => console.info(`[hub] ${m}`, d ?? '')))(message, detail);
  }
}
