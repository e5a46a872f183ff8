import { addDays } from '@rotaboard/core/dates/week';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  PUBLIC_URL,
  signIn,
  type TestApp,
} from './support/harness.ts';

type Call = ReturnType<typeof client>;
const HOUR_MS = 3_600_000;

/**
 * The feed's events read back with ical.js, a separate implementation: each VTIMEZONE the feed
 * carries is what the parser resolves its TZIDs with, so the instants below check the feed's own
 * zone definitions, as a phone would read them.
 */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtimezone) => new ICAL.Timezone(vtimezone));
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const instant = (time: ICAL.Time) => new Date(time.toUnixTime() * 1000).toISOString();
  return {
    zones: zones.map((zone) => zone.tzid).sort(),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        allDay: event.startDate.isDate,
        tzid: event.startDate.zone?.tzid ?? null,
        start: event.startDate.isDate ? event.startDate.toString() : instant(event.startDate),
        end: event.endDate.isDate ? event.endDate.toString() : instant(event.endDate),
        hours: (event.endDate.toUnixTime() - event.startDate.toUnixTime()) / 3600,
      };
    }),
  };
}

/** Every event's DTSTART and DTEND lines, unfolded: none may be a floating local time. */
function dateLines(ics: string): string[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  let inEvent = false;
  return lines.filter((line) => {
    if (line === 'BEGIN:VEVENT' || line === 'END:VEVENT') inEvent = line === 'BEGIN:VEVENT';
    return inEvent && /^DT(START|END)[;:]/.test(line);
  });
}
const isFloating = (line: string) =>
  !line.includes(';VALUE=DATE:') && !line.includes(';TZID=') && !line.endsWith('Z');

/**
 * The calendar feed in each team's time zone (issue 41): a shift's start and end are the instants its
 * wall-clock times mean in the team's zone, written with the zone's TZID and VTIMEZONE (UTC with
 * `Z`), never floating; the feed's window counts from the team's today.
 */
