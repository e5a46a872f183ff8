/**
 * Every write route audits and announces (issue 42). The write routes are read from the OpenAPI
 * document the app serves; each is either a team write in TEAM_WRITES (support/write-route-fixtures.ts),
 * made once here, or an exemption with its reason. A team write must answer 2xx, write at least one
 * audit row for its team naming the caller in `changed_by`, and announce at least one change to the
 * team's live group (`app.realtime.scheduleUpdated`, as lib/realtime-events.ts `announce()` calls it),
 * unless its fixture says in words why not. What a route should do and does not yet is in KNOWN_GAPS,
 * and asserted to be still missing: fixing a route fails this test until its entry goes.
 */
import { addDays } from '@rotaboard/core/dates/week';
import type { ScheduleUpdatedEvent } from '@rotaboard/core/realtime/events';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';
import { EXEMPTIONS, KNOWN_GAPS, TEAM_WRITES, type World } from './support/write-route-fixtures.ts';

const today = new Date().toISOString().slice(0, 10);
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
type Doc = { paths: Record<string, Record<string, unknown>> };
type Event = Omit<ScheduleUpdatedEvent, 'at'>;

/** The write routes of a document, as `METHOD /path/{param}`. */
const writeRoutes = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => WRITES.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 300) throw new Error(`world: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Ada's Pro team with staff, Wyn who joined it, Zoe invited, and Wyn's requests waiting. */
async function buildWorld(t: TestApp): Promise<World> {
  const person = async (email: string, firstName: string, lastName: string) => {
    const call = client(t.app, await signIn(t.app, email, { firstName, lastName }));
    return { call, id: (await call('GET', '/api/auth/me')).json().user.id as string, email };
  };
  const ada = await person('ada@pro-domain.test', 'Ada', 'Owner');
  const wyn = await person('wyn@example.com', 'Wyn', 'Worker');
  const zoe = await person('zoe@example.com', 'Zoe', 'Zed');
  const team = ok(
    await ada.call('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: true, weekStartDay: 1 }),
    'team',
  );
  const base = `/api/teams/${team.teamId}`;
  const staffId = async (firstName: string, email?: string) =>
    ok(await ada.call('POST', `${base}/staff`, { firstName, ...(email ? { email } : {}) }), firstName)
      .staffId as string;
  const ids: Record<string, string> = {
    bo: await staffId('Bo'),
    cy: await staffId('Cy'),
    ivy: await staffId('Ivy'),
    lee: await staffId('Lee'),
    wyn: await staffId('Wyn', wyn.email),
    zoe: await staffId('Zoe', zoe.email),
  };
  ok(await ada.call('DELETE', `${base}/staff/${ids.lee}?leavingDate=${addDays(today, 20)}`), 'Lee leaving');
  ok(await ada.call('POST', `${base}/invite`, { staffId: ids.wyn, email: wyn.email }), 'invite Wyn');
  ok(
    await wyn.call('POST', '/api/invites/accept', { token: await inviteToken(t.app, wyn.email) }),
    'Wyn joins',
  );
  ok(await ada.call('POST', `${base}/invite`, { staffId: ids.zoe, email: zoe.email }), 'invite Zoe');
  ids.zoeInvite = await inviteToken(t.app, zoe.email);
  // This week's entry for copy-week to copy.
  ok(
    await ada.call('POST', `${base}/shifts`, {
      staffId: ids.ivy,
      shiftDate: today,
      startTime: '12:00',
      endTime: '14:00',
    }),
    'Ivy’s shift',
  );
  ids.wynTimeOff = ok(
    await wyn.call('POST', `${base}/requests`, {
      requestType: 'time_off',
      startDate: addDays(today, 10),
      endDate: addDays(today, 10),
      timeOffDays: 1,
    }),
    'Wyn’s time off',
  ).requestId;
  // A give-away from Wyn naming Ada (on her own staff list), for her to accept.
  const adaStaff = (
    ok(await ada.call('GET', `${base}/staff`), 'staff') as { staffId: string; email: string | null }[]
  ).find((row) => row.email === ada.email)!;
  const wynShift = ok(
    await ada.call('POST', `${base}/shifts`, {
      staffId: ids.wyn,
      shiftDate: addDays(today, 15),
      startTime: '09:00',
      endTime: '17:00',
    }),
    'Wyn’s shift',
  ).shiftId;
  ids.wynGiveAway = ok(
    await wyn.call('POST', `${base}/requests`, {
      requestType: 'give_away',
      shiftId: wynShift,
      targetStaffId: adaStaff.staffId,
    }),
    'Wyn’s give-away',
  ).requestId;
  return { teamId: team.teamId, base, ids, people: { ada, wyn, zoe } };
}

const documentedOnce = async (t: TestApp) =>
  writeRoutes((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc);

describe.each(engines)('every team write audits and announces on %s', (engine) => {
  let t: TestApp;
  let w: World;
  let documented: string[] = [];
  const events: Event[] = [];
  const seen = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    documented = await documentedOnce(t);
    w = await buildWorld(t);
    // Records each announcement and passes it on to the hub as before.
    const scheduleUpdated = t.app.realtime.scheduleUpdated.bind(t.app.realtime);
    vi.spyOn(t.app.realtime, 'scheduleUpdated').mockImplementation((event) => {
      events.push(event);
      scheduleUpdated(event);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  /** The audit rows written since the last call. */
  async function newRows() {
    const rows = (await t.database.db.select().from(auditLog)).filter((row) => !seen.has(row.id));
    for (const row of rows) seen.add(row.id);
    return rows;
  }

  it('has every write route of the document in the table, and no route the document lacks', () => {
    expect(documented.length).toBeGreaterThan(0);
    const tabled = [...Object.keys(TEAM_WRITES), ...Object.keys(EXEMPTIONS)];
    const missing = documented.filter((route) => !tabled.includes(route));
    const stale = tabled.filter((route) => !documented.includes(route));
    const both = Object.keys(TEAM_WRITES).filter((route) => route in EXEMPTIONS);
    expect(missing, 'write routes with no fixture or exemption in support/write-route-fixtures.ts').toEqual(
      [],
    );
    expect(stale, 'fixtures or exemptions for routes the document no longer has').toEqual([]);
    expect(both, 'routes both a fixture and an exemption').toEqual([]);
    for (const [route, gap] of Object.entries(KNOWN_GAPS)) {
      expect(route in TEAM_WRITES, `known gap ${route} has no fixture`).toBe(true);
      const fixture = TEAM_WRITES[route]!;
      // A gap is something the route should do: not something its fixture says it need not.
      if (gap.missing.includes('audit')) expect(fixture.noAudit, route).toBeUndefined();
      if (gap.missing.includes('announce')) expect(fixture.noAnnounce, route).toBeUndefined();
    }
  });

  it.each(Object.entries(TEAM_WRITES))('%s', async (route, fixture) => {
    const actor = w.people[fixture.by];
    await newRows();
    events.length = 0;
    const res = await fixture.run(actor.call, w);
    expect(res.statusCode, `${route}: ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
    const teamId = fixture.team?.(w) ?? w.teamId;
    const rows = (await newRows()).filter(
      (row) => row.teamId === teamId || (row.entityType === 'team' && row.entityId === teamId),
    );
    const announced = events.filter((event) => event.teamId === teamId);
    const gap = KNOWN_GAPS[route];
    const fixed = (what: string) => `${route} now ${what}: take it out of KNOWN_GAPS (${gap?.what})`;

    if (gap?.missing.includes('audit')) {
      expect(rows, fixed('audits')).toEqual([]);
    } else if (fixture.noAudit) {
      expect(rows, `${route}: ${fixture.noAudit}`).toEqual([]);
    } else {
      expect(rows.length, `${route} wrote no audit row for its team`).toBeGreaterThan(0);
      for (const row of rows)
        expect(row.changedBy, `${route}: ${row.entityType} ${row.action}`).toBe(actor.id);
    }

    if (gap?.missing.includes('announce')) {
      expect(announced, fixed('announces')).toEqual([]);
    } else if (fixture.noAnnounce) {
      expect(announced, `${route}: ${fixture.noAnnounce}`).toEqual([]);
    } else {
      expect(announced.length, `${route} announced nothing to its team`).toBeGreaterThan(0);
      for (const event of announced) expect(event.changedBy.userId, route).toBe(actor.id);
    }
  });

  it('audits a team write in support mode with the agent as changed_by, for the user', async () => {
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agentId = (await client(t.app, agentCookie)('GET', '/api/auth/me')).json().user.id;
    const ada = w.people.ada;
    ok(await ada.call('POST', '/api/support/tickets', { title: 'Notes', message: 'Please check' }), 'ticket');
    const started = await client(t.app, agentCookie)('POST', `/api/auth/impersonate/${ada.id}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asAda = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);

    await newRows();
    events.length = 0;
    const res = await asAda('POST', `${w.base}/day-notes`, { noteDate: today, noteText: 'Agent was here' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await newRows()).filter((row) => row.teamId === w.teamId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect({ changedBy: row.changedBy, onBehalfOf: row.onBehalfOf }).toEqual({
        changedBy: agentId,
        onBehalfOf: ada.id,
      });
    }
    expect(events.filter((event) => event.teamId === w.teamId).length).toBeGreaterThan(0);
  });
});
