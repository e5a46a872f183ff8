import type { Availability } from '@rotaboard/core/contracts/availability';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';
import { roleFits, shiftCoversSlot } from '@rotaboard/core/staffing/coverage';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { isoWeekday } from '@rotaboard/core/staffing/timeline';
import { allViolations } from '@rotaboard/core/staffing/validate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newViolations } from '../src/modules/schedule-agent/agent/rule-check.ts';
import type { AgentPlan } from '../src/modules/schedule-agent/agent/types.ts';
import type { TeamStaffingContext } from '../src/modules/staffing/staffing-context.ts';
import { applied, failing, MON, plan, shift, type Team, timeOff } from './support/planner-team.ts';

const TIMES = ['06:00', '07:00', '09:00', '14:00', '15:00', '22:00', '23:00'] as const;
const ROLES = ['Nurse', 'Cook'] as const;
const day = (offset: number) => addDays(MON, offset);
const ruleValue = <T>(values: readonly T[]) =>
  fc.record({ value: fc.constantFrom(...values), strict: fc.boolean() });

/** A small random team: staff, coverage, rules, existing entries (time off too), availability, lock. */
const teams = fc
  .record({
    staff: fc.uniqueArray(
      fc.record({
        staffId: fc.constantFrom('ana', 'ben', 'cara', 'dev', 'eve'),
        role: fc.constantFrom(...ROLES),
        leavingDate: fc.option(fc.integer({ min: -2, max: 10 }).map(day), { nil: null }),
        hours: fc.option(fc.constantFrom(8, 20, 40), { nil: null }),
      }),
      { minLength: 1, maxLength: 5, selector: (s) => s.staffId },
    ),
    coverage: fc.uniqueArray(
      fc.record({
        weekday: fc.integer({ min: 1, max: 7 }),
        startTime: fc.constantFrom(...TIMES),
        endTime: fc.constantFrom(...TIMES),
        breakMinutes: fc.constantFrom(0, 30),
        staffCount: fc.integer({ min: 1, max: 3 }),
        role: fc.constantFrom(null, 'nurse', 'Cook'),
      }),
      { minLength: 2, maxLength: 10, selector: (s) => `${s.weekday} ${s.startTime} ${s.endTime} ${s.role}` },
    ),
    rules: fc.record({
      minRestHours: ruleValue([null, 8, 11, 16]),
      maxWeeklyHours: ruleValue([null, 16, 40]),
      maxConsecutiveDays: ruleValue([null, 2, 5]),
      minShiftHours: ruleValue([null, 3]),
      maxShiftHours: ruleValue([null, 9, 12]),
    }),
    existing: fc.array(
      fc.record({
        staff: fc.integer({ min: 0, max: 4 }),
        offset: fc.integer({ min: -8, max: 16 }),
        startTime: fc.constantFrom(...TIMES),
        endTime: fc.constantFrom(...TIMES),
        kind: fc.constantFrom('shift', 'shift', 'day-off', 'hours-off'),
      }),
      { maxLength: 12 },
    ),
    availability: fc.array(
      fc.record({
        staff: fc.integer({ min: 0, max: 4 }),
        weekday: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
        offset: fc.integer({ min: 0, max: 10 }),
        whole: fc.boolean(),
        kind: fc.constantFrom('unavailable' as const, 'preferred' as const),
      }),
      { maxLength: 6 },
    ),
    weekStartDay: fc.integer({ min: 0, max: 6 }),
    locked: fc.option(fc.integer({ min: -1, max: 4 }).map(day), { nil: null }),
    start: fc.integer({ min: 0, max: 6 }),
    length: fc.integer({ min: 2, max: 9 }),
    mode: fc.constantFrom('fill' as const, 'rebuild' as const),
  })
  .map((t) => {
    const ids = t.staff.map((s) => s.staffId);
    const entries: StaffingEntry[] = t.existing.flatMap((e, i) => {
      const staffId = ids[e.staff % ids.length] as string;
      const date = day(e.offset);
      if (e.kind === 'day-off') return [{ ...timeOff(staffId, date, 1), shiftId: `e${i}` }];
      if (e.kind === 'hours-off') return [{ ...timeOff(staffId, date, null, 4), shiftId: `e${i}` }];
      if (e.startTime === e.endTime) return [];
      return [shift(staffId, date, e.startTime, e.endTime, `e${i}`)];
    });
    const availability: Record<string, Availability> = {};
    for (const a of t.availability) {
      const staffId = ids[a.staff % ids.length] as string;
      const set = availability[staffId] ?? { weekly: [], dates: [] };
      availability[staffId] = set;
      const times = a.whole ? { startTime: null, endTime: null } : { startTime: '12:00', endTime: '20:00' };
      if (a.weekday !== null) set.weekly.push({ weekday: a.weekday, ...times, kind: a.kind });
      else set.dates.push({ date: day(a.offset), ...times, kind: a.kind });
    }
    const { minShiftHours, maxShiftHours } = t.rules;
    const rules =
      minShiftHours.value !== null &&
      maxShiftHours.value !== null &&
      minShiftHours.value > maxShiftHours.value
        ? { ...t.rules, minShiftHours: { ...minShiftHours, value: null } }
        : t.rules;
    const coverage = t.coverage.filter((c) => c.startTime !== c.endTime);
    const team: Team = {
      staff: t.staff,
      entries,
      coverage,
      rules,
      availability,
      weekStartDay: t.weekStartDay,
      lockedUntil: t.locked,
    };
    return { team, startDate: day(t.start), endDate: day(t.start + t.length - 1), mode: t.mode };
  });

