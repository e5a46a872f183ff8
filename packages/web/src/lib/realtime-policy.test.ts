import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import {
  isAffectedQuery,
  MAX_RESTARTS,
  RECONNECT_DELAYS_MS,
  RESTART_DELAY_MS,
  reconnectDelay,
  restartDelay,
  withJitter,
} from './realtime-policy';

describe('reconnectDelay', () => {
  it('follows 0, 2, 10 and 30 seconds, then stops', () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([0, 2000, 10000, 30000, null]);
    expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 10000, 30000]);
  });

  it('refuses nonsense attempts', () => {
    expect(reconnectDelay(-1)).toBeNull();
    expect(reconnectDelay(1.5)).toBeNull();
  });
});

describe('restartDelay', () => {
  it('retries start every 5 seconds for at most 5 closes', () => {
    expect(MAX_RESTARTS).toBe(5);
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual(Array(5).fill(RESTART_DELAY_MS));
    expect(RESTART_DELAY_MS).toBe(5000);
    expect(restartDelay(6)).toBeNull();
    expect(restartDelay(0)).toBeNull();
  });
});

describe('withJitter', () => {
  it('spreads the first retry over a second and later ones ±50 %, within bounds for any random', () => {
    expect(withJitter(0, 0)).toBe(0);
    expect(withJitter(0, 0.5)).toBe(500);
    expect(withJitter(2000, 0)).toBe(1000);
    expect(withJitter(2000, 0.5)).toBe(2000);
    expect(withJitter(2000, 0.9999)).toBe(3000);
    expect([-1, 2, Number.NaN].map((random) => withJitter(10_000, random))).toEqual([5000, 15_000, 10_000]);
  });
});

