import { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts } from '../src/db/schema.ts';
import { certainResponse } from '../src/lib/certain-response.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);

/**
 * The fuzzing findings of issue 10, each reproduced: input that used to reach PostgreSQL unchecked and
 * answer 500 now gets 400 with a sentence, and writes nothing.
 */
describe.each(engines)('input bounds on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  let n = 0;
  async function world() {
    const owner = client(t.app, await signIn(t.app, `owner.${++n}@pro-domain.test`));
    const team = (await owner('POST', '/api/teams', { teamName: 'Deli' })).json();
    const base = `/api/teams/${team.teamId}`;
    const ann = (await owner('POST', `${base}/staff`, { firstName: 'Ann' })).json();
    return { owner, team, base, ann };
  }
  const shift = (staffId: string, extra: object = {}) => ({
    staffId,
    shiftDate: today,
    startTime: '09:00',
    endTime: '17:00',
    ...extra,
  });

  it('refuses NUL and broken Unicode in every kind of text with 400', async () => {
    const { owner, team, base, ann } = await world();
    const cases: [string, string, object, string][] = [
      ['PUT', '/api/users/me', { firstName: 'A\u0000', lastName: 'B' }, 'First name cannot contain'],
      ['POST', '/api/teams', { teamName: 'Bad\u0000' }, 'Team name cannot contain'],
      ['PUT', base, { teamName: 'X\u0000', weekStartDay: 1, hash: team.hash }, 'Team name cannot contain'],
      ['POST', `${base}/staff`, { firstName: 'Ann', lastName: '\u0000' }, 'Last name cannot contain'],
      ['POST', `${base}/shifts`, shift(ann.staffId, { notes: 'x\u0000' }), 'Notes cannot contain'],
      [
        'POST',
        `${base}/shifts`,
        shift(ann.staffId, { attendanceAdjustments: [{ minutes: 5, reason: 'other', comment: '\ud800' }] }),
        'The adjustment comment contains characters that are not valid text',
      ],
      ['POST', `${base}/day-notes`, { noteDate: today, noteText: 'a\u0000' }, 'A note cannot contain'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await owner(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses dates outside 1900–2999 in bodies and queries with 400', async () => {
    const { owner, base, ann } = await world();
    const message = 'Dates must be between 1900-01-01 and 2999-12-31';
    for (const date of ['0000-01-01', '9999-12-31', '1899-12-31']) {
      const create = await owner('POST', `${base}/shifts`, shift(ann.staffId, { shiftDate: date }));
      expect(create.statusCode).toBe(400);
      expect(create.json().message).toBe(message);
      expect((await owner('GET', `${base}/shifts?startDate=${date}&endDate=${date}`)).statusCode).toBe(400);
      expect((await owner('GET', `${base}/staff?date=${date}`)).statusCode).toBe(400);
      expect((await owner('POST', `${base}/shifts/clear-week`, { weekStartDate: date })).statusCode).toBe(
        400,
      );
    }
    // The last days the calendar takes still work, including the day after them in date sums.
    expect((await owner('GET', `${base}/shifts?startDate=2999-12-25&endDate=2999-12-31`)).statusCode).toBe(
      200,
    );
    expect(
      (await owner('POST', `${base}/shifts/clear-week`, { weekStartDate: '2999-12-31' })).statusCode,
    ).toBe(200);
  });

  it('refuses out-of-range minutes with 400 and writes nothing, so the week still reads', async () => {
    const { owner, base, ann } = await world();
    const week = `${base}/shifts?startDate=${today}&endDate=${addDays(today, 6)}`;
    for (const extra of [
      { breakMinutes: 2_147_483_650 },
      { breakMinutes: 1e20 },
      { breakMinutes: 480 },
      { attendanceAdjustments: [{ minutes: 1e20, reason: 'sick' }] },
      { attendanceAdjustments: [{ minutes: 2_147_483_650, reason: 'lateness' }] },
    ]) {
      const res = await owner('POST', `${base}/shifts`, shift(ann.staffId, extra));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(
        /^(Break minutes can be at most 1440|The break must be shorter than the shift|An adjustment can be at most 1440 minutes \(one day\))$/,
      );
    }
    expect(await t.database.db.select().from(shifts).where(eq(shifts.staffId, ann.staffId))).toEqual([]);
    const ok = await owner(
      'POST',
      `${base}/shifts`,
      shift(ann.staffId, { breakMinutes: 30, attendanceAdjustments: [{ minutes: 1440, reason: 'sick' }] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ attendanceAdjustmentMinutes: 1440, workedMinutes: 0 });
    expect((await owner('GET', week)).statusCode).toBe(200);
  });

  it('checks a write’s response inside its transaction, so a bad one rolls the write back', () => {
    const good = {
      shiftId: '6f1c1a52-0d1f-4b7a-9a57-1f0b3f8d1c11',
      staffId: '6f1c1a52-0d1f-4b7a-9a57-1f0b3f8d1c12',
      shiftDate: today,
      startTime: '09:00:00',
      endTime: '17:00:00',
      notes: null,
      notesVisibleToAll: true,
      isTimeOff: false,
      sick: false,
      timeOffDays: null,
      timeOffHours: null,
      colour: null,
      breakMinutes: 0,
      attendanceAdjustments: [],
      attendanceAdjustmentMinutes: 0,
      workedMinutes: 480,
    };
    expect(certainResponse(ShiftDto, good)).toBe(good);
    expect(() => certainResponse(ShiftDto, { ...good, attendanceAdjustmentMinutes: 1e20 })).toThrow(
      /rolled back/,
    );
  });
});
