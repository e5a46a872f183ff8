import { addDays } from '@rotaboard/core/dates/week';
import { SUPPORT_MODE_REFUSED_MESSAGE } from '@rotaboard/core/support/support-mode';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, calendarFeeds, serverSecrets } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  PUBLIC_URL,
  signIn,
  type TestApp,
} from './support/harness.ts';

type Call = ReturnType<typeof client>;
const today = new Date().toISOString().slice(0, 10);

/** The feed's events, parsed back with ical.js, by UID. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time | null;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: (vevent.getFirstPropertyValue('description') as string | null) ?? null,
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      lastModified: String(vevent.getFirstPropertyValue('last-modified')),
      allDay: start.isDate,
      start: start.toString(),
      end: end?.toString() ?? null,
      floating: start.zone?.tzid === 'floating',
    };
  });
}

/**
 * The calendar feed (issue 27, every plan): the secret address, its reset, and the feed itself as
 * calendar apps fetch it (no cookie), parsed back with an iCalendar parser.
 */
describe.each(engines)('calendar feed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;
  /** A fetch as a calendar app makes it: no cookie, from an address of the test's own. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, ''), headers, remoteAddress });

  /** An owner's team with `worker` joined as staff (role Barista); returns the owner's client and ids. */
  async function team(name: string, worker: { email: string; call: Call }, plan: 'free' | 'pro' = 'pro') {
    const owner = client(
      t.app,
      await signIn(t.app, address('owner', plan === 'pro' ? 'pro-domain.test' : 'example.com')),
    );
    const made = (await owner('POST', '/api/teams', { teamName: name })).json();
    const base = `/api/teams/${made.teamId}`;
    const row = (
      await owner('POST', `${base}/staff`, { firstName: 'Wyn', role: 'Barista', email: worker.email })
    ).json();
    expect(
      (await owner('POST', `${base}/invite`, { staffId: row.staffId, email: worker.email })).statusCode,
    ).toBe(200);
    const accepted = await worker.call('POST', '/api/invites/accept', {
      token: await inviteToken(t.app, worker.email),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const shift = async (date: string, body: Record<string, unknown> = {}) => {
      const res = await owner('POST', `${base}/shifts`, {
        staffId: row.staffId,
        shiftDate: date,
        startTime: '09:00',
        endTime: '17:00',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().shiftId as string;
    };
    return { owner, base, staffId: row.staffId as string, shift };
  }
  async function worker() {
    const email = address('wyn');
    return { email, call: client(t.app, await signIn(t.app, email)) };
  }
  /**
   * The person's address: shown only when it is made (issue 45), so the first ask's answer is kept
   * for the test's later reads, as the person would copy it.
   */
  const shown = new Map<Call, string>();
  const urlOf = async (call: Call) => {
    const known = shown.get(call);
    if (known) return known;
    const res = await call('GET', '/api/calendar/feed');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().url as string;
    expect(url, 'the address is shown when first made').toMatch(/\.ics$/);
    shown.set(call, url);
    return url;
  };
  const feedOf = async (call: Call) => {
    const res = await fetchFeed(await urlOf(call));
    expect(res.statusCode, res.body).toBe(200);
    return eventsOf(res.body);
  };

  it('gives the signed-in user one secret address, shown when made and never again', async () => {
    const w = await worker();
    const first = await w.call('GET', '/api/calendar/feed');
    const url = first.json().url as string;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    // Asked again: the same feed (no new address), but the server can no longer say what it is.
    const again = await w.call('GET', '/api/calendar/feed');
    expect(again.json()).toEqual({ url: null, createdAt: first.json().createdAt });
    expect((await fetchFeed(url)).statusCode).toBe(200);
    // Only the token's hash is kept, and nothing else in the database can make the address again (no
    // nonce, no key: issue 45); making it is audited as a change to the account.
    const token = url.split('/').pop()!.replace('.ics', '');
    const rows = await t.database.db.select().from(calendarFeeds);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'tokenHash', 'updatedAt', 'userId']);
    const secrets = await t.database.db.select().from(serverSecrets);
    expect(secrets.map((row) => row.name)).not.toContain('calendar_feed');
    const me = (await w.call('GET', '/api/auth/me')).json().user.id as string;
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, me)));
    expect(audit.map((a) => [a.action, a.newValues])).toContainEqual(['CREATE', { calendarFeed: 'created' }]);
    // Another person gets another address.
    expect(await urlOf((await worker()).call)).not.toBe(url);
  });

  it('answers 401 signed out, and 404 for an unknown or malformed token', async () => {
    expect((await client(t.app)('GET', '/api/calendar/feed')).statusCode).toBe(401);
    expect((await client(t.app)('POST', '/api/calendar/feed/reset')).statusCode).toBe(401);
    expect((await fetchFeed(`/calendar/${'x'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await fetchFeed(`/calendar/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await fetchFeed('/calendar/short.ics')).statusCode).toBe(404);
    // A path past the router's parameter limit is refused before any lookup, as everywhere.
    expect((await fetchFeed(`/calendar/${'x'.repeat(5000)}.ics`)).statusCode).toBe(414);
  });

  it('publishes own shifts of every team with team and role, UTC times for a team in UTC, a stable UID', async () => {
    const w = await worker();
    const diner = await team('Diner', w);
    const bar = await team('Night Bar', w, 'free');
    const day = addDays(today, 2);
    const dinerShift = await diner.shift(day, { notes: 'Bring keys' });
    const barShift = await bar.shift(addDays(today, 3), { startTime: '22:00', endTime: '02:00' });
    // A colleague's shift is not in Wyn's feed.
    const other = (await diner.owner('POST', `${diner.base}/staff`, { firstName: 'Bo' })).json().staffId;
    await diner.owner('POST', `${diner.base}/shifts`, {
      staffId: other,
      shiftDate: day,
      startTime: '06:00',
      endTime: '08:00',
    });

    const res = await fetchFeed(await urlOf(w.call));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['set-cookie']).toBeUndefined();
    // RFC 5545: CRLF line ends, lines folded at 75 octets.
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const events = eventsOf(res.body);
    expect(events.map((e) => e.summary).sort()).toEqual(['Diner · Barista', 'Night Bar · Barista']);
    const d = events.find((e) => e.uid.includes(dinerShift))!;
    expect(d).toMatchObject({
      uid: `shift-${dinerShift}@localhost`,
      description: 'Bring keys',
      start: `${day}T09:00:00Z`,
      end: `${day}T17:00:00Z`,
      allDay: false,
      floating: false,
      sequence: 0,
    });
    // Past midnight: the end is the next day.
    expect(events.find((e) => e.uid.includes(barShift))!.end).toBe(`${addDays(today, 4)}T02:00:00Z`);
    // The UID stays the same on the next fetch.
    expect(
      eventsOf((await fetchFeed(await urlOf(w.call))).body)
        .map((e) => e.uid)
        .sort(),
    ).toEqual(events.map((e) => e.uid).sort());
  });

  it('covers 4 weeks back to 12 ahead, time off as all-day, only notes every member may read', async () => {
    const w = await worker();
    const diner = await team('Diner', w);
    await diner.shift(addDays(today, -28), { notes: 'For the team' });
    await diner.shift(addDays(today, -29));
    await diner.shift(addDays(today, 84), { notes: 'Admins only', notesVisibleToAll: false });
    await diner.shift(addDays(today, 85));
    const off = (
      await diner.owner('POST', `${diner.base}/shifts`, {
        staffId: diner.staffId,
        shiftDate: addDays(today, 5),
        isTimeOff: true,
        timeOffDays: 1,
      })
    ).json().shiftId as string;

    const events = await feedOf(w.call);
    expect(events.map((e) => e.start.slice(0, 10)).sort()).toEqual(
      [addDays(today, -28), addDays(today, 5), addDays(today, 84)].sort(),
    );
    expect(events.find((e) => e.start.startsWith(addDays(today, -28)))!.description).toBe('For the team');
    expect(events.find((e) => e.start.startsWith(addDays(today, 84)))!.description).toBeNull();
    const timeOff = events.find((e) => e.uid.includes(off))!;
    expect(timeOff).toMatchObject({ allDay: true, start: addDays(today, 5), summary: 'Time off · Diner' });
    // The owner's own notes-for-admins never reach even the owner's feed: the address is a bearer secret.
  });

  it('hides what a lock hides from staff, and nothing from an administrator', async () => {
    const w = await worker();
    const diner = await team('Diner', w);
    await diner.shift(addDays(today, 1));
    await diner.shift(addDays(today, 10));
    const lock = await diner.owner('PUT', `${diner.base}/shifts/locked-until`, {
      lockedUntil: addDays(today, 5),
      hideScheduleAfterLock: true,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await feedOf(w.call)).map((e) => e.start.slice(0, 10))).toEqual([addDays(today, 1)]);
    // Made an administrator, Wyn sees past the lock.
    const rows = (await diner.owner('GET', `${diner.base}/staff?includeAll=true`)).json() as {
      staffId: string;
      hash: string;
    }[];
    const hash = rows.find((r) => r.staffId === diner.staffId)!.hash;
    const put = await diner.owner('PUT', `${diner.base}/staff/${diner.staffId}`, {
      firstName: 'Wyn',
      role: 'Barista',
      email: w.email,
      isAdmin: true,
      hash,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await feedOf(w.call)).length).toBe(2);
  });

  it('ends a leaver’s team on their leaving date, and drops a team they were removed from', async () => {
    const w = await worker();
    const diner = await team('Diner', w);
    const bar = await team('Bar', w);
    await diner.shift(addDays(today, 1));
    await diner.shift(addDays(today, 8));
    await bar.shift(addDays(today, 2));
    const leave = await diner.owner(
      'DELETE',
      `${diner.base}/staff/${diner.staffId}?leavingDate=${addDays(today, 4)}`,
    );
    expect(leave.statusCode, leave.body).toBeLessThan(300);
    const afterLeaving = await feedOf(w.call);
    expect(afterLeaving.map((e) => e.start.slice(0, 10)).sort()).toEqual([
      addDays(today, 1),
      addDays(today, 2),
    ]);

    const removed = await bar.owner('DELETE', `${bar.base}/access`, { staffId: bar.staffId });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await feedOf(w.call)).map((e) => e.summary)).toEqual(['Diner · Barista']);
  });

  it('moves SEQUENCE and LAST-MODIFIED when a shift changes, with a new ETag; 304 when unchanged', async () => {
    const w = await worker();
    const diner = await team('Diner', w);
    const day = addDays(today, 2);
    const shiftId = await diner.shift(day);
    const url = await urlOf(w.call);
    const first = await fetchFeed(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const before = eventsOf(first.body)[0]!;

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edit = await diner.owner('PUT', `${diner.base}/shifts/${shiftId}`, {
      staffId: diner.staffId,
      shiftDate: day,
      startTime: '10:00',
      endTime: '17:00',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const after = eventsOf(changed.body)[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.start).toBe(`${day}T10:00:00Z`);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.lastModified > before.lastModified).toBe(true);
  });

  it('resets to a new address at once; the old one 404s; audited', async () => {
    const w = await worker();
    const old = await urlOf(w.call);
    const reset = await w.call('POST', '/api/calendar/feed/reset');
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json().url as string;
    expect(fresh).not.toBe(old);
    expect((await w.call('GET', '/api/calendar/feed')).json().url).toBeNull();
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    const me = (await w.call('GET', '/api/auth/me')).json().user.id as string;
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me), eq(auditLog.action, 'UPDATE')));
    expect(audit.map((a) => a.newValues)).toContainEqual({ calendarFeed: 'reset' });
    // A reset before the first ask makes the address all the same.
    const other = await worker();
    const made = await other.call('POST', '/api/calendar/feed/reset');
    expect(made.statusCode).toBe(200);
    expect(made.json().url).toMatch(/\.ics$/);
  });

  it('keeps the address from a support agent logged in as the user', async () => {
    const email = address('ada', 'pro-domain.test');
    const ada = client(t.app, await signIn(t.app, email));
    const adaId = (await ada('GET', '/api/auth/me')).json().user.id as string;
    const ticket = (await ada('POST', '/api/support/tickets', { title: 'Help', message: 'Please' })).json();
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const started = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${adaId}`, {
      ticketId: ticket.id,
    });
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asAda = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    for (const [method, url] of [
      ['GET', '/api/calendar/feed'],
      ['POST', '/api/calendar/feed/reset'],
    ] as const) {
      const res = await asAda(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(SUPPORT_MODE_REFUSED_MESSAGE);
    }
    expect(await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, adaId))).toEqual(
      [],
    );
  });

  it('limits fetches per address', async () => {
    const url = `/calendar/${'y'.repeat(43)}.ics`;
    let last = 0;
    for (let i = 0; i < 121; i++) last = (await fetchFeed(url, {}, '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    // Another address is not held back.
    expect((await fetchFeed(url, {}, '10.9.9.10')).statusCode).toBe(404);
  });
});
