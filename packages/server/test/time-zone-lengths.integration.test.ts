import { PayrollReportResponse } from '@rotaboard/core/contracts/reports';
import { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { TeamDto } from '@rotaboard/core/contracts/teams';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

/**
 * A team's time zone through the API (issue 41): its contract on the team, and every length the
 * schedule and the reports give as real elapsed time there. 22:00–06:00 from 2027-10-30 in London
 * is 540 minutes, from 2027-03-27 it is 420, in UTC 480; a time the clocks skip is refused with the
 * sentence naming the change and nothing written, one they repeat means the first.
 */
const SKIPPED =
  '01:30 does not exist on 28 March 2027 in Europe/London: the clocks go forward from 01:00 to 02:00.';

describe.each(engines)('time zone lengths on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  let n = 0;
  /** A Pro owner (payroll is Pro) with a team in `timeZone` (none sent: the default) and one person. */
  async function world(timeZone?: string) {
    const owner = client(t.app, await signIn(t.app, `zone.owner.${++n}@pro-domain.test`));
    const created = await owner('POST', '/api/teams', {
      teamName: `Night desk ${n}`,
      ...(timeZone ? { timeZone } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    const team = TeamDto.parse(created.json());
    const base = `/api/teams/${team.teamId}`;
    const person = await owner('POST', `${base}/staff`, { firstName: 'Nia', lastName: 'Night' });
    expect(person.statusCode, person.body).toBe(201);
    const staffId = person.json().staffId as string;
    const week = async (startDate: string, endDate: string) => {
      const res = await owner('GET', `${base}/shifts?startDate=${startDate}&endDate=${endDate}`);
      expect(res.statusCode, res.body).toBe(200);
      return z.array(ShiftDto).parse(res.json());
    };
    const night = (shiftDate: string, fields: Record<string, unknown> = {}) =>
      owner('POST', `${base}/shifts`, {
        staffId,
        shiftDate,
        startTime: '22:00',
        endTime: '06:00',
        ...fields,
      });
    return { owner, team, base, staffId, week, night };
  }

  /** A 400 naming the skipped 01:30, as the message and as nothing else. */
  function refusedAsSkipped(res: {
    statusCode: number;
    body: string;
    json(): { message: string; code?: string };
  }) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: SKIPPED, code: 'VALIDATION' });
  }

  it("reads back each night's real length in the week, the payroll and its CSV", async () => {
    const london = await world('Europe/London');
    for (const date of ['2027-10-30', '2027-03-27', '2027-06-12']) {
      const res = await london.night(date);
      expect(res.statusCode, res.body).toBe(201);
    }
    const utc = await world();
    expect((await utc.night('2027-10-30')).statusCode).toBe(201);

    // The answer to the write, and the week read.
    const back = await london.week('2027-10-25', '2027-10-31');
    expect(back.map((s) => [s.shiftDate, s.workedMinutes])).toEqual([['2027-10-30', 540]]);
    const forward = await london.week('2027-03-22', '2027-03-28');
    expect(forward.map((s) => [s.shiftDate, s.workedMinutes])).toEqual([['2027-03-27', 420]]);
    expect((await london.week('2027-06-07', '2027-06-13')).map((s) => s.workedMinutes)).toEqual([480]);
    expect((await utc.week('2027-10-25', '2027-10-31')).map((s) => s.workedMinutes)).toEqual([480]);

    // A break across the change comes off the real length.
    const withBreak = await london.night('2027-10-29', {
      startTime: '21:00',
      endTime: '23:00',
      breakMinutes: 30,
    });
    expect(withBreak.json().workedMinutes).toBe(90);

    // Payroll per day and person, in JSON and CSV.
    const range = 'startDate=2027-01-01&endDate=2027-12-31';
    const payroll = await london.owner('GET', `${london.base}/reports/payroll?${range}`);
    expect(payroll.statusCode, payroll.body).toBe(200);
    const report = PayrollReportResponse.parse(payroll.json());
    expect(report.days.map((d) => [d.date, d.scheduledMinutes, d.workedMinutes])).toEqual([
      ['2027-03-27', 420, 420],
      ['2027-06-12', 480, 480],
      ['2027-10-29', 120, 90],
      ['2027-10-30', 540, 540],
    ]);
    expect(report.totals.workedMinutes).toBe(420 + 480 + 90 + 540);
    const csv = await london.owner('GET', `${london.base}/reports/payroll?${range}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Date, r['Scheduled minutes'], r['Worked minutes'], r['Worked hours']])).toEqual(
      [
        ['2027-03-27', '420', '420', '7'],
        ['2027-06-12', '480', '480', '8'],
        ['2027-10-29', '120', '90', '1.5'],
        ['2027-10-30', '540', '540', '9'],
      ],
    );
    const byStaff = await london.owner(
      'GET',
      `${london.base}/reports/payroll?${range}&groupByStaff=true&format=csv`,
    );
    const [person] = parse(byStaff.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(person?.['Worked minutes']).toBe(String(420 + 480 + 90 + 540));

    const utcPayroll = PayrollReportResponse.parse(
      (await utc.owner('GET', `${utc.base}/reports/payroll?${range}`)).json(),
    );
    expect(utcPayroll.days.map((d) => d.workedMinutes)).toEqual([480]);

    // Leave: time off as a time range over the change counts its real length.
    const off = await london.night('2027-03-26', { isTimeOff: true, endTime: '05:00' });
    expect(off.statusCode, off.body).toBe(201);
    const offForward = await london.owner('POST', `${london.base}/shifts`, {
      staffId: london.staffId,
      shiftDate: '2027-03-28',
      isTimeOff: true,
      startTime: '00:00',
      endTime: '04:00',
    });
    expect(offForward.statusCode, offForward.body).toBe(201);
    const leave = await london.owner(
      'GET',
      `${london.base}/reports/leave?startDate=2027-03-01&endDate=2027-03-31`,
    );
    expect(leave.statusCode, leave.body).toBe(200);
    expect(leave.json().entries.map((e: { date: string; minutes: number }) => [e.date, e.minutes])).toEqual([
      ['2027-03-26', 420],
      ['2027-03-28', 180],
    ]);
  });

  it('refuses a time the clocks skip, in every write, naming the change and writing nothing', async () => {
    const london = await world('Europe/London');
    const existing = await london.night('2027-03-18');
    expect(existing.statusCode, existing.body).toBe(201);
    const before = await london.week('2027-03-15', '2027-03-28');

    refusedAsSkipped(
      await london.owner('POST', `${london.base}/shifts`, {
        staffId: london.staffId,
        shiftDate: '2027-03-28',
        startTime: '01:30',
        endTime: '09:00',
      }),
    );
    // Ending in the gap, the morning after a start the evening before.
    refusedAsSkipped(await london.night('2027-03-27', { endTime: '01:30' }));
    // Time off given as a time range.
    refusedAsSkipped(
      await london.owner('POST', `${london.base}/shifts`, {
        staffId: london.staffId,
        shiftDate: '2027-03-28',
        isTimeOff: true,
        startTime: '01:30',
        endTime: '05:00',
      }),
    );
    // Moving a shift there.
    refusedAsSkipped(
      await london.owner('PUT', `${london.base}/shifts/${existing.json().shiftId}`, {
        staffId: london.staffId,
        shiftDate: '2027-03-28',
        startTime: '01:30',
        endTime: '06:00',
      }),
    );
    // A break as long as the real shift (two hours, though three on the wall) is refused too.
    const longBreak = await london.owner('POST', `${london.base}/shifts`, {
      staffId: london.staffId,
      shiftDate: '2027-03-28',
      startTime: '00:30',
      endTime: '03:30',
      breakMinutes: 150,
    });
    expect(longBreak.statusCode, longBreak.body).toBe(400);
    expect(longBreak.json().message).toMatch(
      /^The break must be shorter than the shift, which lasts 120 minutes/,
    );
    expect(await london.week('2027-03-15', '2027-03-28')).toEqual(before);

    // Copying a week whose Sunday has a 01:30 start onto the week with the change refuses the copy.
    const sunday = await london.owner('POST', `${london.base}/shifts`, {
      staffId: london.staffId,
      shiftDate: '2027-03-21',
      startTime: '01:30',
      endTime: '07:00',
    });
    expect(sunday.statusCode, sunday.body).toBe(201);
    const target = await london.week('2027-03-22', '2027-03-28');
    refusedAsSkipped(
      await london.owner('POST', `${london.base}/shifts/copy-week`, {
        fromWeekStart: '2027-03-15',
        toWeekStart: '2027-03-22',
      }),
    );
    expect(await london.week('2027-03-22', '2027-03-28')).toEqual(target);

    // The same time in UTC exists.
    const utc = await world('UTC');
    const fine = await utc.owner('POST', `${utc.base}/shifts`, {
      staffId: utc.staffId,
      shiftDate: '2027-03-28',
      startTime: '01:30',
      endTime: '09:00',
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().workedMinutes).toBe(450);
  });

  it('accepts a time the clocks repeat, meaning the first', async () => {
    const london = await world('Europe/London');
    // 01:30 BST (the first) to 06:00 GMT is five and a half hours.
    const res = await london.owner('POST', `${london.base}/shifts`, {
      staffId: london.staffId,
      shiftDate: '2027-10-31',
      startTime: '01:30',
      endTime: '06:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().workedMinutes).toBe(330);
    expect((await london.week('2027-10-25', '2027-10-31')).map((s) => s.workedMinutes)).toEqual([330]);
  });

  it("keeps the team's zone: create, read, list, change; an unknown zone is refused and nothing saved", async () => {
    const london = await world('Europe/London');
    expect(london.team.timeZone).toBe('Europe/London');
    const got = await london.owner('GET', london.base);
    expect(got.statusCode, got.body).toBe(200);
    expect(TeamDto.parse(got.json()).timeZone).toBe('Europe/London');
    const listed = z.array(TeamDto).parse((await london.owner('GET', '/api/teams')).json());
    expect(listed.find((team) => team.teamId === london.team.teamId)?.timeZone).toBe('Europe/London');

    const team = TeamDto.parse(got.json());
    const put = (timeZone: string, hash: string) =>
      london.owner('PUT', london.base, {
        teamName: team.teamName,
        weekStartDay: team.weekStartDay,
        timeZone,
        hash,
      });
    const changed = await put('America/New_York', team.hash);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(TeamDto.parse(changed.json()).timeZone).toBe('America/New_York');
    const reread = TeamDto.parse((await london.owner('GET', london.base)).json());
    expect(reread.timeZone).toBe('America/New_York');

    const mars = await put('Mars/Olympus', reread.hash);
    expect(mars.statusCode, mars.body).toBe(400);
    expect(mars.json().errors.map((e: { path: string }) => e.path)).toContain('timeZone');
    expect(TeamDto.parse((await london.owner('GET', london.base)).json()).timeZone).toBe('America/New_York');

    const before = (await london.owner('GET', '/api/teams')).json().length;
    const refused = await london.owner('POST', '/api/teams', {
      teamName: 'On Mars',
      timeZone: 'Mars/Olympus',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.map((e: { path: string }) => e.path)).toContain('timeZone');
    expect(refused.json().message).toMatch(/Mars\/Olympus/);
    expect((await london.owner('GET', '/api/teams')).json()).toHaveLength(before);

    const plain = await world();
    expect(plain.team.timeZone).toBe('UTC');
    expect(TeamDto.parse((await plain.owner('GET', plain.base)).json()).timeZone).toBe('UTC');
  });
});
