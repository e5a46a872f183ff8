import { TeamDto } from '@rotaboard/core/contracts/teams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

/**
 * The team's currency (issue 43): an ISO 4217 code on POST, PUT and GET /api/teams and the list, by
 * default the one the owner pays the plan in, else their region's by the team's time zone; a code that
 * is not ISO 4217 is a 400 naming `currency`, nothing saved; a change is audited and read by /labour.
 */
describe.each(engines)('the team currency on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  let n = 0;
  async function owner() {
    return client(t.app, await signIn(t.app, `currency.owner.${++n}@pro-domain.test`));
  }

  it('defaults by the team’s zone for an owner who has never paid, and keeps a chosen one', async () => {
    const ask = await owner();
    const made = async (body: Record<string, unknown>) => {
      const res = await ask('POST', '/api/teams', { teamName: `Till ${++n}`, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return TeamDto.parse(res.json());
    };
    expect((await made({})).currency).toBe('USD');
    expect((await made({ timeZone: 'Europe/London' })).currency).toBe('GBP');
    expect((await made({ timeZone: 'Europe/Paris' })).currency).toBe('EUR');
    const yen = await made({ timeZone: 'Asia/Tokyo', currency: 'jpy' });
    expect(yen.currency).toBe('JPY');
    const listed = (await ask('GET', '/api/teams')).json() as TeamDto[];
    expect(listed.find((team) => team.teamId === yen.teamId)?.currency).toBe('JPY');
  });

  it('refuses a code that is not ISO 4217, naming the field, and saves nothing', async () => {
    const ask = await owner();
    const before = (await ask('GET', '/api/teams')).json().length;
    for (const currency of ['XYZ', 'POUNDS', '', 12]) {
      const res = await ask('POST', '/api/teams', { teamName: 'Bad money', currency });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('currency');
    }
    expect((await ask('GET', '/api/teams')).json()).toHaveLength(before);
  });

  it('changes on PUT (absent: kept), is audited, and is what /labour counts in', async () => {
    const ask = await owner();
    const team = TeamDto.parse(
      (await ask('POST', '/api/teams', { teamName: 'Cafe', timeZone: 'Europe/London' })).json(),
    );
    const base = `/api/teams/${team.teamId}`;
    const kept = await ask('PUT', base, { teamName: 'Cafe', weekStartDay: 1, hash: team.hash });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(TeamDto.parse(kept.json()).currency).toBe('GBP');
    const bad = await ask('PUT', base, {
      teamName: 'Cafe',
      weekStartDay: 1,
      currency: 'ABC',
      hash: TeamDto.parse(kept.json()).hash,
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toContain('currency');
    const changed = await ask('PUT', base, {
      teamName: 'Cafe',
      weekStartDay: 1,
      currency: 'EUR',
      hash: TeamDto.parse(kept.json()).hash,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(TeamDto.parse(changed.json()).currency).toBe('EUR');

    const audit = await ask('GET', `${base}/reports/audit`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('EUR');

    const labour = await ask('GET', `${base}/labour?startDate=2027-01-04&endDate=2027-01-10`);
    expect(labour.statusCode, labour.body).toBe(200);
    expect(labour.json().currency).toBe('EUR');
  });
});
