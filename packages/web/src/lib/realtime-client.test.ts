import { HubEvents } from '@rotaboard/core/realtime/hub';
import { describe, expect, it } from 'vitest';
import {
  type HubSocket,
  type HubState,
  NOT_CONNECTED_ERROR,
  RealtimeClient,
  type RealtimeOptions,
} from './realtime-client';

const TEAM_A = '11111111-1111-4111-8111-111111111111';
const TEAM_B = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';

class FakeSocket implements HubSocket {
  connected = false;
  active = true;
  connects = 0;
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, ((...args: never[]) => void)[]>();
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.connected = false;
  }
  emit(event: string, arg: unknown) {
    this.emitted.push([event, arg]);
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
}

function setup(extra: Partial<RealtimeOptions> = {}) {
  const socket = new FakeSocket();
  const timers: { ms: number; run: () => void }[] = [];
  const states: HubState[] = [];
  const logs: string[] = [];
  const events: unknown[] = [];
  const client = new RealtimeClient({
    createSocket: () => socket,
    setTimer: (run, ms) => {
      const timer = { ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
    onState: (state) => states.push(state),
    onScheduleUpdated: (event) => events.push(event),
    log: (message) => logs.push(message),
    // The middle of the jitter: each delay as the schedule says, the first retry after 0.5 s.
    random: () => 0.5,
    ...extra,
  });
  const runNext = () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer');
    timer.run();
    return timer.ms;
  };
  return { socket, timers, states, logs, events, client, runNext };
}

describe('RealtimeClient', () => {
  it('joins the team on connect and switches groups when the team changes', () => {
    const { socket, client, logs } = setup();
    client.setTeam(TEAM_A);
    expect(logs).toContain(NOT_CONNECTED_ERROR);
    client.start();
    socket.fire('connect');
    expect(socket.emitted).toEqual([[HubEvents.join, TEAM_A]]);
    client.setTeam(TEAM_B);
    expect(socket.emitted.slice(1)).toEqual([
      [HubEvents.leave, TEAM_A],
      [HubEvents.join, TEAM_B],
    ]);
  });

  it('retries after 0, 2, 10 and 30 s (0 spread to 0.5 s), then every 5 s at most 5 times, then gives up', () => {
    const { socket, client, runNext, states } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(client.getState()).toBe('reconnecting');
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      delays.push(runNext());
      socket.fire('connect_error', new Error('xhr poll error'));
    }
    expect(client.getState()).toBe('closed');
    for (let i = 0; i < 5; i += 1) {
      delays.push(runNext());
      socket.fire('connect_error', new Error('xhr poll error'));
    }
    expect(delays).toEqual([500, 2000, 10000, 30000, 5000, 5000, 5000, 5000, 5000]);
    expect(client.getState()).toBe('failed');
    expect(states.at(-1)).toBe('failed');
    expect(socket.connects).toBe(1 + 9);
  });

  it('rejoins the current team after reconnecting', () => {
    const { socket, client, runNext } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    runNext();
    socket.fire('connect');
    expect(client.getState()).toBe('connected');
    expect(socket.emitted).toEqual([
      [HubEvents.join, TEAM_A],
      [HubEvents.join, TEAM_A],
    ]);
  });

  it('spreads the retries of screens dropped together: 0–1 s first, then ±50 %', () => {
    const delaysWith = (random: number) => {
      const { socket, client, runNext } = setup({ random: () => random });
      client.start();
      socket.fire('connect');
      socket.fire('disconnect', 'transport close');
      const delays: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        delays.push(runNext());
        socket.fire('connect_error', new Error('xhr poll error'));
      }
      return delays;
    };
    expect(delaysWith(0)).toEqual([0, 1000, 5000, 15000, 2500]);
    expect(delaysWith(0.999)).toEqual([999, 2998, 14990, 44970, 7495]);
  });

  it('treats the server ending the connection (it is stopping) as a loss to retry', () => {
    const { socket, client, timers } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    socket.fire('disconnect', 'io server disconnect');
    expect(client.getState()).toBe('reconnecting');
    expect(timers).toHaveLength(1);
  });

  it('asks for everything shown to be refetched once back in the team after a loss, not on the first join', () => {
    const { socket, client, runNext, events } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    socket.fire(HubEvents.joined, TEAM_A);
    expect(events).toEqual([]);
    socket.fire('disconnect', 'transport close');
    runNext();
    socket.fire('connect');
    // Not before the server has us in the group again: a change announced in between would be missed.
    expect(events).toEqual([]);
    socket.fire(HubEvents.joined, TEAM_A);
    expect(events).toEqual([expect.objectContaining({ teamId: TEAM_A, kind: 'all', ids: null })]);
    socket.fire(HubEvents.joined, TEAM_A);
    expect(events).toHaveLength(1);
  });

  it('passes a resync from the server on like a change', () => {
    const { socket, client, events } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    const resync = {
      teamId: TEAM_A,
      kind: 'all',
      startDate: null,
      endDate: null,
      ids: null,
      changedBy: null,
      at: '2026-11-26T07:00:00.000Z',
    };
    socket.fire(HubEvents.scheduleUpdated, resync);
    socket.fire(HubEvents.scheduleUpdated, { ...resync, teamId: TEAM_B });
    expect(events).toEqual([resync]);
  });

  it('stops without retrying when the server refuses the session', () => {
    const { socket, client, timers } = setup();
    client.start();
    socket.active = false;
    socket.fire('connect_error', new Error('Please log in to continue'));
    expect(client.getState()).toBe('idle');
    expect(timers).toHaveLength(0);
  });

  it('passes on updates for the current team only', () => {
    const { socket, client, events } = setup();
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    const event = {
      teamId: TEAM_A,
      kind: 'shifts',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      ids: [],
      changedBy: { userId: USER, name: 'Ann Able' },
      at: new Date().toISOString(),
    };
    socket.fire(HubEvents.scheduleUpdated, event);
    socket.fire(HubEvents.scheduleUpdated, { ...event, teamId: TEAM_B });
    socket.fire(HubEvents.scheduleUpdated, { nonsense: true });
    expect(events).toEqual([event]);
  });

  it('passes on support ticket updates whatever the team, and ignores malformed ones', () => {
    const tickets: string[] = [];
    const { socket, client } = setup({ onSupportTicketUpdated: (e) => tickets.push(e.ticketId) });
    client.start();
    socket.fire('connect');
    socket.fire(HubEvents.supportTicketUpdated, { ticketId: TEAM_B });
    socket.fire(HubEvents.supportTicketUpdated, { ticketId: 'nope' });
    expect(tickets).toEqual([TEAM_B]);
  });

  it('stop closes the connection and cancels retries', () => {
    const { socket, client, timers } = setup();
    client.start();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(timers).toHaveLength(1);
    client.stop();
    expect(timers).toHaveLength(0);
    expect(client.getState()).toBe('idle');
  });
});

describe('access that ends', () => {
  it('reports the server taking the connection out of the selected team, not a leave of our own', () => {
    const socket = new FakeSocket();
    const lost: string[] = [];
    const client = new RealtimeClient({ createSocket: () => socket, onAccessLost: (id) => lost.push(id) });
    client.setTeam(TEAM_A);
    client.start();
    socket.fire('connect');
    client.setTeam(TEAM_B);
    socket.fire(HubEvents.left, TEAM_A);
    expect(lost).toEqual([]);
    socket.fire(HubEvents.left, TEAM_B);
    expect(lost).toEqual([TEAM_B]);
  });
});
