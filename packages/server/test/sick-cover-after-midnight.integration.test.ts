import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { wallClockInstant } from '@rotaboard/core/time/zone';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, openShiftClaims, openShifts, shifts, teams } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  outbox,
  sessionCookie,
  signIn,
  type TestApp,
} from './support/harness.ts';

/**
 * A sick cover after midnight (issue 44, docs/the-day.md and docs/open-shifts.md): an overnight
 * shift called off at 01:00 posts a cover dated yesterday, which is still to be taken until the
 * shift's end in the team's zone: listed to colleagues, offered, on their bell, and claimable; once
 * over it is gone. When a colleague's claim is approved at once by the team's rule, the owner and the
 * administrators are emailed once, and the audit says the rule approved it. On PGlite and PostgreSQL.
 *
 * The server's clock is set by the test: only `Date` is faked (timers run as ever, so the database
 * drivers are untouched), moved forward only, from well after the real day (sessions and links are
 * made at the faked time, so they stay good). The nights the clocks change are core's unit tests
 * (open-shift-visibility.test.ts): their dates are months from any day the suite runs, and PostgreSQL
 * stamps a session's start with its own clock, so a session would be past its 90 days there.
 */

const ZONE = 'Europe/London';
const london = (date: string, time: string) => wallClockInstant(date, time, ZONE);
const words = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

