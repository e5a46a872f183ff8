import { addDays } from '@rotaboard/core/dates/week';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shifts, teamStaffingSettings } from '../src/db/schema.ts';
import type { Planner } from '../src/modules/schedule-agent/runs.service.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

/**
 * Proposals and the agent's runs (issue 25), with a planner that answers a known plan, so that what is
 * tested here is the keeping, accepting, rejecting and undoing of changes: every staff member gets
 * 09:00–17:00 on the run's first day, and (mode rebuild) every existing shift in the period is removed.
 * The real planner is tested in schedule-agent-planner.test.ts and through the app in
 * schedule-agent-runs.integration.test.ts.
 */
const knownPlanner: Planner = async ({ context, startDate, endDate, mode }) => {
  const creates = context.staff.map((person, i) => ({
    changeId: `c${i + 1}`,
    kind: 'create' as const,
    shift: {
      staffId: person.staffId,
      shiftDate: startDate,
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
    },
    reason: `covers ${startDate} 09:00–17:00`,
  }));
  const removes =
    mode === 'rebuild'
      ? context.entries
          .filter((entry) => entry.shiftDate >= startDate && entry.shiftDate <= endDate && !entry.isTimeOff)
          .map((entry, i) => ({
            changeId: `r${i + 1}`,
            kind: 'remove' as const,
            shiftId: entry.shiftId,
            reason: 'not needed by coverage',
          }))
      : [];
  return {
    changes: [...creates, ...removes],
    uncovered: [
      {
        date: startDate,
        startTime: '17:00',
        endTime: '23:00',
        role: null,
        missing: 1,
        reason: 'Nobody is available',
      },
    ],
    coverageBefore: { needed: 4, filled: 0 },
    coverageAfter: { needed: 4, filled: 3 },
    hours: context.staff.map((person) => ({
      staffId: person.staffId,
      minutes: 450,
      contractedMinutes: null,
    })),
    solver: { status: 'optimal', ms: 5 },
  };
};

const today = new Date().toISOString().slice(0, 10);
const D = (days: number) => addDays(today, days);

