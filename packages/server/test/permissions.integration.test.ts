import {
  STAFF_PERMISSIONS,
  type StaffAction,
  type StaffTarget,
  staffActionRefusal,
  type TargetedStaffAction,
  type TeamRole,
  type TeamWideStaffAction,
  targetsOf,
} from '@rotaboard/core/teams/permissions';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

type Call = ReturnType<typeof client>;
type Row = {
  staffId: string;
  firstName: string;
  lastName: string;
  role: string;
  email: string | null;
  hash: string;
};

/**
 * The whole of core's staff permission table (teams/permissions), driven through the HTTP API: for
 * every action, every role (owner, administrator, staff) and every kind of row acted on (staff, an
 * administrator, the owner), the call succeeds exactly when the table says so; otherwise it gets the
 * table's status and sentence and changes nothing.
 */
describe.each(engines)('who may do what to whom (core permission table) on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /** A Pro owner (on the staff list), an administrator and a member of staff, all signed in. */
  async function world() {
    const ownerCall = client(
      t.app,
      await signIn(t.app, address('owner', 'pro-domain.test'), { firstName: 'Olive', lastName: 'Owner' }),
    );
    const team = (
      await ownerCall('POST', '/api/teams', { teamName: 'Bakery', ownerInStaffList: true })
    ).json();
    const base = `/api/teams/${team.teamId}`;
    const w = { owner: ownerCall, base, ownerId: team.ownerId as string };
    const joined = async (isAdmin: boolean) => {
      const row = await target(w, isAdmin ? 'admin' : 'staff', 'joined');
      return client(t.app, await signIn(t.app, row.email!, null));
    };
    return { ...w, actors: { owner: ownerCall, admin: await joined(true), staff: await joined(false) } };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const list = async (w: Pick<World, 'owner' | 'base'>): Promise<Row[]> =>
    (await w.owner('GET', `${w.base}/staff?includeAll=true`)).json();
  const find = async (w: Pick<World, 'owner' | 'base'>, staffId: string) =>
    (await list(w)).find((row) => row.staffId === staffId)!;

  /** A fresh row of the kind acted on, in the state the action needs, made by the owner. */
  async function target(
    w: Pick<World, 'owner' | 'base' | 'ownerId'>,
    kind: StaffTarget,
    state: 'listed' | 'invited' | 'joined' | 'leaving',
  ): Promise<Row> {
    if (kind === 'owner') {
      const me = (await list(w)).find((row) => row.email?.startsWith('owner.'))!;
      return me;
    }
    const email = address(kind);
    const added = await w.owner('POST', `${w.base}/staff`, {
      firstName: kind === 'admin' ? 'Ada' : 'Sam',
      lastName: 'Target',
      email,
      isAdmin: kind === 'admin',
    });
    expect(added.statusCode, added.body).toBe(201);
    const row: Row = added.json();
    if (state === 'invited' || state === 'joined') {
      expect((await w.owner('POST', `${w.base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(
        200,
      );
    }
    if (state === 'joined') {
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email) },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    if (state === 'leaving') {
      expect(
        (await w.owner('DELETE', `${w.base}/staff/${row.staffId}?leavingDate=2999-01-01`)).statusCode,
      ).toBe(200);
    }
    return find(w, row.staffId);
  }

  let hoursDay = 1;
  /** Each targeted action as the web app makes it, and the state its row must be in first. */
  const targeted: Record<
    TargetedStaffAction,
    {
      state: 'listed' | 'invited' | 'joined' | 'leaving';
      run(call: Call, base: string, row: Row): Promise<LightMyRequestResponse>;
    }
  > = {
    editDetails: {
      state: 'listed',
      run: (call, base, row) =>
        call('PUT', `${base}/staff/${row.staffId}`, { ...row, firstName: 'Renamed', hash: row.hash }),
    },
    editEmail: {
      state: 'listed',
      run: (call, base, row) =>
        call('PUT', `${base}/staff/${row.staffId}`, { ...row, email: address('changed'), hash: row.hash }),
    },
    makeAdministrator: {
      state: 'listed',
      run: (call, base, row) => call('PUT', `${base}/staff/${row.staffId}`, { ...row, isAdmin: true }),
    },
    unmakeAdministrator: {
      state: 'listed',
      run: (call, base, row) => call('PUT', `${base}/staff/${row.staffId}`, { ...row, isAdmin: false }),
    },
    setLeavingDate: {
      state: 'listed',
      run: (call, base, row) => call('DELETE', `${base}/staff/${row.staffId}?leavingDate=2999-06-30`),
    },
    removeStaff: {
      state: 'listed',
      run: (call, base, row) => call('DELETE', `${base}/staff/${row.staffId}`),
    },
    cancelLeaving: {
      state: 'leaving',
      run: (call, base, row) => call('POST', `${base}/staff/${row.staffId}/cancel-leaving`),
    },
    editWeeklyHours: {
      state: 'listed',
      run: (call, base, row) =>
        call('POST', `${base}/weekly-hours`, {
          staffId: row.staffId,
          hoursPerWeek: 37.5,
          effectiveFrom: `2027-01-${String(hoursDay++ % 28 || 28).padStart(2, '0')}`,
        }),
    },
    invite: {
      state: 'listed',
      run: (call, base, row) => call('POST', `${base}/invite`, { staffId: row.staffId, email: row.email }),
    },
    resendInvite: {
      state: 'invited',
      run: (call, base, row) => call('POST', `${base}/resend-invite`, { staffId: row.staffId }),
    },
    revokeInvite: {
      state: 'invited',
      run: (call, base, row) => call('DELETE', `${base}/invite`, { staffId: row.staffId }),
    },
    removeAccess: {
      state: 'joined',
      run: (call, base, row) => call('DELETE', `${base}/access`, { staffId: row.staffId }),
    },
  };

  const teamWide: Record<TeamWideStaffAction, (call: Call, w: World) => Promise<LightMyRequestResponse>> = {
    viewStaffList: (call, w) => call('GET', `${w.base}/staff`),
    viewEmailAddresses: (call, w) => call('GET', `${w.base}/staff`),
    viewLimits: (call, w) => call('GET', `${w.base}/staff/limits`),
    addStaff: (call, w) => call('POST', `${w.base}/staff`, { firstName: 'New' }),
    addAdministrator: (call, w) => call('POST', `${w.base}/staff`, { firstName: 'New', isAdmin: true }),
    reorderStaff: async (call, w) =>
      call('POST', `${w.base}/staff/order`, { staffIds: (await list(w)).map((r) => r.staffId).reverse() }),
    viewWeeklyHours: (call, w) => call('GET', `${w.base}/weekly-hours`),
  };

  const roles: TeamRole[] = ['owner', 'admin', 'staff'];
  const statusOf = { FORBIDDEN: 403, RULE_BROKEN: 422 } as const;

  function expectOutcome(res: LightMyRequestResponse, refusal: ReturnType<typeof staffActionRefusal>) {
    if (!refusal) {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return;
    }
    expect(res.statusCode, res.body).toBe(statusOf[refusal.code]);
    expect(res.json().message).toBe(refusal.message);
  }

  it('covers every action of the table', () => {
    const covered = [...Object.keys(targeted), ...Object.keys(teamWide)].sort();
    expect(covered).toEqual(Object.keys(STAFF_PERMISSIONS).sort());
  });

  for (const action of Object.keys(targeted) as TargetedStaffAction[]) {
    it(`${action}: ${JSON.stringify(STAFF_PERMISSIONS[action])}`, async () => {
      const w = await world();
      for (const role of roles) {
        for (const kind of targetsOf(action)) {
          const row = await target(w, kind, targeted[action].state);
          const before = await list(w);
          const res = await targeted[action].run(w.actors[role], w.base, row);
          const refusal = staffActionRefusal(role, action, kind);
          expectOutcome(res, refusal);
          if (refusal) expect(await list(w), `${role} ${action} on ${kind} changed nothing`).toEqual(before);
        }
      }
    });
  }

  for (const action of Object.keys(teamWide) as TeamWideStaffAction[]) {
    it(`${action}: ${JSON.stringify(STAFF_PERMISSIONS[action as StaffAction])}`, async () => {
      const w = await world();
      for (const role of roles) {
        const before = await list(w);
        const res = await teamWide[action](w.actors[role], w);
        const refusal = staffActionRefusal(role, action);
        if (action === 'viewEmailAddresses') {
          // Reading the list always works; the addresses are what the table gives or withholds.
          expect(res.statusCode).toBe(200);
          const emails = (res.json() as Row[]).map((r) => r.email).filter(Boolean);
          expect(emails.length > 0, `${role} sees addresses`).toBe(refusal === null);
          continue;
        }
        expectOutcome(res, refusal);
        if (refusal) expect(await list(w)).toEqual(before);
      }
    });
  }

  it('stops an administrator from making an administrator out of a pre-created row', async () => {
    const w = await world();
    const row = await target(w, 'admin', 'listed');
    const mine = address('mine');
    // Neither by changing its address and inviting it…
    const edit = await w.actors.admin('PUT', `${w.base}/staff/${row.staffId}`, { ...row, email: mine });
    expect(edit.statusCode).toBe(403);
    // …nor by inviting an address of their own straight away.
    const invite = await w.actors.admin('POST', `${w.base}/invite`, { staffId: row.staffId, email: mine });
    expect(invite.statusCode).toBe(403);
    expect((await find(w, row.staffId)).email).toBe(row.email);
  });
});
