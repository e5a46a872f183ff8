import { PayrollReportResponse } from '@rotaboard/core/contracts/reports';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from './support/harness.ts';
import { addShift, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * The payroll report's money (issue 43, docs/labour-cost.md "Payroll"): `costMinor` on each person,
 * day and the totals and the team's `currency`, from the labour module's costing (core's costShifts),
 * so its totals equal GET …/labour for the same range; a "Cost (USD)" column in its CSV as a plain
 * decimal. One app per engine.
 */

/** A Monday (these teams' weeks start on Monday). */
const WEEK = '2027-03-01';
const SUNDAY = '2027-03-07';

function csvRows(res: LightMyRequestResponse): Record<string, string>[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
}

describe.each(engines)('payroll report with cost on %s', (engine) => {
  let t: TestApp;
  let pro: StaffingWorld;
  let free: StaffingWorld;

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    pro = await staffingWorld(t);
    free = await staffingWorld(t, { plan: 'free' });
    // Sam 10.00 an hour, 13.00 from Wednesday; Pat 12.00; Ada (the administrator) no rate. Overtime
    // after 600 minutes a week at 1.5, a budget of 150.00.
    const rate = async (staffId: string, effectiveFrom: string, hourlyRateMinor: number) => {
      const res = await pro.owner('POST', `${pro.base}/staff/${staffId}/pay-rates`, {
        effectiveFrom,
        hourlyRateMinor,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await rate(pro.sam.staffId, '2027-01-01', 1000);
    await rate(pro.sam.staffId, '2027-03-03', 1300);
    await rate(pro.pat.staffId, '2027-01-01', 1200);
    const settings = await pro.owner('PUT', `${pro.base}/labour-settings`, {
      weeklyBudgetMinor: 15_000,
      overtimeAfterMinutes: 600,
      overtimeMultiplier: 1.5,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const sam = pro.sam.staffId;
    await addShift(pro.owner, pro.base, sam, WEEK, '09:00', '15:00'); // 360 at 1,000: 6,000
    const wed = await pro.owner('POST', `${pro.base}/shifts`, {
      staffId: sam,
      shiftDate: '2027-03-03',
      startTime: '09:00',
      endTime: '15:00',
      breakMinutes: 30,
    });
    expect(wed.statusCode, wed.body).toBe(201); // 330 at 1,300, 90 of them overtime: 8,125
    await addShift(pro.owner, pro.base, sam, '2027-03-05', '10:00', '12:00'); // all overtime: 3,900
    const off = await pro.owner('POST', `${pro.base}/shifts`, {
      staffId: sam,
      shiftDate: '2027-03-04',
      isTimeOff: true,
      timeOffHours: 8,
    });
    expect(off.statusCode, off.body).toBe(201); // costs nothing
    await addShift(pro.owner, pro.base, pro.pat.staffId, '2027-03-04', '09:00', '10:01'); // 61 at 1,200: 1,220
    await addShift(pro.owner, pro.base, pro.admin!.staffId, '2027-03-02', '09:00', '17:00'); // no rate: 0
  }, 120_000);
  afterAll(async () => t?.close());

  const payrollUrl = (w: StaffingWorld, startDate: string, endDate: string, extra = '') =>
    `${w.base}/reports/payroll?startDate=${startDate}&endDate=${endDate}${extra}`;
  const labourUrl = (startDate: string, endDate: string) =>
    `${pro.base}/labour?startDate=${startDate}&endDate=${endDate}`;

  it('gives each day, person and the totals costMinor, the currency, and the totals /labour gives', async () => {
    const res = await pro.admin!.call('GET', payrollUrl(pro, WEEK, SUNDAY));
    expect(res.statusCode, res.body).toBe(200);
    const report = PayrollReportResponse.parse(res.json());
    expect(report).toEqual(res.json());
    expect(report.currency).toBe('USD');
    const samDays = report.days.filter((d) => d.staffId === pro.sam.staffId);
    expect(samDays.map((d) => [d.date, d.workedMinutes, d.costMinor])).toEqual([
      [WEEK, 360, 6000],
      ['2027-03-03', 330, 8125],
      ['2027-03-04', 0, 0],
      ['2027-03-05', 120, 3900],
    ]);
    const byPerson = Object.fromEntries(report.people.map((p) => [p.staffId, p.costMinor]));
    expect(byPerson).toMatchObject({
      [pro.sam.staffId]: 18_025,
      [pro.pat.staffId]: 1220,
      [pro.admin!.staffId]: 0,
    });
    expect(report.totals.costMinor).toBe(19_245);

    const labour = (await pro.owner('GET', labourUrl(WEEK, SUNDAY))).json();
    expect(report.totals.costMinor).toBe(labour.totals.costMinor);
    expect(report.totals.workedMinutes).toBe(labour.totals.minutes);
    for (const day of labour.days) {
      const own = report.days.filter((d) => d.date === day.date);
      expect(
        own.reduce((sum, d) => sum + (d.costMinor ?? 0), 0),
        day.date,
      ).toBe(day.costMinor);
    }
    for (const person of labour.people) {
      expect(byPerson[person.staffId], person.staffName).toBe(person.costMinor);
    }
  });

  it('counts overtime from the whole team week when the range starts mid-week, as /labour does', async () => {
    const report = (await pro.owner('GET', payrollUrl(pro, '2027-03-05', '2027-03-06'))).json();
    const labour = (await pro.owner('GET', labourUrl('2027-03-05', '2027-03-06'))).json();
    // Friday's two hours are overtime only because of Monday's and Wednesday's.
    expect(report.totals.costMinor).toBe(3900);
    expect(report.totals.costMinor).toBe(labour.totals.costMinor);
  });

  it('writes a "Cost (USD)" column as a plain decimal, per day and per person', async () => {
    const report = (await pro.owner('GET', payrollUrl(pro, WEEK, SUNDAY))).json();
    const days = csvRows(await pro.owner('GET', payrollUrl(pro, WEEK, SUNDAY, '&format=csv')));
    expect(days).toHaveLength(report.days.length);
    expect(Object.keys(days[0]!).at(-1)).toBe('Cost (USD)');
    expect(
      days.filter((r) => r['Staff ID'] === pro.sam.staffId).map((r) => [r.Date, r['Cost (USD)']]),
    ).toEqual([
      [WEEK, '60.00'],
      ['2027-03-03', '81.25'],
      ['2027-03-04', '0.00'],
      ['2027-03-05', '39.00'],
    ]);
    const people = csvRows(
      await pro.owner('GET', payrollUrl(pro, WEEK, SUNDAY, '&groupByStaff=true&format=csv')),
    );
    expect(people.find((r) => r['Staff ID'] === pro.sam.staffId)?.['Cost (USD)']).toBe('180.25');
    expect(people.find((r) => r['Staff ID'] === pro.pat.staffId)?.['Cost (USD)']).toBe('12.20');
  });

  it('costs only the people asked for when the report is filtered by staff', async () => {
    const report = (
      await pro.owner('GET', payrollUrl(pro, WEEK, SUNDAY, `&staffIds=${pro.pat.staffId}`))
    ).json();
    expect(report.people.map((p: { staffId: string }) => p.staffId)).toEqual([pro.pat.staffId]);
    expect(report.totals.costMinor).toBe(1220);
  });

  it('is refused to staff and, with its money, to a Free team (the payroll report is Pro)', async () => {
    const staff = await pro.sam.call('GET', payrollUrl(pro, WEEK, SUNDAY));
    expect(staff.statusCode).toBe(403);
    expect(staff.body).not.toContain('costMinor');
    const onFree = await free.owner('GET', payrollUrl(free, WEEK, SUNDAY));
    expect(onFree.statusCode).toBe(403);
    expect(onFree.json().code).toBe('PLAN_LIMIT');
  });
});