describe.each(engines)('calendar feed in the team’s time zone, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The feed is fetched at the instant `ms` (the fetch takes no session, so any date will do). */
  async function feedAt(url: string, ms: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
    const res = await t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') });
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }

  let n = 0;
  const address = (name: string, domain = 'example.com') => `${name}.${++n}@${domain}`;

  /** A Pro team in `timeZone` with `worker` joined as staff; `shift` adds one of their shifts. */
  async function team(timeZone: string, worker: { email: string; call: Call }) {
    const owner = client(t.app, await signIn(t.app, address('owner', 'pro-domain.test')));
    const made = (await owner('POST', '/api/teams', { teamName: timeZone, timeZone })).json();
    const base = `/api/teams/${made.teamId}`;
    const row = (await owner('POST', `${base}/staff`, { firstName: 'Wyn', email: worker.email })).json();
    await owner('POST', `${base}/invite`, { staffId: row.staffId, email: worker.email });
    const accepted = await worker.call('POST', '/api/invites/accept', {
      token: await inviteToken(t.app, worker.email),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return async (shiftDate: string, startTime: string, endTime: string) => {
      const res = await owner('POST', `${base}/shifts`, {
        staffId: row.staffId,
        shiftDate,
        startTime,
        endTime,
      });
      expect(res.statusCode, res.body).toBe(201);
      return `shift-${res.json().shiftId}@localhost`;
    };
  }
  async function worker() {
    const email = address('wyn');
    const call = client(t.app, await signIn(t.app, email));
    const url = (await call('GET', '/api/calendar/feed')).json().url as string;
    return { email, call, url };
  }

  it('writes London’s night shifts across both clock changes at their real instants', async () => {
    const w = await worker();
    const london = await team('Europe/London', w);
    const back = await london('2027-10-30', '22:00', '06:00');
    const forward = await london('2027-03-27', '22:00', '06:00');
    const summer = await london('2027-07-01', '09:00', '17:30');

    // The window reaches 4 weeks back and 12 ahead: fetched in March, June and October 2027.
    const texts = [];
    for (const when of ['2027-03-20', '2027-06-20', '2027-10-20']) {
      texts.push(await feedAt(w.url, Date.parse(`${when}T12:00:00Z`)));
    }
    expect(texts.flatMap(dateLines).filter(isFloating)).toEqual([]);
    const october = texts[2]!;
    expect(october).toContain('DTSTART;TZID=Europe/London:20271030T220000');
    expect(october).toContain('DTEND;TZID=Europe/London:20271031T060000');
    const parsed = texts.map(eventsOf);
    expect(parsed.map((p) => p.zones)).toEqual([['Europe/London'], ['Europe/London'], ['Europe/London']]);
    const events = parsed.flatMap((p) => p.events);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    // The clocks go back at 02:00 on 31 October: 9 hours, from 21:00 UTC.
    expect(byUid.get(back)).toMatchObject({
      tzid: 'Europe/London',
      start: '2027-10-30T21:00:00.000Z',
      end: '2027-10-31T06:00:00.000Z',
      hours: 9,
    });
    // They go forward at 01:00 on 28 March: 7 hours, from 22:00 UTC.
    expect(byUid.get(forward)).toMatchObject({
      start: '2027-03-27T22:00:00.000Z',
      end: '2027-03-28T05:00:00.000Z',
      hours: 7,
    });
    // British Summer Time: 09:00 is 08:00 UTC.
    expect(byUid.get(summer)).toMatchObject({
      start: '2027-07-01T08:00:00.000Z',
      end: '2027-07-01T16:30:00.000Z',
      hours: 8.5,
    });
  });

  it('gives each team’s events its own zone, with a VTIMEZONE each, and UTC times for a team in UTC', async () => {
    const w = await worker();
    const auckland = await team('Pacific/Auckland', w);
    const angeles = await team('America/Los_Angeles', w);
    const utc = await team('UTC', w);
    const nz = await auckland('2027-01-15', '09:00', '17:00');
    const la = await angeles('2027-01-15', '09:00', '17:00');
    const plain = await utc('2027-01-15', '22:00', '06:00');

    const ics = await feedAt(w.url, Date.parse('2027-01-10T12:00:00Z'));
    expect(dateLines(ics).filter(isFloating)).toEqual([]);
    const { zones, events } = eventsOf(ics);
    expect(zones).toEqual(['America/Los_Angeles', 'Pacific/Auckland']);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    // Auckland's summer (+13): 09:00 on the 15th is 20:00 UTC on the 14th.
    expect(byUid.get(nz)).toMatchObject({
      tzid: 'Pacific/Auckland',
      start: '2027-01-14T20:00:00.000Z',
      hours: 8,
    });
    // Los Angeles' winter (−8): 09:00 is 17:00 UTC.
    expect(byUid.get(la)).toMatchObject({
      tzid: 'America/Los_Angeles',
      start: '2027-01-15T17:00:00.000Z',
      end: '2027-01-16T01:00:00.000Z',
    });
    expect(byUid.get(plain)).toMatchObject({
      tzid: 'UTC',
      start: '2027-01-15T22:00:00.000Z',
      end: '2027-01-16T06:00:00.000Z',
      hours: 8,
    });
    expect(ics).toContain('DTSTART:20270115T220000Z');
  });

  it('counts each team’s window from its own today', async () => {
    const w = await worker();
    const auckland = await team('Pacific/Auckland', w);
    const angeles = await team('America/Los_Angeles', w);
    // 20:00 UTC on 10 January is the 11th in Auckland; 03:00 UTC is still the 9th in Los Angeles.
    const day = '2027-01-10';
    const nzLast = await auckland(addDays('2027-01-11', 84), '09:00', '10:00');
    const laFirst = await angeles(addDays('2027-01-09', -28), '09:00', '10:00');
    const inAuckland = eventsOf(await feedAt(w.url, Date.parse(`${day}T20:00:00Z`))).events.map((e) => e.uid);
    expect(inAuckland).toContain(nzLast);
    const inAngeles = eventsOf(await feedAt(w.url, Date.parse(`${day}T03:00:00Z`))).events.map((e) => e.uid);
    expect(inAngeles).toContain(laFirst);
    // A day later on UTC's clock the Los Angeles shift has left the window; 12 hours earlier, the
    // Auckland one was not in it yet.
    const later = eventsOf(await feedAt(w.url, Date.parse(`${day}T03:00:00Z`) + 24 * HOUR_MS)).events;
    expect(later.map((e) => e.uid)).not.toContain(laFirst);
    const earlier = eventsOf(await feedAt(w.url, Date.parse(`${day}T08:00:00Z`))).events;
    expect(earlier.map((e) => e.uid)).not.toContain(nzLast);
  });
});
