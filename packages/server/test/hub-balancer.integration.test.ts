import { HUB_PATH, HubEvents } from '@rotaboard/core/realtime/events';
import { hubTransports } from '@rotaboard/core/realtime/hub';
import type { FastifyInstance } from 'fastify';
import { io as connect, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { client, freshDatabase, listen, signIn, testConfig } from './support/harness.ts';
import { roundRobinProxy } from './support/round-robin-proxy.ts';

/** The web client's way to the hub (realtime-client.ts): WebSocket first, long-polling if it fails. */
const WEB_CLIENT: Partial<ManagerOptions & SocketOptions> = hubTransports();
/** Socket.IO's own default, which the web client used until 2026-11-27: long-polling first. */
const POLLING_FIRST: Partial<ManagerOptions & SocketOptions> = {};

/**
 * Opens a screen and joins the team's group; resolves with the transport it ended on, or rejects with
 * why it could not (a connect error, or no `JoinedTeamGroup` within 5 s). Closed either way.
 */
async function openScreen(
  url: string,
  cookie: string,
  teamId: string,
  how: Partial<ManagerOptions & SocketOptions>,
): Promise<string> {
  const socket = connect(url, {
    path: HUB_PATH,
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie },
    ...how,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('not in the team group after 5 s')), 5_000);
      socket.once('connect_error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        reject(new Error(`dropped: ${reason}`));
      });
      socket.once('connect', () => socket.emit(HubEvents.join, teamId));
      socket.once(HubEvents.joined, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return socket.io.engine.transport.name;
  } finally {
    socket.removeAllListeners();
    socket.disconnect();
  }
}

// Two processes behind a balancer that keeps no affinity (docs/scaling.md, deploy/nginx.conf): every
// request and every upgrade goes to the other process from the last one's.
describe('the hub through a balancer without sticky sessions', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dispose: () => Promise<void>;
  let urls: string[];
  let cookie: string;
  let teamId: string;
  /** Connections each process has taken, counted as they open. */
  const accepted = [0, 0];
  beforeAll(async () => {
    const fresh = await freshDatabase('pglite');
    dispose = fresh.dispose;
    const config = testConfig({ MAGIC_LINK_RESEND_SECONDS: '0' });
    a = await buildApp(config, { database: fresh.database, logger: false });
    b = await buildApp(config, { database: fresh.database, logger: false });
    urls = [await listen(a), await listen(b)];
    a.realtime.io.on('connection', () => accepted[0]!++);
    b.realtime.io.on('connection', () => accepted[1]!++);
    cookie = await signIn(a, 'balanced@example.com', { firstName: 'Bal', lastName: 'Anced' });
    const team = await client(a, cookie)('POST', '/api/teams', {
      teamName: 'Balanced',
      ownerInStaffList: true,
    });
    teamId = team.json().teamId;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dispose?.();
  });

  it('connects every screen of the web client, on both processes, over WebSocket', async () => {
    const proxy = await roundRobinProxy(urls);
    const before = [...accepted];
    try {
      const transports: string[] = [];
      for (let i = 0; i < 10; i++) transports.push(await openScreen(proxy.url, cookie, teamId, WEB_CLIENT));
      expect(transports).toEqual(Array(10).fill('websocket'));
      expect(accepted.map((n, i) => n - before[i]!)).toEqual([5, 5]);
    } finally {
      await proxy.close();
    }
  });

  it('fails with Socket.IO’s default, long-polling first (the balancer really keeps no affinity)', async () => {
    const proxy = await roundRobinProxy(urls);
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i++) {
        outcomes.push(
          await openScreen(proxy.url, cookie, teamId, POLLING_FIRST).then(
            () => 'joined',
            (err: Error) => err.message,
          ),
        );
      }
      // The handshake's session is on one process; the request after it reaches the other, which
      // knows no such session ("xhr post error"): taking turns, not one screen gets in.
      expect(outcomes).toHaveLength(10);
      expect(outcomes).not.toContain('joined');
    } finally {
      await proxy.close();
    }
  });

  it('falls back to long-polling where WebSocket is blocked (one process: polling needs no affinity then)', async () => {
    const proxy = await roundRobinProxy([urls[0]!], { refuseUpgrades: true });
    try {
      expect(await openScreen(proxy.url, cookie, teamId, WEB_CLIENT)).toBe('polling');
    } finally {
      await proxy.close();
    }
  });
});
