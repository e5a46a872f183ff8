import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, teams } from '../src/db/schema.ts';
import { createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

describe.each(engines)('profile, teams and support check on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('completes a profile with trimmed names and refuses blank or long ones', async () => {
    const cookie = await signIn(t.app, 'profile@example.com', null);
    expect((await call('GET', '/api/auth/me', cookie)).json().needsProfileCompletion).toBe(true);

    const blank = await call('PUT', '/api/users/me', cookie, { firstName: '  ', lastName: 'Lee' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('First name is required');
    const missing = await call('PUT', '/api/users/me', cookie, { firstName: 'Ann' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Last name is required');
    const long = await call('PUT', '/api/users/me', cookie, { firstName: 'A'.repeat(51), lastName: 'Lee' });
    expect(long.json().message).toBe('First name can be at most 50 characters');

    const ok = await call('PUT', '/api/users/me', cookie, { firstName: ' Ann ', lastName: ' Lee ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: 'profile@example.com' });
    expect((await call('GET', '/api/users/me', cookie)).json().user.firstName).toBe('Ann');
    expect((await call('GET', '/api/auth/me', cookie)).json().needsProfileCompletion).toBe(false);
    expect((await call('GET', '/api/users/me')).statusCode).toBe(401);
  });

  it('keeps a time format per person: automatic by default, 12- or 24-hour when chosen (issue 41)', async () => {
    const cookie = await signIn(t.app, 'clock@example.com', { firstName: 'Cleo', lastName: 'Clock' });
    expect((await call('GET', '/api/users/me', cookie)).json().user.timeFormat).toBe('auto');

    const twelve = await call('PUT', '/api/users/me/preferences', cookie, { timeFormat: '12h' });
    expect(twelve.statusCode, twelve.body).toBe(200);
    expect(twelve.json().user).toMatchObject({ timeFormat: '12h', requestEmails: true });
    // One preference saved leaves the other as it was.
    const quiet = await call('PUT', '/api/users/me/preferences', cookie, { requestEmails: false });
    expect(quiet.json().user).toMatchObject({ timeFormat: '12h', requestEmails: false });

    for (const body of [{ timeFormat: '13h' }, { timeFormat: null }, {}]) {
      const bad = await call('PUT', '/api/users/me/preferences', cookie, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const named = await call('PUT', '/api/users/me/preferences', cookie, { timeFormat: '13h' });
    expect(named.json().message).toContain('timeFormat');
    expect((await call('GET', '/api/users/me', cookie)).json().user).toMatchObject({
      timeFormat: '12h',
      requestEmails: false,
    });
  });

  it('creates the first team with defaults, the owner in the staff list, and audit rows', async () => {
    const cookie = await signIn(t.app, 'owner@example.com', { firstName: 'Olivia', lastName: 'Owner' });
    expect((await call('GET', '/api/auth/me', cookie)).json().shouldPromptForTeamCreation).toBe(true);
    expect((await call('GET', '/api/teams', cookie)).json()).toEqual([]);

    const created = await call('POST', '/api/teams', cookie, { teamName: '   ', ownerInStaffList: true });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({
      teamName: "Olivia's Team",
      weekStartDay: 1,
      ownerInStaffList: true,
      // On by default (issue 43); on Free the agent is still refused by the plan.
      scheduleAgentEnabled: true,
      isAdmin: true,
      ownerSubscriptionTier: 'free',
    });
    expect(team.hash).toEqual(expect.any(String));
    expect((await call('GET', '/api/teams', cookie)).json()).toEqual([team]);
    expect((await call('GET', `/api/teams/${team.teamId}`, cookie)).json()).toEqual(team);
    expect((await call('GET', '/api/auth/me', cookie)).json().shouldPromptForTeamCreation).toBe(false);

    const list = await call('GET', `/api/teams/${team.teamId}/staff?includeAll=true`, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        fullName: 'Olivia Owner',
        email: 'owner@example.com',
        isOwner: true,
        inviteStatus: 'accepted',
      }),
    ]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.teamId, team.teamId));
    expect(audits.map((a) => `${a.entityType}:${a.action}`).sort()).toEqual(['staff:CREATE', 'team:CREATE']);
  });

  it('keeps the owner out of the staff list when asked, and honours the week start day', async () => {
    const cookie = await signIn(t.app, 'sunday@example.com', { firstName: 'Sam', lastName: 'Sun' });
    const created = await call('POST', '/api/teams', cookie, {
      teamName: ' Bakery ',
      weekStartDay: 0,
      ownerInStaffList: false,
    });
    expect(created.json()).toMatchObject({ teamName: 'Bakery', weekStartDay: 0, ownerInStaffList: false });
    const [row] = await t.database.db.select().from(staff).where(eq(staff.teamId, created.json().teamId));
    expect(row).toBeUndefined();
    expect((await call('GET', `/api/teams/${created.json().teamId}/staff`, cookie)).json()).toEqual([]);
  });

  it("names the team 'Team 1' when the owner has no first name", async () => {
    const cookie = await signIn(t.app, 'nameless@example.com', null);
    const created = await call('POST', '/api/teams', cookie, {});
    expect(created.json().teamName).toBe('Team 1');
  });

  it('refuses bad team input and changes nothing', async () => {
    const cookie = await signIn(t.app, 'badinput@example.com');
    for (const payload of [
      { weekStartDay: 7 },
      { weekStartDay: '1' },
      { teamName: 'x'.repeat(101) },
      { ownerInStaffList: 'yes' },
    ]) {
      const res = await call('POST', '/api/teams', cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/teams', cookie)).json()).toEqual([]);
    expect((await call('POST', '/api/teams', undefined, {})).statusCode).toBe(401);
  });

  it('allows one owned team on Free, more on Pro (PRO_EMAILS)', async () => {
    const free = await signIn(t.app, 'free@example.com');
    expect((await call('POST', '/api/teams', free, { teamName: 'One' })).statusCode).toBe(201);
    const second = await call('POST', '/api/teams', free, { teamName: 'Two' });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(second.json().message).toContain('Free plan');
    expect(second.json().message).toContain('Pro');
    expect((await call('GET', '/api/teams', free)).json()).toHaveLength(1);

    const pro = await signIn(t.app, 'pro@rotaboard.test');
    expect((await call('GET', '/api/auth/me', pro)).json().user.subscriptionTier).toBe('pro');
    for (const name of ['A', 'B', 'C'])
      expect((await call('POST', '/api/teams', pro, { teamName: name })).statusCode).toBe(201);
    const listed = (await call('GET', '/api/teams', pro)).json();
    expect(listed.map((x: { teamName: string }) => x.teamName)).toEqual(['A', 'B', 'C']);
    expect(listed.every((x: { ownerSubscriptionTier: string }) => x.ownerSubscriptionTier === 'pro')).toBe(
      true,
    );
  });

  it('gives every address at a PRO_EMAILS @domain Pro, and no one at a look-alike domain', async () => {
    const member = await signIn(t.app, 'anyone@pro-domain.test');
    expect((await call('GET', '/api/auth/me', member)).json().user.subscriptionTier).toBe('pro');
    const lookalike = await signIn(t.app, 'anyone@sub.pro-domain.test');
    expect((await call('GET', '/api/auth/me', lookalike)).json().user.subscriptionTier).toBe('free');
  });

  it("hides other people's teams behind a 404 and checks ids", async () => {
    const owner = await signIn(t.app, 'private@example.com');
    const team = (await call('POST', '/api/teams', owner, { teamName: 'Private' })).json();
    const outsider = await signIn(t.app, 'outsider@example.com');
    for (const url of [`/api/teams/${team.teamId}`, `/api/teams/${team.teamId}/staff`]) {
      const res = await call('GET', url, outsider);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Team not found');
      expect((await call('GET', url)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/teams/not-a-uuid', owner)).statusCode).toBe(400);
    expect((await call('GET', `/api/teams/${team.teamId}/staff?includeAll=maybe`, owner)).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/api/teams/${team.teamId}/staff?date=2026-13-40`, owner)).statusCode).toBe(
      400,
    );
  });

  it('lets a linked staff member read the team as a non-admin', async () => {
    const owner = await signIn(t.app, 'boss@example.com', { firstName: 'Bo', lastName: 'Ss' });
    const team = (
      await call('POST', '/api/teams', owner, { teamName: 'Shop', ownerInStaffList: true })
    ).json();
    const memberCookie = await signIn(t.app, 'member@example.com', { firstName: 'Mia', lastName: 'Member' });
    const me = (await call('GET', '/api/auth/me', memberCookie)).json().user;
    // Invitations arrive with the next issue; link the staff row directly as acceptance will.
    await t.database.db.insert(staff).values({
      teamId: team.teamId,
      userId: me.id,
      firstName: 'Mia',
      lastName: 'Member',
      email: 'member@example.com',
      inviteStatus: 'accepted',
      displayOrder: 1,
      leavingDate: '2999-06-30',
    });
    const seen = (await call('GET', '/api/teams', memberCookie)).json();
    expect(seen).toEqual([
      expect.objectContaining({ teamId: team.teamId, isAdmin: false, ownerId: team.ownerId }),
    ]);
    expect((await call('GET', '/api/auth/me', memberCookie)).json().shouldPromptForTeamCreation).toBe(false);
    // includeAll lists people who will have left; a date lists those still there on it.
    const all = (await call('GET', `/api/teams/${team.teamId}/staff?includeAll=true`, memberCookie)).json();
    expect(all.map((s: { fullName: string }) => s.fullName)).toEqual(['Bo Ss', 'Mia Member']);
    const active = (
      await call('GET', `/api/teams/${team.teamId}/staff?date=2999-07-01`, memberCookie)
    ).json();
    expect(active.map((s: { fullName: string }) => s.fullName)).toEqual(['Bo Ss']);
    const rows = await t.database.db.select().from(teams).where(eq(teams.id, team.teamId));
    expect(rows).toHaveLength(1);
  });

  it('tells support agents apart (SUPPORT_EMAILS)', async () => {
    const agent = await signIn(t.app, 'help@rotaboard.test');
    const user = await signIn(t.app, 'customer@example.com');
    expect((await call('GET', '/api/support/user/is-support', agent)).json()).toEqual({
      isSupportUser: true,
    });
    expect((await call('GET', '/api/support/user/is-support', user)).json()).toEqual({
      isSupportUser: false,
    });
    expect((await call('GET', '/api/support/user/is-support')).statusCode).toBe(401);
  });
});
