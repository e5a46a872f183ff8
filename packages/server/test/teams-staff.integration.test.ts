import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, users } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  latestLink,
  sessionCookie,
  signIn,
  type TestApp,
  tokenOf,
} from './support/harness.ts';

type Call = ReturnType<typeof client>;

describe.each(engines)('teams, staff and invitations on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      PRO_EMAILS: 'pro@rotaboard.test,pro2@rotaboard.test',
      MAGIC_LINK_RESEND_SECONDS: '0',
    });
  });
  afterAll(async () => t.close());

  let n = 0;
  const email = (name: string) => `${name}.${++n}@example.com`;

  /** A signed-in user with a team of their own. */
  async function owner(address = email('owner'), teamName = 'Bakery', ownerInStaffList = true) {
    const call = client(t.app, await signIn(t.app, address, { firstName: 'Olive', lastName: 'Owner' }));
    const team = (await call('POST', '/api/teams', { teamName, ownerInStaffList })).json();
    return { call, team, base: `/api/teams/${team.teamId}`, email: address };
  }

  async function addStaff(call: Call, base: string, body: Record<string, unknown>) {
    const res = await call('POST', `${base}/staff`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** Adds, invites and links a person; returns their signed-in client. */
  async function member(o: { call: Call; base: string }, opts: { isAdmin?: boolean; first?: string } = {}) {
    const address = email(opts.first?.toLowerCase() ?? 'member');
    const row = await addStaff(o.call, o.base, {
      firstName: opts.first ?? 'Mo',
      lastName: 'Member',
      email: address,
      isAdmin: opts.isAdmin ?? false,
    });
    expect(
      (await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/invites/accept',
          payload: { token: await inviteToken(t.app, address) },
        })
      ).statusCode,
    ).toBe(200);
    const call = client(t.app, await signIn(t.app, address, null));
    return { call, staffId: row.staffId, email: address };
  }

  describe('teams', () => {
    it('lets the owner edit a team with its hash, and refuses a stale hash without writing', async () => {
      const o = await owner();
      const edit = await o.call('PUT', o.base, {
        teamName: ' Corner Bakery ',
        weekStartDay: 0,
        hash: o.team.hash,
      });
      expect(edit.statusCode).toBe(200);
      const edited = edit.json();
      expect(edited).toMatchObject({
        teamName: 'Corner Bakery',
        weekStartDay: 0,
        isOwner: true,
        isAdmin: true,
      });
      expect(edited.hash).not.toBe(o.team.hash);

      const stale = await o.call('PUT', o.base, {
        teamName: 'Lost Edit',
        weekStartDay: 3,
        hash: o.team.hash,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'STALE_HASH',
        message: expect.stringContaining('changed by someone else'),
      });
      expect((await o.call('GET', o.base)).json()).toMatchObject({
        teamName: 'Corner Bakery',
        weekStartDay: 0,
      });

      for (const body of [
        { teamName: '', weekStartDay: 1, hash: edited.hash },
        { teamName: 'X', weekStartDay: 9, hash: edited.hash },
        { teamName: 'X', weekStartDay: 1 },
      ]) {
        expect((await o.call('PUT', o.base, body)).statusCode).toBe(400);
      }
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, o.team.teamId), eq(auditLog.action, 'UPDATE')));
      expect(audits).toHaveLength(1);
      expect(audits[0]!.oldValues).toEqual({ teamName: 'Bakery', weekStartDay: 1 });
      expect(audits[0]!.newValues).toEqual({ teamName: 'Corner Bakery', weekStartDay: 0 });
    });

    it('takes the owner off and back onto the staff list', async () => {
      const o = await owner();
      const off = await o.call('PUT', o.base, {
        teamName: 'Bakery',
        weekStartDay: 1,
        ownerInStaffList: false,
        hash: o.team.hash,
      });
      expect(off.json().ownerInStaffList).toBe(false);
      expect((await o.call('GET', `${o.base}/staff?includeAll=true`)).json()).toEqual([]);
      await o.call('PUT', o.base, {
        teamName: 'Bakery',
        weekStartDay: 1,
        ownerInStaffList: true,
        hash: off.json().hash,
      });
      expect((await o.call('GET', `${o.base}/staff?includeAll=true`)).json()).toEqual([
        expect.objectContaining({ fullName: 'Olive Owner', isOwner: true }),
      ]);
    });

    it('deletes a team with its data, for the owner only', async () => {
      const o = await owner('pro@rotaboard.test', 'Doomed');
      const admin = await member(o, { isAdmin: true, first: 'Ada' });
      const worker = await member(o, { first: 'Wes' });
      for (const who of [admin, worker]) {
        const res = await who.call('DELETE', o.base);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Only the team owner can delete the team');
      }
      const outsider = client(t.app, await signIn(t.app, email('outsider')));
      expect((await outsider('DELETE', o.base)).statusCode).toBe(404);
      expect((await client(t.app)('DELETE', o.base)).statusCode).toBe(401);

      const res = await o.call('DELETE', o.base);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Doomed has been deleted');
      expect((await o.call('GET', o.base)).statusCode).toBe(404);
      expect((await worker.call('GET', '/api/teams')).json()).toEqual([]);
      const rows = await t.database.db.select().from(staff).where(eq(staff.teamId, o.team.teamId));
      expect(rows).toEqual([]);
    });
  });

  describe('staff', () => {
    it('adds, edits (with hash), marks leaving, cancels leaving and removes staff, with audit rows', async () => {
      const o = await owner();
      const sam = await addStaff(o.call, o.base, {
        firstName: ' Sam ',
        lastName: 'Baker',
        role: 'Barista',
        email: 'Sam@Example.com',
      });
      expect(sam).toMatchObject({
        fullName: 'Sam Baker',
        role: 'Barista',
        email: 'sam@example.com',
        inviteStatus: 'not_invited',
        displayOrder: 1,
        isAdmin: false,
      });
      const noLast = await addStaff(o.call, o.base, { firstName: 'Cher' });
      expect(noLast).toMatchObject({ fullName: 'Cher', lastName: '', role: '', email: null });

      const edited = await o.call('PUT', `${o.base}/staff/${sam.staffId}`, {
        firstName: 'Samuel',
        lastName: 'Baker',
        role: 'Head barista',
        email: 'sam@example.com',
        hash: sam.hash,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().fullName).toBe('Samuel Baker');
      const stale = await o.call('PUT', `${o.base}/staff/${sam.staffId}`, {
        firstName: 'Lost',
        hash: sam.hash,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('changed by someone else');

      const leaving = await o.call('DELETE', `${o.base}/staff/${sam.staffId}?leavingDate=2099-01-31`);
      expect(leaving.json()).toMatchObject({ outcome: 'leaving', staff: { leavingDate: '2099-01-31' } });
      const activeAfter = (await o.call('GET', `${o.base}/staff?date=2099-02-01`)).json();
      expect(activeAfter.map((s: { fullName: string }) => s.fullName)).toEqual(['Olive Owner', 'Cher']);
      const activeBefore = (await o.call('GET', `${o.base}/staff?date=2099-01-31`)).json();
      expect(activeBefore).toHaveLength(3);
      const cancelled = await o.call('POST', `${o.base}/staff/${sam.staffId}/cancel-leaving`);
      expect(cancelled.json().leavingDate).toBeNull();

      // Today or a past date removes at once.
      const gone = await o.call('DELETE', `${o.base}/staff/${noLast.staffId}?leavingDate=2020-01-01`);
      expect(gone.json()).toMatchObject({ outcome: 'removed', staff: null });
      const removed = await o.call('DELETE', `${o.base}/staff/${sam.staffId}`);
      expect(removed.json().outcome).toBe('removed');
      expect((await o.call('GET', `${o.base}/staff?includeAll=true`)).json()).toHaveLength(1);
      expect((await o.call('DELETE', `${o.base}/staff/${sam.staffId}`)).statusCode).toBe(404);

      const actions = (
        await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, sam.staffId))
      ).map((a) => a.action);
      expect(actions.sort()).toEqual(['CREATE', 'DELETE', 'UPDATE', 'UPDATE', 'UPDATE']);
      const [created] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, sam.staffId), eq(auditLog.action, 'CREATE')));
      expect(Object.keys(created!.newValues as object).sort()).toEqual(
        [
          'displayOrder',
          'email',
          'firstName',
          'inviteStatus',
          'invitedAt',
          'isAdmin',
          'joinedAt',
          'lastName',
          'leavingDate',
          'role',
          'staffName',
        ].sort(),
      );
    });

    it('refuses bad staff input and changes nothing', async () => {
      const o = await owner();
      await addStaff(o.call, o.base, { firstName: 'Dup', email: 'dup@example.com' });
      const cases: [unknown, number, string][] = [
        [{}, 400, 'First name is required'],
        [{ firstName: '   ' }, 400, 'First name is required'],
        [{ firstName: 'A', email: 'not-an-email' }, 400, 'Please enter a valid email address'],
        [{ firstName: 'A', role: 'r'.repeat(51) }, 400, 'Role can be at most 50 characters'],
        [{ firstName: 'A'.repeat(51) }, 400, 'First name can be at most 50 characters'],
        [
          { firstName: 'A', email: 'DUP@example.com' },
          409,
          'Someone on this team already has that email address',
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await o.call('POST', `${o.base}/staff`, body);
        expect(res.statusCode).toBe(status);
        expect(res.json().message).toBe(message);
      }
      expect((await o.call('GET', `${o.base}/staff?includeAll=true`)).json()).toHaveLength(2);
      expect((await o.call('DELETE', `${o.base}/staff/not-an-id`)).statusCode).toBe(400);
      const owners = (await o.call('GET', `${o.base}/staff`)).json();
      const ownerRow = await o.call('DELETE', `${o.base}/staff/${owners[0].staffId}`);
      expect(ownerRow.statusCode).toBe(422);
      expect(
        (await o.call('DELETE', `${o.base}/staff/${owners[0].staffId}?leavingDate=31-01-2099`)).statusCode,
      ).toBe(400);
    });

    it('reorders with the whole list only', async () => {
      const o = await owner();
      const a = await addStaff(o.call, o.base, { firstName: 'A' });
      const b = await addStaff(o.call, o.base, { firstName: 'B' });
      const ownerId = (await o.call('GET', `${o.base}/staff`)).json()[0].staffId;
      const res = await o.call('POST', `${o.base}/staff/order`, {
        staffIds: [b.staffId, ownerId, a.staffId],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: { firstName: string }) => s.firstName)).toEqual(['B', 'Olive', 'A']);
      expect(
        (await o.call('GET', `${o.base}/staff`)).json().map((s: { firstName: string }) => s.firstName),
      ).toEqual(['B', 'Olive', 'A']);
      for (const staffIds of [
        [a.staffId, b.staffId],
        [a.staffId, a.staffId, b.staffId],
        [a.staffId, b.staffId, crypto.randomUUID()],
        [],
      ]) {
        expect((await o.call('POST', `${o.base}/staff/order`, { staffIds })).statusCode).toBe(400);
      }
      expect(
        (await o.call('GET', `${o.base}/staff`)).json().map((s: { firstName: string }) => s.firstName),
      ).toEqual(['B', 'Olive', 'A']);
    });

    it('keeps contracted weekly hours from a date', async () => {
      const o = await owner();
      const p = await addStaff(o.call, o.base, { firstName: 'Pat' });
      const first = await o.call('POST', `${o.base}/weekly-hours`, {
        staffId: p.staffId,
        hoursPerWeek: 37.5,
        effectiveFrom: '2026-01-05',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        staffId: p.staffId,
        hoursPerWeek: 37.5,
        effectiveFrom: '2026-01-05',
      });
      await o.call('POST', `${o.base}/weekly-hours`, {
        staffId: p.staffId,
        hoursPerWeek: 20,
        effectiveFrom: '2026-06-01',
      });
      expect(
        (
          await o.call('POST', `${o.base}/weekly-hours`, {
            staffId: p.staffId,
            hoursPerWeek: 10,
            effectiveFrom: '2026-06-01',
          })
        ).statusCode,
      ).toBe(409);
      for (const hoursPerWeek of [-1, 169, 0.3, 'forty']) {
        const res = await o.call('POST', `${o.base}/weekly-hours`, {
          staffId: p.staffId,
          hoursPerWeek,
          effectiveFrom: '2027-01-01',
        });
        expect(res.statusCode).toBe(400);
      }
      const list = (await o.call('GET', `${o.base}/weekly-hours?staffId=${p.staffId}`)).json();
      expect(list.map((e: { hoursPerWeek: number }) => e.hoursPerWeek)).toEqual([37.5, 20]);
      const changed = await o.call('PUT', `${o.base}/weekly-hours/${list[1].entryId}`, {
        hoursPerWeek: 22.25,
        effectiveFrom: '2026-07-01',
      });
      expect(changed.json()).toMatchObject({ hoursPerWeek: 22.25, effectiveFrom: '2026-07-01' });
      expect((await o.call('DELETE', `${o.base}/weekly-hours/${list[0].entryId}`)).statusCode).toBe(200);
      expect((await o.call('GET', `${o.base}/weekly-hours`)).json()).toHaveLength(1);
      expect((await o.call('DELETE', `${o.base}/weekly-hours/${list[0].entryId}`)).statusCode).toBe(404);
      const other = await owner(email('other'));
      expect(
        (
          await other.call('PUT', `${other.base}/weekly-hours/${list[1].entryId}`, {
            hoursPerWeek: 1,
            effectiveFrom: '2026-07-01',
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('plan limits', () => {
    async function fill(teamId: string, upTo: number) {
      const [{ count }] = (
        await t.database.db.select({ count: staff.id }).from(staff).where(eq(staff.teamId, teamId))
      ).length
        ? [{ count: (await t.database.db.select().from(staff).where(eq(staff.teamId, teamId))).length }]
        : [{ count: 0 }];
      const rows = Array.from({ length: upTo - count }, (_, i) => ({
        teamId,
        firstName: `Filler ${i}`,
        displayOrder: 100 + i,
      }));
      if (rows.length) await t.database.db.insert(staff).values(rows);
    }

    it('allows 100 staff and no extra administrators on Free', async () => {
      const o = await owner();
      const limits = (await o.call('GET', `${o.base}/staff/limits`)).json();
      expect(limits).toEqual({
        tier: 'free',
        currentStaff: 1,
        maxStaff: 100,
        currentAdmins: 0,
        maxAdmins: 0,
      });
      const admin = await o.call('POST', `${o.base}/staff`, { firstName: 'Would-be admin', isAdmin: true });
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toMatchObject({ code: 'PLAN_LIMIT' });
      expect(admin.json().message).toContain('Upgrade to Pro');
      const plain = await addStaff(o.call, o.base, { firstName: 'Plain' });
      const promote = await o.call('PUT', `${o.base}/staff/${plain.staffId}`, {
        firstName: 'Plain',
        isAdmin: true,
        hash: plain.hash,
      });
      expect(promote.statusCode).toBe(403);

      await fill(o.team.teamId, 99);
      expect((await o.call('POST', `${o.base}/staff`, { firstName: 'Hundredth' })).statusCode).toBe(201);
      const over = await o.call('POST', `${o.base}/staff`, { firstName: 'One too many' });
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe(
        'The Free plan allows up to 100 staff per team. Upgrade to Pro for up to 500.',
      );
      expect((await o.call('GET', `${o.base}/staff/limits`)).json().currentStaff).toBe(100);
    });

    it('allows 500 staff and 10 administrators on Pro', async () => {
      const o = await owner('pro2@rotaboard.test', 'Big Shop');
      expect((await o.call('GET', `${o.base}/staff/limits`)).json()).toMatchObject({
        tier: 'pro',
        maxStaff: 500,
        maxAdmins: 10,
      });
      for (let i = 0; i < 10; i++) await addStaff(o.call, o.base, { firstName: `Admin ${i}`, isAdmin: true });
      const eleventh = await o.call('POST', `${o.base}/staff`, { firstName: 'Admin 11', isAdmin: true });
      expect(eleventh.statusCode).toBe(403);
      expect(eleventh.json().message).toBe('The Pro plan allows up to 10 administrators per team.');
      await fill(o.team.teamId, 499);
      expect((await o.call('POST', `${o.base}/staff`, { firstName: 'Five hundredth' })).statusCode).toBe(201);
      const over = await o.call('POST', `${o.base}/staff`, { firstName: 'Too many' });
      expect(over.statusCode).toBe(403);
      expect(over.json().message).toBe('The Pro plan allows up to 500 staff per team.');
    });
  });

  describe('roles', () => {
    it('lets an administrator on a Pro team manage staff but not delete the team or change admins', async () => {
      const o = await owner('pro@rotaboard.test', 'Pro Café');
      const admin = await member(o, { isAdmin: true, first: 'Adam' });
      const team = (await admin.call('GET', o.base)).json();
      expect(team).toMatchObject({ isAdmin: true, isOwner: false, ownerSubscriptionTier: 'pro' });

      const added = await admin.call('POST', `${o.base}/staff`, {
        firstName: 'Newbie',
        email: email('newbie'),
      });
      expect(added.statusCode).toBe(201);
      expect(
        (
          await admin.call('POST', `${o.base}/invite`, {
            staffId: added.json().staffId,
            email: added.json().email,
          })
        ).statusCode,
      ).toBe(200);
      expect((await admin.call('GET', `${o.base}/staff/limits`)).statusCode).toBe(200);
      expect(
        (await admin.call('PUT', o.base, { teamName: 'Renamed by admin', weekStartDay: 1, hash: team.hash }))
          .statusCode,
      ).toBe(200);

      const makeAdmin = await admin.call('POST', `${o.base}/staff`, { firstName: 'Sneaky', isAdmin: true });
      expect(makeAdmin.statusCode).toBe(403);
      expect(makeAdmin.json().message).toBe('Only the team owner can add an administrator');
      const newbie = added.json();
      const promote = await admin.call('PUT', `${o.base}/staff/${newbie.staffId}`, {
        firstName: 'Newbie',
        email: newbie.email,
        isAdmin: true,
        hash: (await admin.call('GET', `${o.base}/staff`))
          .json()
          .find((s: { staffId: string }) => s.staffId === newbie.staffId).hash,
      });
      expect(promote.statusCode).toBe(403);
      const fresh = (await admin.call('GET', o.base)).json();
      const ownerRow = await admin.call('PUT', o.base, {
        teamName: fresh.teamName,
        weekStartDay: 1,
        ownerInStaffList: false,
        hash: fresh.hash,
      });
      expect(ownerRow.statusCode).toBe(403);
      expect((await admin.call('DELETE', o.base)).statusCode).toBe(403);
    });

    it('lets staff read the team and staff list (without addresses) and nothing else', async () => {
      const o = await owner();
      const worker = await member(o, { first: 'Willa' });
      expect((await worker.call('GET', o.base)).json()).toMatchObject({ isAdmin: false, isOwner: false });
      const list = (await worker.call('GET', `${o.base}/staff`)).json();
      expect(list.map((s: { firstName: string }) => s.firstName)).toEqual(['Olive', 'Willa']);
      expect(list.every((s: { email: string | null }) => s.email === null)).toBe(true);
      const someone = list[0];
      const attempts: [string, string, unknown?][] = [
        ['POST', `${o.base}/staff`, { firstName: 'X' }],
        ['PUT', `${o.base}/staff/${someone.staffId}`, { firstName: 'X', hash: someone.hash }],
        ['DELETE', `${o.base}/staff/${worker.staffId}`],
        ['POST', `${o.base}/staff/${worker.staffId}/cancel-leaving`],
        ['POST', `${o.base}/staff/order`, { staffIds: list.map((s: { staffId: string }) => s.staffId) }],
        ['GET', `${o.base}/staff/limits`],
        ['GET', `${o.base}/weekly-hours`],
        [
          'POST',
          `${o.base}/weekly-hours`,
          { staffId: worker.staffId, hoursPerWeek: 1, effectiveFrom: '2026-01-01' },
        ],
        ['POST', `${o.base}/invite`, { staffId: worker.staffId, email: 'x@example.com' }],
        ['POST', `${o.base}/resend-invite`, { staffId: worker.staffId }],
        ['DELETE', `${o.base}/invite`, { staffId: worker.staffId }],
        ['DELETE', `${o.base}/access`, { staffId: worker.staffId }],
        ['PUT', o.base, { teamName: 'X', weekStartDay: 1, hash: o.team.hash }],
        // The team's time zone (issue 41) is the owner's and administrators' to change, like the rest.
        [
          'PUT',
          o.base,
          { teamName: o.team.teamName, weekStartDay: 1, timeZone: 'Asia/Tokyo', hash: o.team.hash },
        ],
        ['DELETE', o.base],
      ];
      const outsider = client(t.app, await signIn(t.app, email('stranger')));
      const anonymous = client(t.app);
      for (const [method, url, body] of attempts) {
        const asStaff = await worker.call(method as 'GET', url, body);
        expect(asStaff.statusCode, `${method} ${url} as staff`).toBe(403);
        expect((await outsider(method as 'GET', url, body)).statusCode, `${method} ${url} as outsider`).toBe(
          404,
        );
        expect((await anonymous(method as 'GET', url, body)).statusCode, `${method} ${url} anonymously`).toBe(
          401,
        );
      }
      expect((await o.call('GET', o.base)).json().timeZone).toBe('UTC');
      expect((await o.call('GET', `${o.base}/staff`)).json()).toHaveLength(2);
    });
  });

  describe('invitations', () => {
    it('invites by email; the link joins the team once and signs the invitee in', async () => {
      const o = await owner();
      const address = email('invitee');
      const row = await addStaff(o.call, o.base, { firstName: 'Ivy', lastName: 'Invitee' });
      const invited = await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address });
      expect(invited.json()).toMatchObject({
        inviteStatus: 'invited',
        email: address,
        invitedAt: expect.any(String),
      });
      const link = await latestLink(t.app, address, '/invite/accept');
      expect(link).toMatch(/^http:\/\/localhost:3000\/invite\/accept\?token=[\w-]{43}$/);

      const token = new URL(link).searchParams.get('token')!;
      const accept = await t.app.inject({ method: 'POST', url: '/api/invites/accept', payload: { token } });
      expect(accept.statusCode).toBe(200);
      expect(accept.json()).toMatchObject({
        success: true,
        signedIn: true,
        message: 'You have joined Bakery.',
        staff: {
          teamId: o.team.teamId,
          teamName: 'Bakery',
          email: address,
          firstName: 'Ivy',
          lastName: 'Invitee',
        },
      });
      // The link proved the address: a session, for an account named as the owner entered it.
      const cookie = sessionCookie(accept);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email: address, firstName: 'Ivy', lastName: 'Invitee' });
      const teamsSeen = await t.app.inject({ method: 'GET', url: '/api/teams', headers: { cookie } });
      expect(teamsSeen.json().map((team: { teamId: string }) => team.teamId)).toEqual([o.team.teamId]);

      // Single use, signed in or not.
      const again = await t.app.inject({ method: 'POST', url: '/api/invites/accept', payload: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.cookies.find((c) => c.name === 'rotaboard_session')).toBeUndefined();

      // Joining was reported by the link itself; a later sign-in has nothing more to report.
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address } });
      const verify = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify/${tokenOf(await latestLink(t.app, address, '/login/verify/'))}`,
      });
      expect(verify.json()).toMatchObject({
        hasAcceptedInvite: false,
        inviteTeamId: null,
        shouldPromptForTeamCreation: false,
        needsProfileCompletion: false,
        isNewUser: false,
      });

      const listed = (await o.call('GET', `${o.base}/staff`))
        .json()
        .find((s: { staffId: string }) => s.staffId === row.staffId);
      expect(listed).toMatchObject({
        inviteStatus: 'accepted',
        joinedAt: expect.any(String),
        userId: expect.any(String),
      });
      expect(
        (await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address })).statusCode,
      ).toBe(409);
      const actions = (
        await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.staffId))
      ).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['CREATE', 'SENT', 'ACCEPTED']));
    });

    it('an invitation opened while someone else is signed in is refused and changes nothing', async () => {
      const o = await owner();
      const address = email('shared-phone');
      const row = await addStaff(o.call, o.base, { firstName: 'Sam', lastName: 'Shared' });
      await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address });
      const token = await inviteToken(t.app, address);
      const bystander = email('bystander');
      const theirs = await signIn(t.app, bystander);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        headers: { cookie: theirs },
        payload: { token },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `You are signed in as ${bystander}. This invitation is for ${address}: log out, then open the link again.`,
      );
      expect(refused.cookies.find((c) => c.name === 'rotaboard_session')).toBeUndefined();
      const listed = (await o.call('GET', `${o.base}/staff`))
        .json()
        .find((s: { staffId: string }) => s.staffId === row.staffId);
      expect(listed).toMatchObject({ inviteStatus: 'invited', userId: null });

      // Signed in as the invitee already: accepted, and that session is kept (no new cookie).
      const own = await signIn(t.app, address, { firstName: 'Samantha', lastName: 'Shared' });
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        headers: { cookie: own },
        payload: { token },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.cookies.find((c) => c.name === 'rotaboard_session')).toBeUndefined();
      // An account that already has a name keeps it.
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: own } });
      expect(me.json().user).toMatchObject({ firstName: 'Samantha', lastName: 'Shared' });
    });

    it("a member's staff rows follow their email change, in every team", async () => {
      const o = await owner();
      const before = email('mover');
      const row = await addStaff(o.call, o.base, { firstName: 'Mo', lastName: 'Mover' });
      await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: before });
      const accept = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, before) },
      });
      const cookie = sessionCookie(accept);
      const after = email('moved');
      const call = client(t.app, cookie);
      expect((await call('POST', '/api/auth/change-email/initiate', { newEmail: after })).statusCode).toBe(
        200,
      );
      const verified = await t.app.inject({
        method: 'GET',
        url: `/api/auth/change-email/verify-new/${tokenOf(await latestLink(t.app, after, '/change-email/verify-new/'))}`,
      });
      expect(verified.statusCode).toBe(200);
      const confirmed = await t.app.inject({
        method: 'GET',
        url: `/api/auth/change-email/confirm/${tokenOf(await latestLink(t.app, before, '/change-email/confirm/'))}`,
      });
      expect(confirmed.statusCode).toBe(200);
      const listed = (await o.call('GET', `${o.base}/staff`))
        .json()
        .find((s: { staffId: string }) => s.staffId === row.staffId);
      expect(listed.email).toBe(after);
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.staffId));
      expect(
        audit.some((a) => a.action === 'UPDATE' && (a.newValues as { email?: string })?.email === after),
      ).toBe(true);
    });

    it('resends with a new link (the old one stops working) and revokes', async () => {
      const o = await owner();
      const address = email('resent');
      const row = await addStaff(o.call, o.base, { firstName: 'Rex', email: address });
      await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address });
      const first = await inviteToken(t.app, address);
      expect((await o.call('POST', `${o.base}/resend-invite`, { staffId: row.staffId })).statusCode).toBe(
        200,
      );
      const second = await inviteToken(t.app, address);
      expect(second).not.toBe(first);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/invites/accept', payload: { token: first } }))
          .statusCode,
      ).toBe(400);

      const revoked = await o.call('DELETE', `${o.base}/invite`, { staffId: row.staffId, email: address });
      expect(revoked.json().inviteStatus).toBe('not_invited');
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: second },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toContain('not valid');
      expect((await o.call('POST', `${o.base}/resend-invite`, { staffId: row.staffId })).statusCode).toBe(
        422,
      );
      expect((await o.call('DELETE', `${o.base}/invite`, { staffId: row.staffId })).statusCode).toBe(422);
    });

    it('refuses expired, malformed and missing tokens', async () => {
      const o = await owner();
      const address = email('expired');
      const row = await addStaff(o.call, o.base, { firstName: 'Eve' });
      await o.call('POST', `${o.base}/invite`, { staffId: row.staffId, email: address });
      await t.database.db
        .update(staff)
        .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(staff.id, row.staffId));
      const expired = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, address) },
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
      const missing = await t.app.inject({ method: 'POST', url: '/api/invites/accept', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Invalid invitation link. No token provided.');
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/invites/accept', payload: { token: '<script>' } }))
          .statusCode,
      ).toBe(400);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, address));
      expect(user).toBeUndefined();
    });

    it('removes a member’s access but keeps them on the rota', async () => {
      const o = await owner();
      const worker = await member(o, { first: 'Kim' });
      const res = await o.call('DELETE', `${o.base}/access`, { staffId: worker.staffId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ inviteStatus: 'not_invited', userId: null, fullName: 'Kim Member' });
      expect((await worker.call('GET', o.base)).statusCode).toBe(404);
      expect((await worker.call('GET', '/api/teams')).json()).toEqual([]);
      expect(
        (await o.call('GET', `${o.base}/staff`)).json().map((s: { firstName: string }) => s.firstName),
      ).toContain('Kim');
      expect((await o.call('DELETE', `${o.base}/access`, { staffId: worker.staffId })).statusCode).toBe(422);
      const ownerStaffId = (await o.call('GET', `${o.base}/staff`)).json()[0].staffId;
      expect((await o.call('DELETE', `${o.base}/access`, { staffId: ownerStaffId })).statusCode).toBe(422);
    });

    it('refuses to change the address of someone who has joined', async () => {
      const o = await owner();
      const worker = await member(o, { first: 'Jo' });
      const row = (await o.call('GET', `${o.base}/staff`))
        .json()
        .find((s: { staffId: string }) => s.staffId === worker.staffId);
      const res = await o.call('PUT', `${o.base}/staff/${row.staffId}`, {
        firstName: 'Jo',
        lastName: 'Member',
        email: 'elsewhere@example.com',
        hash: row.hash,
      });
      expect(res.statusCode).toBe(422);
      const same = await o.call('PUT', `${o.base}/staff/${row.staffId}`, {
        firstName: 'Joanna',
        lastName: 'Member',
        email: worker.email,
        hash: row.hash,
      });
      expect(same.statusCode).toBe(200);
    });
  });
});
