import { DEFAULT_DAY_SETTINGS } from '@rotaboard/core/time-clock/day-settings';
import { TIME_CLOCK_IS_PRO } from '@rotaboard/core/time-clock/time-clock-plan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teams } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, type Call, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * The day settings (issue 44, docs/time-clock.md): `GET`/`PUT /api/teams/{id}/day-settings`, owner and
 * administrators, Pro; bad values a 400 naming the field; the clock-in window follows them.
 */

const DAY = '2027-03-01';
const at = (time: string) => Date.parse(`${DAY}T${time}:00Z`);

describe.each(engines)('day settings on %s', (engine) => {
  let t: TestApp;
  let now = at('08:00');
  let pro: StaffingWorld;
  let free: StaffingWorld;
  let outsider: Call;

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { clock: () => now });
    pro = await staffingWorld(t);
    free = await staffingWorld(t, { plan: 'free' });
    outsider = client(t.app, await signIn(t.app, address('outsider', 'pro-domain.test')));
  }, 120_000);
  afterAll(async () => t?.close());

  const url = (w: StaffingWorld) => `${w.base}/day-settings`;
  const changed = {
    clockInEarlyMinutes: 0,
    lateAfterMinutes: 5,
    sickCoverOffers: 2,
    autoApproveSickCover: false,
  };

  it('starts at the defaults and is replaced by the owner or an administrator, audited', async () => {
    const first = await pro.admin!.call('GET', url(pro));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual(DEFAULT_DAY_SETTINGS);
    const { hash } = (await pro.owner('GET', pro.base)).json();

    const put = await pro.admin!.call('PUT', url(pro), changed);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(changed);
    expect((await pro.owner('GET', url(pro))).json()).toEqual(changed);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, pro.teamId));
    expect(row).toMatchObject(changed);
    // The team form's hash is not made stale by a day setting.
    expect((await pro.owner('GET', pro.base)).json().hash).toBe(hash);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, pro.teamId), eq(auditLog.entityType, 'team')));
    const adminId = (await pro.admin!.call('GET', '/api/auth/me')).json().user.id;
    const audit = audits.find((a) => a.changedBy === adminId && a.action === 'UPDATE');
    expect(audit?.oldValues).toEqual({
      clockInEarlyMinutes: 15,
      lateAfterMinutes: 10,
      sickCoverOffers: 3,
      autoApproveSickCover: true,
    });
    expect(audit?.newValues).toEqual(changed);
  });

  it('moves the clock-in window: no minutes early means a clock-in before the start is not the shift’s', async () => {
    const shiftId = await addShift(pro.owner, pro.base, pro.pat.staffId, DAY, '09:00', '17:00');
    now = at('08:50');
    const early = await pro.pat.call('POST', `${pro.base}/time-clock/clock-in`, { shiftId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/opens 0 minutes before its start, in 10 minutes/);
    const unscheduled = await pro.pat.call('POST', `${pro.base}/time-clock/clock-in`, {});
    expect(unscheduled.statusCode, unscheduled.body).toBe(201);
    expect(unscheduled.json().shiftId).toBeNull();
  });

  it('refuses each bad value with a 400 naming its field, and changes nothing', async () => {
    const before = (await pro.owner('GET', url(pro))).json();
    const cases: [string, unknown][] = [
      ['clockInEarlyMinutes', -1],
      ['clockInEarlyMinutes', 241],
      ['clockInEarlyMinutes', 2.5],
      ['clockInEarlyMinutes', null],
      ['lateAfterMinutes', 0],
      ['lateAfterMinutes', 241],
      ['lateAfterMinutes', '10'],
      ['sickCoverOffers', 0],
      ['sickCoverOffers', 21],
      ['sickCoverOffers', 40_000],
      ['autoApproveSickCover', 'true'],
      ['autoApproveSickCover', undefined],
    ];
    for (const [field, value] of cases) {
      const res = await pro.owner('PUT', url(pro), { ...changed, [field]: value });
      expect(res.statusCode, `${field}=${String(value)}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
      expect(res.json().message).toContain(field);
    }
    expect((await pro.owner('GET', url(pro))).json()).toEqual(before);
  });

  it('is for owners and administrators on Pro: staff 403, another team 404, Free 403 naming Pro', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', changed],
    ] as const) {
      const staff = await pro.pat.call(method, url(pro), body);
      expect(staff.statusCode, `${method}: ${staff.body}`).toBe(403);
      expect((await outsider(method, url(pro), body)).statusCode).toBe(404);
      const onFree = await free.owner(method, url(free), body);
      expect(onFree.statusCode).toBe(403);
      expect(onFree.json().message).toBe(TIME_CLOCK_IS_PRO);
    }
  });
});
