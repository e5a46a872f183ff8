import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, onlyRules } from './support/staffing-world.ts';

/**
 * The staffing rules in the team's time zone, as people mean them (issue 41): the defaults warn and
 * never block until an administrator saves a rule as strict; rest is between working days (shifts
 * starting on one date are one day: a split shift or a double is never short of rest); and every
 * length is real elapsed time in the team's zone, so rest across the night the clocks go back counts
 * the extra hour and across the night they go forward loses one.
 */
describe.each(engines)('staffing rules in the team’s zone on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  }, 60_000);
  afterAll(async () => t?.close());

  /** A Pro team (its owner's address is on PRO_EMAILS) in `timeZone` with one member of staff, Pat. */
  async function proTeam(timeZone = 'UTC') {
    const owner = client(t.app, await signIn(t.app, address('owner', 'pro-domain.test')));
    const created = await owner('POST', '/api/teams', { teamName: 'Cafe', weekStartDay: 1, timeZone });
    expect(created.statusCode, created.body).toBe(201);
    const base = `/api/teams/${created.json().teamId}`;
    const pat = await owner('POST', `${base}/staff`, { firstName: 'Pat', role: 'Cook' });
    expect(pat.statusCode, pat.body).toBe(201);
    const staffId = pat.json().staffId as string;
    const add = (shiftDate: string, startTime: string, endTime: string) =>
      owner('POST', `${base}/shifts`, { staffId, shiftDate, startTime, endTime });
    const saveRules = async (rules: Record<string, { value: number | null; strict: boolean }>) => {
      const res = await owner('PUT', `${base}/schedule-agent`, { rules: onlyRules(rules) });
      expect(res.statusCode, res.body).toBe(200);
    };
    const validate = async (startDate: string, endDate: string) => {
      const res = await owner('POST', `${base}/schedule-agent/validate-period`, { startDate, endDate });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        violations: { rule: string; strict: boolean; message: string }[];
        summary: { strictViolations: number };
      };
    };
    return { owner, base, add, saveRules, validate };
  }

  const created = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(201);
  const refused = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'STAFFING_RULE', message });
  };

  it('lets a Pro team that never saved its settings add a split shift, a double and a short rest: warnings only', async () => {
    const team = await proTeam();
    // Monday 6 Dec 2027: a split shift; Tuesday: a double entered as two back-to-back shifts.
    created(await team.add('2027-12-06', '07:00', '11:00'));
    created(await team.add('2027-12-06', '17:00', '21:00'));
    created(await team.add('2027-12-07', '07:00', '15:00'));
    created(await team.add('2027-12-07', '15:00', '23:00'));
    // Thursday night, then Friday an hour after it ends: short of rest, but the defaults only warn.
    created(await team.add('2027-12-09', '22:00', '06:00'));
    created(await team.add('2027-12-10', '07:00', '11:00'));

    const result = await team.validate('2027-12-06', '2027-12-12');
    expect(result.summary.strictViolations).toBe(0);
    expect(result.violations.filter((v) => v.rule === 'rest')).toEqual([
      {
        rule: 'rest',
        strict: false,
        staffId: expect.any(String),
        dates: ['2027-12-06', '2027-12-07'],
        shiftIds: expect.any(Array),
        message: 'Pat has 10 h between shifts (Mon 21:00 to Tue 07:00); the minimum is 11 h',
      },
      {
        rule: 'rest',
        strict: false,
        staffId: expect.any(String),
        dates: ['2027-12-09', '2027-12-10'],
        shiftIds: expect.any(Array),
        message: 'Pat has 1 h between shifts (Fri 06:00 to Fri 07:00); the minimum is 11 h',
      },
    ]);
  });

  it('once strict rest (11 h) is saved, refuses a shift 10 h after the previous working day’s last shift', async () => {
    const team = await proTeam();
    await team.saveRules({ minRestHours: { value: 11, strict: true } });
    // A split shift and a double are one working day each: never short of rest, strict or not.
    created(await team.add('2027-12-06', '07:00', '11:00'));
    created(await team.add('2027-12-06', '17:00', '21:00'));
    // Tuesday at 07:00 is 10 h after the split day's last shift ends (not 20 h after its first).
    refused(
      await team.add('2027-12-07', '07:00', '15:00'),
      'Pat has 10 h between shifts (Mon 21:00 to Tue 07:00); the minimum is 11 h',
    );
    created(await team.add('2027-12-07', '08:00', '15:00'));
    created(await team.add('2027-12-07', '15:00', '23:00'));
    // Wednesday's first shift after the double's end at 23:00.
    refused(
      await team.add('2027-12-08', '09:00', '17:00'),
      'Pat has 10 h between shifts (Tue 23:00 to Wed 09:00); the minimum is 11 h',
    );
    created(await team.add('2027-12-08', '10:00', '17:00'));
  });

  it('in Europe/London, counts the hour the clocks go back as rest and not the hour they go forward', async () => {
    const team = await proTeam('Europe/London');
    await team.saveRules({ minRestHours: { value: 11, strict: true } });
    // 22:00 to 08:00 is 10 h on the wall clock: 11 h across the night of 30–31 October 2027.
    created(await team.add('2027-10-30', '14:00', '22:00'));
    created(await team.add('2027-10-31', '08:00', '16:00'));
    // 9 h across the night of 27–28 March 2027.
    created(await team.add('2027-03-27', '14:00', '22:00'));
    refused(
      await team.add('2027-03-28', '08:00', '16:00'),
      'Pat has 9 h between shifts (Sat 22:00 to Sun 08:00); the minimum is 11 h',
    );
    created(await team.add('2027-03-28', '10:00', '16:00'));
  });

  it('in Europe/London, measures a night shift’s length in real time for the strict limit and the validation', async () => {
    const team = await proTeam('Europe/London');
    await team.saveRules({
      maxShiftHours: { value: 8, strict: true },
      maxWeeklyHours: { value: 48, strict: false },
    });
    // 22:00–06:00 is 8 h most nights, 9 h the night the clocks go back.
    created(await team.add('2027-10-25', '22:00', '06:00'));
    refused(
      await team.add('2027-10-30', '22:00', '06:00'),
      "Pat's shift on Sat 30 Oct is 9 h (22:00–06:00); the maximum is 8 h",
    );
    created(await team.add('2027-03-27', '22:00', '06:00'));
    const spring = await team.validate('2027-03-22', '2027-03-28');
    expect(spring.violations).toEqual([]);
  });
});
