import { addDays } from '@rotaboard/core/dates/week';
import { timeIn, todayIn } from '@rotaboard/core/time/clock';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staff } from '../src/db/schema.ts';
import { createShiftService } from '../src/modules/shifts/shift.service.ts';
import { createUserRepository } from '../src/modules/users/user.repository.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  PUBLIC_URL,
  sessionCookie,
  signIn,
  type TestApp,
} from './support/harness.ts';

type Call = ReturnType<typeof client>;
/** UTC's date when the file is loaded: the instants below are on it, within a day of the real clock. */
const D = new Date().toISOString().slice(0, 10);
const utc = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`);

const AUCKLAND = 'Pacific/Auckland'; // +12, or +13 in its summer: ahead of UTC
const LOS_ANGELES = 'America/Los_Angeles'; // −8, or −7 in its summer: behind UTC

/**
 * "Today" is the team's today (issue 41): a leaving date ends access at midnight in the team's zone,
 * and the requests' "future" check, the staff list and the bell count from that date, at instants
 * where UTC's date is another. The server reads the clock through Date; only Date is faked, and only
 * within a day of the real clock, so sessions and links made at the real time stay good.
 */
describe.each(engines)('each team’s own today, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the server's clock to the instant `ms`. */
  function at(ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  }

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /** A Pro owner's team in `timeZone` with one joined member of staff and one joined administrator. */
  async function world(timeZone: string) {
    const owner = client(t.app, await signIn(t.app, address('owner', 'pro-domain.test')));
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', timeZone })).json();
    expect(team.timeZone).toBe(timeZone);
    const base = `/api/teams/${team.teamId}`;
    const join = async (isAdmin: boolean) => {
      const email = address(isAdmin ? 'admin' : 'staff');
      const row = (await owner('POST', `${base}/staff`, { firstName: 'Pat', email, isAdmin })).json();
      await owner('POST', `${base}/invite`, { staffId: row.staffId, email });
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email) },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return { call: client(t.app, sessionCookie(accepted)), staffId: row.staffId as string, email };
    };
    return { owner, base, teamId: team.teamId as string, worker: await join(false), admin: await join(true) };
  }

  /** Sets a leaving date straight in the database, as access-ends does (the API takes future dates only). */
  const leaveOn = (staffId: string, date: string) =>
    t.database.db.update(staff).set({ leavingDate: date }).where(eq(staff.id, staffId));
  const teamIds = async (call: Call) =>
    ((await call('GET', '/api/teams')).json() as { teamId: string }[]).map((team) => team.teamId);
  const staffIds = async (call: Call, base: string) =>
    ((await call('GET', `${base}/staff`)).json() as { staffId: string }[]).map((row) => row.staffId);
  /** The bell's items for one team. */
  const bell = async (call: Call, teamId: string) =>
    (
      (await call('GET', '/api/notifications')).json() as { notifications: { teamId: string }[] }
    ).notifications.filter((item) => item.teamId === teamId);
  const timeOff = (startDate: string) => ({
    requestType: 'time_off',
    startDate,
    endDate: startDate,
    timeOffDays: 1,
    description: 'Family visit',
  });

  it('in Auckland, ends a leaver’s access at midnight there, while UTC is still on their leaving date', async () => {
    const w = await world(AUCKLAND);
    // A pending request for the administrator's bell.
    expect((await w.worker.call('POST', `${w.base}/requests`, timeOff(addDays(D, 5)))).statusCode).toBe(201);
    await leaveOn(w.worker.staffId, D);
    await leaveOn(w.admin.staffId, D);

    // 10:30 UTC on D is 22:30 or 23:30 on D in Auckland: their last day, still.
    at(utc(D, '10:30'));
    expect(todayIn(AUCKLAND)).toBe(D);
    expect((await w.worker.call('GET', w.base)).statusCode).toBe(200);
    expect(await teamIds(w.worker.call)).toContain(w.teamId);
    expect(await staffIds(w.owner, w.base)).toContain(w.worker.staffId);
    expect(await bell(w.admin.call, w.teamId)).toHaveLength(1);

    // 12:30 UTC, UTC's date still D, is past midnight in Auckland: D has passed there.
    at(utc(D, '12:30'));
    expect(todayIn(AUCKLAND)).toBe(addDays(D, 1));
    expect((await w.worker.call('GET', w.base)).statusCode).toBe(404);
    expect((await w.worker.call('GET', `${w.base}/staff`)).statusCode).toBe(404);
    expect(await teamIds(w.worker.call)).not.toContain(w.teamId);
    expect(await staffIds(w.owner, w.base)).not.toContain(w.worker.staffId);
    expect((await w.admin.call('GET', w.base)).statusCode).toBe(404);
    expect(await bell(w.admin.call, w.teamId)).toEqual([]);
    // The owner's bell still counts the request: owners never leave.
    expect(await bell(w.owner, w.teamId)).toHaveLength(1);
  });

  it('in Los Angeles, keeps a leaver’s access on their leaving date there, after UTC has moved on', async () => {
    const w = await world(LOS_ANGELES);
    await leaveOn(w.worker.staffId, addDays(D, -1));

    // 03:00 UTC on D is 19:00 or 20:00 on D−1 in Los Angeles: their last day there.
    at(utc(D, '03:00'));
    expect(todayIn(LOS_ANGELES)).toBe(addDays(D, -1));
    expect((await w.worker.call('GET', w.base)).statusCode).toBe(200);
    expect(await teamIds(w.worker.call)).toContain(w.teamId);
    expect(await staffIds(w.owner, w.base)).toContain(w.worker.staffId);

    // 08:30 UTC is past midnight in Los Angeles.
    at(utc(D, '08:30'));
    expect(todayIn(LOS_ANGELES)).toBe(D);
    expect((await w.worker.call('GET', w.base)).statusCode).toBe(404);
    expect(await teamIds(w.worker.call)).not.toContain(w.teamId);
    expect(await staffIds(w.owner, w.base)).not.toContain(w.worker.staffId);
  });

  it('takes a leaving date that is today in the team’s zone as a removal, and a later one as leaving', async () => {
    const nz = await world(AUCKLAND);
    const la = await world(LOS_ANGELES);
    const add = async (w: typeof nz) =>
      (await w.owner('POST', `${w.base}/staff`, { firstName: 'Kit' })).json().staffId as string;
    const remove = async (w: typeof nz, staffId: string, date: string) =>
      (await w.owner('DELETE', `${w.base}/staff/${staffId}?leavingDate=${date}`)).json().outcome;
    const [nzToday, nzLater, laToday, laLater] = [await add(nz), await add(nz), await add(la), await add(la)];

    // 20:00 UTC on D: D+1 in Auckland, D in Los Angeles.
    at(utc(D, '20:00'));
    expect(await remove(nz, nzToday, addDays(D, 1))).toBe('removed');
    expect(await remove(nz, nzLater, addDays(D, 2))).toBe('leaving');
    // 03:00 UTC on D: D−1 in Los Angeles, so D is still ahead there.
    at(utc(D, '03:00'));
    expect(await remove(la, laToday, addDays(D, -1))).toBe('removed');
    expect(await remove(la, laLater, D)).toBe('leaving');
  });

  it('checks a request’s dates against the team’s today, with no slack for other zones', async () => {
    const nz = await world(AUCKLAND);
    const la = await world(LOS_ANGELES);
    const send = async (w: typeof nz, date: string) => {
      const res = await w.worker.call('POST', `${w.base}/requests`, timeOff(date));
      return res.statusCode === 400 ? res.json().message : res.statusCode;
    };
    const past = 'Dates cannot be in the past';

    // 20:00 UTC on D is D+1 in Auckland: D is yesterday there.
    at(utc(D, '20:00'));
    expect(await send(nz, D)).toBe(past);
    expect(await send(nz, addDays(D, 1))).toBe(201);
    // 12:00 UTC on D is D in Los Angeles (04:00 or 05:00): D−1, UTC's "yesterday", is past there.
    at(utc(D, '12:00'));
    expect(await send(la, addDays(D, -1))).toBe(past);
    expect(await send(la, D)).toBe(201);
    // 03:00 UTC on D is still D−1 in Los Angeles: a request for that day is today's.
    at(utc(D, '03:00'));
    expect(await send(la, addDays(D, -1))).toBe(201);
  });

  it('finds the next shift after now on the team’s clock', async () => {
    const w = await world(AUCKLAND);
    const shift = async (date: string, startTime: string, endTime: string) => {
      const res = await w.owner('POST', `${w.base}/shifts`, {
        staffId: w.worker.staffId,
        shiftDate: date,
        startTime,
        endTime,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().shiftId as string;
    };
    // At 20:00 UTC on D it is 08:00 or 09:00 on D+1 in Auckland: the 07:00 shift has begun.
    await shift(addDays(D, 1), '07:00', '08:00');
    const later = await shift(addDays(D, 2), '12:00', '13:00');
    at(utc(D, '20:00'));

    // As the web app asks: the team's date and time.
    const next = await w.worker.call(
      'GET',
      `${w.base}/shifts/next?d=${todayIn(AUCKLAND)}&t=${timeIn(AUCKLAND)}`,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().shiftId).toBe(later);
    // Asked with no date, the service takes the team's clock itself.
    const service = createShiftService({
      db: t.database.db,
      mailer: t.app.mailer,
      publicUrl: PUBLIC_URL,
      proEmails: t.app.config.proEmails,
    });
    const user = (await createUserRepository(t.database.db).findByEmail(w.worker.email))!;
    expect((await service.next(user, w.teamId, undefined, undefined))?.shiftId).toBe(later);
  });
});
