import { Writable } from 'node:stream';
import { addDays } from '@rotaboard/core/dates/week';
import {
  HUB_PATH,
  HubEvents,
  type PresenceEvent,
  PresenceEventSchema,
  type ScheduleUpdatedEvent,
  ScheduleUpdatedEventSchema,
} from '@rotaboard/core/realtime/events';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { staff as staffTable } from '../src/db/schema.ts';
import { DAY_MS } from '../src/lib/calendar.ts';
import {
  client,
  createTestApp,
  engines,
  freshDatabase,
  inviteToken,
  listen,
  signIn,
  type TestApp,
  testConfig,
} from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);
const D = (n: number) => addDays(today, n);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A connected hub client for a browser with this cookie (or none). */
function hub(url: string, cookie?: string): Socket {
  return connect(url, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

function next<T = unknown>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every ScheduleUpdated a socket receives. */
function recorder(socket: Socket) {
  const events: ScheduleUpdatedEvent[] = [];
  socket.on(HubEvents.scheduleUpdated, (e: ScheduleUpdatedEvent) =>
    events.push(ScheduleUpdatedEventSchema.parse(e)),
  );
  return {
    events,
    async waitFor(count: number, timeoutMs = 3000) {
      const started = Date.now();
      while (events.length < count) {
        if (Date.now() - started > timeoutMs)
          throw new Error(`expected ${count} events, got ${events.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return events;
    },
  };
}

/** The next presence update that matches (earlier ones may still be on their way). */
function presenceWhere(socket: Socket, match: (event: PresenceEvent) => boolean, timeoutMs = 3000) {
  return new Promise<PresenceEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching presence')), timeoutMs);
    const listener = (event: PresenceEvent) => {
      if (!match(event)) return;
      clearTimeout(timer);
      socket.off(HubEvents.presence, listener);
      resolve(event);
    };
    socket.on(HubEvents.presence, listener);
  });
}

async function joinRefused(socket: Socket, teamId: string) {
  const refused = next<{ message: string }>(socket, HubEvents.error);
  socket.emit(HubEvents.join, teamId);
  expect((await refused).message).toBe('You cannot join that team');
}

async function joined(socket: Socket, teamId: string) {
  const ack = next<string>(socket, HubEvents.joined);
  socket.emit(HubEvents.join, teamId);
  expect(await ack).toBe(teamId);
}

describe.each(engines)('live updates on %s', (engine) => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  const open = (cookie?: string) => {
    const socket = hub(url, cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    url = await listen(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  let n = 0;
  async function world(domain = 'example.com') {
    const ownerCookie = await signIn(t.app, `rt.owner.${++n}@${domain}`, {
      firstName: 'Rita',
      lastName: 'Time',
    });
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Live', ownerInStaffList: true })).json();
    const base = `/api/teams/${team.teamId}`;
    const staff = (await owner('GET', `${base}/staff`)).json()[0];
    return { ownerCookie, owner, team, base, staffId: staff.staffId as string };
  }

  it('refuses a connection without a session', async () => {
    const socket = open();
    const error = await next<Error>(socket, 'connect_error');
    expect(error.message).toBe('Please log in to continue');
  });

  it('lets members join their team group and refuses anyone else', async () => {
    const w = await world();
    const member = open(w.ownerCookie);
    await joined(member, w.team.teamId);
    const outsider = open(await signIn(t.app, `rt.outsider.${++n}@example.com`));
    const refusal = next<{ message: string }>(outsider, HubEvents.error);
    outsider.emit(HubEvents.join, w.team.teamId);
    expect((await refusal).message).toBe('You cannot join that team');
    const bad = next<{ message: string }>(outsider, HubEvents.error);
    outsider.emit(HubEvents.join, 'not-a-team');
    await bad;
    const outsiderEvents = recorder(outsider);
    const memberEvents = recorder(member);
    await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.staffId,
      shiftDate: D(1),
      startTime: '09:00',
      endTime: '17:00',
    });
    await memberEvents.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(outsiderEvents.events).toEqual([]);
  });

  it('announces every kind of schedule change after it commits, and nothing for a refused one', async () => {
    const w = await world();
    const socket = open(w.ownerCookie);
    await joined(socket, w.team.teamId);
    const rec = recorder(socket);

    const created = (
      await w.owner('POST', `${w.base}/shifts`, {
        staffId: w.staffId,
        shiftDate: D(2),
        startTime: '09:00',
        endTime: '17:00',
      })
    ).json();
    await rec.waitFor(1);
    expect(rec.events[0]).toMatchObject({
      teamId: w.team.teamId,
      kind: 'shifts',
      startDate: D(2),
      endDate: D(2),
      ids: [created.shiftId],
      changedBy: { name: 'Rita Time' },
    });

    // A clash is refused (409): nothing was written, so nothing is announced.
    const clash = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.staffId,
      shiftDate: D(2),
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(clash.statusCode).toBe(409);
    await w.owner('PUT', `${w.base}/shifts/${created.shiftId}`, {
      staffId: w.staffId,
      shiftDate: D(3),
      startTime: '09:00',
      endTime: '17:00',
    });
    await rec.waitFor(2);
    expect(rec.events[1]).toMatchObject({ kind: 'shifts', startDate: D(2), endDate: D(3) });
    await w.owner('DELETE', `${w.base}/shifts/${created.shiftId}`);
    await w.owner('POST', `${w.base}/day-notes`, { noteDate: D(4), noteText: 'Inventory' });
    await w.owner('PUT', `${w.base}/shifts/locked-until`, {
      lockedUntil: D(6),
      hideScheduleAfterLock: false,
    });
    await w.owner('POST', `${w.base}/staff`, { firstName: 'New', lastName: 'Person' });
    await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.staffId,
      shiftDate: D(20),
      startTime: '09:00',
      endTime: '12:00',
    });
    await w.owner('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: D(20), toWeekStart: D(27) });
    await w.owner('POST', `${w.base}/shifts/clear-week`, { weekStartDate: D(20) });
    const team = (await w.owner('GET', w.base)).json();
    await w.owner('PUT', w.base, { teamName: 'Live 2', weekStartDay: 1, hash: team.hash });
    const events = await rec.waitFor(10);
    await new Promise((r) => setTimeout(r, 200));
    expect(events.map((e) => e.kind)).toEqual([
      'shifts',
      'shifts',
      'shifts',
      'day-notes',
      'lock',
      'staff',
      'shifts',
      'shifts',
      'shifts',
      'team',
    ]);
  });

  it('shows who else is looking at the team', async () => {
    const w = await world();
    const first = open(w.ownerCookie);
    await joined(first, w.team.teamId);
    const workerEmail = `rt.worker.${++n}@example.com`;
    const row = (
      await w.owner('POST', `${w.base}/staff`, { firstName: 'Wes', lastName: 'Worker', email: workerEmail })
    ).json();
    await w.owner('POST', `${w.base}/invite`, { staffId: row.staffId, email: workerEmail });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, workerEmail) },
    });
    const workerCookie = await signIn(t.app, workerEmail, { firstName: 'Wes', lastName: 'Worker' });
    // The first screen's own list (sent half a second after its join) may still be on its way.
    const presence = presenceWhere(first, (e) => e.viewers.length === 2);
    const second = open(workerCookie);
    await joined(second, w.team.teamId);
    const seen = PresenceEventSchema.parse(await presence);
    expect(seen.viewers.map((v) => v.name).sort()).toEqual(['Rita Time', 'Wes Worker']);
  });

  it('gives every screen the whole list when many of a team’s screens join at once', async () => {
    const w = await world();
    const cookies = [w.ownerCookie, (await member(w)).cookie, (await member(w)).cookie];
    const screens = cookies.flatMap((cookie) => [open(cookie), open(cookie), open(cookie)]);
    const last = new Map<Socket, PresenceEvent>();
    for (const s of screens) s.on(HubEvents.presence, (e: PresenceEvent) => last.set(s, e));
    await Promise.all(screens.map((s) => joined(s, w.team.teamId)));
    // The lists asked for while another was being made are sent once more after it: the last one
    // every screen holds names all three people, whichever join came last.
    const started = Date.now();
    while (screens.some((s) => last.get(s)?.viewers.length !== 3) && Date.now() - started < 3000)
      await new Promise((r) => setTimeout(r, 20));
    for (const s of screens)
      expect(
        last
          .get(s)
          ?.viewers.map((v) => v.name)
          .sort(),
      ).toEqual(['Max Member', 'Max Member', 'Rita Time']);
  });

  it('sends a list that says nothing new only to the screens that joined since it was last sent', async () => {
    const w = await world();
    const lists = new Map<Socket, string[][]>();
    const watched = (cookie: string) => {
      const socket = open(cookie);
      const seen: string[][] = [];
      lists.set(socket, seen);
      socket.on(HubEvents.presence, (e: PresenceEvent) => seen.push(e.viewers.map((v) => v.name).sort()));
      return socket;
    };
    const until = async (socket: Socket, count: number) => {
      const started = Date.now();
      while ((lists.get(socket)?.length ?? 0) < count && Date.now() - started < 3000)
        await new Promise((r) => setTimeout(r, 20));
      expect(lists.get(socket)?.length).toBe(count);
    };
    // Longer than a list's wait: anything still to come has come.
    const settle = () => new Promise((r) => setTimeout(r, 900));

    const first = watched(w.ownerCookie);
    await joined(first, w.team.teamId);
    await until(first, 1);
    // The same person on a second screen: the list is unchanged, so only the new screen gets it.
    const second = watched(w.ownerCookie);
    await joined(second, w.team.teamId);
    await until(second, 1);
    await settle();
    expect(lists.get(first)).toEqual([['Rita Time']]);
    expect(lists.get(second)).toEqual([['Rita Time']]);

    // Someone new: every screen gets the new list.
    const third = watched((await member(w)).cookie);
    await joined(third, w.team.teamId);
    await until(first, 2);
    await until(second, 2);
    await until(third, 1);
    for (const s of [first, second]) expect(lists.get(s)?.[1]).toEqual(['Max Member', 'Rita Time']);

    // One of Rita's screens goes: she is still there through the other, so nobody hears of it.
    second.disconnect();
    await settle();
    expect(lists.get(first)).toHaveLength(2);
    expect(lists.get(third)).toHaveLength(1);
    // Max goes: a new list.
    third.disconnect();
    await until(first, 3);
    expect(lists.get(first)?.[2]).toEqual(['Rita Time']);
  });

  /** Adds, invites and links a member of staff; returns their cookie and row. */
  async function member(w: Awaited<ReturnType<typeof world>>, isAdmin = false) {
    const email = `rt.member.${++n}@example.com`;
    const row = (
      await w.owner('POST', `${w.base}/staff`, { firstName: 'Max', lastName: 'Member', email, isAdmin })
    ).json();
    await w.owner('POST', `${w.base}/invite`, { staffId: row.staffId, email });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, email) },
    });
    return {
      cookie: await signIn(t.app, email, { firstName: 'Max', lastName: 'Member' }),
      staffId: row.staffId,
    };
  }

  /** A member of staff, and both their and the owner's sockets in the team's group. */
  async function ownerAndMember(w: Awaited<ReturnType<typeof world>>) {
    const m = await member(w);
    const owner = open(w.ownerCookie);
    const socket = open(m.cookie);
    await joined(owner, w.team.teamId);
    await joined(socket, w.team.teamId);
    return { m, owner, socket };
  }

  /** Changes announced to the owner's socket, so we know the hub has delivered them everywhere. */
  const addShift = (w: Awaited<ReturnType<typeof world>>, shiftDate: string) =>
    w.owner('POST', `${w.base}/shifts`, {
      staffId: w.staffId,
      shiftDate,
      startTime: '09:00',
      endTime: '17:00',
    });

  for (const [how, takeAway] of [
    [
      'their access is removed',
      (w: Awaited<ReturnType<typeof world>>, staffId: string) =>
        w.owner('DELETE', `${w.base}/access`, { staffId }),
    ],
    [
      'their staff row is deleted',
      (w: Awaited<ReturnType<typeof world>>, staffId: string) =>
        w.owner('DELETE', `${w.base}/staff/${staffId}`),
    ],
  ] as const) {
    it(`takes a member out of the team group at once when ${how}`, async () => {
      const w = await world();
      const { m, owner, socket } = await ownerAndMember(w);
      await t.app.realtime.settled();
      const left = next<string>(socket, HubEvents.left);
      const presence = presenceWhere(owner, (e) => e.viewers.length === 1);
      const rec = recorder(socket);
      const ownerRec = recorder(owner);
      expect((await takeAway(w, m.staffId)).statusCode).toBe(200);
      expect(await left).toBe(w.team.teamId);
      expect((await presence).viewers.map((v) => v.name)).toEqual(['Rita Time']);
      await addShift(w, D(1));
      await ownerRec.waitFor(2);
      await new Promise((r) => setTimeout(r, 200));
      // Not even the announcement of their own removal reached them.
      expect(rec.events).toEqual([]);
      await joinRefused(socket, w.team.teamId);
    });
  }

  it('never shows the viewers to a screen taken out of the group before its first list went out', async () => {
    // The removal has to land inside the round's 500 ms wait for the case to be this one; on a
    // machine busy enough to take longer (611 ms once, in a whole npm test beside other runs) the
    // round rightly ran while they were a member, so that try proves nothing and the case is set up
    // again, up to three times.
    let inTime = 0;
    for (let attempt = 0; attempt < 3 && inTime === 0; attempt++) {
      const w = await world();
      const owner = open(w.ownerCookie);
      await joined(owner, w.team.teamId);
      await presenceWhere(owner, (e) => e.viewers.length === 1);
      const m = await member(w);
      const socket = open(m.cookie);
      const lists: PresenceEvent[] = [];
      socket.on(HubEvents.presence, (e: PresenceEvent) => lists.push(e));
      const left = next<string>(socket, HubEvents.left);
      const joinedAt = Date.now();
      // Joined: the screen waits for the round that makes its list (PRESENCE_WAIT_MS, 500 ms), and is
      // taken out before it runs. The round finds the list the owner already has, so it goes to the
      // screens that joined since: not to this one, which is no longer in the group.
      await joined(socket, w.team.teamId);
      expect((await w.owner('DELETE', `${w.base}/access`, { staffId: m.staffId })).statusCode).toBe(200);
      expect(await left).toBe(w.team.teamId);
      const takenOutAfterMs = Date.now() - joinedAt;
      await new Promise((r) => setTimeout(r, 900));
      if (takenOutAfterMs >= 500) continue;
      inTime++;
      expect(lists).toEqual([]);
    }
    expect(inTime, 'the removal never landed within the 500 ms wait in three tries').toBe(1);
  });

  it('empties the team group when the team is deleted', async () => {
    const w = await world();
    const { owner, socket } = await ownerAndMember(w);
    const ownerLeft = next<string>(owner, HubEvents.left);
    const memberLeft = next<string>(socket, HubEvents.left);
    expect((await w.owner('DELETE', w.base)).statusCode).toBe(200);
    expect(await ownerLeft).toBe(w.team.teamId);
    expect(await memberLeft).toBe(w.team.teamId);
    expect(await t.app.realtime.io.in(`team:${w.team.teamId}`).fetchSockets()).toEqual([]);
  });

  it('takes a leaver out of the team group after their leaving date, and refuses them after', async () => {
    const w = await world();
    const { m, socket } = await ownerAndMember(w);
    const rec = recorder(socket);
    // Their last day is tomorrow: set through the API, which re-checks everyone in the group.
    const tomorrow = D(1);
    expect((await w.owner('DELETE', `${w.base}/staff/${m.staffId}?leavingDate=${tomorrow}`)).statusCode).toBe(
      200,
    );
    await rec.waitFor(1);
    // Tomorrow they are still a member; the minute sweep of the day after takes them out, with no
    // change made to the team (a team in UTC: a day on from now is tomorrow there).
    await t.app.realtime.sweepLeavers(Date.now() + DAY_MS);
    await w.owner('POST', `${w.base}/day-notes`, { noteDate: D(1), noteText: 'Stocktake' });
    await rec.waitFor(2);
    const left = next<string>(socket, HubEvents.left);
    await t.app.realtime.sweepLeavers(Date.now() + 2 * DAY_MS);
    expect(await left).toBe(w.team.teamId);
    // Once that day has come, they cannot join again either.
    await t.database.db
      .update(staffTable)
      .set({ leavingDate: D(-1) })
      .where(eq(staffTable.id, m.staffId));
    await joinRefused(socket, w.team.teamId);
  });

  it('tells staff nothing of dates a hiding lock keeps from them, and admins everything', async () => {
    const w = await world();
    const { owner, socket: staffSocket } = await ownerAndMember(w);
    const lockSeen = [owner, staffSocket].map((socket) => next(socket, HubEvents.scheduleUpdated));
    await w.owner('PUT', `${w.base}/shifts/locked-until`, { lockedUntil: D(3), hideScheduleAfterLock: true });
    await Promise.all(lockSeen);
    const ownerRec = recorder(owner);
    const staffRec = recorder(staffSocket);
    const hidden = (await addShift(w, D(5))).json();
    const seen = (await addShift(w, D(2))).json();
    // Moved from a visible day to a hidden one: staff hear of the visible part only, with no ids.
    await w.owner('PUT', `${w.base}/shifts/${seen.shiftId}`, {
      staffId: w.staffId,
      shiftDate: D(6),
      startTime: '09:00',
      endTime: '17:00',
    });
    const ownerEvents = await ownerRec.waitFor(3);
    expect(ownerEvents.map((e) => e.ids)).toEqual([[hidden.shiftId], [seen.shiftId], [seen.shiftId]]);
    await new Promise((r) => setTimeout(r, 200));
    expect(staffRec.events.map((e) => [e.startDate, e.endDate, e.ids])).toEqual([
      [D(2), D(2), [seen.shiftId]],
      [D(2), D(3), []],
    ]);
  });

  it('tells owners and administrators of pay rates and the budget, and staff nothing', async () => {
    const w = await world('pro-domain.test');
    const { owner, socket: staffSocket } = await ownerAndMember(w);
    const ownerRec = recorder(owner);
    const staffRec = recorder(staffSocket);
    const rate = await w.owner('POST', `${w.base}/staff/${w.staffId}/pay-rates`, {
      effectiveFrom: D(1),
      hourlyRateMinor: 1234,
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const budget = await w.owner('PUT', `${w.base}/labour-settings`, {
      weeklyBudgetMinor: 100_000,
      overtimeAfterMinutes: null,
      overtimeMultiplier: 1.5,
    });
    expect(budget.statusCode, budget.body).toBe(200);
    // A shift change after them, which staff do hear of: once it has arrived, nothing else is coming.
    const shift = (await addShift(w, D(2))).json();
    const ownerEvents = await ownerRec.waitFor(3);
    expect(ownerEvents.map((e) => [e.kind, e.ids])).toEqual([
      ['labour', [rate.json().payRateId]],
      ['labour', []],
      ['shifts', [shift.shiftId]],
    ]);
    const staffEvents = await staffRec.waitFor(1);
    expect(staffEvents.map((e) => e.kind)).toEqual(['shifts']);
    expect(JSON.stringify(staffEvents)).not.toContain('1234');
  });

  it('refuses a websocket handshake from another website', async () => {
    const cookie = (await world()).ownerCookie;
    const withOrigin = (origin?: string) => {
      const socket = connect(url, {
        path: HUB_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie, ...(origin ? { origin } : {}) },
      });
      sockets.push(socket);
      return new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => resolve('refused'));
      });
    };
    expect(await withOrigin('https://evil.example')).toBe('refused');
    expect(await withOrigin('http://localhost:3000')).toBe('connected');
    expect(await withOrigin(url)).toBe('connected');
    expect(await withOrigin()).toBe('connected');
  });

  it('disconnects a user’s sockets when they log out of all devices', async () => {
    const w = await world();
    const socket = open(w.ownerCookie);
    await joined(socket, w.team.teamId);
    const closed = next<string>(socket, 'disconnect');
    await w.owner('POST', '/api/auth/logout-all-devices');
    expect(await closed).toBe('io server disconnect');
    const again = open(w.ownerCookie);
    expect((await next<Error>(again, 'connect_error')).message).toBe('Please log in to continue');
  });
});

describe('live updates across server instances', () => {
  it('delivers an event from one instance to a client of another through Redis', async (ctx) => {
    const redis = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const reachable = await redis.connect().then(
      () => true,
      () => false,
    );
    redis.disconnect();
    if (!reachable) {
      if (process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}`);
      ctx.skip();
    }
    const engine = engines.includes('postgres') ? 'postgres' : 'pglite';
    const { database, dispose } = await freshDatabase(engine);
    const config = testConfig({ REDIS_URL, MAGIC_LINK_RESEND_SECONDS: '0' });
    const a = await buildApp(config, { database, logger: false });
    const b = await buildApp(config, { database, logger: false });
    try {
      const urlA = await listen(a);
      const urlB = await listen(b);
      const cookie = await signIn(a, 'two.instances@example.com', { firstName: 'Tia', lastName: 'Two' });
      const call = client(a, cookie);
      const team = (await call('POST', '/api/teams', { teamName: 'Scaled', ownerInStaffList: true })).json();
      const staffId = (await call('GET', `/api/teams/${team.teamId}/staff`)).json()[0].staffId;
      const socket = hub(urlB, cookie);
      try {
        await joined(socket, team.teamId);
        const event = next<ScheduleUpdatedEvent>(socket, HubEvents.scheduleUpdated, 5000);
        await call('POST', `/api/teams/${team.teamId}/shifts`, {
          staffId,
          shiftDate: D(1),
          startTime: '09:00',
          endTime: '17:00',
        });
        expect(await event).toMatchObject({ teamId: team.teamId, kind: 'shifts', startDate: D(1) });

        // Removing a member on instance A takes their socket on instance B out of the group.
        const memberEmail = 'two.instances.member@example.com';
        const row = (
          await call('POST', `/api/teams/${team.teamId}/staff`, { firstName: 'Mo', email: memberEmail })
        ).json();
        await call('POST', `/api/teams/${team.teamId}/invite`, { staffId: row.staffId, email: memberEmail });
        await a.inject({
          method: 'POST',
          url: '/api/invites/accept',
          payload: { token: await inviteToken(a, memberEmail) },
        });
        const memberSocket = hub(urlB, await signIn(a, memberEmail, { firstName: 'Mo', lastName: 'M' }));
        // Viewers' lists cross instances too: a screen on A hears of a join and a removal on B.
        const screenOnA = hub(urlA, cookie);
        try {
          const alone = presenceWhere(screenOnA, (e) => e.viewers.length === 1, 5000);
          await joined(screenOnA, team.teamId);
          expect((await alone).viewers.map((v) => v.name)).toEqual(['Tia Two']);
          const both = presenceWhere(screenOnA, (e) => e.viewers.length === 2, 5000);
          await joined(memberSocket, team.teamId);
          expect((await both).viewers.map((v) => v.name).sort()).toEqual(['Mo M', 'Tia Two']);
          const left = next<string>(memberSocket, HubEvents.left, 5000);
          const without = presenceWhere(screenOnA, (e) => e.viewers.length === 1, 5000);
          await call('DELETE', `/api/teams/${team.teamId}/access`, { staffId: row.staffId });
          expect(await left).toBe(team.teamId);
          expect((await without).viewers.map((v) => v.name)).toEqual(['Tia Two']);
        } finally {
          memberSocket.disconnect();
          screenOnA.disconnect();
        }

        // Instance A stopping ends its own connections only: the screen on B stays and hears B.
        let droppedOnB = false;
        socket.on('disconnect', () => {
          droppedOnB = true;
        });
        await a.close();
        const afterStop = next<ScheduleUpdatedEvent>(socket, HubEvents.scheduleUpdated, 5000);
        await client(b, cookie)('POST', `/api/teams/${team.teamId}/shifts`, {
          staffId,
          shiftDate: D(2),
          startTime: '09:00',
          endTime: '17:00',
        });
        expect(await afterStop).toMatchObject({ teamId: team.teamId, startDate: D(2) });
        expect(droppedOnB).toBe(false);
      } finally {
        socket.disconnect();
      }
    } finally {
      await a.close();
      await b.close();
      await dispose();
    }
  });
});

describe.each(engines)('a database error while re-checking access, on %s', (engine) => {
  it('keeps the connection in its team group and logs the error', async () => {
    const logged: { msg: string; teamId?: string; err?: { message: string } }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) logged.push(JSON.parse(line));
        done();
      },
    });
    const { database, dispose } = await freshDatabase(engine);
    const app = await buildApp(testConfig({ MAGIC_LINK_RESEND_SECONDS: '0', LOG_LEVEL: 'error' }), {
      database,
      logger: true,
      logStream,
    });
    let socket: Socket | undefined;
    let other: Socket | undefined;
    try {
      const url = await listen(app);
      const cookie = await signIn(app, 'db.blip@example.com', { firstName: 'Bea', lastName: 'Blip' });
      const team = (
        await client(app, cookie)('POST', '/api/teams', { teamName: 'Steady', ownerInStaffList: true })
      ).json();
      socket = hub(url, cookie);
      await joined(socket, team.teamId);
      let left = 0;
      socket.on(HubEvents.left, () => {
        left += 1;
      });
      const event = next<ScheduleUpdatedEvent>(socket, HubEvents.scheduleUpdated);

      // A staff change makes the hub re-check every member, and the query it needs fails: a real
      // database error (the table it reads is gone for a moment), not a refusal.
      await database.db.execute(sql`alter table staff rename to staff_away`);
      try {
        app.realtime.scheduleUpdated({
          teamId: team.teamId,
          kind: 'staff',
          startDate: null,
          endDate: null,
          ids: [],
          changedBy: { userId: 'someone', name: 'Someone' },
        });
        await app.realtime.settled();
        // A join asked while the database cannot answer is refused, and said in the log too.
        other = hub(url, cookie);
        await joinRefused(other, team.teamId);
      } finally {
        await database.db.execute(sql`alter table staff_away rename to staff`);
      }
      expect(logged.filter((l) => l.msg.startsWith('realtime: could not check'))).toHaveLength(2);

      expect(await event).toMatchObject({ teamId: team.teamId, kind: 'staff' });
      expect(left).toBe(0);
      expect(await app.realtime.io.in(`team:${team.teamId}`).fetchSockets()).toHaveLength(1);
      const line = logged.find((l) => l.msg.startsWith('realtime: could not check a member’s access'));
      expect(line).toMatchObject({ teamId: team.teamId });
      expect(line?.err?.message).toMatch(/staff/);

      // Still a member in every way: the next change reaches the connection.
      const after = next<ScheduleUpdatedEvent>(socket, HubEvents.scheduleUpdated);
      app.realtime.scheduleUpdated({
        teamId: team.teamId,
        kind: 'staff',
        startDate: null,
        endDate: null,
        ids: [],
        changedBy: { userId: 'someone', name: 'Someone' },
      });
      expect(await after).toMatchObject({ teamId: team.teamId });
      expect(left).toBe(0);
    } finally {
      socket?.disconnect();
      other?.disconnect();
      await app.close();
      await dispose();
    }
  });
});
