import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, openShiftClaims, openShifts, shifts, sickCoverOffers, teams } from '../src/db/schema.ts';
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
import { weekAhead } from './support/staffing-world.ts';

/**
 * Sick calls (issue 44, docs/the-day.md): `POST /api/teams/{id}/shifts/{shiftId}/sick` on Pro, by the
 * shift's member or an administrator for them; the shift becomes time off marked sick, its place an
 * open shift offered to the best-ranked colleagues (core day/sick-cover), whose first claim is
 * approved at once when the team says so. On PGlite and PostgreSQL.
 */

const today = toIsoDate(new Date());
const day = (n: number) => addDays(today, n);
const PRO_MESSAGE = 'Sick calls are part of the Pro plan. The team owner can upgrade to Pro to use them.';

describe.each(engines)('sick calls on %s', (engine) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  type Member = { call: ReturnType<typeof client>; staffId: string; email: string };

  /**
   * A team owned by Olive (Pro unless `free`), with Ada an administrator, Pat, Sam, Tia and Dan cooks
   * and Cal a chef, each joined and signed in, and Uma a cook who has not joined; Otto is on no team.
   */
  async function world(options: { free?: boolean; cooks?: string[] } = {}) {
    n += 1;
    const domain = options.free ? 'example.com' : 'pro-domain.test';
    const ownerEmail = `olive.${n}@${domain}`;
    const owner = client(t.app, await signIn(t.app, ownerEmail, { firstName: 'Olive', lastName: 'Owner' }));
    const team = (await owner('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    async function join(firstName: string, role: string, isAdmin = false): Promise<Member> {
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
    const admin = await join('Ada', 'Manager', !options.free);
    const pat = await join('Pat', 'Cook');
    const cooks: Record<string, Member> = {};
    for (const name of options.cooks ?? ['Sam', 'Tia', 'Dan']) cooks[name] = await join(name, 'Cook');
    const cal = await join('Cal', 'Chef');
    const uma = (
      await owner('POST', `${base}/staff`, { firstName: 'Uma', lastName: 'Lee', role: 'Cook' })
    ).json() as { staffId: string };
    const outsider = client(t.app, await signIn(t.app, `otto.${n}@example.com`));
    return { owner, ownerEmail, admin, pat, cooks, cal, uma, outsider, base, teamId: team.teamId as string };
  }
  type World = Awaited<ReturnType<typeof world>>;

  async function addShift(w: World, staffId: string, shiftDate: string, startTime: string, endTime: string) {
    const res = await w.owner('POST', `${w.base}/shifts`, {
      staffId,
      shiftDate,
      startTime,
      endTime,
      breakMinutes: 30,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().shiftId as string;
  }
  const sickUrl = (w: World, shiftId: string) => `${w.base}/shifts/${shiftId}/sick`;
  const shiftRow = async (id: string) =>
    (await t.database.db.select().from(shifts).where(eq(shifts.id, id)))[0]!;
  const bell = async (call: ReturnType<typeof client>, type: string) => {
    const res = await call('GET', '/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().notifications as { type: string; pendingCount: number }[]).filter(
      (x) => x.type === type,
    );
  };

  it('is Pro: a Free team gets 403 naming Pro, and the shift stays a shift', async () => {
    const w = await world({ free: true, cooks: ['Sam'] });
    const shiftId = await addShift(w, w.pat.staffId, day(4), '09:00', '17:00');
    for (const call of [w.pat.call, w.owner]) {
      const res = await call('POST', sickUrl(w, shiftId), {});
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(PRO_MESSAGE);
    }
    expect((await shiftRow(shiftId)).isTimeOff).toBe(false);
    expect(await t.database.db.select().from(openShifts).where(eq(openShifts.teamId, w.teamId))).toEqual([]);
  });

  it('turns a member’s own shift into sick time off, posts its place and offers it to the best ranked, with reasons', async () => {
    const w = await world();
    const monday = weekAhead();
    const wednesday = addDays(monday, 2);
    // Contracts from long before, so they are in force that week.
    const since = addDays(today, -60);
    for (const [name, hours] of [
      ['Sam', 24],
      ['Tia', 16],
    ] as const) {
      const res = await w.owner('POST', `${w.base}/weekly-hours`, {
        staffId: w.cooks[name]!.staffId,
        hoursPerWeek: hours,
        effectiveFrom: since,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Sam and Tia each work 7.5 h on the Monday: Sam is further below his contract (7.5 of 24).
    await addShift(w, w.cooks.Sam!.staffId, monday, '09:00', '17:00');
    await addShift(w, w.cooks.Tia!.staffId, monday, '09:00', '17:00');
    const shiftId = await addShift(w, w.pat.staffId, wednesday, '08:00', '16:00');

    const res = await w.pat.call('POST', sickUrl(w, shiftId), { note: 'Fever since last night' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      openShiftId: expect.any(String),
      offeredTo: [
        {
          staffId: w.cooks.Sam!.staffId,
          staffName: 'Sam Lee',
          reason: 'free all day, 7.5 of 24 contracted hours',
        },
        {
          staffId: w.cooks.Tia!.staffId,
          staffName: 'Tia Lee',
          reason: 'free all day, 7.5 of 16 contracted hours',
        },
        {
          staffId: w.cooks.Dan!.staffId,
          staffName: 'Dan Lee',
          reason: 'free all day, 0 hours that week, no contracted hours',
        },
      ],
    });

    // The shift is time off marked sick, in place, with its times and break.
    const sick = await shiftRow(shiftId);
    expect(sick).toMatchObject({
      isTimeOff: true,
      sick: true,
      startTime: '08:00:00',
      endTime: '16:00:00',
      breakMinutes: 30,
    });
    // Its place: an open shift of one, same date, times, role and break, pointing at it.
    const [os] = await t.database.db.select().from(openShifts).where(eq(openShifts.id, body.openShiftId));
    expect(os).toMatchObject({
      teamId: w.teamId,
      shiftDate: wednesday,
      startTime: '08:00:00',
      endTime: '16:00:00',
      breakMinutes: 30,
      role: 'Cook',
      staffCount: 1,
      fromSickShiftId: shiftId,
    });
    const offers = await t.database.db
      .select()
      .from(sickCoverOffers)
      .where(eq(sickCoverOffers.openShiftId, body.openShiftId));
    expect(offers.map((o) => [o.rank, o.staffId]).sort()).toEqual([
      [1, w.cooks.Sam!.staffId],
      [2, w.cooks.Tia!.staffId],
      [3, w.cooks.Dan!.staffId],
    ]);

    // Audited as Pat: the shift's update (sick, with the note) and the open shift's creation.
    const patUser = (await w.pat.call('GET', '/api/auth/me')).json().user.id;
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, w.teamId), inArray(auditLog.entityId, [shiftId, body.openShiftId])));
    const update = audits.find((a) => a.entityType === 'shift' && a.action === 'UPDATE')!;
    expect(update.changedBy).toBe(patUser);
    expect(update.newValues).toMatchObject({
      isTimeOff: true,
      sick: true,
      sickNote: 'Fever since last night',
    });
    expect(update.oldValues).toMatchObject({ isTimeOff: false, sick: false });
    const created = audits.find((a) => a.entityType === 'open_shift' && a.action === 'CREATE')!;
    expect(created.changedBy).toBe(patUser);
    expect(created.newValues).toMatchObject({ fromSickShiftId: shiftId });

    // Each offered colleague has an email with the reason, and the bell; Pat and the chef have neither.
    const mails = await outbox(t.app);
    for (const [name, reason] of [
      ['Sam', 'free all day, 7.5 of 24 contracted hours'],
      ['Dan', 'free all day, 0 hours that week, no contracted hours'],
    ] as const) {
      const mail = mails.find(
        (m) => m.to === w.cooks[name]!.email && m.subject === 'Can you cover a shift in Diner?',
      );
      expect(mail?.text).toContain(reason);
      expect(mail?.text).toContain('08:00–16:00');
      expect(await bell(w.cooks[name]!.call, 'sick_cover')).toEqual([
        expect.objectContaining({ teamId: w.teamId, pendingCount: 1 }),
      ]);
    }
    expect(mails.some((m) => m.to === w.cal.email && m.subject.startsWith('Can you cover'))).toBe(false);
    expect(await bell(w.pat.call, 'sick_cover')).toEqual([]);
    expect(await bell(w.cal.call, 'sick_cover')).toEqual([]);

    // The first to claim gets it at once (autoApproveSickCover, the default): it is in their week.
    const claim = await w.cooks.Tia!.call('POST', `${w.base}/open-shifts/${body.openShiftId}/claim`);
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json()).toEqual({ claimId: expect.any(String), status: 'approved' });
    const week = await w.cooks.Tia!.call(
      'GET',
      `${w.base}/shifts?startDate=${monday}&endDate=${addDays(monday, 6)}`,
    );
    expect(week.statusCode, week.body).toBe(200);
    const tiaShifts = await t.database.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.staffId, w.cooks.Tia!.staffId), eq(shifts.shiftDate, wednesday)));
    expect(tiaShifts).toEqual([
      expect.objectContaining({ startTime: '08:00:00', endTime: '16:00:00', breakMinutes: 30 }),
    ]);
    const tiaClaims = await t.database.db
      .select()
      .from(openShiftClaims)
      .where(eq(openShiftClaims.openShiftId, body.openShiftId));
    expect(tiaClaims).toEqual([expect.objectContaining({ status: 'approved', shiftId: tiaShifts[0]!.id })]);
    // Filled: the next claim is a 409, and the offer leaves everyone's bell.
    const late = await w.cooks.Sam!.call('POST', `${w.base}/open-shifts/${body.openShiftId}/claim`);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe('This open shift has been filled');
    expect(await bell(w.cooks.Sam!.call, 'sick_cover')).toEqual([]);
    expect(await bell(w.cooks.Tia!.call, 'sick_cover')).toEqual([]);
  });

  it('says sick on the week read, the shifts list and the feed, to the owner and to colleagues, without the note', async () => {
    const w = await world({ cooks: ['Sam'] });
    const shiftId = await addShift(w, w.pat.staffId, day(3), '08:00', '16:00');
    // Sam works the next day (free for the cover: a world where nobody fits would mail the owner).
    const samShift = await addShift(w, w.cooks.Sam!.staffId, day(4), '09:00', '17:00');
    const week = `${w.base}/shifts?startDate=${day(0)}&endDate=${day(6)}`;
    const entry = (list: { shiftId: string }[], id: string) =>
      list.find((x) => x.shiftId === id) as Record<string, unknown> | undefined;
    // The owner's read before the call: a shift, not sick; its validator is for that version.
    const before = await w.owner('GET', week);
    expect(before.statusCode, before.body).toBe(200);
    expect(entry(before.json(), shiftId)).toMatchObject({ isTimeOff: false, sick: false });

    const call = await w.pat.call('POST', sickUrl(w, shiftId), { note: 'Migraine' });
    expect(call.statusCode, call.body).toBe(201);
    expect(call.json().offeredTo).toHaveLength(1);

    // The schedule version moved, so the validator did: a browser's copy from before is not kept.
    const after = await w.owner('GET', week);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    for (const viewer of [w.owner, w.admin.call, w.pat.call, w.cooks.Sam!.call]) {
      const res = await viewer('GET', week);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json();
      expect(entry(list, shiftId)).toMatchObject({
        isTimeOff: true,
        sick: true,
        startTime: '08:00:00',
        endTime: '16:00:00',
        notes: null,
      });
      expect(entry(list, samShift)).toMatchObject({ isTimeOff: false, sick: false });
      // The sick call's note is in its audit row only, never in what the schedule sends.
      expect(res.body).not.toContain('Migraine');
      // A second read of the same version is the cached answer: the same bytes.
      expect((await viewer('GET', week)).body).toBe(res.body);
    }
    // The week read on embedded PGlite and the driver's rows on PostgreSQL agree with a row read.
    expect((await shiftRow(shiftId)).sick).toBe(true);

    // Pat's own calendar feed calls the day Sick.
    const feed = (await w.pat.call('GET', '/api/calendar/feed')).json().url as string;
    const ics = await t.app.inject({ method: 'GET', url: new URL(feed).pathname });
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.body).toContain('SUMMARY:Sick · Diner');
    expect(ics.body).not.toContain('Migraine');

    // Edited back into a shift by an administrator, it is a shift again, not sick.
    const back = await w.owner('PUT', `${w.base}/shifts/${shiftId}`, {
      staffId: w.pat.staffId,
      shiftDate: day(3),
      startTime: '08:00',
      endTime: '16:00',
      breakMinutes: 30,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ isTimeOff: false, sick: false });
    expect(entry((await w.owner('GET', week)).json(), shiftId)).toMatchObject({
      isTimeOff: false,
      sick: false,
    });
    // And the row itself: made time off again later, it must not come back as sick.
    expect((await shiftRow(shiftId)).sick).toBe(false);
  });

  it('leaves a sick entry behind when its week is copied, even with the week’s time off', async () => {
    const w = await world({ cooks: ['Sam'] });
    const sam = w.cooks.Sam!.staffId;
    const patShift = await addShift(w, w.pat.staffId, day(3), '08:00', '16:00');
    await addShift(w, sam, day(4), '09:00', '17:00');
    const holiday = await w.owner('POST', `${w.base}/shifts`, {
      staffId: sam,
      shiftDate: day(5),
      isTimeOff: true,
      timeOffDays: 1,
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    expect((await w.pat.call('POST', sickUrl(w, patShift), {})).statusCode).toBe(201);

    const copy = await w.owner('POST', `${w.base}/shifts/copy-week`, {
      fromWeekStart: day(0),
      toWeekStart: day(7),
      includeTimeOff: true,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    // Sam's shift and planned day off are copied; Pat's sick day is neither copied nor "skipped".
    expect(copy.json()).toMatchObject({ success: true, copied: 2, skipped: 0 });
    const next = (await w.owner('GET', `${w.base}/shifts?startDate=${day(7)}&endDate=${day(13)}`)).json() as {
      staffId: string;
      shiftDate: string;
      isTimeOff: boolean;
      sick: boolean;
    }[];
    expect(next.map((x) => [x.staffId, x.shiftDate, x.isTimeOff, x.sick])).toEqual([
      [sam, day(11), false, false],
      [sam, day(12), true, false],
    ]);
  });

  it('lets an owner or administrator call in sick for a member; refuses someone else’s shift, outsiders and repeats', async () => {
    const w = await world({ cooks: ['Sam'] });
    const first = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const second = await addShift(w, w.pat.staffId, day(6), '09:00', '17:00');
    const samShift = await addShift(w, w.cooks.Sam!.staffId, day(7), '09:00', '17:00');

    // A colleague's shift: 403 with a sentence; nothing changes.
    const other = await w.pat.call('POST', sickUrl(w, samShift), {});
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json().message).toBe('You can only call in sick for your own shift');
    expect((await shiftRow(samShift)).isTimeOff).toBe(false);
    // Someone on no team: the team is not found.
    expect((await w.outsider('POST', sickUrl(w, first), {})).statusCode).toBe(404);

    const byAdmin = await w.admin.call('POST', sickUrl(w, first), {});
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const byOwner = await w.owner('POST', sickUrl(w, second));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    const adaUser = (await w.admin.call('GET', '/api/auth/me')).json().user.id;
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first), eq(auditLog.action, 'UPDATE')));
    expect(audit?.changedBy).toBe(adaUser);

    // Already sick, or time off: 409 with a sentence, nothing more posted.
    const again = await w.pat.call('POST', sickUrl(w, first), {});
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('This shift has already been called in sick');
    const off = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.pat.staffId,
      shiftDate: day(8),
      isTimeOff: true,
      timeOffDays: 1,
    });
    expect(off.statusCode, off.body).toBe(201);
    const timeOff = await w.pat.call('POST', sickUrl(w, off.json().shiftId), {});
    expect(timeOff.statusCode, timeOff.body).toBe(409);
    expect(timeOff.json().message).toBe('This is time off, not a shift');
    expect(await t.database.db.select().from(openShifts).where(eq(openShifts.teamId, w.teamId))).toHaveLength(
      2,
    );

    // A shift that does not exist (or is another team's): 404.
    const elsewhere = await world({ cooks: [] });
    const theirs = await addShift(elsewhere, elsewhere.pat.staffId, day(5), '09:00', '17:00');
    expect((await w.owner('POST', sickUrl(w, theirs), {})).statusCode).toBe(404);
    expect((await w.owner('POST', sickUrl(w, '00000000-0000-4000-8000-000000000000'), {})).statusCode).toBe(
      404,
    );
  });

  it('refuses a shift already over with 409, and takes one under way', async () => {
    const w = await world({ cooks: ['Sam'] });
    const past = await addShift(w, w.pat.staffId, day(-2), '09:00', '17:00');
    const over = await w.pat.call('POST', sickUrl(w, past), {});
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(
      'This shift is already over: a sick call is for a shift still to come or under way',
    );
    expect((await shiftRow(past)).isTimeOff).toBe(false);
    // Under way: started an hour ago (UTC, the team's zone), ends in three.
    const now = new Date();
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const start = new Date(now.getTime() - 60 * 60_000);
    const end = new Date(now.getTime() + 3 * 60 * 60_000);
    const running = await addShift(w, w.pat.staffId, toIsoDate(start), hhmm(start), hhmm(end));
    const res = await w.pat.call('POST', sickUrl(w, running), {});
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const w = await world({ cooks: ['Sam'] });
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    for (const payload of [{ note: 'x'.repeat(501) }, { note: 'bad\u0000note' }, { note: 42 }]) {
      const res = await w.pat.call('POST', sickUrl(w, shiftId), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('note');
    }
    const badId = await w.pat.call('POST', `${w.base}/shifts/not-a-uuid/sick`, {});
    expect(badId.statusCode, badId.body).toBe(400);
    expect((await shiftRow(shiftId)).isTimeOff).toBe(false);
  });

  it('offers nobody when nobody fits, and tells the owner and administrators why in words', async () => {
    const w = await world({ cooks: [] });
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const res = await w.pat.call('POST', sickUrl(w, shiftId), {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ openShiftId: expect.any(String), offeredTo: [] });
    const mails = (await outbox(t.app)).filter(
      (m) => m.subject === "Nobody can cover Pat Lee's shift in Diner",
    );
    expect(mails.map((m) => m.to).sort()).toEqual([w.admin.email, w.ownerEmail].sort());
    const text = mails[0]!.text;
    expect(text).toContain('Nobody fits:');
    expect(text).toContain('Cal Lee is a Chef, not a Cook');
    expect(text).toContain('Uma Lee has not joined the team yet');
  });

  it('leaves a claim pending for an administrator when the team does not approve sick covers at once', async () => {
    const w = await world({ cooks: ['Sam'] });
    await t.database.db.update(teams).set({ autoApproveSickCover: false }).where(eq(teams.id, w.teamId));
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const { openShiftId } = (await w.pat.call('POST', sickUrl(w, shiftId), {})).json();
    const claim = await w.cooks.Sam!.call('POST', `${w.base}/open-shifts/${openShiftId}/claim`);
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().status).toBe('pending');
    // Claimed: no longer on Sam's bell; the claim is on the administrators'.
    expect(await bell(w.cooks.Sam!.call, 'sick_cover')).toEqual([]);
    expect(await bell(w.admin.call, 'open_shift_claims')).toEqual([
      expect.objectContaining({ pendingCount: 1 }),
    ]);
    const approved = await w.admin.call(
      'PUT',
      `${w.base}/open-shifts/${openShiftId}/claims/${claim.json().claimId}`,
      {
        status: 'approved',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('does not let the one who called in sick claim their own cover, and offers only as many as the team says', async () => {
    const w = await world();
    await t.database.db.update(teams).set({ sickCoverOffers: 1 }).where(eq(teams.id, w.teamId));
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const res = await w.pat.call('POST', sickUrl(w, shiftId), {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().offeredTo).toHaveLength(1);
    const own = await w.pat.call('POST', `${w.base}/open-shifts/${res.json().openShiftId}/claim`);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe('You called in sick for this shift');
    // Nor is it in their list of open shifts to claim; a colleague's list has it.
    const listUrl = `${w.base}/open-shifts?startDate=${day(5)}&endDate=${day(5)}`;
    const ids = async (call: World['owner']) =>
      ((await call('GET', listUrl)).json().openShifts as { openShiftId: string }[]).map((o) => o.openShiftId);
    expect(await ids(w.pat.call)).not.toContain(res.json().openShiftId);
    expect(await ids(w.cooks.Sam!.call)).toContain(res.json().openShiftId);
  });

  it('lets exactly one of two colleagues claiming the last sick cover at once win', async () => {
    const w = await world({ cooks: ['Sam', 'Tia'] });
    for (let round = 0; round < 3; round++) {
      const date = day(9 + round);
      const shiftId = await addShift(w, w.pat.staffId, date, '09:00', '17:00');
      const { openShiftId } = (await w.pat.call('POST', sickUrl(w, shiftId), {})).json();
      const url = `${w.base}/open-shifts/${openShiftId}/claim`;
      const answers = await Promise.all([w.cooks.Sam!.call('POST', url), w.cooks.Tia!.call('POST', url)]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([
        201, 409,
      ]);
      const written = await t.database.db
        .select()
        .from(shifts)
        .where(
          and(
            inArray(shifts.staffId, [w.cooks.Sam!.staffId, w.cooks.Tia!.staffId]),
            eq(shifts.shiftDate, date),
          ),
        );
      expect(written).toHaveLength(1);
      const claims = await t.database.db
        .select()
        .from(openShiftClaims)
        .where(eq(openShiftClaims.openShiftId, openShiftId));
      expect(claims).toEqual([expect.objectContaining({ status: 'approved', staffId: written[0]!.staffId })]);
    }
  });

  it('does not offer a colleague who clashes, is off, or is unavailable, and says so', async () => {
    const w = await world({ cooks: ['Sam', 'Tia', 'Dan'] });
    const date = day(6);
    await addShift(w, w.cooks.Sam!.staffId, date, '12:00', '20:00');
    const off = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.cooks.Tia!.staffId,
      shiftDate: date,
      isTimeOff: true,
      timeOffDays: 1,
    });
    expect(off.statusCode, off.body).toBe(201);
    const unavailable = await w.cooks.Dan!.call(
      'PUT',
      `${w.base}/staff/${w.cooks.Dan!.staffId}/availability`,
      {
        weekly: [],
        dates: [{ date, startTime: null, endTime: null, kind: 'unavailable' }],
      },
    );
    expect(unavailable.statusCode, unavailable.body).toBe(200);
    const shiftId = await addShift(w, w.pat.staffId, date, '09:00', '17:00');
    const res = await w.pat.call('POST', sickUrl(w, shiftId), {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().offeredTo).toEqual([]);
    const mail = (await outbox(t.app)).find(
      (m) => m.subject === "Nobody can cover Pat Lee's shift in Diner" && m.to === w.ownerEmail,
    );
    expect(mail?.text).toContain('Sam Lee works then');
    expect(mail?.text).toContain('Tia Lee has time off then');
    expect(mail?.text).toContain('Dan Lee is unavailable then');
  });

  it('takes one of two sick calls for the same shift at once; the other is a 409', async () => {
    const w = await world({ cooks: ['Sam'] });
    for (let round = 0; round < 3; round++) {
      const shiftId = await addShift(w, w.pat.staffId, day(12 + round), '09:00', '17:00');
      const answers = await Promise.all([
        w.pat.call('POST', sickUrl(w, shiftId), {}),
        w.admin.call('POST', sickUrl(w, shiftId), {}),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([
        201, 409,
      ]);
      const posted = await t.database.db
        .select()
        .from(openShifts)
        .where(eq(openShifts.fromSickShiftId, shiftId));
      expect(posted).toHaveLength(1);
    }
  });

  it('audits a sick call made in support mode as the agent, on behalf of the member', async () => {
    const w = await world({ cooks: ['Sam'] });
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agent = client(t.app, agentCookie);
    const agentId = (await agent('GET', '/api/auth/me')).json().user.id as string;
    const patUser = (await w.pat.call('GET', '/api/auth/me')).json().user.id as string;
    const ticket = await w.pat.call('POST', '/api/support/tickets', {
      title: 'Sick',
      message: 'Please call in for me',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const started = await agent('POST', `/api/auth/impersonate/${patUser}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asPat = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    const res = await asPat('POST', sickUrl(w, shiftId), { note: 'Phoned the helpdesk' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.teamId, w.teamId), inArray(auditLog.entityId, [shiftId, res.json().openShiftId])),
      );
    // The sick call's rows: the shift's update and the open shift's creation (not the shift's own creation).
    const sickCall = rows.filter((row) => !(row.entityType === 'shift' && row.action === 'CREATE'));
    expect(sickCall.map((row) => `${row.entityType} ${row.action}`).sort()).toEqual([
      'open_shift CREATE',
      'shift UPDATE',
    ]);
    for (const row of sickCall)
      expect({ changedBy: row.changedBy, onBehalfOf: row.onBehalfOf }).toEqual({
        changedBy: agentId,
        onBehalfOf: patUser,
      });
  });

  it('announces the schedule and the open shifts to the team, as the caller, for the call and an approved claim', async () => {
    const w = await world({ cooks: ['Sam'] });
    const shiftId = await addShift(w, w.pat.staffId, day(5), '09:00', '17:00');
    const events: { teamId: string; kind: string; ids: string[]; changedBy: { userId: string } }[] = [];
    const scheduleUpdated = t.app.realtime.scheduleUpdated.bind(t.app.realtime);
    const spy = vi.spyOn(t.app.realtime, 'scheduleUpdated').mockImplementation((event) => {
      events.push(event);
      scheduleUpdated(event);
    });
    try {
      const res = await w.pat.call('POST', sickUrl(w, shiftId), {});
      expect(res.statusCode, res.body).toBe(201);
      const patUser = (await w.pat.call('GET', '/api/auth/me')).json().user.id;
      const mine = events.filter((e) => e.teamId === w.teamId);
      expect(mine.map((e) => e.kind).sort()).toEqual(['open-shifts', 'shifts']);
      expect(mine.find((e) => e.kind === 'shifts')?.ids).toEqual([shiftId]);
      expect(mine.find((e) => e.kind === 'open-shifts')?.ids).toEqual([res.json().openShiftId]);
      for (const e of mine) expect(e.changedBy.userId).toBe(patUser);

      events.length = 0;
      const claim = await w.cooks.Sam!.call('POST', `${w.base}/open-shifts/${res.json().openShiftId}/claim`);
      expect(claim.statusCode, claim.body).toBe(201);
      expect(
        events
          .filter((e) => e.teamId === w.teamId)
          .map((e) => e.kind)
          .sort(),
      ).toEqual(['open-shifts', 'shifts']);
    } finally {
      spy.mockRestore();
    }
  });
});
