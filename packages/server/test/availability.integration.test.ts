import { addDays } from '@rotaboard/core/dates/week';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, staffAvailability } from '../src/db/schema.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

type Call = ReturnType<typeof client>;
const today = new Date().toISOString().slice(0, 10);

const ISSUE_EXAMPLE = {
  weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
  dates: [{ date: '2026-12-24', startTime: '12:00', endTime: '23:59', kind: 'unavailable' }],
};

/**
 * Availability (issue 25, every plan): the person themself, the owner and administrators read and
 * replace it; other staff get 403, outsiders, leavers and removed staff 404 as on every team route.
 */
describe.each(engines)('staff availability on %s', (engine) => {
  let t: TestApp;
  let agentCookie = '';
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
  });
  afterAll(async () => t.close());

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /**
   * A team (Free or Pro owner) with a joined administrator (on Free, one more member of staff), two
   * joined staff and one not invited.
   */
  async function world(plan: 'free' | 'pro' = 'pro') {
    const ownerEmail = address('owner', plan === 'pro' ? 'pro-domain.test' : 'example.com');
    const ownerCookie = await signIn(t.app, ownerEmail);
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: true })).json();
    const base = `/api/teams/${team.teamId}`;
    const join = async (isAdmin: boolean) => {
      const email = address(isAdmin ? 'admin' : 'staff');
      const row = (await owner('POST', `${base}/staff`, { firstName: 'Pat', email, isAdmin })).json();
      expect((await owner('POST', `${base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email) },
      });
      return { call: client(t.app, await signIn(t.app, email, null)), staffId: row.staffId as string };
    };
    // The Free plan has no administrators besides the owner: its world has a second member of staff.
    const admin = plan === 'pro' ? await join(true) : await join(false);
    const worker = await join(false);
    const colleague = await join(false);
    const unlinked = (await owner('POST', `${base}/staff`, { firstName: 'Nia' })).json().staffId as string;
    const ownerId = (await owner('GET', '/api/auth/me')).json().user.id as string;
    return { owner, ownerCookie, ownerId, base, admin, worker, colleague, unlinked };
  }
  const url = (base: string, staffId: string) => `${base}/staff/${staffId}/availability`;
  const rowsOf = (staffId: string) =>
    t.database.db.select().from(staffAvailability).where(eq(staffAvailability.staffId, staffId));

  it('starts empty and stores the issue’s example as sent, for the person themself', async () => {
    const w = await world();
    const empty = await w.worker.call('GET', url(w.base, w.worker.staffId));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ weekly: [], dates: [] });

    const put = await w.worker.call('PUT', url(w.base, w.worker.staffId), ISSUE_EXAMPLE);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.worker.call('GET', url(w.base, w.worker.staffId))).json()).toEqual(ISSUE_EXAMPLE);
    // The owner and the administrator see the same.
    expect((await w.owner('GET', url(w.base, w.worker.staffId))).json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.admin.call('GET', url(w.base, w.worker.staffId))).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('replaces the whole set on every PUT, and an empty PUT clears it', async () => {
    const w = await world();
    const target = url(w.base, w.worker.staffId);
    await w.worker.call('PUT', target, ISSUE_EXAMPLE);
    const second = {
      weekly: [
        { weekday: 7, startTime: '22:00', endTime: '06:00', kind: 'preferred' },
        { weekday: 1, startTime: '09:00', endTime: '17:00', kind: 'preferred' },
      ],
      dates: [],
    };
    const res = await w.admin.call('PUT', target, second);
    expect(res.statusCode, res.body).toBe(200);
    // One order however it was sent: weekday, then start time; the overnight window is kept as given.
    const sorted = { weekly: [second.weekly[1], second.weekly[0]], dates: [] };
    expect(res.json()).toEqual(sorted);
    expect((await w.worker.call('GET', target)).json()).toEqual(sorted);
    expect(await rowsOf(w.worker.staffId)).toHaveLength(2);

    expect((await w.owner('PUT', target, { weekly: [], dates: [] })).statusCode).toBe(200);
    expect((await w.worker.call('GET', target)).json()).toEqual({ weekly: [], dates: [] });
    expect(await rowsOf(w.worker.staffId)).toHaveLength(0);
  });

  it('lets the owner and administrators edit anyone’s, even someone not yet invited', async () => {
    const w = await world();
    for (const [who, call] of [
      ['owner', w.owner],
      ['admin', w.admin.call],
    ] as const) {
      const res = await call('PUT', url(w.base, w.unlinked), ISSUE_EXAMPLE);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    }
    expect((await w.owner('GET', url(w.base, w.unlinked))).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('refuses another member of staff (403) and outsiders (404), and changes nothing', async () => {
    const w = await world();
    await w.worker.call('PUT', url(w.base, w.worker.staffId), ISSUE_EXAMPLE);
    const other = await w.colleague.call('GET', url(w.base, w.worker.staffId));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Only this member of staff and the team’s administrators can do this');
    expect(
      (await w.colleague.call('PUT', url(w.base, w.worker.staffId), { weekly: [], dates: [] })).statusCode,
    ).toBe(403);
    expect((await w.colleague.call('GET', url(w.base, w.unlinked))).statusCode).toBe(403);

    const outsider = client(t.app, await signIn(t.app, address('outsider')));
    expect((await outsider('GET', url(w.base, w.worker.staffId))).statusCode).toBe(404);
    expect((await outsider('PUT', url(w.base, w.worker.staffId), { weekly: [], dates: [] })).statusCode).toBe(
      404,
    );
    // Another team's owner cannot reach this team's staff through their own team either.
    const elsewhere = await world();
    expect((await elsewhere.owner('GET', url(elsewhere.base, w.worker.staffId))).statusCode).toBe(404);
    expect((await elsewhere.owner('GET', url(w.base, w.worker.staffId))).statusCode).toBe(404);
    // Signed out: 401.
    expect((await client(t.app)('GET', url(w.base, w.worker.staffId))).statusCode).toBe(401);

    expect((await w.worker.call('GET', url(w.base, w.worker.staffId))).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('answers 404 for a staff id that is not on the team', async () => {
    const w = await world();
    const missing = url(w.base, '00000000-0000-4000-8000-000000000009');
    expect((await w.owner('GET', missing)).statusCode).toBe(404);
    const put = await w.owner('PUT', missing, ISSUE_EXAMPLE);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe('Staff member not found');
    expect((await w.owner('GET', url(w.base, 'not-an-id'))).statusCode).toBe(400);
  });

  it('works on the Free plan too, for staff and the owner', async () => {
    const w = await world('free');
    expect((await w.worker.call('PUT', url(w.base, w.worker.staffId), ISSUE_EXAMPLE)).statusCode).toBe(200);
    expect((await w.owner('GET', url(w.base, w.worker.staffId))).json()).toEqual(ISSUE_EXAMPLE);
    expect((await w.owner('PUT', url(w.base, w.unlinked), ISSUE_EXAMPLE)).statusCode).toBe(200);
    expect((await w.colleague.call('GET', url(w.base, w.worker.staffId))).statusCode).toBe(403);
  });

  it('takes access away from a leaver after their leaving date and from removed staff', async () => {
    const w = await world();
    const mine = url(w.base, w.worker.staffId);
    await t.database.db.update(staff).set({ leavingDate: today }).where(eq(staff.id, w.worker.staffId));
    // Still on the team on their leaving date.
    expect((await w.worker.call('PUT', mine, ISSUE_EXAMPLE)).statusCode).toBe(200);
    await t.database.db
      .update(staff)
      .set({ leavingDate: addDays(today, -1) })
      .where(eq(staff.id, w.worker.staffId));
    expect((await w.worker.call('GET', mine)).statusCode).toBe(404);
    expect((await w.worker.call('PUT', mine, { weekly: [], dates: [] })).statusCode).toBe(404);
    // What they set stays for the team's managers to see.
    expect((await w.owner('GET', mine)).json()).toEqual(ISSUE_EXAMPLE);

    // An administrator whose access is removed loses the administrator's reach too.
    expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.admin.staffId })).statusCode).toBe(200);
    expect((await w.admin.call('GET', url(w.base, w.colleague.staffId))).statusCode).toBe(404);
    expect((await w.admin.call('PUT', url(w.base, w.colleague.staffId), ISSUE_EXAMPLE)).statusCode).toBe(404);

    // A deleted row takes its availability with it.
    await w.colleague.call('PUT', url(w.base, w.colleague.staffId), ISSUE_EXAMPLE);
    expect(await rowsOf(w.colleague.staffId)).toHaveLength(2);
    expect((await w.owner('DELETE', `${w.base}/staff/${w.colleague.staffId}`)).statusCode).toBe(200);
    expect((await w.colleague.call('GET', url(w.base, w.colleague.staffId))).statusCode).toBe(404);
    expect(await rowsOf(w.colleague.staffId)).toHaveLength(0);
  });

  it('refuses bad input with 400 naming the field, and saves nothing', async () => {
    const w = await world();
    const target = url(w.base, w.worker.staffId);
    await w.worker.call('PUT', target, ISSUE_EXAMPLE);
    const day = { weekday: 1, startTime: null, endTime: null, kind: 'unavailable' };
    const dated = { date: '2026-12-24', startTime: null, endTime: null, kind: 'preferred' };
    const weekday = 'weekday must be 1 (Monday) to 7 (Sunday)';
    const both = 'Give both a start and an end time, or neither for the whole day';
    /** Each: the body, the field the answer names, and what its message says. */
    const cases: [unknown, string, string][] = [
      [{ weekly: [{ ...day, weekday: 0 }], dates: [] }, 'weekly.0.weekday', weekday],
      [{ weekly: [day, { ...day, weekday: 8 }], dates: [] }, 'weekly.1.weekday', weekday],
      [{ weekly: [{ ...day, weekday: 2.5 }], dates: [] }, 'weekly.0.weekday', weekday],
      [
        { weekly: [{ ...day, kind: 'maybe' }], dates: [] },
        'weekly.0.kind',
        'kind must be unavailable or preferred',
      ],
      [
        { weekly: [{ ...day, startTime: '25:00', endTime: '26:00' }], dates: [] },
        'weekly.0.startTime',
        'HH:MM',
      ],
      [{ weekly: [{ ...day, startTime: '09:00' }], dates: [] }, 'weekly.0.endTime', both],
      [
        { weekly: [], dates: [{ ...dated, startTime: '09:00', endTime: '09:00' }] },
        'dates.0.endTime',
        'The end time must differ from the start time',
      ],
      [{ weekly: [], dates: [{ ...dated, date: '2026-02-30' }] }, 'dates.0.date', 'YYYY-MM-DD'],
      [{ weekly: [], dates: [{ ...dated, date: '0001-01-01' }] }, 'dates.0.date', 'Dates must be between'],
      [{ weekly: Array.from({ length: 101 }, () => day), dates: [] }, 'weekly', 'At most 100 weekly entries'],
      [{ weekly: [], dates: Array.from({ length: 367 }, () => dated) }, 'dates', 'At most 366 dated entries'],
      [{ weekly: 'every day', dates: [] }, 'weekly', 'expected array'],
    ];
    for (const [body, path, message] of cases) {
      const res = await w.worker.call('PUT', target, body);
      const what = JSON.stringify(body).slice(0, 120);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toContain(message);
      expect(res.json().errors[0].path, what).toBe(path);
    }
    expect((await w.worker.call('GET', target)).json()).toEqual(ISSUE_EXAMPLE);
  });

  it('accepts the bounds themselves: 100 weekly entries and 366 dates', async () => {
    const w = await world();
    const weekly = Array.from({ length: 100 }, (_, i) => ({
      weekday: (i % 7) + 1,
      startTime: null,
      endTime: null,
      kind: 'preferred',
    }));
    const dates = Array.from({ length: 366 }, (_, i) => ({
      date: addDays('2027-01-01', i),
      startTime: '18:00',
      endTime: '02:00',
      kind: 'unavailable',
    }));
    const res = await w.admin.call('PUT', url(w.base, w.worker.staffId), { weekly, dates });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weekly).toHaveLength(100);
    expect(res.json().dates).toHaveLength(366);
  });

  it('audits each change as an UPDATE of the person, with before and after, and nothing when unchanged', async () => {
    const w = await world();
    const target = url(w.base, w.worker.staffId);
    const audits = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'staff'), eq(auditLog.entityId, w.worker.staffId)));
    const before = (await audits()).length;
    await w.worker.call('PUT', target, ISSUE_EXAMPLE);
    const rows = await audits();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row.action).toBe('UPDATE');
    expect(row.oldValues).toEqual({ availability: { weekly: [], dates: [] } });
    expect(row.newValues).toEqual({ availability: ISSUE_EXAMPLE });
    await w.worker.call('PUT', target, ISSUE_EXAMPLE);
    expect(await audits()).toHaveLength(before + 1);
  });

  it('in support mode reads and writes as the user, audited as the agent on their behalf', async () => {
    const w = await world();
    expect(
      (await w.owner('POST', '/api/support/tickets', { title: 'Availability', message: 'Please set it' }))
        .statusCode,
    ).toBe(201);
    const started = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${w.ownerId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const as: Call = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);
    const res = await as('PUT', url(w.base, w.worker.staffId), ISSUE_EXAMPLE);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'staff'),
          eq(auditLog.entityId, w.worker.staffId),
          eq(auditLog.action, 'UPDATE'),
        ),
      );
    const agentId = (await client(t.app, agentCookie)('GET', '/api/auth/me')).json().user.id;
    expect(row!.newValues).toEqual({ availability: ISSUE_EXAMPLE });
    expect(row!.changedBy).toBe(agentId);
    expect(row!.onBehalfOf).toBe(w.ownerId);
  });
});
