import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from './support/harness.ts';
import { addShift, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * Labour cost's audit and privacy loose ends (issue 43, docs/labour-cost.md "Audit" and "Privacy"): the
 * team's audit report lists pay-rate and labour-settings changes in words, money in the team's
 * currency, and a member of staff's reads never carry a colleague's rate. One app per engine.
 */

const WEEK = '2027-03-01';
/** Pat's rate: distinctive, so any read that leaked it would show it. */
const PAT_RATE = 97_531;
const SAM_RATE = 1111;

describe.each(engines)('labour cost in the audit report and staff reads on %s', (engine) => {
  let t: TestApp;
  let w: StaffingWorld;
  let patShift: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    w = await staffingWorld(t);
    const rate = async (call: StaffingWorld['owner'], staffId: string, effectiveFrom: string, r: number) => {
      const res = await call('POST', `${w.base}/staff/${staffId}/pay-rates`, {
        effectiveFrom,
        hourlyRateMinor: r,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().payRateId as string;
    };
    await rate(w.owner, w.pat.staffId, WEEK, PAT_RATE);
    await rate(w.admin!.call, w.sam.staffId, WEEK, SAM_RATE);
    const scratch = await rate(w.owner, w.pat.staffId, '2027-06-01', 2000);
    const removed = await w.owner('DELETE', `${w.base}/staff/${w.pat.staffId}/pay-rates/${scratch}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const settings = await w.owner('PUT', `${w.base}/labour-settings`, {
      weeklyBudgetMinor: 123_456,
      overtimeAfterMinutes: 600,
      overtimeMultiplier: 1.25,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    patShift = await addShift(w.owner, w.base, w.pat.staffId, WEEK, '09:00', '17:00');
    await addShift(w.owner, w.base, w.sam.staffId, '2027-03-02', '09:00', '17:00');
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists pay-rate changes by person and date, the rate in the team currency, by who made them', async () => {
    const res = await w.owner('GET', `${w.base}/reports/audit?domain=pay_rate`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().entries as Record<string, unknown>[];
    expect(entries.map((e) => [e.action, e.subject])).toEqual([
      ['DELETE', 'Pat · Pay rate from 01/06/2027'],
      ['CREATE', 'Pat · Pay rate from 01/06/2027'],
      ['CREATE', 'Sam · Pay rate from 01/03/2027'],
      ['CREATE', 'Pat · Pay rate from 01/03/2027'],
    ]);
    expect(entries.every((e) => e.domain === 'pay_rate')).toBe(true);
    expect(entries[3]).toMatchObject({
      actorId: w.ownerId,
      newValues: { staffId: w.pat.staffId, effectiveFrom: WEEK, hourlyRate: '$975.31' },
    });
    expect(entries[2]).toMatchObject({ actorName: expect.stringMatching(/Ada/) });
    expect(entries[0]).toMatchObject({ oldValues: { hourlyRate: '$20.00' }, newValues: null });

    // The person's filter finds their rates.
    const sams = (await w.owner('GET', `${w.base}/reports/audit?staffId=${w.sam.staffId}`)).json();
    expect(sams.entries.filter((e: { domain: string }) => e.domain === 'pay_rate')).toHaveLength(1);
  });

  it('lists labour settings changes, before and after, the budget in the team currency; and in the CSV', async () => {
    const res = await w.admin!.call('GET', `${w.base}/reports/audit?domain=labour_settings`);
    const [entry] = res.json().entries;
    expect(entry).toMatchObject({
      domain: 'labour_settings',
      action: 'UPDATE',
      subject: 'Labour settings',
      oldValues: { weeklyBudget: null, overtimeAfterMinutes: null, overtimeMultiplier: 1.5 },
      newValues: { weeklyBudget: '$1,234.56', overtimeAfterMinutes: 600, overtimeMultiplier: 1.25 },
    });
    const csv = await w.owner('GET', `${w.base}/reports/audit?format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    const settings = rows.find((r) => r.Domain === 'Labour settings');
    // In the stored JSON's key order (jsonb's: shorter keys first).
    expect(settings?.Details?.split('; ').sort()).toEqual([
      'Overtime after (minutes a week): - → 600',
      'Overtime multiplier: 1.5 → 1.25',
      'Weekly budget: - → $1,234.56',
    ]);
    const patRate = rows.find((r) => r.Subject === 'Pat · Pay rate from 01/03/2027');
    expect(patRate).toMatchObject({ Domain: 'Pay rate', Action: 'Created' });
    expect(patRate?.Details).toBe('Effective from: 01/03/2027; Hourly rate: $975.31');
  });

  it('keeps a colleague’s rate out of everything a member of staff reads', async () => {
    const sam = w.sam.call;
    const reads = [
      `${w.base}/shifts?startDate=${WEEK}&endDate=2027-03-07`,
      `${w.base}/shifts/${patShift}/history`,
      `${w.base}/staff`,
      `${w.base}/weekly-hours`,
      `${w.base}/requests`,
      `${w.base}/open-shifts`,
      `/api/teams/${w.teamId}`,
      '/api/teams',
      '/api/notifications',
      // Refused outright:
      `${w.base}/staff/${w.pat.staffId}/pay-rates`,
      `${w.base}/labour?startDate=${WEEK}&endDate=2027-03-07`,
      `${w.base}/labour-settings`,
      `${w.base}/reports/audit`,
      `${w.base}/reports/audit?domain=pay_rate`,
      `${w.base}/reports/payroll?startDate=${WEEK}&endDate=2027-03-07`,
    ];
    for (const url of reads) {
      const res = await sam('GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain(String(PAT_RATE));
      expect(res.body, url).not.toContain('975.31');
      expect(res.body, url).not.toMatch(/hourlyRate|costMinor|weeklyBudget/);
    }
    for (const url of reads.slice(-6)) expect((await sam('GET', url)).statusCode, url).toBe(403);
    // Their own rates they may read, and only theirs.
    const own = await sam('GET', `${w.base}/staff/${w.sam.staffId}/pay-rates`);
    expect(own.statusCode).toBe(200);
    expect(own.json().payRates.map((r: { hourlyRateMinor: number }) => r.hourlyRateMinor)).toEqual([
      SAM_RATE,
    ]);
  });
});
