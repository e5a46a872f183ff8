import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { expect } from 'vitest';
import { client, inviteToken, signIn, type TestApp } from './harness.ts';

/**
 * A team for the staffing rules' tests (issue 25): the owner (Pro through PRO_EMAILS, or Free), a
 * joined administrator (on Pro), two joined members of staff with roles, and the owner's calls.
 */
export type Call = ReturnType<typeof client>;
export type StaffingWorld = Awaited<ReturnType<typeof staffingWorld>>;

let n = 0;
export const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

/** A Monday at least two weeks ahead (or the team's week start day), so nothing is in the past. */
export function weekAhead(weekStartDay = 1): string {
  const today = new Date().toISOString().slice(0, 10);
  return startOfWeek(addDays(today, 21), weekStartDay);
}

export async function staffingWorld(
  t: TestApp,
  options: { plan?: 'free' | 'pro'; weekStartDay?: number; ownerEmail?: string } = {},
) {
  const plan = options.plan ?? 'pro';
  const ownerEmail =
    options.ownerEmail ?? address('owner', plan === 'pro' ? 'pro-domain.test' : 'example.com');
  const ownerCookie = await signIn(t.app, ownerEmail, { firstName: 'Olive', lastName: 'Owner' });
  const owner = client(t.app, ownerCookie);
  const team = (
    await owner('POST', '/api/teams', {
      teamName: 'Cafe',
      ownerInStaffList: false,
      weekStartDay: options.weekStartDay ?? 1,
    })
  ).json();
  const base = `/api/teams/${team.teamId}`;
  const join = async (firstName: string, role: string, isAdmin: boolean) => {
    const email = address(firstName.toLowerCase());
    const res = await owner('POST', `${base}/staff`, { firstName, role, email, isAdmin });
    expect(res.statusCode, res.body).toBe(201);
    const staffId = res.json().staffId as string;
    expect((await owner('POST', `${base}/invite`, { staffId, email })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, email) },
    });
    return { call: client(t.app, await signIn(t.app, email, null)), staffId };
  };
  // The Free plan has no administrators besides the owner.
  const admin = plan === 'pro' ? await join('Ada', 'Manager', true) : null;
  const pat = await join('Pat', 'Cook', false);
  const sam = await join('Sam', 'Server', false);
  const ownerId = (await owner('GET', '/api/auth/me')).json().user.id as string;
  return { owner, ownerCookie, ownerId, ownerEmail, teamId: team.teamId as string, base, admin, pat, sam };
}

/** Adds a shift through the API and returns its id (the test fails if it was refused). */
export async function addShift(
  call: Call,
  base: string,
  staffId: string,
  shiftDate: string,
  startTime: string,
  endTime: string,
): Promise<string> {
  const res = await call('POST', `${base}/shifts`, { staffId, shiftDate, startTime, endTime });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().shiftId;
}

/** Every rule off but the ones given (a PUT body). */
export function onlyRules(rules: Record<string, { value: number | null; strict: boolean }>) {
  const off = { value: null, strict: false };
  return {
    minRestHours: off,
    maxWeeklyHours: off,
    maxConsecutiveDays: off,
    minShiftHours: off,
    maxShiftHours: off,
    ...rules,
  };
}
