import {
  AdjustmentsReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

const today = toIsoDate(new Date());
const D = (n: number) => addDays(today, n);
type Call = ReturnType<typeof client>;

/** A CSV answer parsed back: its BOM checked, the header row as keys. */
function csvRows(res: LightMyRequestResponse): Record<string, string>[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="rotaboard-.*\.csv"$/);
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
}

/**
 * A JSON report read through its contract, which it must match exactly (no field missing, none extra):
 * the report routes serialise without response validation.
 */
function exactly<T>(contract: { parse(value: unknown): T }, body: unknown): T {
  const parsed = contract.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

describe.each(engines)('reports on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  let counter = 0;
  /** Adds a person; with `join`, invites them and returns their signed-in client too. */
  async function person(
    owner: Call,
    base: string,
    first: string,
    opts: { isAdmin?: boolean; join?: boolean } = {},
  ) {
    const address = `${first.replace(/\W/g, '').toLowerCase()}.${++counter}@example.com`;
    const res = await owner('POST', `${base}/staff`, {
      firstName: first,
      lastName: 'Tester',
      email: address,
      isAdmin: opts.isAdmin ?? false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const staffId = res.json().staffId as string;
    if (!opts.join) return { staffId, call: null };
    expect((await owner('POST', `${base}/invite`, { staffId, email: address })).statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, address) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { staffId, call: client(t.app, await signIn(t.app, address, null)) };
  }

  async function shift(call: Call, base: string, body: Record<string, unknown>) {
    const res = await call('POST', `${base}/shifts`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** A Pro team with an administrator, a member of staff and a week of shifts, time off and adjustments. */
  async function proWorld() {
    const ownerCookie = await signIn(t.app, `boss${++counter}@pro-domain.test`, {
      firstName: 'Olive',
      lastName: 'Owner',
    });
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}/reports`;
    const teamBase = `/api/teams/${team.teamId}`;
    const ann = await person(owner, teamBase, 'Ann');
    const bob = await person(owner, teamBase, '=Bob');
    const admin = await person(owner, teamBase, 'Ada', { isAdmin: true, join: true });
    const member = await person(owner, teamBase, 'Sam', { join: true });
    expect(
      (
        await owner('POST', `${teamBase}/weekly-hours`, {
          staffId: ann.staffId,
          hoursPerWeek: 35,
          effectiveFrom: '2020-01-01',
        })
      ).statusCode,
    ).toBe(201);
    const first = await shift(owner, teamBase, {
      staffId: ann.staffId,
      shiftDate: D(1),
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
      attendanceAdjustments: [{ minutes: 15, reason: 'lateness', comment: '=HYPERLINK("x")' }],
    });
    await shift(owner, teamBase, {
      staffId: ann.staffId,
      shiftDate: D(2),
      startTime: '22:00',
      endTime: '06:00',
    });
    await shift(owner, teamBase, {
      staffId: ann.staffId,
      shiftDate: D(3),
      isTimeOff: true,
      timeOffHours: 2.5,
    });
    await shift(owner, teamBase, { staffId: bob.staffId, shiftDate: D(1), isTimeOff: true, timeOffDays: 1 });
    await shift(owner, teamBase, {
      staffId: bob.staffId,
      shiftDate: D(2),
      isTimeOff: true,
      startTime: '09:00',
      endTime: '13:00',
      breakMinutes: 30,
    });
    await shift(owner, teamBase, {
      staffId: bob.staffId,
      shiftDate: D(2),
      startTime: '14:00',
      endTime: '18:00',
      attendanceAdjustments: [{ minutes: 60, reason: 'sick', comment: '' }],
    });
    // Outside the range asked for below: never counted.
    await shift(owner, teamBase, {
      staffId: bob.staffId,
      shiftDate: D(20),
      startTime: '09:00',
      endTime: '17:00',
    });
    return {
      ownerCookie,
      owner,
      admin: admin.call!,
      member: member.call!,
      base,
      teamBase,
      teamId: team.teamId as string,
      ann,
      bob,
      first,
    };
  }

  const range = `startDate=${D(0)}&endDate=${D(6)}`;

  it('answers payroll per person and day, in JSON and as CSV that matches it', async () => {
    const w = await proWorld();
    const res = await w.owner('GET', `${w.base}/payroll?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = exactly(PayrollReportResponse, res.json());
    const annDays = report.days.filter((d: { staffId: string }) => d.staffId === w.ann.staffId);
    expect(
      annDays.map((d: { date: string; scheduledMinutes: number; workedMinutes: number }) => [
        d.date,
        d.scheduledMinutes,
        d.workedMinutes,
      ]),
    ).toEqual([
      [D(1), 480, 480 - 30 - 15],
      [D(2), 480, 480],
      [D(3), 0, 0],
    ]);
    const ann = report.people.find((p: { staffId: string }) => p.staffId === w.ann.staffId);
    expect(ann).toMatchObject({
      staffName: 'Ann Tester',
      daysWorked: 2,
      workedMinutes: 915,
      contractedMinutes: 2100,
      differenceMinutes: 915 - 2100,
      timeOffMinutes: 150,
    });
    expect(ann?.adjustments).toMatchObject({ lateness: 15, sick: 0 });
    const bob = report.people.find((p: { staffId: string }) => p.staffId === w.bob.staffId);
    expect(bob).toMatchObject({
      workedMinutes: 180,
      timeOffMinutes: 210,
      timeOffDays: 1,
      contractedMinutes: null,
    });
    expect(report.totals.workedMinutes).toBe(915 + 180);

    // The same report as CSV, by ?format=csv and by Accept: the rows match the JSON.
    const csv = csvRows(await w.owner('GET', `${w.base}/payroll?${range}&format=csv`));
    expect(csv).toHaveLength(report.days.length);
    for (const [i, day] of report.days.entries()) {
      expect(csv[i]).toMatchObject({
        'Staff ID': day.staffId,
        Date: day.date,
        'Worked minutes': String(day.workedMinutes),
        'Worked hours': String(Math.round((day.workedMinutes / 60) * 100) / 100),
        'Late Arrival minutes': String(day.adjustments.lateness),
        'Time off days': String(day.timeOffDays),
      });
    }
    // A name that looks like a formula is kept as text.
    expect(csv.find((r) => r['Staff ID'] === w.bob.staffId)?.['Staff name']).toBe("'=Bob Tester");
    const grouped = exactly(
      PayrollReportResponse,
      (await w.owner('GET', `${w.base}/payroll?${range}&groupByStaff=true`)).json(),
    );
    expect(grouped.days).toEqual([]);
    expect(grouped.people).toEqual(report.people);
    const viaAccept = csvRows(
      await t.app.inject({
        method: 'GET',
        url: `${w.base}/payroll?${range}&groupByStaff=true`,
        headers: { cookie: w.ownerCookie, accept: 'text/csv' },
      }),
    );
    expect(
      viaAccept.map((r) => [
        r['Staff ID'],
        r['Worked minutes'],
        r['Contracted minutes'],
        r['Difference hours'],
      ]),
    ).toEqual(
      grouped.people.map(
        (p: {
          staffId: string;
          workedMinutes: number;
          contractedMinutes: number | null;
          differenceMinutes: number | null;
        }) => [
          p.staffId,
          String(p.workedMinutes),
          p.contractedMinutes === null ? '' : String(p.contractedMinutes),
          p.differenceMinutes === null ? '' : String(Math.round((p.differenceMinutes / 60) * 100) / 100),
        ],
      ),
    );
  });

  it('answers leave in minutes or days, filtered by staff, and as CSV', async () => {
    const w = await proWorld();
    const report = exactly(LeaveReportResponse, (await w.admin('GET', `${w.base}/leave?${range}`)).json());
    expect(
      report.entries.map((e: { kind: string; minutes: number | null; days: number | null }) => [
        e.kind,
        e.minutes,
        e.days,
      ]),
    ).toEqual([
      ['hours', 150, null],
      ['days', null, 1],
      ['exact', 210, null],
    ]);
    expect(report.totals).toEqual({ entries: 3, minutes: 360, days: 1 });
    const onlyBob = (await w.owner('GET', `${w.base}/leave?${range}&staffIds=${w.bob.staffId}`)).json();
    expect(onlyBob.people).toEqual([
      { staffId: w.bob.staffId, staffName: '=Bob Tester', entries: 2, minutes: 210, days: 1 },
    ]);
    const csv = csvRows(await w.owner('GET', `${w.base}/leave?${range}&groupByStaff=true&format=csv`));
    expect(
      csv.map((r) => [
        r['Staff ID'],
        r.Entries,
        r['Time off minutes'],
        r['Time off hours'],
        r['Time off days'],
      ]),
    ).toEqual(
      report.people.map((p: { staffId: string; entries: number; minutes: number; days: number }) => [
        p.staffId,
        String(p.entries),
        String(p.minutes),
        String(Math.round((p.minutes / 60) * 100) / 100),
        String(p.days),
      ]),
    );
  });

  it('answers adjustments by entry or staff, for chosen reasons, and lists the reasons', async () => {
    const w = await proWorld();
    const all = exactly(
      AdjustmentsReportResponse,
      (await w.owner('GET', `${w.base}/adjustments?${range}`)).json(),
    );
    expect(all.entries.map((e: { reason: string; minutes: number }) => [e.reason, e.minutes])).toEqual([
      ['lateness', 15],
      ['sick', 60],
    ]);
    const late = (
      await w.owner('GET', `${w.base}/adjustments?${range}&reasons=lateness,early_finish`)
    ).json();
    expect(late.reasons).toEqual(['lateness', 'early_finish']);
    expect(late.totals).toMatchObject({ count: 1, minutes: 15 });
    const csv = csvRows(await w.owner('GET', `${w.base}/adjustments?${range}&reasons=lateness&format=csv`));
    expect(csv).toEqual([
      expect.objectContaining({
        'Staff ID': w.ann.staffId,
        Date: D(1),
        Reason: 'Late Arrival',
        'Adjustment minutes': '15',
        'Adjustment hours': '0.25',
        Comment: `'=HYPERLINK("x")`,
      }),
    ]);
    const byStaff = csvRows(await w.owner('GET', `${w.base}/adjustments?${range}&groupByStaff=1&format=csv`));
    expect(byStaff.map((r) => [r['Staff ID'], r['Adjustment minutes'], r['Sick Leave minutes']])).toEqual([
      [w.ann.staffId, '15', '0'],
      [w.bob.staffId, '60', '60'],
    ]);
    const reasons = (await w.owner('GET', `${w.base}/adjustments/reasons`)).json();
    expect(reasons.reasons[0]).toEqual({ key: 'sick', label: 'Sick Leave' });
    expect(reasons.reasons).toHaveLength(6);
  });

  it('lists the audit newest first with domain, subject and actor, filtered and paged, and as CSV', async () => {
    const w = await proWorld();
    // A change of only the adjustments is the adjustments domain; the lock is its own.
    const put = await w.owner('PUT', `${w.teamBase}/shifts/${w.first.shiftId}`, {
      staffId: w.ann.staffId,
      shiftDate: D(1),
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
      attendanceAdjustments: [{ minutes: 20, reason: 'lateness', comment: '' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (
        await w.owner('PUT', `${w.teamBase}/shifts/locked-until`, {
          lockedUntil: D(0),
          hideScheduleAfterLock: false,
        })
      ).statusCode,
    ).toBe(200);

    const page = (await w.owner('GET', `${w.base}/audit`)).json();
    expect(page.isPro).toBe(true);
    expect(page.retentionDays).toBe(730);
    expect(page.entries[0]).toMatchObject({ domain: 'lock', action: 'UPDATE', actorName: 'Olive Owner' });
    expect(page.entries[1]).toMatchObject({
      domain: 'adjustment',
      subject: expect.stringContaining('Ann Tester'),
    });
    expect(page.totalCount).toBe(page.entries.length);
    const times = page.entries.map((e: { changedAt: string }) => e.changedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const adjustments = (await w.owner('GET', `${w.base}/audit?domain=adjustment`)).json();
    expect(adjustments.entries).toHaveLength(1);
    const bobs = (await w.owner('GET', `${w.base}/audit?staffId=${w.bob.staffId}`)).json();
    expect(bobs.entries.length).toBeGreaterThan(0);
    expect(bobs.entries.every((e: { subject: string }) => e.subject.includes('=Bob Tester'))).toBe(true);
    const staffEntries = (await w.owner('GET', `${w.base}/audit?domain=staff`)).json();
    expect(staffEntries.entries.every((e: { domain: string }) => e.domain === 'staff')).toBe(true);

    const paged = (await w.owner('GET', `${w.base}/audit?limit=2&offset=2`)).json();
    expect(paged.entries.map((e: { auditId: string }) => e.auditId)).toEqual(
      page.entries.slice(2, 4).map((e: { auditId: string }) => e.auditId),
    );
    expect(paged.hasMore).toBe(true);
    // The owner made the changes; the administrator and staff accepted their invitations.
    const actors = page.actors.map((a: { name: string }) => a.name);
    expect(actors).toEqual(['Ada Tester', 'Olive Owner', 'Sam Tester']);
    const none = (await w.owner('GET', `${w.base}/audit?actorId=${page.entries[0].auditId}`)).json();
    expect(none.totalCount).toBe(0);
    const upTo = (await w.owner('GET', `${w.base}/audit?showUpToDate=true&currentDate=${D(-1)}`)).json();
    expect(upTo.totalCount).toBe(0);

    const csv = csvRows(await w.owner('GET', `${w.base}/audit?format=csv`));
    expect(csv).toHaveLength(page.totalCount);
    expect(csv[0]).toMatchObject({
      'Changed at': page.entries[0].changedAt,
      'Changed by': 'Olive Owner',
      Action: 'Updated',
      Domain: 'Schedule lock',
    });
    expect(csv[0]?.Details).toMatch(/^Locked until: - → \d{2}\/\d{2}\/\d{4}/);
    expect(csv[1]?.Details).toBe(
      'Attendance adjustments: Late Arrival 15 min (=HYPERLINK("x")) → Late Arrival 20 min',
    );
  });

  it('keeps the audit to 7 days on Free and 2 years on Pro', async () => {
    const w = await proWorld();
    const free = client(t.app, await signIn(t.app, `free${++counter}@example.com`));
    const team = (await free('POST', '/api/teams', { teamName: 'Free', ownerInStaffList: true })).json();
    const old = (days: number, teamId: string) => ({
      teamId,
      entityType: 'team' as const,
      entityId: teamId,
      action: 'UPDATE',
      oldValues: { teamName: 'Before' },
      newValues: { teamName: 'After' },
      changedAt: new Date(Date.now() - days * 86_400_000),
    });
    await t.database.db.insert(auditLog).values([old(8, team.teamId), old(8, w.teamId), old(731, w.teamId)]);
    const freeAudit = (await free('GET', `/api/teams/${team.teamId}/reports/audit`)).json();
    expect(freeAudit).toMatchObject({ isPro: false, retentionDays: 7 });
    expect(
      freeAudit.entries.some((e: { newValues: { teamName?: string } }) => e.newValues?.teamName === 'After'),
    ).toBe(false);
    const proAudit = (await w.owner('GET', `${w.base}/audit?domain=team`)).json();
    expect(
      proAudit.entries.filter((e: { newValues: { teamName?: string } }) => e.newValues?.teamName === 'After'),
    ).toHaveLength(1);
  });

  it('refuses staff (403), outsiders (404), the signed-out (401), Pro reports on Free and ranges over the limit', async () => {
    const w = await proWorld();
    const outsider = client(t.app, await signIn(t.app, `out${++counter}@example.com`));
    const calls = [
      `audit`,
      `adjustments?${range}`,
      `adjustments/reasons`,
      `leave?${range}`,
      `payroll?${range}`,
      `payroll?${range}&format=csv`,
    ];
    for (const path of calls) {
      expect((await w.member('GET', `${w.base}/${path}`)).statusCode, path).toBe(403);
      expect((await outsider('GET', `${w.base}/${path}`)).statusCode, path).toBe(404);
      expect((await client(t.app)('GET', `${w.base}/${path}`)).statusCode, path).toBe(401);
      expect((await w.admin('GET', `${w.base}/${path}`)).statusCode, path).toBe(200);
    }

    const free = client(t.app, await signIn(t.app, `free${++counter}@example.com`));
    const team = (await free('POST', '/api/teams', { teamName: 'Free', ownerInStaffList: true })).json();
    const freeBase = `/api/teams/${team.teamId}/reports`;
    for (const report of ['payroll', 'adjustments']) {
      const res = await free('GET', `${freeBase}/${report}?${range}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/part of the Pro plan/);
    }
    expect((await free('GET', `${freeBase}/leave?startDate=${D(0)}&endDate=${D(35)}`)).statusCode).toBe(200);
    const tooLong = await free('GET', `${freeBase}/leave?startDate=${D(0)}&endDate=${D(36)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 36 days/);
    expect((await free('GET', `${freeBase}/audit`)).statusCode).toBe(200);

    const year = await w.owner('GET', `${w.base}/payroll?startDate=2025-01-01&endDate=2026-01-02`);
    expect(year.statusCode).toBe(400);
    expect(year.json().message).toMatch(/at most 1 year/);
    expect(
      (await w.owner('GET', `${w.base}/payroll?startDate=2024-01-01&endDate=2024-12-31`)).statusCode,
    ).toBe(200);
    const backwards = await w.owner('GET', `${w.base}/leave?startDate=${D(5)}&endDate=${D(1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end date must be on or after the start date');
    for (const bad of [
      `leave?startDate=2025-02-30&endDate=2025-03-01`,
      `leave?startDate=${D(0)}`,
      `adjustments?${range}&reasons=sick,naps`,
      `payroll?${range}&staffIds=nope`,
      `payroll?${range}&format=xml`,
      `payroll?${range}&groupByStaff=maybe`,
      `audit?limit=500`,
      `audit?domain=everything`,
      `audit?staffId=1`,
    ]) {
      const res = await w.owner('GET', `${w.base}/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBeTruthy();
    }
  });
});