describe('isAffectedQuery', () => {
  const teamId = 't1';
  const team = queryKeys.team(teamId);
  const other = queryKeys.team('other');
  const change = (
    kind:
      | 'shifts'
      | 'day-notes'
      | 'lock'
      | 'staff'
      | 'team'
      | 'requests'
      | 'open-shifts'
      | 'availability'
      | 'staffing'
      | 'labour'
      | 'time-clock',
    ids: string[] = [],
  ) => ({
    teamId,
    kind,
    startDate: '2026-03-10',
    endDate: '2026-03-11',
    ids,
  });

  it('refetches the team’s request lists on a request event, and nothing of other teams', () => {
    const c = change('requests', ['r1']);
    expect(isAffectedQuery(team.requests(1, null), c)).toBe(true);
    expect(isAffectedQuery(other.requests(1, null), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-08', '2026-03-16'), c)).toBe(false);
  });

  it('refetches the open shifts of overlapping ranges on an open-shifts event, a lock or a staff change', () => {
    const c = change('open-shifts', ['o1']);
    expect(isAffectedQuery(team.openShifts('2026-03-08', '2026-03-14'), c)).toBe(true);
    expect(isAffectedQuery(team.openShifts('2026-03-12', '2026-03-18'), c)).toBe(false);
    expect(isAffectedQuery(other.openShifts('2026-03-08', '2026-03-14'), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-08', '2026-03-14'), c)).toBe(false);
    const range = team.openShifts('2026-03-01', '2026-03-07');
    expect(isAffectedQuery(range, change('lock'))).toBe(true);
    expect(isAffectedQuery(range, change('staff'))).toBe(true);
  });

  it('refetches the shifts of overlapping ranges only', () => {
    const c = change('shifts', ['s1']);
    expect(isAffectedQuery(team.shifts('2026-03-08', '2026-03-16'), c)).toBe(true);
    expect(isAffectedQuery(team.shifts('2026-03-11', '2026-03-18'), c)).toBe(true);
    expect(isAffectedQuery(team.shifts('2026-03-12', '2026-03-18'), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-01', '2026-03-09'), c)).toBe(false);
    expect(isAffectedQuery(other.shifts('2026-03-08', '2026-03-16'), c)).toBe(false);
    expect(isAffectedQuery(team.dayNotes('2026-03-08', '2026-03-16'), c)).toBe(false);
    expect(isAffectedQuery(team.staff(), c)).toBe(false);
    expect(isAffectedQuery(team.all, c)).toBe(false);
    expect(isAffectedQuery(queryKeys.teams(), c)).toBe(false);
    expect(isAffectedQuery(team.nextShift('2026-03-10', '09:00'), c)).toBe(true);
    expect(isAffectedQuery(team.shiftHistory('s1'), c)).toBe(true);
    expect(isAffectedQuery(team.shiftHistory('s2'), c)).toBe(false);
    // An open proposal follows the shifts: another administrator may accept its changes.
    expect(isAffectedQuery(team.proposals('p1'), c)).toBe(true);
    expect(isAffectedQuery(queryKeys.team('other-team').proposals('p1'), c)).toBe(false);
  });

  it('treats an open date range as every range', () => {
    const c = { ...change('shifts'), startDate: null, endDate: null };
    expect(isAffectedQuery(team.shifts('2020-01-01', '2020-01-07'), c)).toBe(true);
  });

  it('refetches the day notes of overlapping ranges only', () => {
    const c = change('day-notes');
    expect(isAffectedQuery(team.dayNotes('2026-03-09', '2026-03-15'), c)).toBe(true);
    expect(isAffectedQuery(team.dayNotes('2026-03-16', '2026-03-22'), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), c)).toBe(false);
  });

  it('refetches the lock, the staff list with its limits, and the team', () => {
    expect(isAffectedQuery(team.lockedUntil(), change('lock'))).toBe(true);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), change('lock'))).toBe(false);
    expect(isAffectedQuery(team.staff(), change('staff'))).toBe(true);
    expect(isAffectedQuery(team.staffLimits(), change('staff'))).toBe(true);
    expect(isAffectedQuery(team.lockedUntil(), change('staff'))).toBe(false);
    expect(isAffectedQuery(queryKeys.teams(), change('team'))).toBe(true);
    expect(isAffectedQuery(team.all, change('team'))).toBe(true);
    expect(isAffectedQuery(other.all, change('team'))).toBe(false);
    expect(isAffectedQuery(team.staff(), change('team'))).toBe(false);
    // The team's zone decides the week's lengths: its week and next shift are read again.
    expect(isAffectedQuery(team.shifts('2026-11-23', '2026-11-29'), change('team'))).toBe(true);
    expect(isAffectedQuery(team.nextShift('2026-11-23', '09:00'), change('team'))).toBe(true);
    expect(isAffectedQuery(other.shifts('2026-11-23', '2026-11-29'), change('team'))).toBe(false);
    expect(isAffectedQuery(queryKeys.session(), change('team'))).toBe(false);
  });

  it('refetches availability (the grid’s and one person’s) on an availability change', () => {
    const c = change('availability', ['st1']);
    expect(isAffectedQuery(team.availability('2026-03-01', '2026-03-07'), c)).toBe(true);
    expect(isAffectedQuery(team.staffAvailability('st1'), c)).toBe(true);
    expect(isAffectedQuery(other.availability('2026-03-01', '2026-03-07'), c)).toBe(false);
    expect(isAffectedQuery(team.staff(), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), c)).toBe(false);
  });

  it('refetches the staffing settings and the week’s check on a staffing change, not the agent’s logs', () => {
    const c = { ...change('staffing'), startDate: null, endDate: null };
    expect(isAffectedQuery(team.staffingSettings(), c)).toBe(true);
    expect(isAffectedQuery(team.validatePeriod('2026-03-09', '2026-03-15', 1), c)).toBe(true);
    expect(isAffectedQuery(team.agentLogs(1), c)).toBe(false);
    expect(isAffectedQuery(other.staffingSettings(), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), c)).toBe(false);
  });

  it('refetches the labour cost of any range on a change of shifts, requests, staff, rates or settings', () => {
    const week = team.labour('2026-03-16', '2026-03-22');
    // A shift outside the range still counts: the week's overtime depends on every shift in it.
    for (const kind of ['shifts', 'requests', 'staff', 'labour'] as const) {
      expect(isAffectedQuery(week, change(kind, ['x']))).toBe(true);
      expect(isAffectedQuery(other.labour('2026-03-16', '2026-03-22'), change(kind, ['x']))).toBe(false);
    }
    for (const kind of ['day-notes', 'lock', 'open-shifts', 'availability', 'staffing'] as const) {
      expect(isAffectedQuery(week, change(kind))).toBe(false);
    }
    // The team's currency or week start.
    expect(isAffectedQuery(week, change('team'))).toBe(true);
  });

  it('refetches pay rates and labour settings on a labour change only', () => {
    const c = change('labour', ['p1']);
    expect(isAffectedQuery(team.payRates('s1'), c)).toBe(true);
    expect(isAffectedQuery(team.labourSettings(), c)).toBe(true);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), c)).toBe(false);
    expect(isAffectedQuery(team.payRates('s1'), change('shifts', ['x']))).toBe(false);
    expect(isAffectedQuery(other.labourSettings(), c)).toBe(false);
  });

  it('refetches who is clocked in, the timesheets and the payroll on a time-clock change (issue 44)', () => {
    const c = change('time-clock', ['ts1']);
    expect(isAffectedQuery(team.clockedIn(), c)).toBe(true);
    expect(isAffectedQuery(team.myClock(), c)).toBe(true);
    expect(isAffectedQuery(team.timesheets('2026-03-09', '2026-03-15'), c)).toBe(true);
    expect(isAffectedQuery(team.timesheets('2026-03-16', '2026-03-22'), c)).toBe(false);
    expect(isAffectedQuery(team.rangeReport('payroll', { startDate: '2026-03-09' }), c)).toBe(true);
    expect(isAffectedQuery(team.rangeReport('leave', { startDate: '2026-03-09' }), c)).toBe(false);
    expect(isAffectedQuery(team.shifts('2026-03-09', '2026-03-15'), c)).toBe(false);
    expect(isAffectedQuery(team.labour('2026-03-09', '2026-03-15'), c)).toBe(false);
    expect(isAffectedQuery(other.clockedIn(), c)).toBe(false);
    // A shift changed (a sick call turned it to time off): the timesheets of its dates, by their schedule.
    expect(isAffectedQuery(team.timesheets('2026-03-09', '2026-03-15'), change('shifts', ['x']))).toBe(true);
    expect(isAffectedQuery(team.timesheets('2026-03-16', '2026-03-22'), change('shifts', ['x']))).toBe(false);
    expect(isAffectedQuery(team.clockedIn(), change('shifts', ['x']))).toBe(false);
  });

  it('refetches everything of the team and the team list on a resync, nothing of other teams', () => {
    const resync = { teamId, kind: 'all' as const };
    for (const key of [
      queryKeys.teams(),
      team.all,
      team.shifts('2026-03-09', '2026-03-15'),
      team.dayNotes('2026-03-09', '2026-03-15'),
      team.staffLimits(),
      team.requests(),
      team.lockedUntil(),
    ]) {
      expect(isAffectedQuery(key, resync)).toBe(true);
    }
    expect(isAffectedQuery(other.shifts('2026-03-09', '2026-03-15'), resync)).toBe(false);
    expect(isAffectedQuery(queryKeys.session(), resync)).toBe(false);
  });
});
