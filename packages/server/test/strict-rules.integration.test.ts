import { addDays } from '@rotaboard/core/dates/week';
import { dateLabel } from '@rotaboard/core/staffing/timeline';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shifts } from '../src/db/schema.ts';
import { createTestApp, engines, type TestApp } from './support/harness.ts';
import {
  addShift,
  onlyRules,
  type StaffingWorld,
  staffingWorld,
  weekAhead,
} from './support/staffing-world.ts';

/**
 * Strict staffing rules refuse hand edits (issue 25): create, update, a move to another day or
 * person, and copy week answer 409 STAFFING_RULE with the rule's sentence and write nothing. Rules
 * that are not strict never block; time off breaks none; on Free nothing is checked. Monday weeks.
 */
describe.each(engines)('strict staffing rules on hand edits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  }, 60_000);
  afterAll(async () => t?.close());

  const mon = weekAhead(1);
  const day = (n: number) => addDays(mon, n);
  const REST = 'Pat has 8 h between shifts (Tue 22:00 to Wed 06:00); the minimum is 11 h';

  const teamShifts = (teamId: string, from = day(-7), to = day(21)) =>
    t.database.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.teamId, teamId), gte(shifts.shiftDate, from), lte(shifts.shiftDate, to)));
  const auditCount = async (teamId: string) =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.teamId, teamId))).length;

  /**
   * Saves the default rules with rest (11 h) made strict: the defaults only warn (issue 41), so a rule
   * blocks once an administrator chose strict and saved.
   */
  async function saveStrictRest(w: StaffingWorld) {
    const res = await w.owner('PUT', `${w.base}/schedule-agent`, {
      rules: { minRestHours: { value: 11, strict: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Pat works Tuesday 14:00–22:00; on Pro the team saved the default rules with rest (11 h) strict. */
  async function withLateShift(plan: 'pro' | 'free' = 'pro') {
    const w = await staffingWorld(t, { plan });
    if (plan === 'pro') await saveStrictRest(w);
    const late = await addShift(w.owner, w.base, w.pat.staffId, day(1), '14:00', '22:00');
    return { w, late };
  }
  const early = (w: StaffingWorld, staffId = w.pat.staffId) => ({
    staffId,
    shiftDate: day(2),
    startTime: '06:00',
    endTime: '14:00',
  });

  /** The refusal, and that nothing was written (no entry, no audit row). */
  async function expectRefused(
    w: StaffingWorld,
    send: () => Promise<{ statusCode: number; body: string; json(): { message: string; code: string } }>,
    message: string,
  ) {
    const before = { entries: await teamShifts(w.teamId), audits: await auditCount(w.teamId) };
    const res = await send();
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ code: 'STAFFING_RULE', message });
    expect(await teamShifts(w.teamId)).toEqual(before.entries);
    expect(await auditCount(w.teamId)).toBe(before.audits);
  }

  it('refuses creating a shift too soon after another (rest saved as strict), across midnight', async () => {
    const { w } = await withLateShift();
    await expectRefused(w, () => w.owner('POST', `${w.base}/shifts`, early(w)), REST);
    // An administrator is refused alike; a shift with enough rest, or someone else’s, is fine.
    await expectRefused(w, () => w.admin!.call('POST', `${w.base}/shifts`, early(w)), REST);
    await addShift(w.owner, w.base, w.pat.staffId, day(2), '09:00', '17:00');
    await addShift(w.owner, w.base, w.sam.staffId, day(2), '06:00', '14:00');
  });

  it('refuses an update and a move to another day or person that break it, and changes nothing', async () => {
    const { w } = await withLateShift();
    const saturday = await addShift(w.owner, w.base, w.pat.staffId, day(5), '10:00', '18:00');
    const url = `${w.base}/shifts/${saturday}`;
    // Moved to Wednesday morning, right after Tuesday's late shift.
    await expectRefused(w, () => w.owner('PUT', url, early(w)), REST);
    // Moved to Sam, who works late on Tuesday too.
    await addShift(w.owner, w.base, w.sam.staffId, day(1), '14:00', '22:00');
    await expectRefused(
      w,
      () => w.owner('PUT', url, early(w, w.sam.staffId)),
      'Sam has 8 h between shifts (Tue 22:00 to Wed 06:00); the minimum is 11 h',
    );
    // Changed on its own day, clear of every other shift: allowed.
    const ok = await w.owner('PUT', url, {
      staffId: w.pat.staffId,
      shiftDate: day(5),
      startTime: '09:00',
      endTime: '18:00',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a copied week that breaks it, whole, and copies one that does not', async () => {
    const w = await staffingWorld(t);
    await saveStrictRest(w);
    // Pat's week: Monday early and Sunday late. Copied on, the copy of Monday follows this Sunday.
    await addShift(w.owner, w.base, w.pat.staffId, day(0), '06:00', '14:00');
    await addShift(w.owner, w.base, w.pat.staffId, day(6), '14:00', '22:00');
    await addShift(w.owner, w.base, w.sam.staffId, day(2), '09:00', '17:00');
    await expectRefused(
      w,
      () => w.owner('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: day(0), toWeekStart: day(7) }),
      'Pat has 8 h between shifts (Sun 22:00 to Mon 06:00); the minimum is 11 h',
    );
    expect(await teamShifts(w.teamId, day(7), day(13))).toEqual([]);
    // Two weeks on there is no Sunday before it: all three are copied.
    const res = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: day(0),
      toWeekStart: day(14),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ copied: 3, skipped: 0 });
  });

  it('checks copies against each other: two copies too close together are refused', async () => {
    const w = await staffingWorld(t);
    await w.owner('PUT', `${w.base}/schedule-agent`, {
      rules: onlyRules({ minRestHours: { value: 11, strict: false } }),
    });
    // Built while rest is not strict; then made strict, the copy of the pair breaks it.
    await addShift(w.owner, w.base, w.pat.staffId, day(1), '14:00', '22:00');
    await addShift(w.owner, w.base, w.pat.staffId, day(2), '06:00', '14:00');
    await w.owner('PUT', `${w.base}/schedule-agent`, {
      rules: onlyRules({ minRestHours: { value: 11, strict: true } }),
    });
    await expectRefused(
      w,
      () => w.owner('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: day(0), toWeekStart: day(14) }),
      'Pat has 8 h between shifts (Tue 22:00 to Wed 06:00); the minimum is 11 h',
    );
    // Editing the notes of a shift already in breach is no new breach.
    const [wednesday] = await teamShifts(w.teamId, day(2), day(2));
    const notes = await w.owner('PUT', `${w.base}/shifts/${wednesday!.id}`, {
      ...early(w),
      notes: 'Opening',
    });
    expect(notes.statusCode, notes.body).toBe(200);
  });

  it('refuses by any strict rule with its own sentence: shift length and weekly hours', async () => {
    const w = await staffingWorld(t);
    await w.owner('PUT', `${w.base}/schedule-agent`, {
      rules: onlyRules({
        maxShiftHours: { value: 10, strict: true },
        maxWeeklyHours: { value: 16, strict: true },
      }),
    });
    await expectRefused(
      w,
      () => w.owner('POST', `${w.base}/shifts`, { ...early(w), startTime: '06:00', endTime: '17:00' }),
      `Pat's shift on Wed ${dateLabel(day(2))} is 11 h (06:00–17:00); the maximum is 10 h`,
    );
    await addShift(w.owner, w.base, w.pat.staffId, day(0), '09:00', '17:00');
    await addShift(w.owner, w.base, w.pat.staffId, day(1), '09:00', '17:00');
    const res = await w.owner('POST', `${w.base}/shifts`, {
      ...early(w),
      startTime: '09:00',
      endTime: '13:00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Pat works 20 h in the week of .*; the maximum is 16 h$/);
  });

  it('never blocks for a rule that is not strict, for time off, or on the Free plan', async () => {
    const { w } = await withLateShift();
    await w.owner('PUT', `${w.base}/schedule-agent`, {
      rules: onlyRules({ minRestHours: { value: 11, strict: false } }),
    });
    await addShift(w.owner, w.base, w.pat.staffId, day(2), '06:00', '14:00');

    const strict = await withLateShift();
    const off = await strict.w.owner('POST', `${strict.w.base}/shifts`, {
      ...early(strict.w),
      isTimeOff: true,
    });
    expect(off.statusCode, off.body).toBe(201);

    // Pro with nothing saved: the defaults warn and never block.
    const unsaved = await staffingWorld(t);
    await addShift(unsaved.owner, unsaved.base, unsaved.pat.staffId, day(1), '14:00', '22:00');
    await addShift(unsaved.owner, unsaved.base, unsaved.pat.staffId, day(2), '06:00', '14:00');

    // Free: no rules at all (the defaults are not applied either).
    const free = await withLateShift('free');
    await addShift(free.w.owner, free.w.base, free.w.pat.staffId, day(2), '06:00', '14:00');
  });

  it('leaves a clash to the conflict rule and its own sentence', async () => {
    const { w } = await withLateShift();
    const res = await w.owner('POST', `${w.base}/shifts`, {
      ...early(w),
      shiftDate: day(1),
      startTime: '20:00',
      endTime: '23:00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect(res.json().message).toMatch(/^This clashes with Pat's shift on /);
  });
});
