import { addDays } from '@rotaboard/core/dates/week';
import {
  HUB_PATH,
  HubEvents,
  type HubScheduleEvent,
  HubScheduleEventSchema,
  ScheduleResyncEventSchema,
} from '@rotaboard/core/realtime/events';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { client, engines, freshDatabase, listen, signIn, testConfig } from './support/harness.ts';
import { ownRedis } from './support/processes.ts';

const today = new Date().toISOString().slice(0, 10);

/** A signed-in screen on one instance, in the team's group, recording every ScheduleUpdated. */
async function screen(url: string, cookie: string, teamId: string) {
  const socket: Socket = connect(url, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie },
  });
  const events: HubScheduleEvent[] = [];
  socket.on(HubEvents.scheduleUpdated, (e: unknown) => events.push(HubScheduleEventSchema.parse(e)));
  const joined = new Promise((resolve) => socket.once(HubEvents.joined, resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit(HubEvents.join, teamId);
  await joined;
  return {
    socket,
    events,
    async waitFor(match: (e: HubScheduleEvent) => boolean, timeoutMs: number) {
      const started = Date.now();
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no matching event in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

// Two instances on one database and a redis-server of the test's own, which it stops and starts.
describe('after a Redis outage', () => {
  const engine = engines.includes('postgres') ? 'postgres' : 'pglite';
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    redis = await ownRedis();
    const fresh = await freshDatabase(engine);
    dispose = fresh.dispose;
    const config = testConfig({ REDIS_URL: redis.url, MAGIC_LINK_RESEND_SECONDS: '0' });
    a = await buildApp(config, { database: fresh.database, logger: false });
    b = await buildApp(config, { database: fresh.database, logger: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    await dispose?.();
  });

  it('saves writes while Redis is away, and tells every screen on every instance to refetch once it is back', async () => {
    const urlA = await listen(a);
    const urlB = await listen(b);
    const cookie = await signIn(a, 'outage@example.com', { firstName: 'Otto', lastName: 'Age' });
    const call = client(a, cookie);
    const team = (await call('POST', '/api/teams', { teamName: 'Outage', ownerInStaffList: true })).json();
    const staffId = (await call('GET', `/api/teams/${team.teamId}/staff`)).json()[0].staffId;
    const onA = await screen(urlA, cookie, team.teamId);
    const onB = await screen(urlB, cookie, team.teamId);
    const other = await signIn(a, 'elsewhere@example.com', { firstName: 'El', lastName: 'Se' });
    const otherTeam = (
      await client(a, other)('POST', '/api/teams', { teamName: 'Elsewhere', ownerInStaffList: true })
    ).json();
    const elsewhere = await screen(urlB, other, otherTeam.teamId);
    try {
      await redis.stop();
      // A write while Redis is away is saved at once; its announcement may reach nobody on B.
      const started = Date.now();
      const created = await call('POST', `/api/teams/${team.teamId}/shifts`, {
        staffId,
        shiftDate: addDays(today, 1),
        startTime: '09:00',
        endTime: '17:00',
      });
      expect(created.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);

      await redis.start();
      const isResync = (e: HubScheduleEvent) => e.kind === 'all';
      for (const [name, s, teamId] of [
        ['A', onA, team.teamId],
        ['B', onB, team.teamId],
        ['B, another team', elsewhere, otherTeam.teamId],
      ] as const) {
        const resync = await s.waitFor(isResync, 10_000).catch((err) => {
          throw new Error(`screen on ${name}: ${err.message}`);
        });
        expect(ScheduleResyncEventSchema.parse(resync)).toMatchObject({
          teamId,
          kind: 'all',
          startDate: null,
          endDate: null,
          ids: null,
        });
      }
      // What a screen on B refetches has the change made while Redis was away.
      const week = await client(b, cookie)(
        'GET',
        `/api/teams/${team.teamId}/shifts?startDate=${addDays(today, 1)}&endDate=${addDays(today, 1)}`,
      );
      expect(week.statusCode).toBe(200);
      expect(JSON.stringify(week.json())).toContain(created.json().shiftId);
    } finally {
      for (const s of [onA, onB, elsewhere]) s.socket.disconnect();
    }
  });
});
