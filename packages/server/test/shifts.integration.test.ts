import { addDays } from '@rotaboard/core/dates/week';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shifts, staff } from '../src/db/schema.ts';
import { shiftAuditValues } from '../src/modules/shifts/shift.dto.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  outbox,
  signIn,
  type TestApp,
} from './support/harness.ts';

type Call = ReturnType<typeof client>;
const today = new Date().toISOString().slice(0, 10);
const D = (days: number) => addDays(today, days);

describe.each(engines)('the schedule on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      PRO_EMAILS: 'pro.boss@rotaboard.test',
      MAGIC_LINK_RESEND_SECONDS: '0',
    });
  });
  afterAll(async () => t.close());

  let n = 0;
  const email = (name: string) => `${name}.${++n}@example.com`;

  /** An owner with a team, two staff (one invited and linked, one not) and clients for each role. */
  async function world(ownerEmail = email('owner')) {
    const owner = client(t.app, await signIn(t.app, ownerEmail, { firstName: 'Owen', lastName: 'Owner' }));
    const team = (await owner('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    const workerEmail = email('worker');
    const ann = (
      await owner('POST', `${base}/staff`, { firstName: 'Ann', lastName: 'Able', email: workerEmail })
    ).json();
    const bob = (
      await owner('POST', `${base}/staff`, { firstName: 'Bob', lastName: 'Baker', email: email('bob') })
    ).json();
    await owner('POST', `${base}/invite`, { staffId: ann.staffId, email: workerEmail });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, workerEmail) },
    });
    const worker = client(t.app, await signIn(t.app, workerEmail, null));
    const outsider = client(t.app, await signIn(t.app, email('outsider')));
    return { owner, worker, outsider, anonymous: client(t.app), base, ann, bob, workerEmail, team };
  }

  const shift = (
    staffId: string,
    shiftDate: string,
    startTime: string,
    endTime: string,
    extra: object = {},
  ) => ({
    staffId,
    shiftDate,
    startTime,
    endTime,
    ...extra,
  });
  const week = (base: string, from = D(-1), to = D(14)) => `${base}/shifts?startDate=${from}&endDate=${to}`;
  async function create(call: Call, base: string, body: object, query = '') {
    const res = await call('POST', `${base}/shifts${query}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('creates, lists, changes and deletes entries, normalising times and writing audit rows', async () => {
    const w = await world();
    const created = await create(
      w.owner,
      w.base,
      shift(w.ann.staffId, D(1), '09:00', '17:30', { breakMinutes: '30', notes: ' Open up ' }),
    );
    expect(created).toMatchObject({
      shiftDate: D(1),
      startTime: '09:00:00',
      endTime: '17:30:00',
      breakMinutes: 30,
      notes: 'Open up',
      notesVisibleToAll: true,
      isTimeOff: false,
      colour: null,
      attendanceAdjustments: [],
      workedMinutes: 480,
    });
    const listed = (await w.owner('GET', week(w.base))).json();
    expect(listed).toEqual([created]);

    const changed = await w.owner(
      'PUT',
      `${w.base}/shifts/${created.shiftId}`,
      shift(w.ann.staffId, D(1), '10:00', '18:00', { colour: 3 }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ startTime: '10:00:00', colour: 3, breakMinutes: 0 });
    const removed = await w.owner('DELETE', `${w.base}/shifts/${created.shiftId}`);
    expect(removed.json().success).toBe(true);
    expect((await w.owner('GET', week(w.base))).json()).toEqual([]);
    expect((await w.owner('DELETE', `${w.base}/shifts/${created.shiftId}`)).statusCode).toBe(404);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.shiftId))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
  });

  it('writes and reads back each new entry with exactly its fields, audit row included, whatever its kind', async () => {
    const w = await world('pro.boss@rotaboard.test');
    const made = [
      await create(w.owner, w.base, shift(w.ann.staffId, D(2), '22:00', '02:00', { breakMinutes: 15 })),
      await create(w.owner, w.base, {
        ...shift(w.bob.staffId, D(2), '09:00', '17:30'),
        notes: 'Admins only',
        notesVisibleToAll: false,
        colour: 4,
        attendanceAdjustments: [{ minutes: 30, reason: 'lateness', comment: 'Bus' }],
      }),
      await create(w.owner, w.base, {
        staffId: w.ann.staffId,
        shiftDate: D(4),
        isTimeOff: true,
        timeOffHours: 7.5,
      }),
      await create(w.owner, w.base, {
        staffId: w.bob.staffId,
        shiftDate: D(5),
        isTimeOff: true,
        timeOffDays: 1,
      }),
      // Notes with what a text format could trip on: a line break, quotes, a backslash, a tab, a
      // carriage return and characters beyond ASCII; and a part-day of time off.
      await create(w.owner, w.base, {
        ...shift(w.ann.staffId, D(6), '06:00', '10:00'),
        notes: 'Keys: "back door"\nAsk C:\\Sam\tfor the café\r 🍕',
        colour: 0,
        breakMinutes: 0,
      }),
      await create(w.owner, w.base, {
        staffId: w.bob.staffId,
        shiftDate: D(7),
        isTimeOff: true,
        timeOffDays: 0.5,
      }),
    ];
    for (const entry of made) {
      const [row] = await t.database.db.select().from(shifts).where(eq(shifts.id, entry.shiftId));
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, entry.shiftId), eq(auditLog.action, 'CREATE')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ teamId: w.team.teamId, entityType: 'shift', oldValues: null });
      expect(audits[0]!.newValues).toEqual(shiftAuditValues(row!));
    }
    // And the week read (on PGlite built as one text by the database) answers each exactly as created.
    const listed = (await w.owner('GET', week(w.base))).json();
    expect(listed).toHaveLength(made.length);
    expect(listed).toEqual(expect.arrayContaining(made));
    expect(listed.find((entry: { notes: string | null }) => entry.notes?.includes('🍕')).notes).toBe(
      'Keys: "back door"\nAsk C:\\Sam\tfor the café\r 🍕',
    );
  });

  it('refuses a clashing entry with 409 naming the shift, and writes nothing', async () => {
    const w = await world();
    const first = await create(w.owner, w.base, shift(w.ann.staffId, D(2), '09:00', '17:00'));
    const clash = await w.owner('POST', `${w.base}/shifts`, shift(w.ann.staffId, D(2), '16:00', '20:00'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/clashes with Ann's shift on \d\d\/\d\d\/\d{4} 09:00–17:00/);
    // Another person, or touching times, are fine.
    await create(w.owner, w.base, shift(w.bob.staffId, D(2), '16:00', '20:00'));
    await create(w.owner, w.base, shift(w.ann.staffId, D(2), '17:00', '20:00'));
    // An overnight shift clashes with the next morning.
    await create(w.owner, w.base, shift(w.ann.staffId, D(3), '22:00', '06:00'));
    expect(
      (await w.owner('POST', `${w.base}/shifts`, shift(w.ann.staffId, D(4), '05:00', '09:00'))).statusCode,
    ).toBe(409);
    // A full day off clashes with anything that day; hours off clash with nothing.
    await create(w.owner, w.base, {
      staffId: w.bob.staffId,
      shiftDate: D(5),
      isTimeOff: true,
      timeOffDays: 1,
    });
    expect(
      (await w.owner('POST', `${w.base}/shifts`, shift(w.bob.staffId, D(5), '12:00', '13:00'))).statusCode,
    ).toBe(409);
    await create(w.owner, w.base, {
      staffId: w.ann.staffId,
      shiftDate: D(2),
      isTimeOff: true,
      timeOffHours: 2,
    });
    // Moving a shift onto itself is not a clash; onto another is.
    expect(
      (
        await w.owner(
          'PUT',
          `${w.base}/shifts/${first.shiftId}`,
          shift(w.ann.staffId, D(2), '08:00', '16:00'),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await w.owner(
          'PUT',
          `${w.base}/shifts/${first.shiftId}`,
          shift(w.bob.staffId, D(5), '08:00', '16:00'),
        )
      ).statusCode,
    ).toBe(409);
    const rows = await t.database.db.select().from(shifts).where(eq(shifts.teamId, w.team.teamId));
    expect(rows).toHaveLength(6);
  });

  it('lets only one of several simultaneous clashing entries for a person through, auditing only it', async () => {
    const w = await world();
    // Warm up the path (and the pool's connections) with another person's entries, so the eight
    // below start together rather than behind a first slow one.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        create(w.owner, w.base, shift(w.bob.staffId, D(7 + i), '09:00', '17:00')),
      ),
    );
    // Sent together: each writer locks the person's row, and the one that waits must see what the
    // one before it wrote (the clash found after the insert takes it back).
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        w.owner('POST', `${w.base}/shifts`, shift(w.ann.staffId, D(6), `0${i + 1}:00`, '18:00')),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(shifts).where(eq(shifts.staffId, w.ann.staffId));
    expect(rows).toHaveLength(1);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, w.team.teamId), eq(auditLog.entityType, 'shift')));
    expect(
      audited
        .filter((row) => (row.newValues as { staffId: string }).staffId === w.ann.staffId)
        .map((row) => row.entityId),
    ).toEqual([rows[0]!.id]);
  });

  it('validates every kind of entry with clear messages', async () => {
    const w = await world();
    const cases: [object, string][] = [
      [{ staffId: w.ann.staffId, shiftDate: D(1) }, 'A shift needs a start and an end time'],
      [shift(w.ann.staffId, D(1), '09:00', '09:00'), 'The end time must differ from the start time'],
      [shift(w.ann.staffId, D(1), '25:00', '09:00'), 'Times must be given as HH:MM (00:00 to 23:59)'],
      [
        shift(w.ann.staffId, D(1), '09:00', '17:00', { breakMinutes: 7 }),
        'Break minutes must be in steps of 5',
      ],
      [
        shift(w.ann.staffId, D(1), '09:00', '17:00', { breakMinutes: -5 }),
        'Break minutes must be a whole number of 0 or more',
      ],
      [shift(w.ann.staffId, D(1), '09:00', '17:00', { colour: 6 }), 'Colour must be 0 to 5'],
      [
        { staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true, timeOffDays: 0.3 },
        'Please select the number of days',
      ],
      [
        { staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true, timeOffHours: 24.5 },
        'Time off hours cannot exceed 24 hours',
      ],
      [
        { staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true, timeOffHours: 1.1 },
        'Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)',
      ],
      [
        { staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true, timeOffHours: 0 },
        'Please enter a valid number of hours',
      ],
      [{ staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true }, 'Please select start and end times'],
      [
        { staffId: w.ann.staffId, shiftDate: D(1), isTimeOff: true, timeOffDays: 1, timeOffHours: 2 },
        'Time off is either days or hours, not both',
      ],
      [
        { staffId: w.ann.staffId, shiftDate: '2026-02-30', startTime: '09:00', endTime: '10:00' },
        'Must be a date as YYYY-MM-DD',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await w.owner('POST', `${w.base}/shifts`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // Each kind of time off, written as the editor sends it.
    const exact = await create(w.owner, w.base, {
      staffId: w.ann.staffId,
      shiftDate: D(1),
      isTimeOff: true,
      startTime: '09:00',
      endTime: '13:00',
      breakMinutes: '',
    });
    expect(exact).toMatchObject({
      isTimeOff: true,
      timeOffDays: null,
      timeOffHours: null,
      workedMinutes: 240,
    });
    const hours = await create(w.owner, w.base, {
      staffId: w.ann.staffId,
      shiftDate: D(1),
      isTimeOff: true,
      timeOffHours: 2.5,
    });
    expect(hours.workedMinutes).toBe(150);
    const days = await create(w.owner, w.base, {
      staffId: w.bob.staffId,
      shiftDate: D(1),
      isTimeOff: true,
      timeOffDays: 0.5,
    });
    expect(days).toMatchObject({ timeOffDays: 0.5, workedMinutes: 0 });
    expect((await w.owner('GET', `${w.base}/shifts?startDate=${D(5)}&endDate=${D(1)}`)).statusCode).toBe(400);
    expect((await w.owner('GET', `${w.base}/shifts?startDate=${D(0)}&endDate=${D(70)}`)).statusCode).toBe(
      400,
    );
    expect(
      (await w.owner('POST', `${w.base}/shifts`, shift(crypto.randomUUID(), D(1), '09:00', '10:00')))
        .statusCode,
    ).toBe(404);
  });

  it('refuses shifts after someone has left', async () => {
    const w = await world();
    const bob = (await w.owner('GET', `${w.base}/staff`))
      .json()
      .find((s: { firstName: string }) => s.firstName === 'Bob');
    await w.owner('DELETE', `${w.base}/staff/${bob.staffId}?leavingDate=${D(3)}`);
    await create(w.owner, w.base, shift(bob.staffId, D(3), '09:00', '10:00'));
    const after = await w.owner('POST', `${w.base}/shifts`, shift(bob.staffId, D(4), '09:00', '10:00'));
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toContain('Bob leaves the team on');
  });

  it('lets staff read the schedule and nothing else; outsiders get 404, anonymous 401', async () => {
    const w = await world();
    const s = await create(
      w.owner,
      w.base,
      shift(w.bob.staffId, D(1), '09:00', '17:00', { notes: 'Admins only', notesVisibleToAll: false }),
    );
    const seen = (await w.worker('GET', week(w.base))).json();
    expect(seen).toHaveLength(1);
    expect(seen[0].notes).toBeNull();
    expect((await w.owner('GET', week(w.base))).json()[0].notes).toBe('Admins only');
    const writes: [string, string, object?][] = [
      ['POST', `${w.base}/shifts`, shift(w.ann.staffId, D(2), '09:00', '10:00')],
      ['PUT', `${w.base}/shifts/${s.shiftId}`, shift(w.bob.staffId, D(1), '09:00', '10:00')],
      ['DELETE', `${w.base}/shifts/${s.shiftId}`],
      ['PUT', `${w.base}/shifts/locked-until`, { lockedUntil: D(7), hideScheduleAfterLock: true }],
      ['POST', `${w.base}/shifts/notify-week-updated`, { weekStartDate: D(0), weekEndDate: D(6) }],
      ['GET', `${w.base}/shifts/${s.shiftId}/history`],
      ['POST', `${w.base}/day-notes`, { noteDate: D(1), noteText: 'x' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await w.worker(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await w.outsider(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await w.anonymous(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await w.outsider('GET', week(w.base))).statusCode).toBe(404);
    expect((await w.anonymous('GET', week(w.base))).statusCode).toBe(401);
  });

  it('hides days after the lock from staff when asked, never from admins', async () => {
    const w = await world();
    await create(w.owner, w.base, shift(w.ann.staffId, D(1), '09:00', '17:00'));
    await create(w.owner, w.base, shift(w.ann.staffId, D(9), '09:00', '17:00'));
    await w.owner('POST', `${w.base}/day-notes`, { noteDate: D(9), noteText: 'Stocktake' });
    expect((await w.worker('GET', `${w.base}/shifts/locked-until`)).json()).toEqual({
      lockedUntil: null,
      hideScheduleAfterLock: false,
    });

    const lock = await w.owner('PUT', `${w.base}/shifts/locked-until`, {
      lockedUntil: D(6),
      hideScheduleAfterLock: false,
    });
    expect(lock.json()).toEqual({ lockedUntil: D(6), hideScheduleAfterLock: false });
    expect((await w.worker('GET', week(w.base))).json()).toHaveLength(2);

    await w.owner('PUT', `${w.base}/shifts/locked-until`, { lockedUntil: D(6), hideScheduleAfterLock: true });
    expect(
      (await w.worker('GET', week(w.base))).json().map((s: { shiftDate: string }) => s.shiftDate),
    ).toEqual([D(1)]);
    expect((await w.worker('GET', `${w.base}/day-notes?startDate=${D(0)}&endDate=${D(13)}`)).json()).toEqual(
      [],
    );
    expect((await w.owner('GET', week(w.base))).json()).toHaveLength(2);
    expect(
      (await w.owner('GET', `${w.base}/day-notes?startDate=${D(0)}&endDate=${D(13)}`)).json(),
    ).toHaveLength(1);
    // The next shift of a staff member also stops at the lock.
    const hiddenNext = await w.worker('GET', `${w.base}/shifts/next?d=${D(2)}&t=00:00`);
    expect([hiddenNext.statusCode, hiddenNext.json()]).toEqual([200, null]);
    expect(
      (
        await w.owner('PUT', `${w.base}/shifts/locked-until`, {
          lockedUntil: 'soon',
          hideScheduleAfterLock: true,
        })
      ).statusCode,
    ).toBe(400);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, w.team.teamId));
    expect(audits.some((a) => (a.newValues as Record<string, unknown> | null)?.lockedUntil === D(6))).toBe(
      true,
    );
  });

  it('finds the signed-in person’s next shift', async () => {
    const w = await world();
    await create(w.owner, w.base, shift(w.ann.staffId, D(1), '09:00', '17:00'));
    await create(w.owner, w.base, shift(w.ann.staffId, D(3), '07:00', '12:00'));
    await create(w.owner, w.base, {
      staffId: w.ann.staffId,
      shiftDate: D(2),
      isTimeOff: true,
      timeOffDays: 1,
    });
    expect((await w.worker('GET', `${w.base}/shifts/next?d=${D(1)}&t=08:00`)).json().shiftDate).toBe(D(1));
    expect((await w.worker('GET', `${w.base}/shifts/next?d=${D(1)}&t=09:00`)).json().shiftDate).toBe(D(3));
    // No next shift is an answer (200, null), not an error: the app asks on every schedule view.
    const none = await w.worker('GET', `${w.base}/shifts/next?d=${D(4)}`);
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const ownerNone = await w.owner('GET', `${w.base}/shifts/next?d=${D(0)}`);
    expect([ownerNone.statusCode, ownerNone.json()]).toEqual([200, null]);
    expect((await w.worker('GET', `${w.base}/shifts/next?d=tomorrow`)).statusCode).toBe(400);
  });

  it('keeps Free teams to 8 weeks of schedule history and 7 days of shift history', async () => {
    const w = await world();
    const old = await create(w.owner, w.base, shift(w.ann.staffId, D(-60), '09:00', '17:00'));
    await create(w.owner, w.base, shift(w.ann.staffId, D(-50), '09:00', '17:00'));
    const seen = (await w.owner('GET', `${w.base}/shifts?startDate=${D(-61)}&endDate=${D(-1)}`)).json();
    expect(seen.map((s: { shiftDate: string }) => s.shiftDate)).toEqual([D(-50)]);

    await w.owner('PUT', `${w.base}/shifts/${old.shiftId}`, shift(w.ann.staffId, D(-60), '10:00', '17:00'));
    await t.database.db
      .update(auditLog)
      .set({ changedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(auditLog.action, 'CREATE'));
    const history = (await w.owner('GET', `${w.base}/shifts/${old.shiftId}/history`)).json();
    expect(history).toMatchObject({ totalCount: 1, hasMore: false, isPro: false });
    expect(history.history[0]).toMatchObject({
      action: 'UPDATE',
      changesSummary: 'Changed start time',
      changedByName: 'Owen Owner',
    });
    expect(history.history[0].oldValues).toEqual({ startTime: '09:00:00' });
  });

  it('gives Pro teams full history, attendance adjustments and notification emails', async () => {
    const w = await world('pro.boss@rotaboard.test');
    const old = await create(w.owner, w.base, shift(w.ann.staffId, D(-60), '09:00', '17:00'));
    expect(
      (await w.owner('GET', `${w.base}/shifts?startDate=${D(-61)}&endDate=${D(-1)}`)).json(),
    ).toHaveLength(1);

    const adjusted = await create(
      w.owner,
      w.base,
      shift(w.ann.staffId, D(1), '09:00', '17:00', {
        breakMinutes: 30,
        attendanceAdjustments: [
          { minutes: 14.6, reason: 'lateness', comment: `${'x'.repeat(60)}` },
          { minutes: -3, reason: 'other' },
        ],
      }),
    );
    expect(adjusted.attendanceAdjustments).toEqual([
      { minutes: 15, reason: 'lateness', comment: 'x'.repeat(50) },
      { minutes: 0, reason: 'other', comment: '' },
    ]);
    expect(adjusted).toMatchObject({ attendanceAdjustmentMinutes: 15, workedMinutes: 435 });
    expect(
      (
        await w.owner(
          'POST',
          `${w.base}/shifts`,
          shift(w.ann.staffId, D(2), '09:00', '10:00', {
            attendanceAdjustments: [{ minutes: 5, reason: 'nap' }],
          }),
        )
      ).statusCode,
    ).toBe(400);

    // A change to a locked day with notification emails the person; an unlocked day does not.
    await w.owner('PUT', `${w.base}/shifts/locked-until`, {
      lockedUntil: D(6),
      hideScheduleAfterLock: false,
    });
    const before = (await outbox(t.app)).filter((m) => m.to === w.workerEmail).length;
    await w.owner(
      'PUT',
      `${w.base}/shifts/${adjusted.shiftId}?includeNotification=true`,
      shift(w.ann.staffId, D(1), '11:00', '17:00'),
    );
    const mails = (await outbox(t.app)).filter((m) => m.to === w.workerEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Your Diner schedule changed');
    expect(mails[0]!.text).toContain('09:00–17:00');
    expect(mails[0]!.text).toContain('11:00–17:00');
    await create(w.owner, w.base, shift(w.ann.staffId, D(10), '09:00', '12:00'), '?includeNotification=true');
    expect((await outbox(t.app)).filter((m) => m.to === w.workerEmail).length).toBe(before + 1);

    const notify = await w.owner('POST', `${w.base}/shifts/notify-week-updated`, {
      weekStartDate: D(0),
      weekEndDate: D(6),
    });
    expect(notify.json()).toMatchObject({ success: true, notifiedCount: 1 });
    expect((await outbox(t.app))[0]).toMatchObject({
      to: w.workerEmail,
      subject: expect.stringContaining('was updated'),
    });
    expect(
      (
        await w.owner('POST', `${w.base}/shifts/notify-week-updated`, {
          weekStartDate: D(0),
          weekEndDate: D(9),
        })
      ).statusCode,
    ).toBe(400);

    const history = (await w.owner('GET', `${w.base}/shifts/${old.shiftId}/history?offset=0&limit=1`)).json();
    expect(history).toMatchObject({ totalCount: 1, isPro: true, hasMore: false });
    expect(history.history[0].changesSummary).toMatch(/^Created \d\d\/\d\d\/\d{4} 09:00–17:00$/);
    const adjustedHistory = (
      await w.owner('GET', `${w.base}/shifts/${adjusted.shiftId}/history?limit=1`)
    ).json();
    expect(adjustedHistory).toMatchObject({ totalCount: 2, hasMore: true });
    expect(
      (await w.owner('GET', `${w.base}/shifts/${adjusted.shiftId}/history?limit=1&offset=1`)).json().hasMore,
    ).toBe(false);
    expect((await w.owner('GET', `${w.base}/shifts/${crypto.randomUUID()}/history`)).statusCode).toBe(404);
    expect((await w.owner('GET', `${w.base}/shifts/${old.shiftId}/history?limit=500`)).statusCode).toBe(400);
  });

  it('keeps Pro-only features off on Free, writing and sending nothing', async () => {
    const w = await world();
    const before = (await outbox(t.app)).length;
    const notified = await w.owner(
      'POST',
      `${w.base}/shifts?includeNotification=true`,
      shift(w.ann.staffId, D(1), '09:00', '10:00'),
    );
    expect(notified.statusCode).toBe(403);
    expect(notified.json()).toMatchObject({ code: 'PLAN_LIMIT', message: expect.stringContaining('Pro') });
    const adjusted = await w.owner(
      'POST',
      `${w.base}/shifts`,
      shift(w.ann.staffId, D(1), '09:00', '10:00', {
        attendanceAdjustments: [{ minutes: 5, reason: 'sick' }],
      }),
    );
    expect(adjusted.statusCode).toBe(403);
    expect(adjusted.json().message).toContain('Pro');
    expect(
      (
        await w.owner('POST', `${w.base}/shifts/notify-week-updated`, {
          weekStartDate: D(0),
          weekEndDate: D(6),
        })
      ).statusCode,
    ).toBe(403);
    expect((await w.owner('GET', week(w.base))).json()).toEqual([]);
    expect((await outbox(t.app)).length).toBe(before);
    const plain = await create(w.owner, w.base, shift(w.ann.staffId, D(1), '09:00', '10:00'));
    expect(
      (await w.owner('DELETE', `${w.base}/shifts/${plain.shiftId}?includeNotification=true`)).statusCode,
    ).toBe(403);
    expect((await w.owner('GET', week(w.base))).json()).toHaveLength(1);
  });

  it('copies a week forward, skipping clashes and leavers, and clears a week', async () => {
    const w = await world();
    const monday = D(7);
    await create(
      w.owner,
      w.base,
      shift(w.ann.staffId, monday, '09:00', '17:00', { notes: 'Keys', colour: 2 }),
    );
    await create(w.owner, w.base, {
      staffId: w.ann.staffId,
      shiftDate: addDays(monday, 1),
      isTimeOff: true,
      timeOffDays: 1,
    });
    await create(w.owner, w.base, shift(w.bob.staffId, addDays(monday, 2), '22:00', '06:00'));
    // Already busy in the target week: Ann's Monday copy would clash.
    await create(w.owner, w.base, shift(w.ann.staffId, addDays(monday, 7), '12:00', '13:00'));
    const bob = (await w.owner('GET', `${w.base}/staff`))
      .json()
      .find((s: { firstName: string }) => s.firstName === 'Bob');
    await w.owner('DELETE', `${w.base}/staff/${bob.staffId}?leavingDate=${addDays(monday, 8)}`);

    // Time off belongs to its dates: left behind unless asked for (and not counted as skipped).
    const shiftsOnly = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: monday,
      toWeekStart: addDays(monday, 7),
    });
    expect(shiftsOnly.json()).toMatchObject({ success: true, copied: 0, skipped: 2 });
    expect((await w.owner('GET', week(w.base, addDays(monday, 7), addDays(monday, 13)))).json()).toHaveLength(
      1,
    );

    const copy = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: monday,
      toWeekStart: addDays(monday, 7),
      includeTimeOff: true,
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toMatchObject({ success: true, copied: 1, skipped: 2 });
    expect(copy.json().message).toContain('skipped 2');
    const next = (await w.owner('GET', week(w.base, addDays(monday, 7), addDays(monday, 13)))).json();
    expect(next.map((x: { shiftDate: string; isTimeOff: boolean }) => [x.shiftDate, x.isTimeOff])).toEqual([
      [addDays(monday, 7), false],
      [addDays(monday, 8), true],
    ]);
    expect(
      (
        await w.owner('POST', `${w.base}/shifts/copy-week`, {
          fromWeekStart: monday,
          toWeekStart: addDays(monday, 3),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await w.worker('POST', `${w.base}/shifts/copy-week`, {
          fromWeekStart: monday,
          toWeekStart: addDays(monday, 7),
        })
      ).statusCode,
    ).toBe(403);

    const clear = await w.owner('POST', `${w.base}/shifts/clear-week`, { weekStartDate: monday });
    expect(clear.json()).toMatchObject({ success: true, deleted: 3 });
    expect((await w.owner('GET', week(w.base, monday, addDays(monday, 6)))).json()).toEqual([]);
    expect((await w.owner('GET', week(w.base, addDays(monday, 7), addDays(monday, 13)))).json()).toHaveLength(
      2,
    );
    expect(
      (await w.worker('POST', `${w.base}/shifts/clear-week`, { weekStartDate: monday })).statusCode,
    ).toBe(403);
    expect(
      (await w.outsider('POST', `${w.base}/shifts/clear-week`, { weekStartDate: monday })).statusCode,
    ).toBe(404);
  });

  it('copies and clears a full week in a fixed number of statements, auditing every entry', async () => {
    const w = await world();
    const monday = D(14);
    // Straight into the table: the plan's staff limit is not what this test is about.
    const people = await t.database.db
      .insert(staff)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          teamId: w.team.teamId,
          firstName: `Bulk ${i}`,
          lastName: 'Person',
          displayOrder: 100 + i,
        })),
      )
      .returning({ id: staff.id });
    const rows = people.flatMap((person, p) =>
      [0, 1, 2, 3, 4, 5, 6].map((d) => ({
        teamId: w.team.teamId,
        staffId: person.id,
        shiftDate: addDays(monday, d),
        startTime: p % 2 ? '06:00:00' : '14:00:00',
        endTime: p % 2 ? '14:00:00' : '22:00:00',
        breakMinutes: 30,
      })),
    );
    await t.database.db.insert(shifts).values(rows);
    const copy = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: monday,
      toWeekStart: addDays(monday, 7),
    });
    expect(copy.json()).toMatchObject({ copied: 280, skipped: 0 });
    // Copied again onto itself, every entry clashes with its own earlier copy.
    const twice = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: monday,
      toWeekStart: addDays(monday, 7),
    });
    expect(twice.json()).toMatchObject({ copied: 0, skipped: 280 });
    const created = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.teamId, w.team.teamId),
          eq(auditLog.action, 'CREATE'),
          eq(auditLog.entityType, 'shift'),
        ),
      );
    expect(created.length).toBeGreaterThanOrEqual(280);
    const clear = await w.owner('POST', `${w.base}/shifts/clear-week`, { weekStartDate: addDays(monday, 7) });
    expect(clear.json()).toMatchObject({ deleted: 280 });
    const deleted = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.teamId, w.team.teamId),
          eq(auditLog.action, 'DELETE'),
          eq(auditLog.entityType, 'shift'),
        ),
      );
    expect(deleted).toHaveLength(280);
    expect(deleted[0]!.oldValues).toMatchObject({ breakMinutes: 30 });
  });

  it('keeps day notes, with notes for admins only hidden from staff', async () => {
    const w = await world();
    const shared = await w.owner('POST', `${w.base}/day-notes`, {
      noteDate: D(1),
      noteText: ' Deliveries at 8 ',
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({
      noteDate: D(1),
      noteText: 'Deliveries at 8',
      showToAllStaff: true,
    });
    const secret = (
      await w.owner('POST', `${w.base}/day-notes`, {
        noteDate: D(1),
        noteText: 'Review Bob',
        showToAllStaff: false,
      })
    ).json();
    const range = `startDate=${D(0)}&endDate=${D(6)}`;
    expect((await w.owner('GET', `${w.base}/day-notes?${range}`)).json()).toHaveLength(2);
    expect(
      (await w.worker('GET', `${w.base}/day-notes?${range}`))
        .json()
        .map((x: { noteText: string }) => x.noteText),
    ).toEqual(['Deliveries at 8']);
    const edited = await w.owner('PUT', `${w.base}/day-notes/${secret.noteId}`, {
      noteDate: D(2),
      noteText: 'Review Bob',
      showToAllStaff: true,
    });
    expect(edited.json()).toMatchObject({ noteDate: D(2), showToAllStaff: true });
    expect((await w.worker('GET', `${w.base}/day-notes?${range}`)).json()).toHaveLength(2);
    for (const body of [
      { noteDate: D(1), noteText: '   ' },
      { noteDate: D(1), noteText: 'x'.repeat(501) },
      { noteDate: 'someday', noteText: 'x' },
    ]) {
      expect((await w.owner('POST', `${w.base}/day-notes`, body)).statusCode).toBe(400);
    }
    expect((await w.owner('DELETE', `${w.base}/day-notes/${secret.noteId}`)).statusCode).toBe(200);
    expect((await w.owner('DELETE', `${w.base}/day-notes/${secret.noteId}`)).statusCode).toBe(404);
    expect(
      (
        await w.worker('PUT', `${w.base}/day-notes/${shared.json().noteId}`, {
          noteDate: D(1),
          noteText: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});
