import { DEFAULT_STAFFING_RULES } from '@rotaboard/core/contracts/schedule-agent';
import { addDays } from '@rotaboard/core/dates/week';
import { STAFFING_RULES_ARE_PRO } from '@rotaboard/core/plans/plan-limits';
import { dateLabel } from '@rotaboard/core/staffing/timeline';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teamStaffingSettings, users } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, onlyRules, staffingWorld, weekAhead } from './support/staffing-world.ts';

const ISSUE_EXAMPLE = {
  coverage: [
    { weekday: 1, startTime: '07:00', endTime: '15:00', breakMinutes: 30, staffCount: 2, role: null },
  ],
  rules: DEFAULT_STAFFING_RULES,
};

/**
 * GET/PUT /api/teams/{id}/schedule-agent and POST …/validate-period (issue 25): owner and
 * administrators on Pro; staff 403, outsiders 404, Free 403 naming Pro. Strict rules on hand edits:
 * strict-rules.integration.test.ts.
 */
describe.each(engines)('staffing settings and validate-period on %s', (engine) => {
  let t: TestApp;
  let agentCookie = '';
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
  }, 60_000);
  afterAll(async () => t?.close());

  const stored = (teamId: string) =>
    t.database.db.select().from(teamStaffingSettings).where(eq(teamStaffingSettings.teamId, teamId));
  const teamAudits = (teamId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, teamId)))
      // In the order written: without it the table's own order is the database's to choose.
      .orderBy(asc(auditLog.changedAt), asc(auditLog.id));

  it('gives the defaults until saved, then what was saved, to the owner and administrators', async () => {
    const w = await staffingWorld(t);
    const url = `${w.base}/schedule-agent`;
    const first = await w.owner('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ coverage: [], rules: DEFAULT_STAFFING_RULES });

    const put = await w.admin!.call('PUT', url, ISSUE_EXAMPLE);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.owner('GET', url)).json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.admin!.call('GET', url)).json()).toEqual(ISSUE_EXAMPLE);

    // Left out: the defaults; times with seconds are cut to minutes and a blank role is anyone.
    const second = await w.owner('PUT', url, {
      coverage: [{ weekday: 7, startTime: '22:00:00', endTime: '06:00', staffCount: 1, role: '  ' }],
    });
    expect(second.json()).toEqual({
      coverage: [
        { weekday: 7, startTime: '22:00', endTime: '06:00', breakMinutes: 0, staffCount: 1, role: null },
      ],
      rules: DEFAULT_STAFFING_RULES,
    });
    expect(await stored(w.teamId)).toHaveLength(1);
  });

  it('refuses staff (403), outsiders and other teams’ owners (404), and the signed out (401)', async () => {
    const w = await staffingWorld(t);
    await w.owner('PUT', `${w.base}/schedule-agent`, ISSUE_EXAMPLE);
    const period = { startDate: weekAhead(), endDate: addDays(weekAhead(), 6) };
    const outsider = client(t.app, await signIn(t.app, address('outsider', 'pro-domain.test')));
    const elsewhere = await staffingWorld(t);
    for (const [who, call, status] of [
      ['staff', w.pat.call, 403],
      ['outsider', outsider, 404],
      ['another team’s owner', elsewhere.owner, 404],
      ['signed out', client(t.app), 401],
    ] as const) {
      expect((await call('GET', `${w.base}/schedule-agent`)).statusCode, who).toBe(status);
      expect((await call('PUT', `${w.base}/schedule-agent`, { coverage: [] })).statusCode, who).toBe(status);
      const validate = await call('POST', `${w.base}/schedule-agent/validate-period`, period);
      expect(validate.statusCode, who).toBe(status);
    }
    const staff = await w.pat.call('GET', `${w.base}/schedule-agent`);
    expect(staff.json().message).toBe('Only the team owner and administrators can do this');
    expect((await w.owner('GET', `${w.base}/schedule-agent`)).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('refuses a Free team (403 naming Pro), saves nothing, and keeps Pro settings after a downgrade', async () => {
    const free = await staffingWorld(t, { plan: 'free' });
    const period = { startDate: weekAhead(), endDate: addDays(weekAhead(), 6) };
    for (const res of [
      await free.owner('GET', `${free.base}/schedule-agent`),
      await free.owner('PUT', `${free.base}/schedule-agent`, ISSUE_EXAMPLE),
      await free.owner('POST', `${free.base}/schedule-agent/validate-period`, period),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT', message: STAFFING_RULES_ARE_PRO });
    }
    expect(STAFFING_RULES_ARE_PRO).toContain('Pro');
    expect(await stored(free.teamId)).toEqual([]);
    expect(await teamAudits(free.teamId)).toHaveLength(1); // the team's creation only

    // A paying owner saves settings, then the subscription ends: refused, and kept for an upgrade.
    const email = address('payer');
    const paid = await staffingWorld(t, { plan: 'free', ownerEmail: email });
    const billing = (status: 'active' | 'cancelled') =>
      t.database.db
        .update(users)
        .set({ billingProvider: 'demo', billingStatus: status })
        .where(eq(users.email, email));
    await billing('active');
    expect((await paid.owner('PUT', `${paid.base}/schedule-agent`, ISSUE_EXAMPLE)).statusCode).toBe(200);
    await billing('cancelled');
    const after = await paid.owner('GET', `${paid.base}/schedule-agent`);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(STAFFING_RULES_ARE_PRO);
    expect((await paid.owner('POST', `${paid.base}/schedule-agent/validate-period`, period)).statusCode).toBe(
      403,
    );
    expect((await stored(paid.teamId))[0]?.settings).toEqual(ISSUE_EXAMPLE);
    await billing('active');
    expect((await paid.owner('GET', `${paid.base}/schedule-agent`)).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('refuses bad settings with 400 naming the field, and saves nothing', async () => {
    const w = await staffingWorld(t);
    const url = `${w.base}/schedule-agent`;
    await w.owner('PUT', url, ISSUE_EXAMPLE);
    const slot = ISSUE_EXAMPLE.coverage[0]!;
    const rule = (name: string, value: unknown) => ({
      coverage: [],
      rules: { ...DEFAULT_STAFFING_RULES, [name]: value },
    });
    /** Each: the body, the field the answer names, and what its message says. */
    const cases: [unknown, string, string][] = [
      [{ coverage: [{ ...slot, weekday: 0 }] }, 'coverage.0.weekday', '1 (Monday) to 7 (Sunday)'],
      [{ coverage: [{ ...slot, weekday: 8 }] }, 'coverage.0.weekday', '1 (Monday) to 7 (Sunday)'],
      [{ coverage: [{ ...slot, startTime: '24:00' }] }, 'coverage.0.startTime', 'HH:MM'],
      [{ coverage: [{ ...slot, endTime: 'noon' }] }, 'coverage.0.endTime', 'HH:MM'],
      [{ coverage: [{ ...slot, endTime: '07:00' }] }, 'coverage.0.endTime', 'must differ'],
      [{ coverage: [{ ...slot, breakMinutes: -5 }] }, 'coverage.0.breakMinutes', 'cannot be negative'],
      [{ coverage: [{ ...slot, breakMinutes: 480 }] }, 'coverage.0.breakMinutes', 'shorter than the slot'],
      [{ coverage: [{ ...slot, staffCount: 0 }] }, 'coverage.0.staffCount', 'at least 1'],
      [{ coverage: [{ ...slot, staffCount: 101 }] }, 'coverage.0.staffCount', 'at most 100'],
      [{ coverage: [{ ...slot, staffCount: 1.5 }] }, 'coverage.0.staffCount', 'whole number'],
      [{ coverage: [{ ...slot, role: 'x'.repeat(51) }] }, 'coverage.0.role', 'at most 50'],
      [{ coverage: [{ ...slot, role: 'a\nb' }] }, 'coverage.0.role', 'Role'],
      [{ coverage: [slot, { ...slot, staffCount: 1 }] }, 'coverage.1', 'raise its staffCount'],
      [
        { coverage: Array.from({ length: 201 }, (_, i) => ({ ...slot, staffCount: (i % 100) + 1 })) },
        'coverage',
        'At most 200',
      ],
      [{ coverage: 'mornings' }, 'coverage', 'expected array'],
      [
        rule('minRestHours', { value: 49, strict: true }),
        'rules.minRestHours.value',
        'minRestHours must be 0 to 48',
      ],
      [
        rule('minRestHours', { value: 11, strict: 'yes' }),
        'rules.minRestHours.strict',
        'strict must be true or false',
      ],
      [
        rule('maxWeeklyHours', { value: 0, strict: false }),
        'rules.maxWeeklyHours.value',
        'maxWeeklyHours must be 1 to 168',
      ],
      [rule('maxWeeklyHours', { value: 7.51, strict: false }), 'rules.maxWeeklyHours.value', 'whole minutes'],
      [
        rule('maxConsecutiveDays', { value: 2.5, strict: false }),
        'rules.maxConsecutiveDays.value',
        '1 to 31',
      ],
      [
        rule('minShiftHours', { value: 13, strict: false }),
        'rules.minShiftHours.value',
        'cannot be more than maxShiftHours',
      ],
      [rule('maxShiftHours', { value: 25, strict: false }), 'rules.maxShiftHours.value', '0 to 24'],
      [rule('maxShiftHours', { value: '12', strict: false }), 'rules.maxShiftHours.value', '0 to 24'],
    ];
    for (const [body, path, message] of cases) {
      const res = await w.owner('PUT', url, body);
      const what = JSON.stringify(body).slice(0, 120);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().errors[0].path, what).toBe(path);
      expect(res.json().message, what).toContain(message);
    }
    expect((await w.owner('GET', url)).json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.owner('PUT', `/api/teams/not-a-team/schedule-agent`, ISSUE_EXAMPLE)).statusCode).toBe(
      400,
    );
  });

  it('audits each change of the settings as an UPDATE of the team, and none when unchanged', async () => {
    const w = await staffingWorld(t);
    const before = (await teamAudits(w.teamId)).length;
    await w.owner('PUT', `${w.base}/schedule-agent`, ISSUE_EXAMPLE);
    const rows = await teamAudits(w.teamId);
    expect(rows).toHaveLength(before + 1);
    // Only the coverage changed from the defaults.
    expect(rows.at(-1)).toMatchObject({
      action: 'UPDATE',
      changedBy: w.ownerId,
      onBehalfOf: null,
      oldValues: { coverage: [] },
      newValues: { coverage: ISSUE_EXAMPLE.coverage },
    });
    await w.owner('PUT', `${w.base}/schedule-agent`, ISSUE_EXAMPLE);
    expect(await teamAudits(w.teamId)).toHaveLength(before + 1);
    // The owner's audit report lists it as a change of the team (the web app labels it "Coverage").
    const report = (await w.owner('GET', `${w.base}/reports/audit?limit=100`)).json();
    expect(report.entries[0]).toMatchObject({
      action: 'UPDATE',
      domain: 'team',
      newValues: { coverage: ISSUE_EXAMPLE.coverage },
    });
  });

  it('in support mode saves as the user, audited as the agent on their behalf', async () => {
    const w = await staffingWorld(t);
    await w.owner('POST', '/api/support/tickets', { title: 'Rules', message: 'Please set them' });
    const started = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${w.ownerId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const as = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    const body = {
      ...ISSUE_EXAMPLE,
      rules: { ...DEFAULT_STAFFING_RULES, maxWeeklyHours: { value: 40, strict: true } },
    };
    const res = await as('PUT', `${w.base}/schedule-agent`, body);
    expect(res.statusCode, res.body).toBe(200);
    const agentId = (await client(t.app, agentCookie)('GET', '/api/auth/me')).json().user.id;
    const row = (await teamAudits(w.teamId)).at(-1)!;
    expect(row).toMatchObject({ action: 'UPDATE', changedBy: agentId, onBehalfOf: w.ownerId });
    expect(row.newValues).toEqual({ coverage: body.coverage, staffingRules: body.rules });
  });

  it('validates a real schedule: rest across midnight, weekly hours from a Wednesday, coverage counts', async () => {
    const w = await staffingWorld(t, { weekStartDay: 3 });
    const wed = weekAhead(3);
    const day = (n: number) => addDays(wed, n); // 0 Wed, 1 Thu, 2 Fri, 3 Sat, 4 Sun, 5 Mon, 6 Tue
    const url = `${w.base}/schedule-agent`;
    const coverage = [
      { weekday: 5, startTime: '07:00', endTime: '15:00', staffCount: 2, role: null },
      { weekday: 5, startTime: '07:00', endTime: '15:00', staffCount: 1, role: 'COOK' },
    ];
    // Rest not strict while the schedule is built (a strict rule would refuse Friday's shift).
    const rules = onlyRules({
      minRestHours: { value: 11, strict: false },
      maxWeeklyHours: { value: 20, strict: false },
    });
    expect((await w.owner('PUT', url, { coverage, rules })).statusCode).toBe(200);
    const late = await addShift(w.owner, w.base, w.pat.staffId, day(1), '14:00', '22:00');
    const early = await addShift(w.owner, w.base, w.pat.staffId, day(2), '06:00', '15:00');
    // Sam: Friday (not the whole slot), then Saturday to Tuesday: 8 + 4 × 6 = 32 h in one Wednesday week.
    const samIds = [await addShift(w.owner, w.base, w.sam.staffId, day(2), '08:00', '16:00')];
    for (const n of [3, 4, 5, 6])
      samIds.push(await addShift(w.owner, w.base, w.sam.staffId, day(n), '09:00', '15:00'));

    const period = { startDate: wed, endDate: day(6) };
    const res = await w.admin!.call('POST', `${url}/validate-period`, period);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.violations).toEqual([
      {
        rule: 'rest',
        strict: false,
        staffId: w.pat.staffId,
        dates: [day(1), day(2)],
        shiftIds: [late, early],
        message: 'Pat has 8 h between shifts (Thu 22:00 to Fri 06:00); the minimum is 11 h',
      },
      {
        rule: 'weekly-hours',
        strict: false,
        staffId: w.sam.staffId,
        dates: [day(2), day(3), day(4), day(5), day(6)],
        shiftIds: samIds,
        message: `Sam works 32 h in the week of ${dateLabel(wed)}; the maximum is 20 h`,
      },
    ]);
    expect(result.coverage).toEqual([
      {
        date: day(2),
        startTime: '07:00',
        endTime: '15:00',
        role: null,
        needed: 2,
        assigned: 1,
        staffIds: [w.pat.staffId],
      },
      {
        date: day(2),
        startTime: '07:00',
        endTime: '15:00',
        role: 'COOK',
        needed: 1,
        assigned: 1,
        staffIds: [w.pat.staffId],
      },
    ]);
    expect(result.summary).toEqual({ violations: 2, strictViolations: 0, slotsNeeded: 3, slotsFilled: 2 });

    // Made strict, the same breach is counted as strict (validation reads the settings as they are).
    const strict = { ...rules, minRestHours: { value: 11, strict: true } };
    await w.owner('PUT', url, { coverage, rules: strict });
    const again = (await w.owner('POST', `${url}/validate-period`, period)).json();
    expect(again.summary).toMatchObject({ violations: 2, strictViolations: 1 });
    // Two weeks: the slot on both Fridays.
    const two = (
      await w.owner('POST', `${url}/validate-period`, { startDate: wed, endDate: day(13) })
    ).json();
    expect(two.summary).toMatchObject({ slotsNeeded: 6, slotsFilled: 2 });
  });

  it('refuses a bad period with 400 naming the field', async () => {
    const w = await staffingWorld(t);
    const url = `${w.base}/schedule-agent/validate-period`;
    const start = weekAhead();
    const cases: [unknown, string, string][] = [
      [{ startDate: start, endDate: addDays(start, -1) }, 'endDate', 'on or before endDate'],
      [{ startDate: start, endDate: addDays(start, 62) }, 'endDate', 'at most 62 days'],
      [{ startDate: '2026-02-30', endDate: start }, 'startDate', 'YYYY-MM-DD'],
      [{ startDate: start }, 'endDate', ''],
    ];
    for (const [body, path, message] of cases) {
      const res = await w.owner('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
      expect(res.json().message).toContain(message);
    }
    expect((await w.owner('POST', url, { startDate: start, endDate: addDays(start, 61) })).statusCode).toBe(
      200,
    );
  });

  it('answers everyone’s availability for a range to the owner and administrators, on every plan', async () => {
    for (const plan of ['pro', 'free'] as const) {
      const w = await staffingWorld(t, { plan });
      const start = weekAhead();
      const set = {
        weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
        dates: [
          { date: addDays(start, 1), startTime: '12:00', endTime: '18:00', kind: 'preferred' },
          { date: addDays(start, 9), startTime: null, endTime: null, kind: 'unavailable' },
        ],
      };
      expect((await w.pat.call('PUT', `${w.base}/staff/${w.pat.staffId}/availability`, set)).statusCode).toBe(
        200,
      );
      const url = `${w.base}/availability?startDate=${start}&endDate=${addDays(start, 6)}`;
      const res = await w.owner('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map(res.json().availability.map((a: { staffId: string }) => [a.staffId, a]));
      expect(byId.get(w.pat.staffId)).toEqual({
        staffId: w.pat.staffId,
        weekly: set.weekly,
        dates: [set.dates[0]],
      });
      expect(byId.get(w.sam.staffId)).toEqual({ staffId: w.sam.staffId, weekly: [], dates: [] });
      if (w.admin) expect((await w.admin.call('GET', url)).json()).toEqual(res.json());
      expect((await w.pat.call('GET', url)).statusCode).toBe(403);
      const outsider = client(t.app, await signIn(t.app, address('stranger')));
      expect((await outsider('GET', url)).statusCode).toBe(404);
      const tooLong = await w.owner(
        'GET',
        `${w.base}/availability?startDate=${start}&endDate=${addDays(start, 62)}`,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errors[0].path).toBe('endDate');
    }
  });
});
