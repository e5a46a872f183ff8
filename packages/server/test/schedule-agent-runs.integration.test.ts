import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { validatePeriod } from '@rotaboard/core/staffing/validate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shifts, teamStaffingSettings, teams } from '../src/db/schema.ts';
import { planAgentRun } from '../src/modules/schedule-agent/agent/plan-run.ts';
import { createShiftRepository } from '../src/modules/shifts/shift.repository.ts';
import { loadStaffingContext } from '../src/modules/staffing/staffing-context.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

/**
 * The real planner through the app (issue 25): a Pro team with coverage on every day, availability,
 * a leaver and a locked day. What the agent proposes, accepted whole, leaves the period with no
 * violation and the coverage the run promised; what it must not touch, it does not.
 */
const today = new Date().toISOString().slice(0, 10);
// A whole team week (Monday start) a few weeks ahead.
const monday = addDays(startOfWeek(today, 1), 21);
const sunday = addDays(monday, 6);

describe.each(engines)('schedule agent runs with the real planner on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The real planner with room to prove optimality: its default limit (about 0.3 s for a team this
    // small) is for people waiting on a quiet server; a busy CI machine may need longer to find the
    // swap that rebuild relies on. The model stops as soon as it is proven optimal.
    t = await createTestApp(
      engine,
      { MAGIC_LINK_RESEND_SECONDS: '0' },
      { agentPlanner: (input) => planAgentRun({ ...input, seconds: input.seconds ?? 20 }) },
    );
  });
  afterAll(async () => t.close());

  let n = 0;
  async function world() {
    const owner = client(t.app, await signIn(t.app, `owner.${++n}@pro-domain.test`));
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    const people: Record<string, string> = {};
    for (const [firstName, role] of [
      ['Ana', 'Barista'],
      ['Ben', 'Barista'],
      ['Cy', 'Cook'],
      ['Di', 'Cook'],
      ['Ed', 'Barista'],
    ]) {
      people[firstName!] = (await owner('POST', `${base}/staff`, { firstName, role })).json().staffId;
    }
    // Two slots a day: a barista in the morning, anyone in the evening.
    await t.database.db.insert(teamStaffingSettings).values({
      teamId: team.teamId,
      settings: {
        coverage: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
          { weekday, startTime: '07:00', endTime: '15:00', breakMinutes: 30, staffCount: 1, role: 'barista' },
          { weekday, startTime: '15:00', endTime: '23:00', breakMinutes: 30, staffCount: 1, role: null },
        ]),
        rules: {
          minRestHours: { value: 11, strict: true },
          maxWeeklyHours: { value: 24, strict: false },
          maxConsecutiveDays: { value: 4, strict: false },
          minShiftHours: { value: 3, strict: false },
          maxShiftHours: { value: 12, strict: false },
        },
      },
    });
    return { owner, base, teamId: team.teamId as string, people };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const rowsOf = (teamId: string) => t.database.db.select().from(shifts).where(eq(shifts.teamId, teamId));
  async function validation(w: World) {
    const [team] = await t.database.db.select().from(teams).where(eq(teams.id, w.teamId));
    const context = await loadStaffingContext(t.database.db, createShiftRepository, team!, monday, sunday);
    return validatePeriod(context, { startDate: monday, endDate: sunday });
  }

  it('fills an empty week with changes that break no rule, and accepting them all keeps it so', async () => {
    const w = await world();
    // Ana cannot work Wednesdays; Ed leaves on Tuesday; the Monday is locked.
    expect(
      (
        await w.owner('PUT', `${w.base}/staff/${w.people.Ana}/availability`, {
          weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
          dates: [],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await w.owner('DELETE', `${w.base}/staff/${w.people.Ed}?leavingDate=${addDays(monday, 1)}`))
        .statusCode,
    ).toBe(200);
    await t.database.db.update(teams).set({ lockedUntil: monday }).where(eq(teams.id, w.teamId));

    const res = await w.owner('POST', `${w.base}/schedule-agent/runs`, {
      startDate: monday,
      endDate: sunday,
    });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(['optimal', 'time-limit', 'fallback']).toContain(plan.solver.status);
    expect(plan.coverageBefore).toEqual({ needed: 14, filled: 0 });
    const creates = plan.changes.filter((c: { kind: string }) => c.kind === 'create');
    expect(creates.length).toBe(plan.coverageAfter.filled);
    for (const change of creates) {
      expect(change.reason).toMatch(/covers/);
      expect(change.shift.shiftDate > monday, 'nothing on the locked Monday').toBe(true);
      if (change.shift.staffId === w.people.Ana) expect(change.shift.shiftDate).not.toBe(addDays(monday, 2));
      if (change.shift.staffId === w.people.Ed)
        expect(change.shift.shiftDate <= addDays(monday, 1)).toBe(true);
    }
    // The two Monday slots stay uncovered, and say why.
    const mondayGaps = plan.uncovered.filter((u: { date: string }) => u.date === monday);
    expect(mondayGaps).toHaveLength(2);
    for (const gap of plan.uncovered) expect(gap.reason.length).toBeGreaterThan(5);

    const accept = await w.owner('POST', `${w.base}/proposals/${plan.proposalId}/accept`, {
      changeIds: plan.changes.map((c: { changeId: string }) => c.changeId),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().failed).toEqual([]);
    expect(await rowsOf(w.teamId)).toHaveLength(creates.length);

    const after = await validation(w);
    expect(after.violations).toEqual([]);
    expect(after.summary.slotsFilled).toBe(plan.coverageAfter.filled);

    // A second fill finds nothing more it may do, and says the week is as full as it can be.
    const again = (
      await w.owner('POST', `${w.base}/schedule-agent/runs`, { startDate: monday, endDate: sunday })
    ).json();
    expect(again.changes).toEqual([]);
    expect(again.coverageBefore).toEqual(plan.coverageAfter);
  });

  it('rebuild may remove shifts in the way of coverage; fill never removes', async () => {
    const w = await world();
    // Every barista has a short midday shift on Thursday: nobody is left for the 07:00–15:00 barista slot.
    const thursday = addDays(monday, 3);
    const midday: string[] = [];
    for (const name of ['Ana', 'Ben', 'Ed']) {
      const res = await w.owner('POST', `${w.base}/shifts`, {
        staffId: w.people[name],
        shiftDate: thursday,
        startTime: '10:00',
        endTime: '14:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      midday.push(res.json().shiftId);
    }
    const run = async (mode: string) =>
      (
        await w.owner('POST', `${w.base}/schedule-agent/runs`, { startDate: monday, endDate: sunday, mode })
      ).json();

    const fill = await run('fill');
    expect(fill.changes.every((c: { kind: string }) => c.kind === 'create')).toBe(true);
    const gap = fill.uncovered.find(
      (u: { date: string; startTime: string }) => u.date === thursday && u.startTime === '07:00',
    );
    expect(gap?.reason).toMatch(/working/);

    const rebuild = await run('rebuild');
    const removes = rebuild.changes.filter((c: { kind: string }) => c.kind === 'remove');
    expect(removes.length).toBeGreaterThan(0);
    for (const remove of removes) {
      expect(midday).toContain(remove.shiftId);
      expect(remove.reason.length).toBeGreaterThan(5);
    }
    expect(rebuild.coverageAfter.filled).toBeGreaterThan(fill.coverageAfter.filled);
  });
});