describe.each(engines)('a sick cover after midnight on %s', (engine) => {
  let t: TestApp;
  let n = 0;
  // Each test's nights are later than the last's: the faked clock only moves forward.
  let night = addDays(toIsoDate(new Date()), 20);
  const setClock = (at: number) => vi.setSystemTime(at);

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  type Member = { call: ReturnType<typeof client>; staffId: string; email: string; userId: string };

  /** A Pro team in London owned by Olive, with Ada an administrator and Pat, Sam and Tia cooks. */
  async function world() {
    n += 1;
    const ownerEmail = `olive.mid.${n}@pro-domain.test`;
    const owner = client(t.app, await signIn(t.app, ownerEmail, { firstName: 'Olive', lastName: 'Owner' }));
    const team = (await owner('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: false })).json();
    await t.database.db.update(teams).set({ timeZone: ZONE }).where(eq(teams.id, team.teamId));
    const base = `/api/teams/${team.teamId}`;
    async function join(firstName: string, role: string, isAdmin = false): Promise<Member> {
      const email = `${firstName.toLowerCase()}.mid.${n}@example.com`;
      const row = (
        await owner('POST', `${base}/staff`, { firstName, lastName: 'Lee', role, email, isAdmin })
      ).json();
      expect((await owner('POST', `${base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(200);
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email), firstName, lastName: 'Lee' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const call = client(t.app, sessionCookie(accepted));
      const userId = (await call('GET', '/api/auth/me')).json().user.id as string;
      return { call, staffId: row.staffId as string, email, userId };
    }
    const admin = await join('Ada', 'Manager', true);
    const pat = await join('Pat', 'Cook');
    const sam = await join('Sam', 'Cook');
    const tia = await join('Tia', 'Cook');
    return { owner, ownerEmail, admin, pat, sam, tia, base, teamId: team.teamId as string };
  }
  type World = Awaited<ReturnType<typeof world>>;

  /** Pat's 22:00–06:00 on `date`, called off at 01:00 the next morning (London): the cover's id. */
  async function nightCalledOffAfterMidnight(w: World, date: string) {
    const added = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.pat.staffId,
      shiftDate: date,
      startTime: '22:00',
      endTime: '06:00',
      breakMinutes: 30,
    });
    expect(added.statusCode, added.body).toBe(201);
    setClock(london(addDays(date, 1), '01:00'));
    const res = await w.pat.call('POST', `${w.base}/shifts/${added.json().shiftId}/sick`, {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { openShiftId: string; offeredTo: { staffId: string; staffName: string }[] };
  }
  const listed = async (w: World, call: Member['call'], date: string) => {
    const res = await call('GET', `${w.base}/open-shifts?startDate=${date}&endDate=${addDays(date, 1)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().openShifts as { openShiftId: string }[]).map((o) => o.openShiftId);
  };
  const bell = async (call: Member['call']) => {
    const res = await call('GET', '/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().notifications as { type: string; pendingCount: number }[]).filter(
      (x) => x.type === 'sick_cover',
    );
  };

  it('offers, lists and lets a colleague claim an overnight cover dated yesterday, and tells the managers once', async () => {
    night = addDays(night, 3);
    setClock(london(night, '12:00'));
    const w = await world();
    const cover = await nightCalledOffAfterMidnight(w, night);
    // Called at 01:00 the next day: the cover is dated the night before, and still offered.
    const [row] = await t.database.db.select().from(openShifts).where(eq(openShifts.id, cover.openShiftId));
    expect(row!.shiftDate).toBe(night);
    expect(cover.offeredTo.map((o) => o.staffName).sort()).toEqual(['Sam Lee', 'Tia Lee']);
    // Listed to a colleague, on their bell; not to the one who called in sick.
    expect(await listed(w, w.sam.call, night)).toContain(cover.openShiftId);
    expect(await listed(w, w.pat.call, night)).not.toContain(cover.openShiftId);
    expect(await bell(w.sam.call)).toEqual([expect.objectContaining({ pendingCount: 1 })]);

    setClock(london(addDays(night, 1), '01:20'));
    const claim = await w.sam.call('POST', `${w.base}/open-shifts/${cover.openShiftId}/claim`);
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().status).toBe('approved');
    const written = await t.database.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.staffId, w.sam.staffId), eq(shifts.shiftDate, night)));
    expect(written).toEqual([expect.objectContaining({ startTime: '22:00:00', endTime: '06:00:00' })]);
    // Taken: off Tia's bell and list.
    expect(await bell(w.tia.call)).toEqual([]);
    expect(await listed(w, w.tia.call, night)).not.toContain(cover.openShiftId);

    // The owner and the administrator, once each, in words.
    const mails = (await outbox(t.app)).filter(
      (m) => m.subject === 'Sam Lee is covering a sick call in Diner',
    );
    expect(mails.map((m) => m.to).sort()).toEqual([w.admin.email, w.ownerEmail].sort());
    const day = words.format(Date.parse(`${night}T00:00:00Z`));
    for (const mail of mails) {
      expect(mail.text).toContain(
        `Sam Lee is covering Pat Lee's 22:00–06:00 shift on ${day}, called in sick`,
      );
    }

    // No person approved it: the claim's decider stays empty, the audit names the team's rule, as Sam.
    const [decided] = await t.database.db
      .select()
      .from(openShiftClaims)
      .where(eq(openShiftClaims.id, claim.json().claimId));
    expect(decided).toEqual(expect.objectContaining({ status: 'approved', decidedBy: null }));
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.json().claimId), eq(auditLog.action, 'APPROVED')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changedBy).toBe(w.sam.userId);
    expect(audit[0]!.newValues).toEqual(
      expect.objectContaining({
        status: 'approved',
        autoApproved: true,
        decidedBy: null,
        approvedBy: 'team rule: autoApproveSickCover',
      }),
    );
  });

  it('is gone once the shift is over: not listed, not on the bell, and a claim is not found', async () => {
    night = addDays(night, 3);
    setClock(london(night, '12:00'));
    const w = await world();
    const cover = await nightCalledOffAfterMidnight(w, night);
    // A minute before its end it is still there.
    setClock(london(addDays(night, 1), '05:59'));
    expect(await listed(w, w.tia.call, night)).toContain(cover.openShiftId);
    expect(await bell(w.tia.call)).toEqual([expect.objectContaining({ pendingCount: 1 })]);
    // At 06:00 it is over.
    setClock(london(addDays(night, 1), '06:00'));
    expect(await listed(w, w.tia.call, night)).not.toContain(cover.openShiftId);
    expect(await bell(w.tia.call)).toEqual([]);
    const late = await w.tia.call('POST', `${w.base}/open-shifts/${cover.openShiftId}/claim`);
    expect(late.statusCode, late.body).toBe(404);
    // Administrators still see it, unfilled, in their range.
    expect(await listed(w, w.admin.call, night)).toContain(cover.openShiftId);
  });

  it('does not email the managers when the claim waits for them (the rule off)', async () => {
    night = addDays(night, 3);
    setClock(london(night, '12:00'));
    const w = await world();
    await t.database.db.update(teams).set({ autoApproveSickCover: false }).where(eq(teams.id, w.teamId));
    const cover = await nightCalledOffAfterMidnight(w, night);
    const claim = await w.sam.call('POST', `${w.base}/open-shifts/${cover.openShiftId}/claim`);
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().status).toBe('pending');
    const approved = await w.admin.call(
      'PUT',
      `${w.base}/open-shifts/${cover.openShiftId}/claims/${claim.json().claimId}`,
      { status: 'approved' },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const covered = (await outbox(t.app)).filter(
      (m) => m.subject === 'Sam Lee is covering a sick call in Diner' && m.to === w.ownerEmail,
    );
    expect(covered).toEqual([]);
    // An administrator's approval names them.
    const [decided] = await t.database.db
      .select()
      .from(openShiftClaims)
      .where(eq(openShiftClaims.id, claim.json().claimId));
    expect(decided!.decidedBy).toBe(w.admin.userId);
  });

  it('audits a cover claimed in support mode as the agent, on behalf of the colleague, approved by the rule', async () => {
    night = addDays(night, 3);
    setClock(london(night, '12:00'));
    const w = await world();
    const cover = await nightCalledOffAfterMidnight(w, night);
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agent = client(t.app, agentCookie);
    const agentId = (await agent('GET', '/api/auth/me')).json().user.id as string;
    const ticket = await w.sam.call('POST', '/api/support/tickets', {
      title: 'Cover',
      message: 'Claim it for me',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const started = await agent('POST', `/api/auth/impersonate/${w.sam.userId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asSam = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    const claim = await asSam('POST', `${w.base}/open-shifts/${cover.openShiftId}/claim`);
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().status).toBe('approved');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.json().claimId), eq(auditLog.entityType, 'open_shift_claim')));
    expect(rows.map((r) => r.action).sort()).toEqual(['APPROVED', 'CREATE']);
    for (const row of rows) expect([row.changedBy, row.onBehalfOf]).toEqual([agentId, w.sam.userId]);
    expect(rows.find((r) => r.action === 'APPROVED')!.newValues).toEqual(
      expect.objectContaining({ approvedBy: 'team rule: autoApproveSickCover', decidedBy: null }),
    );
    // The managers are told once, whoever pressed the button.
    const mails = (await outbox(t.app)).filter(
      (m) =>
        m.subject === 'Sam Lee is covering a sick call in Diner' &&
        [w.ownerEmail, w.admin.email].includes(m.to),
    );
    expect(mails).toHaveLength(2);
  });
});
