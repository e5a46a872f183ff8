import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, openShiftClaims, openShifts, shifts, staff } from '../src/db/schema.ts';
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

const today = toIsoDate(new Date());
const day = (n: number) => addDays(today, n);
const PRO_MESSAGE = 'Open shifts are part of the Pro plan. The team owner can upgrade to Pro to use them.';

describe.each(engines)('open shifts on %s', (engine) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  /**
   * A team owned by Olive (Pro unless `free`), with Ada an administrator and Sam, Tia (baristas) and
   * Cal (a chef) on the staff list, each signed in; Otto is signed in and on no team.
   */
  async function world(options: { free?: boolean } = {}) {
    n += 1;
    const domain = options.free ? 'example.com' : 'pro-domain.test';
    const owner = client(
      t.app,
      await signIn(t.app, `olive.${n}@${domain}`, { firstName: 'Olive', lastName: 'Owner' }),
    );
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    async function join(firstName: string, role: string, isAdmin = false) {
      const email = `${firstName.toLowerCase()}.${n}@example.com`;
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
      return { call: client(t.app, sessionCookie(accepted)), staffId: row.staffId as string, email };
    }
    // Free has no administrators besides the owner.
    const admin = await join('Ada', 'Manager', !options.free);
    const sam = await join('Sam', 'Barista');
    const tia = await join('Tia', 'barista');
    const cal = await join('Cal', 'Chef');
    const outsider = client(t.app, await signIn(t.app, `otto.${n}@example.com`));
    return { owner, admin, sam, tia, cal, outsider, base, teamId: team.teamId as string };
  }

  const openShift = (extra: Record<string, unknown> = {}) => ({
    shiftDate: day(5),
    startTime: '09:00',
    endTime: '17:00',
    breakMinutes: 30,
    role: null,
    notes: 'Delivery day',
    staffCount: 1,
    ...extra,
  });
  const range = `startDate=${day(-1)}&endDate=${day(20)}`;
  const countRows = async (teamId: string) =>
    (await t.database.db.select().from(openShifts).where(eq(openShifts.teamId, teamId))).length;

  it('is Pro: a Free team gets 403 naming Pro on every call, and nothing is written', async () => {
    const w = await world({ free: true });
    const calls = [
      await w.owner('POST', `${w.base}/open-shifts`, openShift()),
      await w.owner('GET', `${w.base}/open-shifts?${range}`),
      await w.sam.call('GET', `${w.base}/open-shifts?${range}`),
    ];
    // An open shift of the team as it was on Pro: still refused.
    const [row] = await t.database.db
      .insert(openShifts)
      .values({ teamId: w.teamId, shiftDate: day(5), startTime: '09:00', endTime: '17:00' })
      .returning();
    calls.push(
      await w.sam.call('POST', `${w.base}/open-shifts/${row!.id}/claim`),
      await w.owner('DELETE', `${w.base}/open-shifts/${row!.id}`),
    );
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(PRO_MESSAGE);
    }
    expect(await countRows(w.teamId)).toBe(1);
    expect(
      await t.database.db.select().from(openShiftClaims).where(eq(openShiftClaims.openShiftId, row!.id)),
    ).toEqual([]);
  });

  it('refuses bad input with a sentence, writing nothing', async () => {
    const w = await world();
    const message = async (body: unknown) => {
      const res = await w.owner('POST', `${w.base}/open-shifts`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await message(openShift({ shiftDate: day(-3) }))).toBe(
      'Open shifts cannot be posted for a date in the past',
    );
    expect(await message(openShift({ shiftDate: day(400) }))).toBe(
      'Open shifts can be posted at most 366 days ahead',
    );
    expect(await message(openShift({ shiftDate: '2026-02-30' }))).toContain('YYYY-MM-DD');
    expect(await message(openShift({ startTime: '9am' }))).toContain('HH:MM');
    expect(await message(openShift({ endTime: '09:00' }))).toContain(
      'The end time must differ from the start time',
    );
    expect(await message(openShift({ breakMinutes: 480 }))).toContain(
      'The break must be shorter than the shift',
    );
    expect(await message(openShift({ breakMinutes: -5 }))).toContain('Break minutes');
    expect(await message(openShift({ staffCount: 0 }))).toContain('People needed must be 1 to 50');
    expect(await message(openShift({ staffCount: 2_147_483_648 }))).toContain(
      'People needed must be 1 to 50',
    );
    expect(await message(openShift({ role: 'R'.repeat(51) }))).toContain('Role can be at most 50 characters');
    expect(await message(openShift({ notes: 'x\u0000' }))).toContain(
      'Notes cannot contain control characters',
    );
    expect(await message({})).toBeTruthy();
    // Bad ids and a bad range.
    expect((await w.owner('DELETE', `${w.base}/open-shifts/nope`)).statusCode).toBe(400);
    expect(
      (await w.owner('GET', `${w.base}/open-shifts?startDate=${day(5)}&endDate=${day(1)}`)).statusCode,
    ).toBe(400);
    expect(
      (await w.owner('GET', `${w.base}/open-shifts?startDate=${day(0)}&endDate=${day(90)}`)).statusCode,
    ).toBe(400);
    expect(
      (
        await w.owner('PUT', `${w.base}/open-shifts/${crypto.randomUUID()}/claims/${crypto.randomUUID()}`, {
          status: 'maybe',
        })
      ).statusCode,
    ).toBe(400);
    expect(await countRows(w.teamId)).toBe(0);
    // An overnight open shift is fine.
    const overnight = await w.owner(
      'POST',
      `${w.base}/open-shifts`,
      openShift({ startTime: '22:00', endTime: '06:00' }),
    );
    expect(overnight.statusCode, overnight.body).toBe(201);
  });

  it('lets administrators post, staff claim, administrators approve: the shift, emails, bell and audit', async () => {
    const w = await world();
    const created = await w.admin.call('POST', `${w.base}/open-shifts`, openShift({ role: 'BARISTA' }));
    expect(created.statusCode, created.body).toBe(201);
    const os = created.json();
    expect(os).toEqual({
      openShiftId: expect.any(String),
      shiftDate: day(5),
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 30,
      role: 'BARISTA',
      notes: 'Delivery day',
      staffCount: 1,
      filled: 0,
      claims: [],
    });
    const url = `${w.base}/open-shifts/${os.openShiftId}`;

    // Who sees it: baristas (any case), not the chef; outsiders not at all.
    const seen = async (call: typeof w.owner) =>
      (await call('GET', `${w.base}/open-shifts?${range}`)).json().openShifts;
    expect(await seen(w.sam.call)).toEqual(
      [{ ...os, claims: undefined, claimedByMe: false }].map(({ claims, ...rest }) => rest),
    );
    expect(await seen(w.tia.call)).toHaveLength(1);
    expect(await seen(w.cal.call)).toEqual([]);
    expect((await w.outsider('GET', `${w.base}/open-shifts?${range}`)).statusCode).toBe(404);

    // Claims: the chef's role does not fit, outsiders are not found, a claim twice is a conflict.
    const chef = await w.cal.call('POST', `${url}/claim`);
    expect(chef.statusCode).toBe(403);
    expect(chef.json().message).toBe('This open shift is for another role');
    expect((await w.outsider('POST', `${url}/claim`)).statusCode).toBe(404);
    const samClaim = await w.sam.call('POST', `${url}/claim`);
    expect(samClaim.statusCode, samClaim.body).toBe(201);
    expect(samClaim.json()).toEqual({ claimId: expect.any(String), status: 'pending' });
    const again = await w.sam.call('POST', `${url}/claim`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already claimed this open shift');
    const tiaClaim = (await w.tia.call('POST', `${url}/claim`)).json();
    expect((await seen(w.sam.call))[0].claimedByMe).toBe(true);

    // The administrators hear of it: an email each, and the bell.
    const mails = (await outbox(t.app)).filter((m) => m.subject === `Sam Lee claimed an open shift in Cafe`);
    expect(mails.map((m) => m.to).sort()).toEqual([`ada.${n}@example.com`, `olive.${n}@pro-domain.test`]);
    expect(mails[0]!.text).toContain('09:00–17:00 (BARISTA)');
    const bell = (await w.admin.call('GET', '/api/notifications')).json();
    expect(bell.notifications).toContainEqual({
      type: 'open_shift_claims',
      teamId: w.teamId,
      teamName: 'Cafe',
      pendingCount: 2,
    });
    expect((await w.sam.call('GET', '/api/notifications')).json().totalCount).toBe(0);

    // Administrators see every claim; staff may not decide, post or delete.
    const adminView = (await seen(w.owner))[0];
    expect(adminView.claims).toEqual([
      { claimId: samClaim.json().claimId, staffId: w.sam.staffId, staffName: 'Sam Lee', status: 'pending' },
      { claimId: tiaClaim.claimId, staffId: w.tia.staffId, staffName: 'Tia Lee', status: 'pending' },
    ]);
    for (const res of [
      await w.sam.call('PUT', `${url}/claims/${samClaim.json().claimId}`, { status: 'approved' }),
      await w.sam.call('POST', `${w.base}/open-shifts`, openShift()),
      await w.sam.call('DELETE', url),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(
      (await w.outsider('PUT', `${url}/claims/${samClaim.json().claimId}`, { status: 'approved' }))
        .statusCode,
    ).toBe(404);

    // Approving fills the one place: Sam's shift is written, Tia's claim rejected.
    const approved = await w.admin.call('PUT', `${url}/claims/${samClaim.json().claimId}`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ filled: 1, staffCount: 1 });
    expect(approved.json().claims.map((c: { status: string }) => c.status)).toEqual(['approved', 'rejected']);
    const week = (await w.sam.call('GET', `${w.base}/shifts?startDate=${day(5)}&endDate=${day(5)}`)).json();
    expect(week).toMatchObject([
      {
        staffId: w.sam.staffId,
        shiftDate: day(5),
        startTime: '09:00:00',
        endTime: '17:00:00',
        breakMinutes: 30,
        notes: 'Delivery day',
      },
    ]);
    const [claimRow] = await t.database.db
      .select()
      .from(openShiftClaims)
      .where(eq(openShiftClaims.id, samClaim.json().claimId));
    expect(claimRow!.shiftId).toBe(week[0].shiftId);
    // Filled: staff no longer see it, and a late claim is refused.
    expect(await seen(w.tia.call)).toEqual([]);
    expect(await seen(w.sam.call)).toEqual([]);
    expect(
      (await w.admin.call('PUT', `${url}/claims/${tiaClaim.claimId}`, { status: 'approved' })).statusCode,
    ).toBe(409);
    // The claimants hear of it.
    const decided = (await outbox(t.app)).filter((m) =>
      m.subject.startsWith('Your claim on an open shift in Cafe'),
    );
    expect(decided.map((m) => `${m.to} ${m.subject.split(' ').at(-1)}`).sort()).toEqual([
      `sam.${n}@example.com approved`,
      `tia.${n}@example.com rejected`,
    ]);
    expect((await w.admin.call('GET', '/api/notifications')).json().notifications).not.toContainEqual(
      expect.objectContaining({ type: 'open_shift_claims' }),
    );

    // Every write audited.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.teamId, w.teamId),
          inArray(auditLog.entityType, ['open_shift', 'open_shift_claim', 'shift']),
        ),
      );
    expect(audit.map((r) => `${r.entityType} ${r.action}`).sort()).toEqual([
      'open_shift CREATE',
      'open_shift_claim APPROVED',
      'open_shift_claim CREATE',
      'open_shift_claim CREATE',
      'open_shift_claim REJECTED',
      'shift CREATE',
    ]);
    // The team's audit report has them as one domain, each claim naming its claimant.
    const report = await w.owner('GET', `${w.base}/reports/audit?domain=open_shift&limit=100`);
    expect(report.statusCode, report.body).toBe(200);
    const entries = report.json().entries as { action: string; subject: string; domain: string }[];
    expect(entries.map((e) => `${e.action} ${e.subject}`).sort()).toEqual([
      'APPROVED Sam Lee · Open shift',
      `CREATE Open shift · ${day(5).split('-').reverse().join('/')}`,
      'CREATE Sam Lee · Open shift',
      'CREATE Tia Lee · Open shift',
      'REJECTED Tia Lee · Open shift',
    ]);
    expect(new Set(entries.map((e) => e.domain))).toEqual(new Set(['open_shift']));
    const samOnly = (
      await w.owner('GET', `${w.base}/reports/audit?domain=open_shift&staffId=${w.sam.staffId}`)
    ).json();
    expect(samOnly.entries.map((e: { action: string }) => e.action).sort()).toEqual(['APPROVED', 'CREATE']);
  });

  it('announces each change after it commits: open-shifts for the open shift, shifts for the shift written', async () => {
    const w = await world();
    const spy = vi.spyOn(t.app.realtime, 'scheduleUpdated');
    try {
      const os = (await w.owner('POST', `${w.base}/open-shifts`, openShift())).json();
      const claim = (await w.sam.call('POST', `${w.base}/open-shifts/${os.openShiftId}/claim`)).json();
      // A refused call announces nothing.
      expect((await w.sam.call('POST', `${w.base}/open-shifts/${os.openShiftId}/claim`)).statusCode).toBe(
        409,
      );
      await w.owner('PUT', `${w.base}/open-shifts/${os.openShiftId}/claims/${claim.claimId}`, {
        status: 'approved',
      });
      await w.owner('DELETE', `${w.base}/open-shifts/${os.openShiftId}`);
      const events = spy.mock.calls.map(([e]) => e).filter((e) => e.teamId === w.teamId);
      expect(events.map((e) => e.kind)).toEqual([
        'open-shifts',
        'open-shifts',
        'shifts',
        'open-shifts',
        'open-shifts',
      ]);
      for (const e of events.filter((x) => x.kind === 'open-shifts')) {
        expect(e).toMatchObject({ startDate: day(5), endDate: day(5), ids: [os.openShiftId] });
      }
      expect(events[2]).toMatchObject({ kind: 'shifts', startDate: day(5) });
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a claim that clashes with the claimant’s own entries, and an approval that now clashes', async () => {
    const w = await world();
    const os = (await w.owner('POST', `${w.base}/open-shifts`, openShift({ staffCount: 2 }))).json();
    const url = `${w.base}/open-shifts/${os.openShiftId}`;
    // Sam already works that evening until 10:00 the next morning... and the open shift starts at 09:00.
    expect(
      (
        await w.owner('POST', `${w.base}/shifts`, {
          staffId: w.sam.staffId,
          shiftDate: day(4),
          startTime: '22:00',
          endTime: '10:00',
        })
      ).statusCode,
    ).toBe(201);
    const clash = await w.sam.call('POST', `${url}/claim`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^This clashes with Sam's shift on \d\d\/\d\d\/\d{4} 22:00–10:00$/);

    // Tia claims; then she is given time off that day: approving now clashes, and nothing is written.
    const claim = (await w.tia.call('POST', `${url}/claim`)).json();
    expect(
      (
        await w.owner('POST', `${w.base}/shifts`, {
          staffId: w.tia.staffId,
          shiftDate: day(5),
          isTimeOff: true,
          timeOffDays: 1,
        })
      ).statusCode,
    ).toBe(201);
    const approve = await w.admin.call('PUT', `${url}/claims/${claim.claimId}`, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toContain("This clashes with Tia's time off");
    const [row] = await t.database.db
      .select()
      .from(openShiftClaims)
      .where(eq(openShiftClaims.id, claim.claimId));
    expect(row!.status).toBe('pending');
    expect(
      await t.database.db
        .select()
        .from(shifts)
        .where(and(eq(shifts.staffId, w.tia.staffId), eq(shifts.isTimeOff, false))),
    ).toEqual([]);
    // Rejecting works, once.
    const rejected = await w.owner('PUT', `${url}/claims/${claim.claimId}`, { status: 'rejected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().claims).toEqual([
      expect.objectContaining({ status: 'rejected', staffName: 'Tia Lee' }),
    ]);
    const twice = await w.owner('PUT', `${url}/claims/${claim.claimId}`, { status: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This claim was already rejected');
    // Tia no longer sees the one she was turned down for.
    expect((await w.tia.call('GET', `${w.base}/open-shifts?${range}`)).json().openShifts).toEqual([]);
  });

  it('refuses a claim that breaks a strict staffing rule in the rule’s words; a rule that only warns lets it through', async () => {
    const w = await world();
    const os = (
      await w.owner('POST', `${w.base}/open-shifts`, openShift({ startTime: '06:00', endTime: '14:00' }))
    ).json();
    const url = `${w.base}/open-shifts/${os.openShiftId}`;
    // Sam closes the evening before, until 22:00: 8 h before the open shift's 06:00 start.
    expect(
      (
        await w.owner('POST', `${w.base}/shifts`, {
          staffId: w.sam.staffId,
          shiftDate: day(4),
          startTime: '14:00',
          endTime: '22:00',
        })
      ).statusCode,
    ).toBe(201);
    const rules = (strict: boolean) => ({
      minRestHours: { value: 11, strict },
      maxWeeklyHours: { value: null, strict: false },
      maxConsecutiveDays: { value: null, strict: false },
      minShiftHours: { value: null, strict: false },
      maxShiftHours: { value: null, strict: false },
    });
    expect((await w.owner('PUT', `${w.base}/schedule-agent`, { rules: rules(true) })).statusCode).toBe(200);
    const refused = await w.sam.call('POST', `${url}/claim`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STAFFING_RULE' });
    expect(refused.json().message).toMatch(
      /^Sam Lee has 8 h between shifts \(\w{3} 22:00 to \w{3} 06:00\); the minimum is 11 h$/,
    );
    expect(
      await t.database.db
        .select()
        .from(openShiftClaims)
        .where(eq(openShiftClaims.openShiftId, os.openShiftId)),
    ).toEqual([]);
    // Tia has nothing near it: her claim is taken.
    expect((await w.tia.call('POST', `${url}/claim`)).statusCode).toBe(201);
    // Not strict: the grid warns about it, nothing refuses it.
    expect((await w.owner('PUT', `${w.base}/schedule-agent`, { rules: rules(false) })).statusCode).toBe(200);
    const allowed = await w.sam.call('POST', `${url}/claim`);
    expect(allowed.statusCode, allowed.body).toBe(201);
  });

  it('hides what staff may not read: after a hiding lock, after their leaving date; removed members are refused', async () => {
    const w = await world();
    const late = (await w.owner('POST', `${w.base}/open-shifts`, openShift({ shiftDate: day(10) }))).json();
    const soon = (await w.owner('POST', `${w.base}/open-shifts`, openShift({ shiftDate: day(2) }))).json();
    const dates = async (call: typeof w.owner) =>
      (await call('GET', `${w.base}/open-shifts?${range}`))
        .json()
        .openShifts.map((o: { shiftDate: string }) => o.shiftDate);
    expect(await dates(w.sam.call)).toEqual([day(2), day(10)]);

    // A lock that hides the days after it hides their open shifts from staff, not from administrators.
    expect(
      (
        await w.owner('PUT', `${w.base}/shifts/locked-until`, {
          lockedUntil: day(5),
          hideScheduleAfterLock: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await dates(w.sam.call)).toEqual([day(2)]);
    expect(await dates(w.owner)).toEqual([day(2), day(10)]);
    expect((await w.sam.call('POST', `${w.base}/open-shifts/${late.openShiftId}/claim`)).statusCode).toBe(
      404,
    );
    await w.owner('PUT', `${w.base}/shifts/locked-until`, {
      lockedUntil: null,
      hideScheduleAfterLock: false,
    });

    // Tia leaves on day 6: she sees the one before, and may not claim the one after.
    expect(
      (await w.owner('DELETE', `${w.base}/staff/${w.tia.staffId}?leavingDate=${day(6)}`)).statusCode,
    ).toBe(200);
    expect(await dates(w.tia.call)).toEqual([day(2)]);
    const leaver = await w.tia.call('POST', `${w.base}/open-shifts/${late.openShiftId}/claim`);
    expect(leaver.statusCode).toBe(422);
    expect(leaver.json().message).toBe('This open shift is after your last day on the team');

    // Sam claims, then is removed from the team: his calls are not found, his claim goes with him.
    expect((await w.sam.call('POST', `${w.base}/open-shifts/${soon.openShiftId}/claim`)).statusCode).toBe(
      201,
    );
    expect((await w.owner('DELETE', `${w.base}/staff/${w.sam.staffId}`)).statusCode).toBe(200);
    expect((await w.sam.call('GET', `${w.base}/open-shifts?${range}`)).statusCode).toBe(404);
    expect((await w.sam.call('POST', `${w.base}/open-shifts/${late.openShiftId}/claim`)).statusCode).toBe(
      404,
    );
    const view = (await w.owner('GET', `${w.base}/open-shifts?${range}`)).json().openShifts;
    expect(view.find((o: { openShiftId: string }) => o.openShiftId === soon.openShiftId).claims).toEqual([]);

    // An owner who is not on the staff list has nothing to claim with.
    const owner = await w.owner('POST', `${w.base}/open-shifts/${soon.openShiftId}/claim`);
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toBe('Only people on the team’s staff list can claim open shifts');
  });

  it('deletes an open shift: pending claims are rejected and told, approved shifts stay', async () => {
    const w = await world();
    const os = (await w.owner('POST', `${w.base}/open-shifts`, openShift({ staffCount: 2 }))).json();
    const url = `${w.base}/open-shifts/${os.openShiftId}`;
    const sam = (await w.sam.call('POST', `${url}/claim`)).json();
    const tia = (await w.tia.call('POST', `${url}/claim`)).json();
    expect((await w.owner('PUT', `${url}/claims/${sam.claimId}`, { status: 'approved' })).statusCode).toBe(
      200,
    );
    // One of two places: the others still see it.
    expect((await w.cal.call('GET', `${w.base}/open-shifts?${range}`)).json().openShifts).toHaveLength(1);
    expect((await w.sam.call('GET', `${w.base}/open-shifts?${range}`)).json().openShifts).toEqual([]);

    const removed = await w.admin.call('DELETE', url);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toContain('Deleted the open shift on');
    expect(await countRows(w.teamId)).toBe(0);
    expect((await w.admin.call('DELETE', url)).statusCode).toBe(404);
    expect((await w.tia.call('POST', `${url}/claim`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(shifts).where(eq(shifts.staffId, w.sam.staffId))).toHaveLength(
      1,
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [tia.claimId, os.openShiftId]));
    expect(audit.map((r) => `${r.entityType} ${r.action}`).sort()).toEqual([
      'open_shift CREATE',
      'open_shift DELETE',
      'open_shift_claim CREATE',
      'open_shift_claim REJECTED',
    ]);
    expect(
      (await outbox(t.app)).some(
        (m) => m.to === w.tia.email && m.subject === 'Your claim on an open shift in Cafe was rejected',
      ),
    ).toBe(true);
  });

  it('lets exactly one of two administrators approving the last place at once win', async () => {
    const w = await world();
    for (let round = 0; round < 3; round++) {
      const os = (
        await w.owner('POST', `${w.base}/open-shifts`, openShift({ shiftDate: day(6 + round) }))
      ).json();
      const url = `${w.base}/open-shifts/${os.openShiftId}`;
      const sam = (await w.sam.call('POST', `${url}/claim`)).json();
      const tia = (await w.tia.call('POST', `${url}/claim`)).json();
      const answers = await Promise.all([
        w.owner('PUT', `${url}/claims/${sam.claimId}`, { status: 'approved' }),
        w.admin.call('PUT', `${url}/claims/${tia.claimId}`, { status: 'approved' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([
        200, 409,
      ]);
      const claims = await t.database.db
        .select()
        .from(openShiftClaims)
        .where(eq(openShiftClaims.openShiftId, os.openShiftId));
      expect(claims.map((c) => c.status).sort()).toEqual(['approved', 'rejected']);
      const written = await t.database.db
        .select()
        .from(shifts)
        .where(
          and(inArray(shifts.staffId, [w.sam.staffId, w.tia.staffId]), eq(shifts.shiftDate, day(6 + round))),
        );
      expect(written).toHaveLength(1);
      expect(written[0]!.staffId).toBe(claims.find((c) => c.status === 'approved')!.staffId);
    }
  });

  it('keeps staff to their own: no claims for others, no other team’s open shifts', async () => {
    const w = await world();
    const other = await world();
    const os = (await other.owner('POST', `${other.base}/open-shifts`, openShift())).json();
    // The open shift of another team is not found through this team's address.
    expect((await w.sam.call('POST', `${w.base}/open-shifts/${os.openShiftId}/claim`)).statusCode).toBe(404);
    expect((await w.owner('DELETE', `${w.base}/open-shifts/${os.openShiftId}`)).statusCode).toBe(404);
    const claim = (await other.sam.call('POST', `${other.base}/open-shifts/${os.openShiftId}/claim`)).json();
    expect(
      (
        await w.owner('PUT', `${w.base}/open-shifts/${os.openShiftId}/claims/${claim.claimId}`, {
          status: 'approved',
        })
      ).statusCode,
    ).toBe(404);
    // A claim id of another open shift is not found on this one.
    const mine = (await w.owner('POST', `${w.base}/open-shifts`, openShift())).json();
    expect(
      (
        await w.owner('PUT', `${w.base}/open-shifts/${mine.openShiftId}/claims/${claim.claimId}`, {
          status: 'rejected',
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, other.sam.staffId));
    expect(row).toBeTruthy();
  });
});
