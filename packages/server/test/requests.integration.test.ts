import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, requests, shifts } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  outbox,
  sessionCookie,
  signIn,
  type TestApp,
} from './support/harness.ts';

const today = toIsoDate(new Date());
const day = (n: number) => addDays(today, n);

describe.each(engines)('requests and notifications on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  /** A team owned by `ownerEmail` with one joined member of staff; their clients and ids. */
  async function world(ownerEmail: string, staffEmail: string) {
    const owner = client(t.app, await signIn(t.app, ownerEmail, { firstName: 'Olive', lastName: 'Owner' }));
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: true })).json();
    const base = `/api/teams/${team.teamId}`;
    const row = (
      await owner('POST', `${base}/staff`, { firstName: 'Sam', lastName: 'Staff', email: staffEmail })
    ).json();
    expect(
      (await owner('POST', `${base}/invite`, { staffId: row.staffId, email: staffEmail })).statusCode,
    ).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, staffEmail), firstName: 'Sam', lastName: 'Staff' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const member = client(t.app, sessionCookie(accepted));
    return { owner, member, base, teamId: team.teamId as string, staffId: row.staffId as string };
  }

  const timeOff = (startDate: string, endDate: string, extra: Record<string, unknown> = {}) => ({
    requestType: 'time_off',
    startDate,
    endDate,
    timeOffDays: 1,
    description: 'Family visit',
    ...extra,
  });

  it('refuses requests on a Free team, writing nothing', async () => {
    const w = await world('free.owner@example.com', 'free.staff@example.com');
    const res = await w.member('POST', `${w.base}/requests`, timeOff(day(3), day(3)));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Requests are part of the Pro plan. The team owner can upgrade to Pro to use them.',
    );
    expect((await w.owner('GET', `${w.base}/requests`)).statusCode).toBe(403);
    expect(await t.database.db.select().from(requests).where(eq(requests.teamId, w.teamId))).toHaveLength(0);
  });

  it('checks every request rule with the spec’s message', async () => {
    const w = await world('rules@pro-domain.test', 'rules.staff@example.com');
    const send = (body: unknown) => w.member('POST', `${w.base}/requests`, body);
    const message = async (body: unknown) => (await send(body)).json().message;
    expect(await message({ requestType: 'time_off', endDate: day(2) })).toBe(
      'Please select a date for time off',
    );
    expect(await message({ requestType: 'time_off', startDate: day(2) })).toBe(
      'Please select an end date for the date range',
    );
    expect(await message(timeOff(day(4), day(2)))).toBe('Start date must be before or equal to end date');
    expect(await message(timeOff(day(-5), day(-5)))).toBe('Dates cannot be in the past');
    expect(
      await message({ requestType: 'other', startDate: day(2), endDate: day(2), description: '   ' }),
    ).toBe('Please provide details for your request');
    expect(
      await message({ requestType: 'time_off', startDate: day(2), endDate: day(2), timeOffHours: 30 }),
    ).toBe('Time off hours cannot exceed 24 hours');
    expect(
      await message({ requestType: 'time_off', startDate: day(2), endDate: day(2), timeOffHours: 1.1 }),
    ).toBe('Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)');
    expect(
      await message({ requestType: 'time_off', startDate: day(2), endDate: day(2), startTime: '09:00' }),
    ).toBe('Please select start and end times');
    expect(await message(timeOff(day(2), day(4), { timeOffDays: 0.3 }))).toBe(
      'Please select the number of days',
    );
    expect(await message(timeOff(day(2), day(2), { description: 'x'.repeat(501) }))).toBe(
      'Details can be at most 500 characters',
    );
    expect(await message(timeOff(day(2), day(100)))).toBe('A request can cover at most 60 days');
    expect(await t.database.db.select().from(requests).where(eq(requests.teamId, w.teamId))).toHaveLength(0);
  });

  it('lets staff ask, admins see and decide, with clashes, emails, audit and the bell', async () => {
    const w = await world('boss@pro-domain.test', 'sam@example.com');
    const created = await w.member('POST', `${w.base}/requests`, timeOff(day(7), day(9)));
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({
      status: 'pending',
      staffName: 'Sam Staff',
      startDate: day(7),
      endDate: day(9),
      canCancel: true,
      canReview: false,
    });
    const arrived = (await outbox(t.app)).find(
      (m) => m.to === 'boss@pro-domain.test' && m.subject.includes('sent a request'),
    );
    expect(arrived?.text).toContain('3 days off');

    // Who sees what.
    expect((await w.member('GET', `${w.base}/requests`)).json().totalCount).toBe(1);
    const queue = (await w.owner('GET', `${w.base}/requests?status=pending`)).json();
    expect(queue).toMatchObject({
      totalCount: 1,
      requests: [{ requestId: request.requestId, canReview: true, canCancel: false }],
    });
    const outsider = client(t.app, await signIn(t.app, 'outsider@example.com'));
    expect((await outsider('GET', `${w.base}/requests`)).statusCode).toBe(404);
    expect((await w.owner('GET', `${w.base}/requests?limit=0`)).statusCode).toBe(400);
    expect((await w.owner('GET', `${w.base}/requests?status=bogus`)).statusCode).toBe(400);

    // The bell: the owner has one waiting; staff nothing.
    expect((await w.owner('GET', '/api/notifications')).json()).toEqual({
      notifications: [{ type: 'time_off', teamId: w.teamId, teamName: 'Cafe', pendingCount: 1 }],
      totalCount: 1,
    });
    expect((await w.member('GET', '/api/notifications')).json()).toEqual({
      notifications: [],
      totalCount: 0,
    });

    // Staff cannot decide; another team's path does not find it.
    const review = `${w.base}/requests/${request.requestId}/review`;
    expect((await w.member('PUT', review, { status: 'approved' })).statusCode).toBe(403);
    const other = await world('other.boss@pro-domain.test', 'other.sam@example.com');
    expect(
      (await other.owner('PUT', `${other.base}/requests/${request.requestId}/review`, { status: 'approved' }))
        .statusCode,
    ).toBe(404);

    // A shift on the middle day clashes: 409 listing it, nothing written.
    const shift = (
      await w.owner('POST', `${w.base}/shifts`, {
        staffId: w.staffId,
        shiftDate: day(8),
        startTime: '09:00',
        endTime: '17:00',
      })
    ).json();
    const clash = await w.owner('PUT', review, { status: 'approved' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().clashes).toEqual([
      { shiftId: shift.shiftId, shiftDate: day(8), description: expect.stringContaining('09:00') },
    ]);
    expect(clash.json().message).toContain('Approving this clashes with an entry in Sam');
    const week = async () =>
      (await t.database.db.select().from(shifts).where(eq(shifts.staffId, w.staffId))).sort((a, b) =>
        a.shiftDate.localeCompare(b.shiftDate),
      );
    expect(await week()).toHaveLength(1);

    // Approved, removing the clashing shift: three days of time off, in one transaction.
    const approved = await w.owner('PUT', review, {
      status: 'approved',
      adminComments: 'Enjoy!',
      removeClashingShifts: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      adminComments: 'Enjoy!',
      reviewedBy: 'Olive Owner',
      canReview: false,
    });
    const entries = await week();
    expect(entries.map((e) => [e.shiftDate, e.isTimeOff, e.timeOffDays])).toEqual([
      [day(7), true, 1],
      [day(8), true, 1],
      [day(9), true, 1],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, w.teamId), eq(auditLog.entityType, 'request')));
    expect(audit.map((a) => a.action).sort()).toEqual(['APPROVED', 'CREATE']);
    const decided = (await outbox(t.app)).find(
      (m) => m.to === 'sam@example.com' && m.subject.includes('approved'),
    );
    expect(decided?.text).toContain('Enjoy!');

    // Decided already: 409; the bell is empty again.
    expect((await w.owner('PUT', review, { status: 'rejected' })).statusCode).toBe(409);
    expect((await w.owner('GET', '/api/notifications')).json().totalCount).toBe(0);
  });

  it('lets the requester cancel a pending request, once, and nobody else', async () => {
    const w = await world('canceller@pro-domain.test', 'cancel.staff@example.com');
    const request = (
      await w.member('POST', `${w.base}/requests`, {
        requestType: 'other',
        startDate: day(3),
        endDate: day(3),
        description: 'Swap Tuesday?',
      })
    ).json();
    const cancel = `${w.base}/requests/${request.requestId}/cancel`;
    expect((await w.owner('PUT', cancel)).statusCode).toBe(403);
    const cancelled = await w.member('PUT', cancel);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    expect((await w.member('PUT', cancel)).statusCode).toBe(409);
    expect(
      (await w.owner('PUT', `${w.base}/requests/${request.requestId}/review`, { status: 'approved' }))
        .statusCode,
    ).toBe(409);

    // Rejecting writes nothing to the schedule and tells the requester why.
    const second = (await w.member('POST', `${w.base}/requests`, timeOff(day(5), day(5)))).json();
    const rejected = await w.owner('PUT', `${w.base}/requests/${second.requestId}/review`, {
      status: 'rejected',
      adminComments: 'Short-staffed',
    });
    expect(rejected.json().status).toBe('rejected');
    expect(await t.database.db.select().from(shifts).where(eq(shifts.staffId, w.staffId))).toHaveLength(0);
    const mail = (await outbox(t.app)).find(
      (m) => m.to === 'cancel.staff@example.com' && m.subject.includes('rejected'),
    );
    expect(mail?.text).toContain('Short-staffed');
  });

  it('sends an administrator’s own request to the owner, and shuts out a member whose access is removed', async () => {
    const w = await world('owner.decides@pro-domain.test', 'sam.later@example.com');
    // An administrator with an account of their own.
    const adminEmail = 'ada.admin@example.com';
    const row = (
      await w.owner('POST', `${w.base}/staff`, {
        firstName: 'Ada',
        lastName: 'Admin',
        email: adminEmail,
        isAdmin: true,
      })
    ).json();
    expect(
      (await w.owner('POST', `${w.base}/invite`, { staffId: row.staffId, email: adminEmail })).statusCode,
    ).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, adminEmail), firstName: 'Ada', lastName: 'Admin' },
    });
    const admin = client(t.app, sessionCookie(accepted));
    const own = (await admin('POST', `${w.base}/requests`, timeOff(day(4), day(4)))).json();
    expect(own).toMatchObject({ canReview: false, canCancel: true });
    const refused = await admin('PUT', `${w.base}/requests/${own.requestId}/review`, { status: 'approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('An administrator’s own request is decided by the team owner');
    expect(
      (await w.owner('PUT', `${w.base}/requests/${own.requestId}/review`, { status: 'approved' })).statusCode,
    ).toBe(200);

    // Sam's pending request stays on the team's list, but Sam, no longer a member, sees nothing.
    const pending = (await w.member('POST', `${w.base}/requests`, timeOff(day(6), day(6)))).json();
    expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.staffId })).statusCode).toBe(200);
    expect((await w.member('GET', `${w.base}/requests`)).statusCode).toBe(404);
    expect((await w.member('POST', `${w.base}/requests`, timeOff(day(8), day(8)))).statusCode).toBe(404);
    expect((await w.member('PUT', `${w.base}/requests/${pending.requestId}/cancel`)).statusCode).toBe(404);
    expect((await w.member('GET', '/api/notifications')).json().totalCount).toBe(0);
    const list = (await w.owner('GET', `${w.base}/requests?status=pending`)).json();
    expect(list.requests.map((r: { requestId: string }) => r.requestId)).toEqual([pending.requestId]);
  });
});
