import { validatePeriod } from '@rotaboard/core/staffing/validate';
import { describe, expect, it } from 'vitest';
import { planAgentRun } from '../src/modules/schedule-agent/agent/plan-run.ts';
import {
  contextOf,
  every,
  failing,
  MON,
  plan,
  shift,
  slot,
  TUE,
  timeOff,
  WED,
  who,
} from './support/planner-team.ts';

describe('planAgentRun', { timeout: 60_000 }, () => {
  it('fills an empty week, spreading hours against contracts, and says why', async () => {
    const { result, creates } = await plan(
      {
        staff: [
          { staffId: 'ana', name: 'Ana', hours: 40 },
          { staffId: 'ben', name: 'Ben', hours: 20 },
        ],
        coverage: [1, 2, 3, 4, 5].map((d) => slot(d, '07:00', '15:00')),
      },
      MON,
      '2026-12-13',
      { seconds: 20 },
    );
    expect(result.solver.status).toBe('optimal');
    expect(result.coverageBefore).toEqual({ needed: 5, filled: 0 });
    expect(result.coverageAfter).toEqual({ needed: 5, filled: 5 });
    expect(result.uncovered).toEqual([]);
    // 40 h of demand against 60 contracted: 3 shifts (24 of 40 h) and 2 (16 of 20 h) is the even spread.
    expect(creates.filter((c) => c.staffId === 'ana')).toHaveLength(3);
    expect(result.hours).toEqual([
      { staffId: 'ana', minutes: 24 * 60, contractedMinutes: 40 * 60 },
      { staffId: 'ben', minutes: 16 * 60, contractedMinutes: 20 * 60 },
    ]);
    expect(result.changes.map((c) => c.changeId)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(result.changes[0]?.reason).toMatch(
      /^covers Mon 07:00–15:00; (Ana has 24 of 40 h|Ben has 16 of 20 h)$/,
    );
  });

  it('writes the reason with the hours after the proposal and the contracted hours', async () => {
    const { result } = await plan(
      {
        staff: [{ staffId: 'ana', name: 'Ana', hours: 24 }],
        entries: [shift('ana', MON, '07:00', '15:00')],
        coverage: [slot(2, '07:00', '15:00')],
      },
      MON,
      '2026-12-13',
    );
    expect(result.changes).toEqual([
      {
        changeId: 'c1',
        kind: 'create',
        shift: { staffId: 'ana', shiftDate: TUE, startTime: '07:00', endTime: '15:00', breakMinutes: 0 },
        reason: 'covers Tue 07:00–15:00; Ana has 16 of 24 h',
      },
    ]);
  });

  it('keeps the rest rule across midnight and the week boundary with existing shifts', async () => {
    const team = {
      // Ana's Sunday shift runs to 02:00 on Monday, in the previous team week: 5 h before 07:00.
      staff: [{ staffId: 'ana', name: 'Ana' }],
      entries: [shift('ana', '2026-12-06', '22:00', '02:00')],
      coverage: [slot(1, '07:00', '15:00')],
    };
    const alone = await plan(team, MON, MON);
    expect(alone.creates).toEqual([]);
    expect(alone.result.uncovered).toEqual([
      {
        date: MON,
        startTime: '07:00',
        endTime: '15:00',
        role: null,
        missing: 1,
        reason: 'Nobody else can take it: 1 would get less than 11 h rest',
      },
    ]);
    const withBen = await plan(
      { ...team, staff: [...team.staff, { staffId: 'ben', name: 'Ben' }] },
      MON,
      MON,
    );
    expect(who(withBen.creates)).toEqual([`${MON} ben`]);
    // With the rule off, Ana may take it.
    const noRest = await plan({ ...team, rules: { minRestHours: { value: null, strict: true } } }, MON, MON);
    expect(who(noRest.creates)).toEqual([`${MON} ana`]);
  });

  it('keeps rest between two new shifts, overnight ones included', async () => {
    const team = {
      staff: [{ staffId: 'ana' }],
      coverage: [slot(1, '22:00', '06:00'), slot(2, '07:00', '15:00')],
    };
    const alone = await plan(team, MON, TUE);
    expect(alone.result.coverageAfter).toEqual({ needed: 2, filled: 1 });
    const overnight = await plan({ ...team, staff: [{ staffId: 'ana' }, { staffId: 'ben' }] }, MON, TUE);
    expect(overnight.result.coverageAfter).toEqual({ needed: 2, filled: 2 });
    const night = overnight.creates.find((c) => c.shiftDate === MON);
    const early = overnight.creates.find((c) => c.shiftDate === TUE);
    expect(night).toMatchObject({ startTime: '22:00', endTime: '06:00' });
    expect(night?.staffId).not.toBe(early?.staffId);
  });

  it('counts weekly hours in the team week, here from Wednesday, existing shifts included', async () => {
    const team = {
      staff: [{ staffId: 'ana' }],
      // 16 h on Wed 9 and Thu 10; the cap is 20 h; every day wants 8 h.
      entries: [shift('ana', WED, '09:00', '17:00'), shift('ana', '2026-12-10', '09:00', '17:00')],
      coverage: every('09:00', '17:00'),
      rules: { maxWeeklyHours: { value: 20, strict: false } },
      weekStartDay: 3,
    };
    // Sat 12 to Wed 16: the week of Wed 9 is full; Wed 16 starts the next one.
    const wednesday = await plan(team, '2026-12-12', '2026-12-16');
    expect(who(wednesday.creates)).toEqual(['2026-12-16 ana']);
    expect(wednesday.result.uncovered.map((u) => u.reason)).toContain(
      'Nobody else can take it: 1 would pass the 20 h weekly cap',
    );
    // Weeks from Monday: Sat 12 and Sun 13 fall in the full week; two of Mon 14 to Wed 16 fit.
    const monday = await plan({ ...team, weekStartDay: 1 }, '2026-12-12', '2026-12-16');
    expect(monday.creates).toHaveLength(2);
    expect(monday.creates.every((c) => c.shiftDate >= '2026-12-14')).toBe(true);
  });

  it('counts days in a row across the edges of the period', async () => {
    const team = {
      staff: [{ staffId: 'ana' }],
      // Fri 4 to Sun 6 before the period and Thu 10, Fri 11 after it are worked; at most 3 in a row.
      entries: ['2026-12-04', '2026-12-05', '2026-12-06', '2026-12-10', '2026-12-11'].map((d) =>
        shift('ana', d, '09:00', '17:00'),
      ),
      coverage: every('09:00', '17:00'),
      rules: { maxConsecutiveDays: { value: 3, strict: false } },
    };
    const { result, creates } = await plan(team, MON, WED);
    expect(creates).toHaveLength(1);
    expect([TUE, WED]).toContain(creates[0]?.shiftDate);
    expect(result.uncovered.find((u) => u.date === MON)?.reason).toBe(
      'Nobody else can take it: 1 would work more than 3 days in a row',
    );
  });

  it('never plans over unavailable time and prefers who prefers it', async () => {
    const team = {
      staff: [{ staffId: 'ana' }, { staffId: 'ben' }, { staffId: 'cara' }],
      coverage: [slot(1, '07:00', '15:00'), slot(2, '07:00', '15:00')],
      availability: {
        ana: {
          weekly: [{ weekday: 1, startTime: null, endTime: null, kind: 'unavailable' as const }],
          dates: [],
        },
        ben: {
          weekly: [],
          dates: [{ date: TUE, startTime: '12:00', endTime: '23:59', kind: 'unavailable' as const }],
        },
        cara: {
          weekly: [{ weekday: 1, startTime: '06:00', endTime: '16:00', kind: 'preferred' as const }],
          dates: [],
        },
      },
    };
    const { result, creates } = await plan(team, MON, TUE);
    expect(who(creates)).toContain(`${MON} cara`);
    expect(creates.some((c) => c.staffId === 'ben' && c.shiftDate === TUE)).toBe(false);
    expect(result.changes.find((c) => c.kind === 'create' && c.shift.shiftDate === MON)?.reason).toContain(
      "in cara's preferred time",
    );
    const onlyAna = await plan({ ...team, staff: [{ staffId: 'ana' }] }, MON, MON);
    expect(onlyAna.result.uncovered[0]?.reason).toBe('Nobody else can take it: 1 unavailable');
  });

  it('matches roles ignoring case and says when nobody has the role', async () => {
    const team = {
      staff: [
        { staffId: 'ana', role: 'Nurse' },
        { staffId: 'ben', role: 'Cook' },
      ],
      coverage: [slot(1, '07:00', '15:00', 1, 'nurse'), slot(1, '15:00', '23:00', 1, 'Surgeon')],
    };
    const { result, creates } = await plan(team, MON, MON);
    expect(who(creates)).toEqual([`${MON} ana`]);
    expect(result.uncovered).toEqual([
      {
        date: MON,
        startTime: '15:00',
        endTime: '23:00',
        role: 'Surgeon',
        missing: 1,
        reason: 'Nobody on the team has the role Surgeon',
      },
    ]);
  });

  it('leaves locked days alone, in fill and in rebuild', async () => {
    const team = {
      staff: [{ staffId: 'ana' }, { staffId: 'ben' }],
      entries: [shift('ana', MON, '15:00', '23:00', 'locked-shift')],
      coverage: every('07:00', '15:00'),
      lockedUntil: TUE,
    };
    for (const mode of ['fill', 'rebuild'] as const) {
      const { result, creates } = await plan(team, MON, WED, { mode });
      expect(creates.every((c) => c.shiftDate === WED)).toBe(true);
      expect(result.changes.some((c) => c.kind === 'remove')).toBe(false);
      expect(result.uncovered.map((u) => [u.date, u.reason])).toEqual([
        [MON, 'The day is locked'],
        [TUE, 'The day is locked'],
      ]);
    }
  });

  it('plans no shift for a leaver after their leaving date and lists only those on the team', async () => {
    const team = {
      staff: [
        { staffId: 'ana', leavingDate: MON },
        { staffId: 'old', leavingDate: '2026-11-30' },
      ],
      coverage: every('07:00', '15:00'),
    };
    const { result, creates } = await plan(team, MON, WED);
    expect(who(creates)).toEqual([`${MON} ana`]);
    expect(result.uncovered.map((u) => u.reason)).toEqual([
      'Nobody else can take it: 1 left the team',
      'Nobody else can take it: 1 left the team',
    ]);
    expect(result.hours.map((h) => h.staffId)).toEqual(['ana']);
  });

  it('plans nothing over time off, whole days or hours', async () => {
    const team = {
      staff: [{ staffId: 'ana' }, { staffId: 'ben' }],
      entries: [timeOff('ana', MON, 1), timeOff('ana', TUE, null, 4)],
      coverage: every('07:00', '15:00'),
    };
    const { creates } = await plan(team, MON, TUE);
    expect(who(creates)).toEqual([`${MON} ben`, `${TUE} ben`]);
    const alone = await plan({ ...team, staff: [{ staffId: 'ana' }] }, MON, TUE);
    expect(alone.result.uncovered.map((u) => u.reason)).toEqual([
      'Nobody else can take it: 1 on time off',
      'Nobody else can take it: 1 on time off',
    ]);
  });

  it('rebuild removes a shift when that covers more; fill never removes', async () => {
    const team = {
      staff: [{ staffId: 'ana', name: 'Ana', leavingDate: null }],
      // Monday's late shift is wanted by no slot and leaves 8 h before Tuesday's early one.
      entries: [shift('ana', MON, '15:00', '23:00', 'late')],
      coverage: [slot(2, '07:00', '15:00')],
    };
    const fill = await plan(team, MON, TUE);
    expect(fill.result.changes).toEqual([]);
    expect(fill.result.uncovered[0]?.reason).toBe('Nobody else can take it: 1 would get less than 11 h rest');
    const rebuild = await plan(team, MON, TUE, { mode: 'rebuild' });
    expect(rebuild.result.changes).toEqual([
      {
        changeId: 'c1',
        kind: 'remove',
        shiftId: 'late',
        reason: expect.stringMatching(/^removes Mon 15:00–23:00: /),
      },
      expect.objectContaining({
        changeId: 'c2',
        kind: 'create',
        shift: expect.objectContaining({ shiftDate: TUE }),
      }),
    ]);
    expect(rebuild.result.coverageAfter).toEqual({ needed: 1, filled: 1 });
  });

  it('rebuild never removes time off or a leaver’s shift after their leaving date', async () => {
    const team = {
      staff: [{ staffId: 'ana', leavingDate: MON }, { staffId: 'ben' }],
      entries: [shift('ana', TUE, '15:00', '23:00', 'after-leaving'), timeOff('ben', MON, 1)],
      coverage: every('07:00', '15:00'),
    };
    const { result } = await plan(team, MON, WED, { mode: 'rebuild' });
    expect(result.changes.filter((c) => c.kind === 'remove')).toEqual([]);
  });

  it('falls back to the greedy fill when the solver fails, still breaking no rule', async () => {
    const team = {
      staff: [
        { staffId: 'ana', hours: 40 },
        { staffId: 'ben', hours: 40 },
      ],
      entries: [shift('ana', '2026-12-06', '22:00', '02:00')],
      coverage: every('07:00', '15:00'),
    };
    const { result, creates } = await plan(team, MON, '2026-12-13', { solver: failing });
    expect(result.solver.status).toBe('fallback');
    expect(result.coverageAfter).toEqual({ needed: 7, filled: 7 });
    expect(creates.find((c) => c.shiftDate === MON)?.staffId).toBe('ben');
    const stopped = await plan(team, MON, '2026-12-13', {
      solver: async () => ({ status: 'stopped', objective: null, bound: null, values: null, ms: 1 }),
    });
    expect(stopped.result.solver.status).toBe('fallback');
  });
});

describe("the agent in the team's zone (issue 41)", { timeout: 60_000 }, () => {
  // Ana worked until 22:00 on Saturday; the Sunday slot starts at 08:00, 10 h later on the wall clock.
  const sunday = (saturday: string, minRestHours: number, timeZone: string) => {
    const sundayDate = `${saturday.slice(0, 8)}${String(Number(saturday.slice(8)) + 1).padStart(2, '0')}`;
    const context = {
      ...contextOf({
        staff: [{ staffId: 'ana', name: 'Ana' }],
        entries: [shift('ana', saturday, '14:00', '22:00')],
        coverage: [slot(7, '08:00', '16:00')],
        rules: { minRestHours: { value: minRestHours, strict: false } },
      }),
      timeZone,
    };
    return { context, date: sundayDate };
  };

  it('counts the hour the clocks go back as rest, and proposes the shift', async () => {
    const { context, date } = sunday('2027-10-30', 11, 'Europe/London');
    const result = await planAgentRun({ context, startDate: date, endDate: date, mode: 'fill' });
    expect(who(result.changes.flatMap((c) => (c.kind === 'create' ? [c.shift] : [])))).toEqual([
      `${date} ana`,
    ]);
    // validate-period agrees: 11 h of rest, no violation.
    const applied = { ...context, entries: [...context.entries, shift('ana', date, '08:00', '16:00')] };
    expect(validatePeriod(applied, { startDate: date, endDate: date }).violations).toEqual([]);
    // In UTC the same wall-clock times are 10 h apart: not enough.
    const utc = await planAgentRun({
      context: { ...context, timeZone: 'UTC' },
      startDate: date,
      endDate: date,
      mode: 'fill',
    });
    expect(utc.changes).toEqual([]);
    expect(utc.uncovered[0]?.reason).toBe('Nobody else can take it: 1 would get less than 11 h rest');
  });

  it('does not count the hour the clocks go forward', async () => {
    const { context, date } = sunday('2027-03-27', 9.5, 'Europe/London');
    const london = await planAgentRun({ context, startDate: date, endDate: date, mode: 'fill' });
    expect(london.changes).toEqual([]);
    expect(london.uncovered[0]?.reason).toBe('Nobody else can take it: 1 would get less than 9.5 h rest');
    const utc = await planAgentRun({
      context: { ...context, timeZone: 'UTC' },
      startDate: date,
      endDate: date,
      mode: 'fill',
    });
    expect(utc.changes).toHaveLength(1);
  });

  it("gives a night slot's real length to the hours", async () => {
    // 22:00–06:00 from Saturday 30 Oct 2027 is 9 h in London.
    const context = {
      ...contextOf({
        staff: [{ staffId: 'ana', name: 'Ana', hours: 40 }],
        coverage: [slot(6, '22:00', '06:00')],
      }),
      timeZone: 'Europe/London',
    };
    const result = await planAgentRun({
      context,
      startDate: '2027-10-30',
      endDate: '2027-10-30',
      mode: 'fill',
    });
    expect(result.hours).toEqual([
      { staffId: 'ana', minutes: 9 * 60, contractedMinutes: Math.round((40 * 60) / 7) },
    ]);
  });
});
