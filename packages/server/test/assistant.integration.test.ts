import { dayName } from '@rotaboard/core/assistant/assistant-week';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { todayIn } from '@rotaboard/core/time/clock';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, auditLog, dayNotes, shifts } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, onlyRules, staffingWorld, weekAhead } from './support/staffing-world.ts';

/**
 * The schedule assistant with its built-in interpreter (no OPENAI_API_KEY), through the API (issue 26):
 * who may use it, the proposal it makes and what accepting, rejecting and undoing it does (the new
 * change kinds update and day-note included), the monthly allowance, bad input, support mode. The model
 * engine is tested against a local OpenAI-compatible server in assistant-model.integration.test.ts.
 */
describe.each(engines)('the schedule assistant (built-in) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      MAGIC_LINK_RESEND_SECONDS: '0',
      SUPPORT_EMAILS: 'help@rotaboard.test',
    });
  });
  afterAll(async () => t.close());

  const week = weekAhead(1);
  const MON = week;
  const TUE = addDays(week, 1);
  const FRI = addDays(week, 4);
  const SAT = addDays(week, 5);

  /** A Pro team with Ada (admin), Pat and Sam (staff); Pat works Friday 10:00–18:00. */
  async function world(plan: 'free' | 'pro' = 'pro') {
    const w = await staffingWorld(t, { plan });
    const patFriday = await addShift(w.owner, w.base, w.pat.staffId, FRI, '10:00', '18:00');
    const ask = (call: typeof w.owner, message: string, extra: object = {}) =>
      call('POST', `/api/assistant/${w.teamId}`, { message, weekStartDate: week, ...extra });
    return { ...w, patFriday, ask };
  }
  const shiftsOf = (teamId: string) => t.database.db.select().from(shifts).where(eq(shifts.teamId, teamId));

  it('proposes three checked changes for the issue’s sentence; accept two, reject one, undo', async () => {
    const w = await world();
    const before = await shiftsOf(w.teamId);
    const res = await w.ask(
      w.owner,
      "Give Sam Monday and Tuesday 9 to 5 and move Pat's Friday shift to Saturday",
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.engine).toBe('built-in');
    expect(body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.reply).toContain("I've proposed 3 changes");
    // The assistant never writes: the schedule is as it was.
    expect(await shiftsOf(w.teamId)).toEqual(before);

    const at = `${w.base}/proposals/${body.proposalId}`;
    const proposal = (await w.owner('GET', at)).json();
    expect(proposal.source).toBe('assistant');
    expect(proposal.changes).toMatchObject([
      {
        changeId: 'a1',
        kind: 'create',
        state: 'pending',
        violations: [],
        shift: { staffId: w.sam.staffId, shiftDate: MON, startTime: '09:00', endTime: '17:00' },
      },
      { changeId: 'a2', kind: 'create', state: 'pending', violations: [], shift: { shiftDate: TUE } },
      {
        changeId: 'a3',
        kind: 'update',
        state: 'pending',
        violations: [],
        shiftId: w.patFriday,
        shift: { shiftDate: SAT },
      },
    ]);
    expect(proposal.changes[2].reason).toContain('Move Pat');

    expect((await w.owner('POST', `${at}/reject`, { changeIds: ['a2'] })).json()).toEqual({
      rejected: ['a2'],
    });
    const accepted = (await w.owner('POST', `${at}/accept`, { changeIds: ['a1', 'a3'] })).json();
    expect(accepted.failed).toEqual([]);
    expect(accepted.accepted.map((a: { changeId: string }) => a.changeId)).toEqual(['a1', 'a3']);
    const after = await shiftsOf(w.teamId);
    expect(after).toHaveLength(2);
    expect(after.find((s) => s.id === w.patFriday)?.shiftDate).toBe(SAT);
    expect(after.find((s) => s.staffId === w.sam.staffId)?.shiftDate).toBe(MON);

    // The audit names the accepts as the assistant's.
    const accepts = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, body.proposalId), eq(auditLog.action, 'ACCEPTED')));
    expect(accepts.map((row) => (row.newValues as { source: string }).source)).toEqual([
      'assistant',
      'assistant',
    ]);
    // … and the audit report lists them as the assistant's, beside the shift rows they wrote.
    const report = (await w.owner('GET', `${w.base}/reports/audit?domain=assistant`)).json();
    expect(report.entries.map((e: { action: string; subject: string }) => [e.action, e.subject])).toEqual([
      ['ACCEPTED', expect.stringMatching(/^Schedule assistant · Move Pat/)],
      ['ACCEPTED', expect.stringMatching(/^Schedule assistant · Add Sam/)],
    ]);
    const all = (await w.owner('GET', `${w.base}/reports/audit`)).json();
    expect(all.entries.filter((e: { domain: string }) => e.domain === 'assistant')).toHaveLength(2);
    expect(all.entries.some((e: { domain: string }) => e.domain === 'shift')).toBe(true);

    const undone = (await w.owner('POST', `${at}/undo`)).json();
    expect(undone).toEqual({ undone: ['a3', 'a1'], failed: [] });
    const back = await shiftsOf(w.teamId);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      id: w.patFriday,
      shiftDate: FRI,
      startTime: '10:00:00',
      endTime: '18:00:00',
    });

    // The conversation is kept: who asked what, and the proposal its reply made.
    const messages = await t.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.conversationId, body.conversationId));
    expect(messages.map((m) => [m.role, m.engine, m.proposalId])).toEqual(
      expect.arrayContaining([
        ['user', null, null],
        ['assistant', 'built-in', body.proposalId],
      ]),
    );
    expect(messages.find((m) => m.role === 'user')?.text).toContain('Give Sam Monday');
  });

  it('day notes: set, replace, undone back to the earlier text or removed', async () => {
    const w = await world();
    const first = (await w.ask(w.owner, 'note on Friday: stocktake')).json();
    const at = (id: string) => `${w.base}/proposals/${id}`;
    expect(
      (await w.owner('POST', `${at(first.proposalId)}/accept`, { changeIds: ['a1'] })).json().failed,
    ).toEqual([]);
    const notes = () => t.database.db.select().from(dayNotes).where(eq(dayNotes.teamId, w.teamId));
    expect((await notes()).map((n) => [n.noteDate, n.noteText])).toEqual([[FRI, 'stocktake']]);

    const second = (
      await w.ask(w.owner, 'note on Friday: deliveries at 7', { conversationId: first.conversationId })
    ).json();
    expect(second.conversationId).toBe(first.conversationId);
    await w.owner('POST', `${at(second.proposalId)}/accept`, { changeIds: ['a1'] });
    expect((await notes()).map((n) => n.noteText)).toEqual(['deliveries at 7']);

    expect((await w.owner('POST', `${at(second.proposalId)}/undo`)).json().failed).toEqual([]);
    expect((await notes()).map((n) => n.noteText)).toEqual(['stocktake']);
    expect((await w.owner('POST', `${at(first.proposalId)}/undo`)).json().failed).toEqual([]);
    expect(await notes()).toEqual([]);
  });

  it('time off is a create with isTimeOff (a whole day); a change fails on accept once the schedule moved on', async () => {
    const w = await world();
    const off = (await w.ask(w.owner, 'Sam is off on Tuesday')).json();
    const proposal = (await w.owner('GET', `${w.base}/proposals/${off.proposalId}`)).json();
    expect(proposal.changes[0]).toMatchObject({
      kind: 'create',
      shift: { isTimeOff: true, startTime: null, endTime: null },
    });

    const move = (await w.ask(w.owner, "move Pat's Friday shift to Saturday")).json();
    const add = (await w.ask(w.owner, 'add Sam on Monday 9-5')).json();
    // Meanwhile someone removes Pat's Friday shift and gives Sam Monday morning by hand.
    expect((await w.owner('DELETE', `${w.base}/shifts/${w.patFriday}`)).statusCode).toBe(200);
    await addShift(w.owner, w.base, w.sam.staffId, MON, '08:00', '12:00');

    const moved = (
      await w.owner('POST', `${w.base}/proposals/${move.proposalId}/accept`, { changeIds: ['a1'] })
    ).json();
    expect(moved.failed).toEqual([
      { changeId: 'a1', message: 'The shift this change would change is no longer on the schedule' },
    ]);
    const added = (
      await w.owner('POST', `${w.base}/proposals/${add.proposalId}/accept`, { changeIds: ['a1'] })
    ).json();
    expect(added.failed[0].message).toMatch(/^This clashes with Sam/);
    const timeOff = (
      await w.owner('POST', `${w.base}/proposals/${off.proposalId}/accept`, { changeIds: ['a1'] })
    ).json();
    expect(timeOff.failed).toEqual([]);
    const [entry] = (await shiftsOf(w.teamId)).filter((s) => s.isTimeOff);
    expect(entry).toMatchObject({ staffId: w.sam.staffId, shiftDate: TUE, timeOffDays: 1 });
    const states = (await w.owner('GET', `${w.base}/proposals/${move.proposalId}`)).json().changes;
    expect(states[0].state).toBe('failed');
  });

  it('offers each change with what it breaks: a clash, a strict rule, a locked day', async () => {
    const w = await world();
    expect(
      (
        await w.owner('PUT', `${w.base}/schedule-agent`, {
          rules: onlyRules({ maxShiftHours: { value: 10, strict: true } }),
        })
      ).statusCode,
    ).toBe(200);
    const res = (await w.ask(w.owner, 'add Pat on Friday 12-20 and add Sam on Saturday 06:00-20:00')).json();
    const proposal = (await w.owner('GET', `${w.base}/proposals/${res.proposalId}`)).json();
    expect(proposal.changes[0].violations[0]).toMatch(/^This clashes with Pat/);
    expect(proposal.changes[1].violations[0]).toMatch(/strict rule/);
    expect(res.reply).toContain('2 changes break a rule or clashes');
    // Accepting the strict breach is refused by the shift service; nothing is written.
    const accepted = (
      await w.owner('POST', `${w.base}/proposals/${res.proposalId}/accept`, { changeIds: ['a1', 'a2'] })
    ).json();
    expect(accepted.accepted).toEqual([]);
    expect(await shiftsOf(w.teamId)).toHaveLength(1);

    expect(
      (
        await w.owner('PUT', `${w.base}/shifts/locked-until`, {
          lockedUntil: SAT,
          hideScheduleAfterLock: false,
        })
      ).statusCode,
    ).toBe(200);
    const locked = (await w.ask(w.owner, 'clear Friday')).json();
    const lockedProposal = (await w.owner('GET', `${w.base}/proposals/${locked.proposalId}`)).json();
    expect(lockedProposal.changes[0].violations[0]).toContain('is locked');
  });

  it('answers questions, asks about an ambiguous name, and says what it does not understand: no proposal', async () => {
    const w = await world();
    const question = (await w.ask(w.owner, 'who works Friday?')).json();
    expect(question).toMatchObject({ engine: 'built-in', proposalId: null });
    expect(question.reply).toContain('Pat');
    const hours = (await w.ask(w.owner, 'how many hours has Pat this week?')).json();
    expect(hours.reply).toContain('8 hours');
    const second = await w.owner('POST', `${w.base}/staff`, { firstName: 'Pat', lastName: 'Second' });
    expect(second.statusCode, second.body).toBe(201);
    const ambiguous = (await w.ask(w.owner, 'give Pat Monday 9-5')).json();
    expect(ambiguous.proposalId).toBeNull();
    expect(ambiguous.reply).toMatch(/^There are 2 people called Pat: .* Which one do you mean\?$/);
    const nonsense = (await w.ask(w.owner, 'sing me a song')).json();
    expect(nonsense.proposalId).toBeNull();
    expect(nonsense.reply).toContain('For example');
  });

  it('owners and administrators only, Pro only; outsiders 404; bad input 400 and nothing kept', async () => {
    const w = await world();
    expect((await w.ask(w.admin!.call, 'who works Friday?')).statusCode).toBe(200);
    const staff = await w.ask(w.pat.call, 'who works Friday?');
    expect(staff.statusCode).toBe(403);
    expect((await w.pat.call('GET', `/api/assistant/${w.teamId}/usage`)).statusCode).toBe(403);
    const outsider = client(t.app, await signIn(t.app, address('outsider')));
    expect((await w.ask(outsider, 'who works Friday?')).statusCode).toBe(404);
    expect((await outsider('GET', `/api/assistant/${w.teamId}/usage`)).statusCode).toBe(404);
    expect((await client(t.app)('GET', `/api/assistant/${w.teamId}/usage`)).statusCode).toBe(401);

    const free = await world('free');
    const refused = await free.ask(free.owner, 'who works Friday?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Pro');
    expect((await free.owner('GET', `/api/assistant/${free.teamId}/usage`)).json().message).toContain('Pro');

    const bad = [
      { message: '', weekStartDate: week },
      { message: 'x'.repeat(1001), weekStartDate: week },
      { message: 'hi\u0000', weekStartDate: week },
      { message: 'hi', weekStartDate: '2026-02-30' },
      { message: 'hi', weekStartDate: '3000-01-01' },
      { message: 'hi', weekStartDate: week, conversationId: 'nope' },
      { weekStartDate: week },
    ];
    for (const body of bad) {
      const res = await w.owner('POST', `/api/assistant/${w.teamId}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(
      (await w.owner('POST', '/api/assistant/not-a-team', { message: 'hi', weekStartDate: week })).statusCode,
    ).toBe(400);
    // Another team's conversation is not found here.
    const elsewhere = (await free.owner('GET', '/api/auth/me')).statusCode;
    expect(elsewhere).toBe(200);
    const foreign = await w.ask(w.owner, 'who works Friday?', {
      conversationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.statusCode).toBe(404);
    const kept = await t.database.db
      .select()
      .from(assistantMessages)
      .where(eq(assistantMessages.teamId, w.teamId));
    // Only the administrator's one question and its reply were kept.
    expect(kept).toHaveLength(2);
  });

  it('leavers: a change after their leaving date carries it; a removed administrator is an outsider', async () => {
    const w = await world();
    const leave = await w.owner('DELETE', `${w.base}/staff/${w.sam.staffId}?leavingDate=${TUE}`);
    expect(leave.statusCode, leave.body).toBe(200);
    const res = (await w.ask(w.owner, 'add Sam on Friday 9-5')).json();
    const proposal = (await w.owner('GET', `${w.base}/proposals/${res.proposalId}`)).json();
    expect(proposal.changes[0].violations).toEqual([expect.stringMatching(/^Sam leaves the team on /)]);
    const accepted = (
      await w.owner('POST', `${w.base}/proposals/${res.proposalId}/accept`, { changeIds: ['a1'] })
    ).json();
    expect(accepted.failed[0].message).toMatch(/^Sam leaves the team on /);

    // Someone who left before the week is not on it: the interpreter does not find them.
    const gone = await w.owner('DELETE', `${w.base}/staff/${w.pat.staffId}?leavingDate=${addDays(week, -1)}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await w.ask(w.owner, 'add Pat on Monday 9-5')).json()).toMatchObject({
      proposalId: null,
      reply: 'I can\'t find anyone called "Pat" on this team.',
    });

    expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.admin!.staffId })).statusCode).toBe(200);
    expect((await w.ask(w.admin!.call, 'who works Friday?')).statusCode).toBe(404);
    expect((await w.admin!.call('GET', `/api/assistant/${w.teamId}/usage`)).statusCode).toBe(404);
  });

  it('counts messages against the monthly allowance: 429 with a sentence once it is used', async () => {
    const w = await world();
    const usage = (await w.owner('GET', `/api/assistant/${w.teamId}/usage`)).json();
    expect(usage).toMatchObject({ used: 0, limit: 300 });
    const now = new Date();
    expect(usage.resetsAt).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
    await w.ask(w.owner, 'who works Friday?');
    expect((await w.owner('GET', `/api/assistant/${w.teamId}/usage`)).json().used).toBe(1);

    // 298 more from this month, kept directly (sending them one by one would only be slower).
    const [conversation] = await t.database.db
      .select({ id: assistantMessages.conversationId })
      .from(assistantMessages)
      .where(eq(assistantMessages.teamId, w.teamId));
    await t.database.db.insert(assistantMessages).values(
      Array.from({ length: 298 }, () => ({
        conversationId: conversation!.id,
        teamId: w.teamId,
        role: 'user' as const,
        text: 'who works Friday?',
      })),
    );
    // One message is left and three arrive at once: exactly one is answered, the month never goes over.
    const racing = await Promise.all([1, 2, 3].map(() => w.ask(w.owner, 'who works Friday?')));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    expect((await w.owner('GET', `/api/assistant/${w.teamId}/usage`)).json().used).toBe(300);
    const refused = await w.ask(w.owner, 'who works Friday?');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Your team has used all 300 assistant messages for this month\. The allowance starts again on 1 /,
    );
    expect((await w.owner('GET', `/api/assistant/${w.teamId}/usage`)).json().used).toBe(300);
  });

  it('in support mode the agent’s messages and accepts are audited as the agent on behalf of the user', async () => {
    const w = await world();
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agentId = (await client(t.app, agentCookie)('GET', '/api/auth/me')).json().user.id;
    const ticket = (await w.owner('POST', '/api/support/tickets', { title: 'Rota', message: 'Help' })).json();
    const start = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${w.ownerId}`, {
      ticketId: ticket.id,
    });
    expect(start.statusCode, start.body).toBe(200);
    const support = start.cookies.find((c) => c.name === 'rotaboard_support')!;
    const as = client(t.app, `${agentCookie}; rotaboard_support=${support.value}`);

    const res = (await w.ask(as, 'add Sam on Monday 9-5')).json();
    expect(res.proposalId).toBeTruthy();
    await as('POST', `${w.base}/proposals/${res.proposalId}/accept`, { changeIds: ['a1'] });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.teamId, w.teamId));
    const ours = rows.filter(
      (r) =>
        ['assistant_message', 'proposal'].includes(r.entityType) ||
        (r.entityType === 'shift' &&
          r.action === 'CREATE' &&
          (r.newValues as { staffId?: string }).staffId === w.sam.staffId),
    );
    expect(ours.map((r) => `${r.entityType} ${r.action}`).sort()).toEqual([
      'assistant_message CREATE',
      'proposal ACCEPTED',
      'proposal CREATE',
      'shift CREATE',
    ]);
    for (const row of ours) expect([row.changedBy, row.onBehalfOf]).toEqual([agentId, w.ownerId]);
    const [asked] = await t.database.db
      .select()
      .from(assistantMessages)
      .where(and(eq(assistantMessages.teamId, w.teamId), eq(assistantMessages.role, 'user')));
    expect([asked!.userId, asked!.onBehalfOf]).toEqual([w.ownerId, agentId]);
  });
  it("reads today as the team's today, in the team's zone", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 h apart: at any moment their dates differ, so
    // at least one of them is not on UTC's date.
    const seen = new Set<string>();
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const owner = client(t.app, await signIn(t.app, address('owner', 'pro-domain.test')));
      const team = (await owner('POST', '/api/teams', { teamName: 'Far', timeZone })).json();
      const today = todayIn(timeZone);
      const res = await owner('POST', `/api/assistant/${team.teamId}`, {
        message: 'Who works today?',
        weekStartDate: startOfWeek(today, 1),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reply).toBe(`Nobody works on ${dayName(today)}.`);
      seen.add(today);
    }
    expect(seen.size).toBe(2);
  });
});