describe.each(engines)('schedule agent runs and proposals on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { agentPlanner: knownPlanner });
  });
  afterAll(async () => t.close());

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /** A team with the owner (not on the rota), a joined administrator, a joined member of staff and one more. */
  async function world(plan: 'free' | 'pro' = 'pro') {
    const owner = client(
      t.app,
      await signIn(t.app, address('owner', plan === 'pro' ? 'pro-domain.test' : 'example.com')),
    );
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    const join = async (firstName: string, isAdmin: boolean) => {
      const email = address(firstName.toLowerCase());
      const row = (await owner('POST', `${base}/staff`, { firstName, email, isAdmin })).json();
      expect((await owner('POST', `${base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email) },
      });
      return { call: client(t.app, await signIn(t.app, email, null)), staffId: row.staffId as string };
    };
    const admin = plan === 'pro' ? await join('Ana', true) : null;
    const worker = await join('Ben', false);
    const extra = (await owner('POST', `${base}/staff`, { firstName: 'Cy' })).json().staffId as string;
    return { owner, base, teamId: team.teamId as string, admin, worker, extra };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const run = (w: World, body: object = { startDate: D(7), endDate: D(13), mode: 'fill' }) =>
    w.owner('POST', `${w.base}/schedule-agent/runs`, body);
  const shiftsOf = (teamId: string) => t.database.db.select().from(shifts).where(eq(shifts.teamId, teamId));

  it('runs the agent: 201 with the proposal, nothing written, all pending; logged', async () => {
    const w = await world();
    const res = await run(w);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.proposalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.changes).toHaveLength(3);
    expect(body.solver).toEqual({ status: 'optimal', ms: 5 });
    expect(await shiftsOf(w.teamId)).toHaveLength(0);

    const proposal = (await w.owner('GET', `${w.base}/proposals/${body.proposalId}`)).json();
    expect(proposal.source).toBe('agent');
    expect(proposal.mode).toBe('fill');
    expect(proposal.undone).toBe(false);
    expect(proposal.uncovered[0].reason).toBe('Nobody is available');
    expect(proposal.changes.map((c: { state: string }) => c.state)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);

    const logs = (await w.owner('GET', `${w.base}/schedule-agent/logs`)).json();
    expect(logs.total).toBe(1);
    expect(logs.items[0]).toMatchObject({
      proposalId: body.proposalId,
      startDate: D(7),
      endDate: D(13),
      mode: 'fill',
      proposed: 3,
      accepted: 0,
      rejected: 0,
      coverageBefore: { needed: 4, filled: 0 },
      coverageAfter: { needed: 4, filled: 3 },
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'proposal'), eq(auditLog.entityId, body.proposalId)));
    expect(audit?.action).toBe('CREATE');
  });

  it('accepts changes one by one, rejects one, and undo takes back what the accepts did', async () => {
    const w = await world();
    const { proposalId } = (await run(w)).json();
    const at = `${w.base}/proposals/${proposalId}`;

    const accepted = await w.admin!.call('POST', `${at}/accept`, { changeIds: ['c1', 'c2'] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { accepted: made, failed } = accepted.json();
    expect(failed).toEqual([]);
    expect(made.map((a: { changeId: string }) => a.changeId)).toEqual(['c1', 'c2']);
    const rows = await shiftsOf(w.teamId);
    expect(rows.map((row) => row.id).sort()).toEqual(made.map((a: { shiftId: string }) => a.shiftId).sort());
    expect(rows[0]).toMatchObject({
      shiftDate: D(7),
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 30,
    });
    // Through the shift service: each made shift has its CREATE row.
    const shiftAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'shift'));
    expect(shiftAudit.filter((row) => rows.some((r) => r.id === row.entityId))).toHaveLength(2);

    // Accepting again is refused per change, and changes nothing.
    const again = (await w.owner('POST', `${at}/accept`, { changeIds: ['c1', 'nope'] })).json();
    expect(again.accepted).toEqual([]);
    expect(again.failed).toEqual([
      { changeId: 'c1', message: 'This change was already accepted' },
      { changeId: 'nope', message: 'This proposal has no such change' },
    ]);

    expect((await w.owner('POST', `${at}/reject`, { changeIds: ['c3', 'c1'] })).json()).toEqual({
      rejected: ['c3'],
    });
    const late = (await w.owner('POST', `${at}/accept`, { changeIds: ['c3'] })).json();
    expect(late.failed).toEqual([{ changeId: 'c3', message: 'This change was rejected' }]);

    const view = (await w.owner('GET', at)).json();
    expect(view.changes.map((c: { changeId: string; state: string }) => [c.changeId, c.state])).toEqual([
      ['c1', 'accepted'],
      ['c2', 'accepted'],
      ['c3', 'rejected'],
    ]);
    expect(view.changes[0].createdShiftId).toBe(made[0].shiftId);
    const log = (await w.owner('GET', `${w.base}/schedule-agent/logs`)).json().items[0];
    expect(log).toMatchObject({ proposed: 3, accepted: 2, rejected: 1 });

    const undo = await w.owner('POST', `${at}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ undone: ['c2', 'c1'], failed: [] });
    expect(await shiftsOf(w.teamId)).toHaveLength(0);
    const after = (await w.owner('GET', at)).json();
    expect(after.undone).toBe(true);
    expect(after.changes.map((c: { state: string }) => c.state)).toEqual(['pending', 'pending', 'rejected']);
    // Nothing left to undo.
    const none = await w.owner('POST', `${at}/undo`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/nothing to undo/);
  });

  it('re-checks each change as the schedule is now: a clash, a day locked since, a rule broken since', async () => {
    const w = await world();
    const { proposalId, changes } = (await run(w)).json();
    const at = `${w.base}/proposals/${proposalId}`;
    // Ben got a shift by hand meanwhile that overlaps the proposed one.
    const ben = changes.find((c: { shift: { staffId: string } }) => c.shift.staffId === w.worker.staffId);
    const byHand = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.worker.staffId,
      shiftDate: D(7),
      startTime: '12:00',
      endTime: '20:00',
    });
    expect(byHand.statusCode).toBe(201);
    const clash = (await w.owner('POST', `${at}/accept`, { changeIds: [ben.changeId] })).json();
    expect(clash.accepted).toEqual([]);
    expect(clash.failed[0].message).toMatch(/clashes with Ben/);
    expect(
      (await w.owner('GET', at))
        .json()
        .changes.find((c: { changeId: string }) => c.changeId === ben.changeId),
    ).toMatchObject({ state: 'failed', failure: expect.stringMatching(/clashes/) });
    expect(await shiftsOf(w.teamId)).toHaveLength(1);

    // A non-strict rule set since: shifts of at most 4 h. Hand edits are only warned; the agent's are refused.
    await t.database.db.insert(teamStaffingSettings).values({
      teamId: w.teamId,
      settings: { coverage: [], rules: { maxShiftHours: { value: 4, strict: false } } },
    });
    const rule = (await w.owner('POST', `${at}/accept`, { changeIds: ['c1'] })).json();
    expect(rule.failed[0].message).toMatch(/the maximum is 4 h/);
    await t.database.db.delete(teamStaffingSettings).where(eq(teamStaffingSettings.teamId, w.teamId));

    // The day is locked since the run.
    expect(
      (
        await w.owner('PUT', `${w.base}/shifts/locked-until`, {
          lockedUntil: D(7),
          hideScheduleAfterLock: false,
        })
      ).statusCode,
    ).toBe(200);
    const locked = (await w.owner('POST', `${at}/accept`, { changeIds: ['c1'] })).json();
    expect(locked.failed[0].message).toMatch(/is locked/);
    expect(await shiftsOf(w.teamId)).toHaveLength(1);
  });

  it('rebuild removes shifts, and undo puts them back as they were', async () => {
    const w = await world();
    const made = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.extra,
      shiftDate: D(9),
      startTime: '06:00',
      endTime: '10:00',
      notes: 'Deliveries',
    });
    const shiftId = made.json().shiftId as string;
    const { proposalId, changes } = (
      await run(w, { startDate: D(7), endDate: D(13), mode: 'rebuild' })
    ).json();
    expect(changes.find((c: { kind: string }) => c.kind === 'remove')).toMatchObject({
      changeId: 'r1',
      shiftId,
    });
    const at = `${w.base}/proposals/${proposalId}`;
    expect((await w.owner('POST', `${at}/accept`, { changeIds: ['r1'] })).json()).toEqual({
      accepted: [{ changeId: 'r1', shiftId: null }],
      failed: [],
    });
    expect(await shiftsOf(w.teamId)).toHaveLength(0);
    expect((await w.owner('POST', `${at}/undo`)).json()).toEqual({ undone: ['r1'], failed: [] });
    const [back] = await shiftsOf(w.teamId);
    expect(back).toMatchObject({
      staffId: w.extra,
      shiftDate: D(9),
      startTime: '06:00:00',
      notes: 'Deliveries',
    });
  });

  it('makes one shift when two people accept the same change at once', async () => {
    const w = await world();
    const { proposalId } = (await run(w)).json();
    const at = `${w.base}/proposals/${proposalId}/accept`;
    const [a, b] = await Promise.all([
      w.owner('POST', at, { changeIds: ['c1'] }),
      w.admin!.call('POST', at, { changeIds: ['c1'] }),
    ]);
    const accepted = [a.json(), b.json()].flatMap((body) => body.accepted);
    expect(accepted).toHaveLength(1);
    expect(await shiftsOf(w.teamId)).toHaveLength(1);
  });

  it('is for owners and administrators on Pro: staff 403, outsiders and other teams 404, Free 403 naming Pro', async () => {
    const w = await world();
    const { proposalId } = (await run(w)).json();
    const at = `${w.base}/proposals/${proposalId}`;
    for (const [method, url, body] of [
      ['POST', `${w.base}/schedule-agent/runs`, { startDate: D(7), endDate: D(13) }],
      ['GET', `${w.base}/schedule-agent/logs`, undefined],
      ['GET', at, undefined],
      ['POST', `${at}/accept`, { changeIds: ['c1'] }],
      ['POST', `${at}/reject`, { changeIds: ['c1'] }],
      ['POST', `${at}/undo`, undefined],
    ] as const) {
      expect((await w.worker.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const outsider = client(t.app, await signIn(t.app, address('outsider')));
      expect((await outsider(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Another team's owner cannot reach this proposal through their own team.
    const other = await world();
    expect((await other.owner('GET', `${other.base}/proposals/${proposalId}`)).statusCode).toBe(404);

    const free = await world('free');
    const refused = await run(free);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Pro/);
    expect((await free.owner('GET', `${free.base}/schedule-agent/logs`)).json().message).toMatch(/Pro/);
    expect(await shiftsOf(w.teamId)).toHaveLength(0);
  });

  it('answers bad input with 400 naming the field and keeps nothing', async () => {
    const w = await world();
    for (const body of [
      { startDate: D(7), endDate: D(6) },
      { startDate: D(7), endDate: D(70) },
      { startDate: D(7), endDate: D(8), mode: 'everything' },
      { startDate: 'soon', endDate: D(8) },
      {},
    ]) {
      const res = await run(w, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await w.owner('GET', `${w.base}/schedule-agent/logs`)).json().total).toBe(0);
    const { proposalId } = (await run(w)).json();
    const at = `${w.base}/proposals/${proposalId}`;
    expect((await w.owner('POST', `${at}/accept`, { changeIds: [] })).statusCode).toBe(400);
    expect((await w.owner('POST', `${at}/accept`, { changeIds: 'c1' })).statusCode).toBe(400);
    expect((await w.owner('POST', `${at}/accept`, {})).statusCode).toBe(400);
    const unknown = await w.owner('POST', `${at}/reject`, { changeIds: ['zzz'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/no such change/);
    expect((await w.owner('GET', `${w.base}/proposals/not-a-uuid`)).statusCode).toBe(400);
    expect(
      (await w.owner('GET', `${w.base}/proposals/00000000-0000-4000-8000-000000000001`)).statusCode,
    ).toBe(404);
    expect((await w.owner('GET', `${w.base}/schedule-agent/logs?limit=0`)).statusCode).toBe(400);
    expect(await shiftsOf(w.teamId)).toHaveLength(0);
  });
});