/** Checks what no plan may do beyond breaking rules (plan() checks those): locked days, time off, leavers. */
function checkTouches(
  team: Team,
  context: TeamStaffingContext,
  result: AgentPlan,
  startDate: string,
  endDate: string,
) {
  const creates = result.changes.flatMap((c) => (c.kind === 'create' ? [c.shift] : []));
  const seen = new Set<string>();
  for (const c of creates) {
    expect(c.shiftDate >= startDate && c.shiftDate <= endDate).toBe(true);
    if (team.lockedUntil) expect(c.shiftDate > team.lockedUntil).toBe(true);
    const leaving = team.staff.find((s) => s.staffId === c.staffId)?.leavingDate ?? null;
    if (leaving !== null) expect(c.shiftDate <= leaving).toBe(true);
    const dayOff = context.entries.some(
      (e) => e.staffId === c.staffId && e.isTimeOff && e.shiftDate === c.shiftDate,
    );
    expect(dayOff).toBe(false);
    expect(seen.has(`${c.staffId} ${c.shiftDate}`)).toBe(false);
    seen.add(`${c.staffId} ${c.shiftDate}`);
  }
  for (const change of result.changes) {
    if (change.kind !== 'remove') continue;
    const removed = context.entries.find((e) => e.shiftId === change.shiftId);
    expect(removed?.isTimeOff).toBe(false);
    expect(removed && removed.shiftDate >= startDate && removed.shiftDate <= endDate).toBe(true);
    if (team.lockedUntil && removed) expect(removed.shiftDate > team.lockedUntil).toBe(true);
    const leaving = team.staff.find((s) => s.staffId === removed?.staffId)?.leavingDate ?? null;
    if (leaving !== null && removed) expect(removed.shiftDate <= leaving).toBe(true);
  }
  expect(result.changes.every((c) => c.reason.length > 0)).toBe(true);
  expect(result.uncovered.every((u) => u.reason.length > 0 && u.missing > 0)).toBe(true);
}

/**
 * The fairness promise (issue 43), judged by core alone: no new shift leaves its person past their
 * contracted weekly hours in a team week while a colleague with no work that week could have taken
 * it within their own contract (on the team, every slot it covers fits their role, no entry that day or clashing, and adding it
 * to them brings no new violation of any rule).
 */
function checkPromise(context: TeamStaffingContext, result: AgentPlan) {
  const after = applied(context, result);
  const weekOf = (date: string) => startOfWeek(date, context.weekStartDay);
  const minutes = new Map<string, number>();
  for (const e of after) {
    if (e.isTimeOff) continue;
    const key = `${e.staffId} ${weekOf(e.shiftDate)}`;
    minutes.set(
      key,
      (minutes.get(key) ?? 0) + workedMinutes({ ...e, timeOffHours: null, timeOffDays: null }, 'UTC'),
    );
  }
  const before = allViolations(context, after);
  for (const change of result.changes) {
    if (change.kind !== 'create') continue;
    const given = change.shift;
    const weekly = context.contractedHours.get(given.staffId) ?? null;
    const week = weekOf(given.shiftDate);
    if (weekly === null || (minutes.get(`${given.staffId} ${week}`) ?? 0) <= Math.round(weekly * 60))
      continue;
    const person = context.staff.find((s) => s.staffId === given.staffId)!;
    const entry = { ...given, shiftId: 'moved', isTimeOff: false, timeOffHours: null, timeOffDays: null };
    const covered = context.settings.coverage.filter(
      (slot) =>
        slot.weekday === isoWeekday(given.shiftDate) &&
        shiftCoversSlot(entry, person, slot, given.shiftDate, 'UTC'),
    );
    for (const colleague of context.staff) {
      if (colleague.staffId === given.staffId || (minutes.get(`${colleague.staffId} ${week}`) ?? 0) > 0)
        continue;
      if (colleague.leavingDate !== null && given.shiftDate > colleague.leavingDate) continue;
      const theirWeekly = context.contractedHours.get(colleague.staffId) ?? null;
      const length = workedMinutes(entry, 'UTC');
      if (theirWeekly !== null && length > Math.round(theirWeekly * 60)) continue;
      if (!covered.every((slot) => roleFits(slot.role, colleague.role))) continue;
      const theirs = { ...entry, staffId: colleague.staffId };
      const busy = after.some(
        (e) =>
          e.staffId === colleague.staffId &&
          (e.shiftDate === given.shiftDate ||
            entriesConflict(theirs, {
              ...e,
              timeOffHours: e.timeOffHours ?? null,
              timeOffDays: e.timeOffDays ?? null,
            })),
      );
      if (busy) continue;
      const added = newViolations(before, allViolations(context, [...after, theirs]), new Set(['moved']));
      expect(
        added,
        `${colleague.staffId} could take ${given.staffId}'s ${given.shiftDate} past their contract`,
      ).not.toEqual([]);
    }
  }
}

describe('planAgentRun, property', { timeout: 300_000 }, () => {
  it('with HiGHS: applying any plan adds no violation, touches no locked day, time off or leaver, and keeps the fairness promise', async () => {
    await fc.assert(
      fc.asyncProperty(teams, async ({ team, startDate, endDate, mode }) => {
        const { result, context } = await plan(team, startDate, endDate, { mode, seconds: 2 });
        checkTouches(team, context, result, startDate, endDate);
        checkPromise(context, result);
      }),
      { numRuns: 40 },
    );
  });

  it('with the greedy fallback: the same holds', async () => {
    await fc.assert(
      fc.asyncProperty(teams, async ({ team, startDate, endDate, mode }) => {
        const { result, context } = await plan(team, startDate, endDate, { mode, solver: failing });
        expect(result.solver.status === 'fallback' || result.changes.length === 0).toBe(true);
        checkTouches(team, context, result, startDate, endDate);
        checkPromise(context, result);
      }),
      { numRuns: 100 },
    );
  });
});
