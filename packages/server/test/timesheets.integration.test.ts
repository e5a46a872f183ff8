import { TIME_CLOCK_IS_PRO } from '@rotaboard/core/time-clock/time-clock-plan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, type Call, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * Timesheets (issue 44, docs/time-clock.md) through the API, on PGlite and PostgreSQL: the list (staff
 * see their own), edits with a reason, approval and rejection (owner and administrators, an
 * administrator never on their own), and approved time in the payroll report and `/labour`, which
 * agree. The server's clock is set by the test.
 */

const DAY = '2027-03-01';
const at = (time: string, date = DAY) => Date.parse(`${date}T${time}:00Z`);
const iso = (time: string, date = DAY) => new Date(at(time, date)).toISOString();

describe.each(engines)('timesheets on %s', (engine) => {
  let t: TestApp;
  let now = at('08:00');
  let pro: StaffingWorld;
  let free: StaffingWorld;
  let outsider: Call;
  let patShift: string;
  /** Pat's timesheet of their shift (08:55–17:20, a 20-minute break) and Ada's unscheduled one. */
  let patSheet: string;
  let adaSheet: string;

  const clockIn = async (call: Call, w: StaffingWorld, time: string, date = DAY) => {
    now = at(time, date);
    const res = await call('POST', `${w.base}/time-clock/clock-in`, {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json().timesheetId as string;
  };
  const tap = async (call: Call, w: StaffingWorld, path: string, time: string, date = DAY) => {
    now = at(time, date);
    const res = await call('POST', `${w.base}/time-clock/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { clock: () => now });
    pro = await staffingWorld(t);
    free = await staffingWorld(t, { plan: 'free' });
    outsider = client(t.app, await signIn(t.app, address('outsider', 'pro-domain.test')));
    patShift = await addShift(pro.owner, pro.base, pro.pat.staffId, DAY, '09:00', '17:00');
    expect(
      (
        await pro.owner('POST', `${pro.base}/staff/${pro.pat.staffId}/pay-rates`, {
          effectiveFrom: '2027-01-01',
          hourlyRateMinor: 1200,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await pro.owner('POST', `${pro.base}/staff/${pro.admin!.staffId}/pay-rates`, {
          effectiveFrom: '2027-01-01',
          hourlyRateMinor: 1500,
        })
      ).statusCode,
    ).toBe(201);
    patSheet = await clockIn(pro.pat.call, pro, '08:55');
    await tap(pro.pat.call, pro, 'break-start', '12:00');
    await tap(pro.pat.call, pro, 'break-end', '12:20');
    adaSheet = await clockIn(pro.admin!.call, pro, '10:00');
    await tap(pro.admin!.call, pro, 'clock-out', '12:00');
    await tap(pro.pat.call, pro, 'clock-out', '17:20');
    now = at('18:00');
  }, 120_000);
  afterAll(async () => t?.close());

  const listUrl = (w: StaffingWorld, startDate = DAY, endDate = DAY) =>
    `${w.base}/timesheets?startDate=${startDate}&endDate=${endDate}`;
  const sheetUrl = (w: StaffingWorld, id: string, action = '') => `${w.base}/timesheets/${id}${action}`;
  const auditOf = (id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'timesheet'), eq(auditLog.entityId, id)));
  const userId = async (call: Call) => (await call('GET', '/api/auth/me')).json().user.id as string;

  it('lists everyone’s for the owner and administrators, and a member’s own for them', async () => {
    const owner = await pro.owner('GET', listUrl(pro));
    expect(owner.statusCode, owner.body).toBe(200);
    const pat = {
      timesheetId: patSheet,
      staffId: pro.pat.staffId,
      staffName: 'Pat',
      shiftId: patShift,
      date: DAY,
      clockInAt: iso('08:55'),
      clockOutAt: iso('17:20'),
      breakMinutes: 20,
      workedMinutes: 485,
      scheduledMinutes: 480,
      varianceMinutes: 5,
      status: 'pending',
    };
    const ada = {
      timesheetId: adaSheet,
      staffId: pro.admin!.staffId,
      staffName: 'Ada',
      shiftId: null,
      date: DAY,
      clockInAt: iso('10:00'),
      clockOutAt: iso('12:00'),
      breakMinutes: 0,
      workedMinutes: 120,
      scheduledMinutes: null,
      varianceMinutes: null,
      status: 'pending',
    };
    expect(owner.json().timesheets).toEqual(expect.arrayContaining([pat, ada]));
    expect(owner.json().timesheets).toHaveLength(2);
    expect((await pro.admin!.call('GET', listUrl(pro))).json().timesheets).toHaveLength(2);
    expect((await pro.pat.call('GET', listUrl(pro))).json()).toEqual({ timesheets: [pat] });
    expect((await pro.sam.call('GET', listUrl(pro))).json()).toEqual({ timesheets: [] });
    expect((await pro.owner('GET', listUrl(pro, '2027-03-02', '2027-03-08'))).json()).toEqual({
      timesheets: [],
    });
  });

  it('refuses a bad or too long range with a 400 naming the field, another team with a 404, Free with Pro', async () => {
    const long = await pro.owner('GET', listUrl(pro, '2027-01-01', '2027-03-05'));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('endDate');
    const backwards = await pro.owner('GET', listUrl(pro, '2027-03-05', '2027-03-01'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('endDate');
    const notADate = await pro.owner('GET', listUrl(pro, 'monday', DAY));
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().errors[0].path).toBe('startDate');
    expect((await outsider('GET', listUrl(pro))).statusCode).toBe(404);
    const onFree = await free.pat.call('GET', listUrl(free));
    expect(onFree.statusCode).toBe(403);
    expect(onFree.json().message).toBe(TIME_CLOCK_IS_PRO);
  });

  it('refuses staff (403), another team (404) and an administrator on their own timesheet (403)', async () => {
    const edit = {
      clockInAt: iso('09:00'),
      clockOutAt: iso('17:00'),
      breakMinutes: 30,
      reason: 'Rounded to the shift',
    };
    for (const [method, suffix, body] of [
      ['PUT', '', edit],
      ['POST', '/approve', undefined],
      ['POST', '/reject', undefined],
    ] as const) {
      const staff = await pro.pat.call(method, sheetUrl(pro, patSheet, suffix), body);
      expect(staff.statusCode, `${method} ${suffix}`).toBe(403);
      expect((await outsider(method, sheetUrl(pro, patSheet, suffix), body)).statusCode).toBe(404);
      const own = await pro.admin!.call(method, sheetUrl(pro, adaSheet, suffix), body);
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json().message).toMatch(/own timesheet: the team owner does/);
      const unknown = await pro.owner(
        method,
        sheetUrl(pro, '11111111-1111-4111-8111-111111111111', suffix),
        body,
      );
      expect(unknown.statusCode).toBe(404);
    }
    expect((await auditOf(adaSheet)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    const badId = await pro.owner('POST', `${pro.base}/timesheets/not-an-id/approve`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('timesheetId');
  });

  it('refuses every bad edit with a 400 naming the field, and changes nothing', async () => {
    const good = { clockInAt: iso('09:00'), clockOutAt: iso('17:00'), breakMinutes: 30, reason: 'Late tap' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, reason: undefined }, 'reason'],
      [{ ...good, reason: '   ' }, 'reason'],
      [{ ...good, reason: 'a'.repeat(501) }, 'reason'],
      [{ ...good, reason: 'bad\u0000text' }, 'reason'],
      [{ ...good, clockInAt: '09:00' }, 'clockInAt'],
      [{ ...good, clockInAt: '2027-03-01T09:00:00' }, 'clockInAt'],
      [{ ...good, clockOutAt: iso('08:00') }, 'clockOutAt'],
      [{ ...good, clockOutAt: iso('09:00') }, 'clockOutAt'],
      [{ ...good, clockOutAt: iso('19:00') }, 'clockOutAt'],
      [{ ...good, clockInAt: iso('16:00', '2027-02-28') }, 'clockOutAt'],
      [{ ...good, breakMinutes: 480 }, 'breakMinutes'],
      [{ ...good, breakMinutes: -1 }, 'breakMinutes'],
      [{ ...good, breakMinutes: 1.5 }, 'breakMinutes'],
      [{ ...good, breakMinutes: '30' }, 'breakMinutes'],
    ];
    for (const [body, field] of cases) {
      const res = await pro.owner('PUT', sheetUrl(pro, patSheet), body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(field);
      expect(res.json().message).toContain(field);
    }
    expect((await auditOf(patSheet)).filter((a) => a.action !== 'CREATE' && a.action !== 'UPDATE')).toEqual(
      [],
    );
    const listed = (await pro.owner('GET', listUrl(pro))).json().timesheets;
    expect(listed.find((s: { timesheetId: string }) => s.timesheetId === patSheet)).toMatchObject({
      clockInAt: iso('08:55'),
      status: 'pending',
    });
  });

  it('decides in order: an open entry cannot be, nor the same way twice (409)', async () => {
    const samSheet = await clockIn(pro.sam.call, pro, '18:00');
    now = at('18:30');
    for (const action of ['/approve', '/reject']) {
      const open = await pro.owner('POST', sheetUrl(pro, samSheet, action));
      expect(open.statusCode).toBe(409);
      expect(open.json().message).toMatch(/still clocked in/);
    }
    await tap(pro.sam.call, pro, 'clock-out', '19:00');
    now = at('19:30');
    const rejected = await pro.admin!.call('POST', sheetUrl(pro, samSheet, '/reject'));
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', workedMinutes: 60 });
    expect((await pro.admin!.call('POST', sheetUrl(pro, samSheet, '/reject'))).statusCode).toBe(409);
    // Two approvals at once: one lands, the other finds it approved.
    const both = await Promise.all([
      pro.owner('POST', sheetUrl(pro, samSheet, '/approve')),
      pro.admin!.call('POST', sheetUrl(pro, samSheet, '/approve')),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().message).toMatch(/already approved/);
    const audits = await auditOf(samSheet);
    expect(audits.filter((a) => a.action === 'APPROVED' || a.action === 'REJECTED')).toHaveLength(2);
    // Edited, it waits for approval again, the reason audited with who made it.
    const edited = await pro.owner('PUT', sheetUrl(pro, samSheet), {
      clockInAt: iso('18:05'),
      clockOutAt: iso('19:00'),
      breakMinutes: 0,
      reason: 'Arrived at five past',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'pending', workedMinutes: 55, clockInAt: iso('18:05') });
    const update = (await auditOf(samSheet)).filter((a) => a.action === 'UPDATE').at(-1);
    expect(update?.changedBy).toBe(pro.ownerId);
    expect(update?.newValues).toMatchObject({ reason: 'Arrived at five past', clockInAt: iso('18:05') });
    expect(update?.oldValues).toMatchObject({ clockInAt: iso('18:00'), status: 'approved' });
    // The audit report shows it, about Sam, with the reason.
    const report = await pro.owner(
      'GET',
      `${pro.base}/reports/audit?domain=timesheet&staffId=${pro.sam.staffId}&limit=100`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const entries = report.json().entries as {
      subjectId: string;
      domain: string;
      subject: string;
      action: string;
      newValues: Record<string, unknown>;
    }[];
    const shown = entries.filter((e) => e.subjectId === samSheet);
    expect(shown.map((e) => e.action).sort()).toEqual(
      ['APPROVED', 'CREATE', 'REJECTED', 'UPDATE', 'UPDATE'].sort(),
    );
    expect(shown[0]).toMatchObject({
      domain: 'timesheet',
      subject: 'Sam · Timesheet · 01/03/2027',
      action: 'UPDATE',
      newValues: { reason: 'Arrived at five past' },
    });
  });

  let forgotten = '';
  it('closes an open entry an administrator edits (a forgotten clock-out)', async () => {
    const sheet = await clockIn(pro.sam.call, pro, '08:00', '2027-03-02');
    forgotten = sheet;
    now = at('23:00', '2027-03-02');
    const res = await pro.admin!.call('PUT', sheetUrl(pro, sheet), {
      clockInAt: iso('08:00', '2027-03-02'),
      clockOutAt: iso('16:00', '2027-03-02'),
      breakMinutes: 30,
      reason: 'Forgot to clock out',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', workedMinutes: 450, breakMinutes: 30 });
    expect((await pro.sam.call('GET', `${pro.base}/time-clock`)).json()).toEqual({ timesheet: null });
  });

  it('pays approved time in the payroll report and /labour alike, each day saying where it came from', async () => {
    const range = `startDate=${DAY}&endDate=${DAY}`;
    const before = (await pro.owner('GET', `${pro.base}/reports/payroll?${range}`)).json();
    expect(before.days.find((d: { staffId: string }) => d.staffId === pro.pat.staffId)).toMatchObject({
      workedMinutes: 480,
      source: 'schedule',
    });

    // Ada's own: the owner approves it.
    expect((await pro.owner('POST', sheetUrl(pro, adaSheet, '/approve'))).statusCode).toBe(200);
    const approved = await pro.admin!.call('POST', sheetUrl(pro, patSheet, '/approve'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', workedMinutes: 485 });

    const payroll = await pro.owner('GET', `${pro.base}/reports/payroll?${range}`);
    expect(payroll.statusCode, payroll.body).toBe(200);
    const report = payroll.json();
    const patDay = report.days.find((d: { staffId: string }) => d.staffId === pro.pat.staffId);
    const adaDay = report.days.find((d: { staffId: string }) => d.staffId === pro.admin!.staffId);
    // 485 minutes at 12.00 an hour is 97.00; Ada's unscheduled 120 minutes at 15.00 is 30.00.
    expect(patDay).toMatchObject({
      scheduledMinutes: 480,
      breakMinutes: 20,
      workedMinutes: 485,
      source: 'timesheet',
      costMinor: 9700,
    });
    expect(adaDay).toMatchObject({
      shifts: 1,
      scheduledMinutes: 0,
      workedMinutes: 120,
      source: 'timesheet',
      costMinor: 3000,
    });

    const labour = await pro.owner('GET', `${pro.base}/labour?${range}`);
    expect(labour.statusCode, labour.body).toBe(200);
    const people = labour.json().people as { staffId: string; minutes: number; costMinor: number }[];
    for (const day of [patDay, adaDay]) {
      expect(people.find((p) => p.staffId === day.staffId)).toMatchObject({
        minutes: day.workedMinutes,
        costMinor: day.costMinor,
      });
    }
    expect(labour.json().totals).toMatchObject({ minutes: 605, costMinor: report.totals.costMinor });

    const csv = await pro.owner('GET', `${pro.base}/reports/payroll?${range}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split(/\r?\n/);
    const columns = header!.split(',');
    const from = columns.indexOf('Worked from');
    const worked = columns.indexOf('Worked minutes');
    expect(from).toBeGreaterThan(worked);
    expect(rows.map((r) => [r.split(',')[worked], r.split(',')[from]]).sort()).toEqual(
      [
        ['120', 'timesheet'],
        ['485', 'timesheet'],
      ].sort(),
    );

    // Rejected, the schedule's minutes are paid again.
    expect((await pro.owner('POST', sheetUrl(pro, patSheet, '/reject'))).statusCode).toBe(200);
    const after = (await pro.owner('GET', `${pro.base}/reports/payroll?${range}`)).json();
    expect(after.days.find((d: { staffId: string }) => d.staffId === pro.pat.staffId)).toMatchObject({
      workedMinutes: 480,
      source: 'schedule',
      costMinor: 9600,
    });
  });

  it('audits a decision in support mode as the agent, for the owner', async () => {
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agent = client(t.app, agentCookie);
    const agentId = await userId(agent);
    const ticket = await pro.owner('POST', '/api/support/tickets', {
      title: 'Sheets',
      message: 'Approve Pat’s',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const started = await agent('POST', `/api/auth/impersonate/${pro.ownerId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asOwner = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    const res = await asOwner('POST', sheetUrl(pro, patSheet, '/approve'));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await auditOf(patSheet)).filter((a) => a.action === 'APPROVED').at(-1);
    expect({ changedBy: row?.changedBy, onBehalfOf: row?.onBehalfOf }).toEqual({
      changedBy: agentId,
      onBehalfOf: pro.ownerId,
    });
    await agent('POST', '/api/auth/impersonate/end');
  });

  it('keeps locked days locked for the schedule, not for timesheets', async () => {
    const lock = await pro.owner('PUT', `${pro.base}/shifts/locked-until`, {
      lockedUntil: '2027-03-05',
      hideScheduleAfterLock: false,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    now = at('12:00', '2027-03-03');
    const edited = await pro.owner('PUT', sheetUrl(pro, forgotten), {
      clockInAt: iso('08:15', '2027-03-02'),
      clockOutAt: iso('16:00', '2027-03-02'),
      breakMinutes: 30,
      reason: 'Arrived at quarter past',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const approved = await pro.owner('POST', sheetUrl(pro, forgotten, '/approve'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', workedMinutes: 435, date: '2027-03-02' });
    const sheet = await clockIn(pro.sam.call, pro, '12:00', '2027-03-03');
    expect((await tap(pro.sam.call, pro, 'clock-out', '12:30', '2027-03-03')).timesheetId).toBe(sheet);
  });
});
