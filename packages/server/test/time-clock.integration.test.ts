import { SUPPORT_MODE_REFUSED_MESSAGE } from '@rotaboard/core/support/support-mode';
import { TIME_CLOCK_IS_PRO } from '@rotaboard/core/time-clock/time-clock-plan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, staff, timesheets } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, type Call, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * The time clock (issue 44, docs/time-clock.md) through the API, on PGlite and PostgreSQL: clocking in
 * (to the given, the current or no shift), breaks and clocking out in order, the caller's entry and who
 * is in now, with the server's clock set by the test (BuildOptions.clock). The rules themselves are
 * core's (packages/core/test/time-clock-*.test.ts). Timesheets' review is in timesheets.integration.
 */

/** A Monday; the teams' weeks start on Monday and their zone is UTC. */
const DAY = '2027-03-01';
const at = (time: string, date = DAY) => Date.parse(`${date}T${time}:00Z`);
const OTHER_TEAM_ID = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('the time clock on %s', (engine) => {
  let t: TestApp;
  let now = at('08:00');
  let pro: StaffingWorld;
  let free: StaffingWorld;
  let outsider: Call;
  let patShift: string;
  let samShift: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { clock: () => now });
    pro = await staffingWorld(t);
    free = await staffingWorld(t, { plan: 'free' });
    outsider = client(t.app, await signIn(t.app, address('outsider', 'pro-domain.test')));
    patShift = await addShift(pro.owner, pro.base, pro.pat.staffId, DAY, '09:00', '17:00');
    samShift = await addShift(pro.owner, pro.base, pro.sam.staffId, DAY, '12:00', '20:00');
  }, 120_000);
  afterAll(async () => t?.close());

  const clockUrl = (w: StaffingWorld, path = '') => `${w.base}/time-clock${path}`;
  const auditOf = (timesheetId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'timesheet'), eq(auditLog.entityId, timesheetId)));

  it('clocks a member in to their shift whose window holds now, through breaks, and out', async () => {
    now = at('08:50');
    const patId = (await pro.pat.call('GET', '/api/auth/me')).json().user.id as string;
    expect((await pro.pat.call('GET', clockUrl(pro))).json()).toEqual({ timesheet: null });

    const clockIn = await pro.pat.call('POST', clockUrl(pro, '/clock-in'), {});
    expect(clockIn.statusCode, clockIn.body).toBe(201);
    expect(clockIn.json()).toEqual({
      timesheetId: expect.any(String),
      shiftId: patShift,
      clockInAt: '2027-03-01T08:50:00.000Z',
    });
    const { timesheetId } = clockIn.json();

    now = at('10:00');
    const own = (await pro.pat.call('GET', clockUrl(pro))).json().timesheet;
    expect(own).toEqual({
      timesheetId,
      staffId: pro.pat.staffId,
      staffName: 'Pat',
      shiftId: patShift,
      date: DAY,
      clockInAt: '2027-03-01T08:50:00.000Z',
      clockOutAt: null,
      breakMinutes: 0,
      workedMinutes: 70,
      scheduledMinutes: 480,
      varianceMinutes: -410,
      status: 'open',
      onBreak: false,
      breakStartedAt: null,
    });
    const whoIsIn = await pro.admin!.call('GET', clockUrl(pro, '/now'));
    expect(whoIsIn.statusCode, whoIsIn.body).toBe(200);
    expect(whoIsIn.json().clockedIn).toEqual([
      {
        staffId: pro.pat.staffId,
        staffName: 'Pat',
        timesheetId,
        shiftId: patShift,
        clockInAt: '2027-03-01T08:50:00.000Z',
        onBreak: false,
      },
    ]);

    // Out of order: each a 409 with a sentence.
    const again = await pro.pat.call('POST', clockUrl(pro, '/clock-in'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already clocked in/);
    const noBreak = await pro.pat.call('POST', clockUrl(pro, '/break-end'));
    expect(noBreak.statusCode).toBe(409);
    expect(noBreak.json().message).toMatch(/not on a break/);

    now = at('12:00');
    const breakStart = await pro.pat.call('POST', clockUrl(pro, '/break-start'));
    expect(breakStart.statusCode, breakStart.body).toBe(200);
    expect(breakStart.json()).toMatchObject({ onBreak: true, breakStartedAt: '2027-03-01T12:00:00.000Z' });
    expect((await pro.pat.call('POST', clockUrl(pro, '/break-start'))).json().message).toMatch(
      /already on a break/,
    );
    const outOnBreak = await pro.pat.call('POST', clockUrl(pro, '/clock-out'));
    expect(outOnBreak.statusCode).toBe(409);
    expect(outOnBreak.json().message).toMatch(/end your break/);

    now = at('12:10');
    // A running break counts up to now.
    expect((await pro.pat.call('GET', clockUrl(pro))).json().timesheet).toMatchObject({
      breakMinutes: 10,
      workedMinutes: 190,
    });
    now = at('12:30');
    const breakEnd = await pro.pat.call('POST', clockUrl(pro, '/break-end'));
    expect(breakEnd.statusCode, breakEnd.body).toBe(200);
    expect(breakEnd.json()).toMatchObject({ onBreak: false, breakStartedAt: null, breakMinutes: 30 });

    now = at('17:05');
    const out = await pro.pat.call('POST', clockUrl(pro, '/clock-out'));
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      clockOutAt: '2027-03-01T17:05:00.000Z',
      breakMinutes: 30,
      workedMinutes: 465,
      scheduledMinutes: 480,
      varianceMinutes: -15,
      status: 'pending',
      onBreak: false,
    });
    for (const path of ['/break-start', '/break-end', '/clock-out']) {
      const late = await pro.pat.call('POST', clockUrl(pro, path));
      expect(late.statusCode, path).toBe(409);
      expect(late.json().message).toMatch(/not clocked in/);
    }
    expect((await pro.pat.call('GET', clockUrl(pro))).json()).toEqual({ timesheet: null });
    expect((await pro.owner('GET', clockUrl(pro, '/now'))).json()).toEqual({ clockedIn: [] });

    // Each tap audited as Pat, in order.
    const audits = await auditOf(timesheetId);
    expect(audits.map((a) => [a.action, a.changedBy])).toEqual([
      ['CREATE', patId],
      ['UPDATE', patId],
      ['UPDATE', patId],
      ['UPDATE', patId],
    ]);
    // A shift has one timesheet: clocking in to it again is refused.
    now = at('16:00');
    const second = await pro.pat.call('POST', clockUrl(pro, '/clock-in'), { shiftId: patShift });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already clocked in for this shift/);
    // Without a shift id, a shift already clocked is passed over: the entry is unscheduled.
    const unscheduled = await pro.pat.call('POST', clockUrl(pro, '/clock-in'));
    expect(unscheduled.statusCode, unscheduled.body).toBe(201);
    expect(unscheduled.json().shiftId).toBeNull();
    now = at('16:30');
    expect((await pro.pat.call('POST', clockUrl(pro, '/clock-out'))).json()).toMatchObject({
      shiftId: null,
      workedMinutes: 30,
      scheduledMinutes: null,
      varianceMinutes: null,
    });
  });

  it('announces each tap live as a time-clock change of the day, for the administrators', async () => {
    const events: { kind: string; teamId: string; startDate: string | null; ids: readonly string[] }[] = [];
    const scheduleUpdated = t.app.realtime.scheduleUpdated.bind(t.app.realtime);
    const spy = vi.spyOn(t.app.realtime, 'scheduleUpdated').mockImplementation((event) => {
      events.push(event);
      scheduleUpdated(event);
    });
    try {
      now = at('09:00', '2027-03-08');
      const clockIn = await pro.pat.call('POST', clockUrl(pro, '/clock-in'), {});
      expect(clockIn.statusCode).toBe(201);
      expect((await pro.pat.call('POST', clockUrl(pro, '/clock-out'))).statusCode).toBe(200);
      // A refused tap announces nothing.
      expect((await pro.pat.call('POST', clockUrl(pro, '/clock-out'))).statusCode).toBe(409);
      const { timesheetId } = clockIn.json();
      expect(events.map((e) => [e.kind, e.teamId, e.startDate, e.ids])).toEqual([
        ['time-clock', pro.teamId, '2027-03-08', [timesheetId]],
        ['time-clock', pro.teamId, '2027-03-08', [timesheetId]],
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a shift that is not the caller’s (403), outside its window (409) or unknown (404)', async () => {
    now = at('11:00');
    const notTheirs = await pro.pat.call('POST', clockUrl(pro, '/clock-in'), { shiftId: samShift });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toMatch(/your own shifts/);
    const early = await pro.sam.call('POST', clockUrl(pro, '/clock-in'), { shiftId: samShift });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/too early to clock in.*in 45 minutes/);
    const unknown = await pro.sam.call('POST', clockUrl(pro, '/clock-in'), {
      shiftId: '11111111-1111-4111-8111-111111111111',
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await pro.sam.call('POST', clockUrl(pro, '/clock-in'), { shiftId: 'yesterday' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('shiftId');
    now = at('20:00');
    const over = await pro.sam.call('POST', clockUrl(pro, '/clock-in'), { shiftId: samShift });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/already ended/);
    expect(
      await t.database.db.select().from(timesheets).where(eq(timesheets.staffId, pro.sam.staffId)),
    ).toEqual([]);
  });

  it('attaches an overnight shift that started yesterday', async () => {
    const night = await addShift(pro.owner, pro.base, pro.sam.staffId, '2027-03-02', '22:00', '06:00');
    now = at('05:00', '2027-03-03');
    const res = await pro.sam.call('POST', clockUrl(pro, '/clock-in'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shiftId).toBe(night);
    now = at('05:30', '2027-03-03');
    expect((await pro.sam.call('POST', clockUrl(pro, '/clock-out'))).json()).toMatchObject({
      date: '2027-03-02',
      workedMinutes: 30,
      scheduledMinutes: 480,
    });
  });

  it('keeps the team’s zone: a London night the clocks go back, clocked in early and out at its end', async () => {
    const owner = client(
      t.app,
      await signIn(t.app, address('london', 'pro-domain.test'), { firstName: 'Lou', lastName: 'London' }),
    );
    const created = await owner('POST', '/api/teams', {
      teamName: 'Night desk',
      timeZone: 'Europe/London',
      ownerInStaffList: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const base = `/api/teams/${created.json().teamId}`;
    const [me] = (await owner('GET', `${base}/staff`)).json() as { staffId: string }[];
    const night = await addShift(owner, base, me!.staffId, '2026-10-24', '22:00', '06:00');
    // Summer time: 22:00 on 24 October is 21:00 UTC, and the window opens 15 minutes before.
    now = Date.parse('2026-10-24T20:44:00Z');
    const tooEarly = await owner('POST', `${base}/time-clock/clock-in`, { shiftId: night });
    expect(tooEarly.statusCode).toBe(409);
    now = Date.parse('2026-10-24T20:45:00Z');
    const clockIn = await owner('POST', `${base}/time-clock/clock-in`, {});
    expect(clockIn.statusCode, clockIn.body).toBe(201);
    expect(clockIn.json().shiftId).toBe(night);
    // The clocks go back at 02:00: 06:00 on the 25th is 06:00 UTC, nine hours and a quarter later.
    now = Date.parse('2026-10-25T06:00:00Z');
    const out = await owner('POST', `${base}/time-clock/clock-out`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      date: '2026-10-24',
      workedMinutes: 555,
      scheduledMinutes: 540,
      varianceMinutes: 15,
    });
  });

  it('lets one of two clock-ins at once through: the other is a 409, never a 500', async () => {
    now = at('09:00', '2027-03-04');
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        pro.sam.call('POST', clockUrl(pro, '/clock-in'), {}),
        pro.sam.call('POST', clockUrl(pro, '/clock-in'), {}),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().message).toMatch(/already clocked in/);
      now += 60_000;
      for (const path of ['/break-start', '/break-end']) {
        const both = await Promise.all([
          pro.sam.call('POST', clockUrl(pro, path)),
          pro.sam.call('POST', clockUrl(pro, path)),
        ]);
        expect(both.map((a) => a.statusCode).sort(), path).toEqual([200, 409]);
      }
      const taps = await Promise.all([
        pro.sam.call('POST', clockUrl(pro, '/clock-out')),
        pro.sam.call('POST', clockUrl(pro, '/clock-out')),
      ]);
      expect(taps.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
    const open = await t.database.db
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.staffId, pro.sam.staffId), eq(timesheets.status, 'open')));
    expect(open).toEqual([]);
  });

  it('is Pro: a Free team is refused with a 403 naming Pro, and nothing is written', async () => {
    for (const [method, path] of [
      ['POST', '/time-clock/clock-in'],
      ['POST', '/time-clock/break-start'],
      ['POST', '/time-clock/break-end'],
      ['POST', '/time-clock/clock-out'],
      ['GET', '/time-clock'],
    ] as const) {
      const res = await free.pat.call(method, `${free.base}${path}`, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toBe(TIME_CLOCK_IS_PRO);
      expect(res.json().message).toContain('Pro');
    }
    for (const path of ['/time-clock/now', '/day-settings', `/timesheets?startDate=${DAY}&endDate=${DAY}`]) {
      const res = await free.owner('GET', `${free.base}${path}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(TIME_CLOCK_IS_PRO);
    }
    expect(await t.database.db.select().from(timesheets).where(eq(timesheets.teamId, free.teamId))).toEqual(
      [],
    );
  });

  it('answers another team’s caller with a 404, and who-is-in only to owners and administrators', async () => {
    for (const [method, path] of [
      ['POST', '/time-clock/clock-in'],
      ['POST', '/time-clock/break-start'],
      ['POST', '/time-clock/break-end'],
      ['POST', '/time-clock/clock-out'],
      ['GET', '/time-clock'],
      ['GET', '/time-clock/now'],
    ] as const) {
      const res = await outsider(method, `${pro.base}${path}`, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      const none = await pro.owner(
        method,
        `/api/teams/${OTHER_TEAM_ID}${path}`,
        method === 'POST' ? {} : undefined,
      );
      expect(none.statusCode).toBe(404);
    }
    const staffAsks = await pro.pat.call('GET', clockUrl(pro, '/now'));
    expect(staffAsks.statusCode).toBe(403);
    // The owner is not on this team's staff list: there is nobody to clock in.
    const owner = await pro.owner('POST', clockUrl(pro, '/clock-in'), {});
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toMatch(/staff list/);
    expect((await pro.owner('GET', clockUrl(pro))).json()).toEqual({ timesheet: null });
  });

  it('refuses clocking in support mode: an agent cannot clock for the person', async () => {
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agent = client(t.app, agentCookie);
    const patId = (await pro.pat.call('GET', '/api/auth/me')).json().user.id as string;
    const ticket = await pro.pat.call('POST', '/api/support/tickets', { title: 'Clock', message: 'Help' });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const started = await agent('POST', `/api/auth/impersonate/${patId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asPat = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    now = at('09:00', '2027-03-05');
    const res = await asPat('POST', clockUrl(pro, '/clock-in'), {});
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(SUPPORT_MODE_REFUSED_MESSAGE);
    for (const path of ['/break-start', '/break-end', '/clock-out']) {
      expect((await asPat('POST', clockUrl(pro, path))).statusCode, path).toBe(403);
    }
    // Reading the person's own entry is allowed.
    expect((await asPat('GET', clockUrl(pro))).statusCode).toBe(200);
    await agent('POST', '/api/auth/impersonate/end');
  });

  it('refuses a member whose leaving date has passed (404)', async () => {
    await t.database.db.update(staff).set({ leavingDate: '2026-01-01' }).where(eq(staff.id, pro.pat.staffId));
    now = at('09:00', '2027-03-06');
    for (const [method, path] of [
      ['POST', '/time-clock/clock-in'],
      ['GET', '/time-clock'],
    ] as const) {
      const res = await pro.pat.call(method, clockUrl(pro, path), method === 'POST' ? {} : undefined);
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('refuses a member whose access was removed (404)', async () => {
    const leaver = await pro.owner('DELETE', `${pro.base}/access`, { staffId: pro.sam.staffId });
    expect(leaver.statusCode, leaver.body).toBe(200);
    now = at('09:00', '2027-03-06');
    const res = await pro.sam.call('POST', clockUrl(pro, '/clock-in'), {});
    expect(res.statusCode).toBe(404);
  });
});
