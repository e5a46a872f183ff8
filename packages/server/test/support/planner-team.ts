import type { Availability } from '@rotaboard/core/contracts/availability';
import { AgentRunResult } from '@rotaboard/core/contracts/proposals';
import { DEFAULT_STAFFING_RULES, type StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import type { StaffingEntry, StaffingStaff } from '@rotaboard/core/staffing/timeline';
import { validatePeriod } from '@rotaboard/core/staffing/validate';
import { expect } from 'vitest';
import { planAgentRun } from '../../src/modules/schedule-agent/agent/plan-run.ts';
import { newViolations } from '../../src/modules/schedule-agent/agent/rule-check.ts';
import type { AgentPlan, AgentPlanInput } from '../../src/modules/schedule-agent/agent/types.ts';
import type { TeamStaffingContext } from '../../src/modules/staffing/staffing-context.ts';

/** Small teams for the schedule agent's planner tests (schedule-agent-planner*.test.ts), no database. */

export type Team = {
  staff: (Partial<StaffingStaff> & { staffId: string; hours?: number | null })[];
  entries?: StaffingEntry[];
  coverage: StaffingSettings['coverage'];
  rules?: Partial<StaffingSettings['rules']>;
  availability?: Record<string, Availability>;
  weekStartDay?: number;
  lockedUntil?: string | null;
};

export function contextOf(team: Team): TeamStaffingContext {
  return {
    settings: { coverage: team.coverage, rules: { ...DEFAULT_STAFFING_RULES, ...team.rules } },
    staff: team.staff.map((s) => ({
      staffId: s.staffId,
      name: s.name ?? s.staffId,
      role: s.role ?? '',
      leavingDate: s.leavingDate ?? null,
    })),
    entries: team.entries ?? [],
    availability: new Map(Object.entries(team.availability ?? {})),
    weekStartDay: team.weekStartDay ?? 1,
    window: { from: '2000-01-01', to: '2100-01-01' },
    lockedUntil: team.lockedUntil ?? null,
    contractedHours: new Map(team.staff.map((s) => [s.staffId, s.hours ?? null])),
  };
}

export const slot = (
  weekday: number,
  startTime: string,
  endTime: string,
  staffCount = 1,
  role: string | null = null,
) => ({
  weekday,
  startTime,
  endTime,
  breakMinutes: 0,
  staffCount,
  role,
});

export function shift(
  staffId: string,
  shiftDate: string,
  startTime: string,
  endTime: string,
  id?: string,
): StaffingEntry {
  return {
    shiftId: id ?? `${staffId}-${shiftDate}-${startTime}`,
    staffId,
    shiftDate,
    startTime,
    endTime,
    breakMinutes: 0,
    isTimeOff: false,
    timeOffHours: null,
    timeOffDays: null,
  };
}

/** The plan's changes applied to the context's entries. */
export function applied(context: TeamStaffingContext, plan: AgentPlan): StaffingEntry[] {
  const removed = new Set(plan.changes.flatMap((c) => (c.kind === 'remove' ? [c.shiftId] : [])));
  return [
    ...context.entries.filter((e) => !removed.has(e.shiftId)),
    ...plan.changes.flatMap((c) =>
      c.kind === 'create'
        ? [{ shiftId: c.changeId, isTimeOff: false, timeOffHours: null, timeOffDays: null, ...c.shift }]
        : [],
    ),
  ];
}

/** Plans, then checks the plan brings no violation validate-period did not show before. */
export async function plan(
  team: Team,
  startDate: string,
  endDate: string,
  extra: Partial<AgentPlanInput> = {},
) {
  const context = contextOf(team);
  const result = await planAgentRun({ context, startDate, endDate, mode: 'fill', ...extra });
  // The answer keeps the contract exactly (unknown keys would be stripped, so compare).
  expect(AgentRunResult.omit({ proposalId: true }).parse(result)).toEqual(result);
  const period = { startDate, endDate };
  const before = validatePeriod(context, period);
  const after = validatePeriod({ ...context, entries: applied(context, result) }, period);
  const created = new Set(result.changes.map((c) => c.changeId));
  expect(newViolations(before.violations, after.violations, created)).toEqual([]);
  expect(after.summary.slotsFilled).toBe(result.coverageAfter.filled);
  const creates = result.changes.flatMap((c) => (c.kind === 'create' ? [c.shift] : []));
  return { result, creates, context };
}

export const MON = '2026-12-07';
export const TUE = '2026-12-08';
export const WED = '2026-12-09';
export const every = (startTime: string, endTime: string, staffCount = 1, role: string | null = null) =>
  [1, 2, 3, 4, 5, 6, 7].map((d) => slot(d, startTime, endTime, staffCount, role));
export const timeOff = (
  staffId: string,
  shiftDate: string,
  days: number | null,
  hours: number | null = null,
) => ({
  shiftId: `off-${staffId}-${shiftDate}`,
  staffId,
  shiftDate,
  startTime: null,
  endTime: null,
  breakMinutes: 0,
  isTimeOff: true,
  timeOffHours: hours,
  timeOffDays: days,
});
export const who = (creates: { staffId: string; shiftDate: string }[]) =>
  creates.map((c) => `${c.shiftDate} ${c.staffId}`).sort();
export const failing = async () => {
  throw new Error('HiGHS failed');
};
