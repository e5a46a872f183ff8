import { addDays } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/db/schema.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

type Call = ReturnType<typeof client>;
const today = new Date().toISOString().slice(0, 10);

/**
 * Access that should have ended: a leaver (from the day after their leaving date), someone whose
 * access was removed, and someone whose row was deleted are outsiders to the team on every route.
 */
describe.each(engines)('access ends when it should, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /** A Pro owner's team with one joined administrator and one joined member of staff. */
  async function world() {
    const owner = client(t.app, await signIn(t.app, address('owner', 'pro-domain.test')));
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: true })).json();
    const base = `/api/teams/${team.teamId}`;
    const join = async (isAdmin: boolean) => {
      const email = address(isAdmin ? 'admin' : 'staff');
      const row = (await owner('POST', `${base}/staff`, { firstName: 'Pat', email, isAdmin })).json();
      await owner('POST', `${base}/invite`, { staffId: row.staffId, email });
      await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email) },
      });
      return { call: client(t.app, await signIn(t.app, email, null)), staffId: row.staffId as string };
    };
    return { owner, team, base, admin: await join(true), worker: await join(false) };
  }

  /** Sets a leaving date straight in the database: the API removes anyone whose date is not future. */
  const leaveOn = (staffId: string, date: string) =>
    t.database.db.update(staff).set({ leavingDate: date }).where(eq(staff.id, staffId));

  /** Every kind of team route a member could call, reads and writes. */
  async function teamRoutes(call: Call, base: string, staffId: string) {
    const week = `startDate=${today}&endDate=${addDays(today, 6)}`;
    return {
      team: (await call('GET', base)).statusCode,
      staff: (await call('GET', `${base}/staff`)).statusCode,
      shifts: (await call('GET', `${base}/shifts?${week}`)).statusCode,
      notes: (await call('GET', `${base}/day-notes?${week}`)).statusCode,
      lock: (await call('GET', `${base}/shifts/locked-until`)).statusCode,
      addStaff: (await call('POST', `${base}/staff`, { firstName: 'Sneaky' })).statusCode,
      addShift: (
        await call('POST', `${base}/shifts`, {
          staffId,
          shiftDate: today,
          startTime: '09:00',
          endTime: '17:00',
        })
      ).statusCode,
    };
  }
  const outsider = {
    team: 404,
    staff: 404,
    shifts: 404,
    notes: 404,
    lock: 404,
    addStaff: 404,
    addShift: 404,
  };
  const teamIds = async (call: Call) =>
    ((await call('GET', '/api/teams')).json() as { teamId: string }[]).map((team) => team.teamId);

  it('keeps a leaver a member on their leaving date and makes them an outsider the day after', async () => {
    const w = await world();
    await leaveOn(w.admin.staffId, today);
    expect((await teamRoutes(w.admin.call, w.base, w.worker.staffId)).addStaff).toBe(201);
    expect(await teamIds(w.admin.call)).toContain(w.team.teamId);

    await leaveOn(w.admin.staffId, addDays(today, -1));
    expect(await teamRoutes(w.admin.call, w.base, w.worker.staffId)).toEqual(outsider);
    expect(await teamIds(w.admin.call)).not.toContain(w.team.teamId);

    await leaveOn(w.worker.staffId, addDays(today, -1));
    expect(await teamRoutes(w.worker.call, w.base, w.worker.staffId)).toEqual(outsider);
    expect(await teamIds(w.worker.call)).toEqual([]);
    // The owner still sees both on the full list, and can take them back by cancelling the date.
    expect((await w.owner('POST', `${w.base}/staff/${w.worker.staffId}/cancel-leaving`)).statusCode).toBe(
      200,
    );
    expect((await w.worker.call('GET', w.base)).statusCode).toBe(200);
  });

  it('makes someone an outsider once their access is removed or their row deleted', async () => {
    const w = await world();
    expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.admin.staffId })).statusCode).toBe(200);
    expect(await teamRoutes(w.admin.call, w.base, w.worker.staffId)).toEqual(outsider);
    expect(await teamIds(w.admin.call)).toEqual([]);

    expect((await w.owner('DELETE', `${w.base}/staff/${w.worker.staffId}`)).statusCode).toBe(200);
    expect(await teamRoutes(w.worker.call, w.base, w.worker.staffId)).toEqual(outsider);
  });

  it('stops an administrator removing another administrator, as removing their access is', async () => {
    const w = await world();
    const other = (
      await w.owner('POST', `${w.base}/staff`, { firstName: 'Ada', email: address('ada'), isAdmin: true })
    ).json();
    const remove = await w.admin.call('DELETE', `${w.base}/staff/${other.staffId}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('Only the team owner can remove an administrator');
    const leave = await w.admin.call('DELETE', `${w.base}/staff/${other.staffId}?leavingDate=2999-01-01`);
    expect(leave.statusCode).toBe(403);
    const access = await w.admin.call('DELETE', `${w.base}/access`, { staffId: w.admin.staffId });
    expect(access.statusCode).toBe(403);
    const all = (await w.owner('GET', `${w.base}/staff?includeAll=true`)).json() as { staffId: string }[];
    expect(all.map((row) => row.staffId)).toContain(other.staffId);
  });
});
