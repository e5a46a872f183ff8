import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../src/contracts/availability.ts';
import { DEFAULT_STAFFING_SETTINGS, type StaffingSettings } from '../src/contracts/schedule-agent.ts';
import {
  type CoverCandidate,
  compareCandidates,
  hoursWords,
  nobodyFitsReason,
  rankSickCover,
  type SickCoverInput,
  sickCoverTakenSentence,
} from '../src/day/sick-cover.ts';
import type { StaffingEntry, StaffingStaff } from '../src/staffing/timeline.ts';

// Wednesday 3 March 2027; the team's weeks start on Monday 1 March.
const DATE = '2027-03-03';
const MONDAY = '2027-03-01';

const person = (name: string, role = 'Cook', leavingDate: string | null = null): StaffingStaff => ({
  staffId: name.toLowerCase(),
  name: `${name} Lee`,
  role,
  leavingDate,
});
let ids = 0;
const work = (
  staffId: string,
  shiftDate: string,
  startTime: string,
  endTime: string,
  breakMinutes = 0,
): StaffingEntry => ({
  shiftId: `s${++ids}`,
  staffId,
  shiftDate,
  startTime,
  endTime,
  breakMinutes,
  isTimeOff: false,
});

function input(over: {
  staff?: StaffingStaff[];
  entries?: StaffingEntry[];
  availability?: Map<string, Availability>;
  contracted?: Record<string, number | null>;
  rates?: Record<string, number | null>;
  settings?: StaffingSettings;
  canClaim?: string[];
  role?: string | null;
}): SickCoverInput {
  const staff = over.staff ?? [person('Pat'), person('Sam'), person('Tia'), person('Dan')];
  return {
    slot: {
      shiftDate: DATE,
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
      role: over.role === undefined ? 'Cook' : over.role,
      sickStaffId: 'pat',
    },
    context: {
      settings: over.settings ?? DEFAULT_STAFFING_SETTINGS,
      staff,
      entries: over.entries ?? [],
      availability: over.availability ?? new Map(),
      weekStartDay: 1,
      timeZone: 'UTC',
    },
    contractedHours: new Map(Object.entries(over.contracted ?? {})),
    hourlyRateMinor: new Map(Object.entries(over.rates ?? {})),
    ...(over.canClaim ? { canClaim: new Set(over.canClaim) } : {}),
  };
}

describe('ranking who covers a sick call', () => {
  it('puts the one furthest below their contract first, with the reason in words', () => {
    const { ranked } = rankSickCover(
      input({
        entries: [
          work('sam', MONDAY, '09:00', '17:00'),
          work('sam', '2027-03-02', '09:00', '17:00'),
          work('tia', MONDAY, '09:00', '17:00'),
        ],
        contracted: { sam: 24, tia: 16, dan: null },
      }),
    );
    expect(ranked.map((c) => [c.staffName, c.reason])).toEqual([
      ['Tia Lee', 'free all day, 8 of 16 contracted hours'],
      ['Sam Lee', 'free all day, 16 of 24 contracted hours'],
      ['Dan Lee', 'free all day, 0 hours that week, no contracted hours'],
    ]);
  });

  it('breaks ties by the hourly rate (none known last), then by name', () => {
    const { ranked } = rankSickCover(
      input({
        staff: [person('Pat'), person('Zed'), person('Amy'), person('Bob'), person('Cat')],
        contracted: { zed: 20, amy: 20, bob: 20, cat: 20 },
        rates: { zed: 1100, amy: 1200, bob: null },
      }),
    );
    expect(ranked.map((c) => c.staffName)).toEqual(['Zed Lee', 'Amy Lee', 'Bob Lee', 'Cat Lee']);
  });

  it('counts only the slot’s team week and the break, and says when they work that day too', () => {
    const { ranked } = rankSickCover(
      input({
        staff: [person('Pat'), person('Sam')],
        entries: [
          work('sam', '2027-02-28', '09:00', '17:00'), // the week before
          work('sam', DATE, '18:00', '22:00', 30),
          work('sam', '2027-03-07', '09:00', '13:00'),
        ],
        contracted: { sam: 20 },
      }),
    );
    expect(ranked[0]!.reason).toBe('free then (also works 18:00–22:00 that day), 7.5 of 20 contracted hours');
  });

  it('leaves out the sick person, other roles, clashes, time off, leavers, the unjoined and the unavailable, each with why', () => {
    const availability = new Map<string, Availability>([
      [
        'una',
        { weekly: [{ weekday: 3, startTime: '12:00', endTime: '14:00', kind: 'unavailable' }], dates: [] },
      ],
    ]);
    const { ranked, refused } = rankSickCover(
      input({
        staff: [
          person('Pat'),
          person('Cal', 'Chef'),
          person('Sam'),
          person('Tia'),
          person('Lou', 'Cook', '2027-03-02'),
          person('Uma'),
          person('Una'),
          person('Ok'),
        ],
        entries: [
          work('sam', DATE, '16:00', '20:00'),
          { ...work('tia', DATE, '08:00', '12:00'), isTimeOff: true, timeOffHours: null, timeOffDays: null },
        ],
        availability,
        canClaim: ['pat', 'cal', 'sam', 'tia', 'lou', 'una', 'ok'],
      }),
    );
    expect(ranked.map((c) => c.staffName)).toEqual(['Ok Lee']);
    expect(Object.fromEntries(refused.map((r) => [r.staffName, r.why]))).toEqual({
      'Cal Lee': 'is a Chef, not a Cook',
      'Sam Lee': 'works then (03/03/2027 16:00–20:00)',
      'Tia Lee': 'has time off that day (03/03/2027 time off 08:00–12:00)',
      'Lou Lee': 'leaves the team before then',
      'Uma Lee': 'has not joined the team yet',
      'Una Lee': expect.stringMatching(
        /^is unavailable then \(Una Lee is unavailable on Wed 3 Mar from 12:00 to 14:00/,
      ),
    });
    expect(refused.some((r) => r.staffName === 'Pat Lee')).toBe(false);
  });

  it('refuses a colleague a strict rule would stop, in the rule’s words, and lets a warning pass', () => {
    const entries = [work('sam', '2027-03-02', '17:00', '23:00')];
    const strict: StaffingSettings = {
      ...DEFAULT_STAFFING_SETTINGS,
      rules: { ...DEFAULT_STAFFING_SETTINGS.rules, minRestHours: { value: 11, strict: true } },
    };
    const refused = rankSickCover(
      input({ staff: [person('Pat'), person('Sam')], entries, settings: strict }),
    ).refused;
    expect(refused).toEqual([
      {
        staffId: 'sam',
        staffName: 'Sam Lee',
        why: 'would break a rule: Sam Lee has 10 h between shifts (Tue 23:00 to Wed 09:00); the minimum is 11 h',
      },
    ]);
    // The same rule as a warning: Sam can cover.
    const ranked = rankSickCover(input({ staff: [person('Pat'), person('Sam')], entries })).ranked;
    expect(ranked.map((c) => c.staffName)).toEqual(['Sam Lee']);
  });

  it('takes anyone for a slot of no role, and mentions preferred hours', () => {
    const availability = new Map<string, Availability>([
      [
        'cal',
        { weekly: [{ weekday: 3, startTime: '08:00', endTime: '18:00', kind: 'preferred' }], dates: [] },
      ],
    ]);
    const { ranked } = rankSickCover(
      input({ role: null, staff: [person('Pat'), person('Cal', 'Chef')], availability }),
    );
    expect(ranked.map((c) => c.reason)).toEqual([
      'free all day, 0 hours that week, no contracted hours, prefers these hours',
    ]);
  });

  it('says why nobody fits in words', () => {
    expect(nobodyFitsReason([])).toBe('Nobody else is on the staff list to take it.');
    expect(
      nobodyFitsReason([
        { staffId: 'cal', staffName: 'Cal Lee', why: 'is a Chef, not a Cook' },
        { staffId: 'sam', staffName: 'Sam Lee', why: 'works then (03/03/2027 16:00–20:00)' },
      ]),
    ).toBe('Nobody fits: Cal Lee is a Chef, not a Cook; Sam Lee works then (03/03/2027 16:00–20:00).');
    const many = Array.from({ length: 11 }, (_, i) => ({
      staffId: `p${i}`,
      staffName: `P${i}`,
      why: 'is away',
    }));
    expect(nobodyFitsReason(many)).toMatch(/; and 3 more cannot\.$/);
  });

  it('writes hours without trailing zeros', () => {
    expect(hoursWords(960)).toBe('16');
    expect(hoursWords(450)).toBe('7.5');
    expect(hoursWords(435)).toBe('7.25');
    expect(hoursWords(0)).toBe('0');
  });

  it('orders candidates totally: the order never depends on where they started', () => {
    const candidate = fc.record({
      staffId: fc.uuid(),
      staffName: fc.constantFrom('Amy', 'Bob', 'Cat', 'Dan'),
      reason: fc.constant(''),
      weekMinutes: fc.integer({ min: 0, max: 3000 }),
      contractedMinutes: fc.option(fc.integer({ min: 60, max: 3000 }), { nil: null }),
      hourlyRateMinor: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), (list: CoverCandidate[]) => {
        const once = [...list].sort(compareCandidates);
        const again = [...list].reverse().sort(compareCandidates);
        expect(again.map((c) => c.staffId)).toEqual(once.map((c) => c.staffId));
        // Those with a contract come before those without.
        const firstWithout = once.findIndex((c) => c.contractedMinutes === null);
        if (firstWithout >= 0)
          expect(once.slice(firstWithout).every((c) => c.contractedMinutes === null)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the sentence when a sick cover is taken (issue 44)', () => {
  const cover = {
    coverName: 'Ben Baker',
    sickName: 'Ava Adams',
    shiftDate: '2026-11-28',
    startTime: '21:00:00',
    endTime: '01:00:00',
  };
  it('names both people, the times in the reader’s clock and the day the shift starts', () => {
    expect(sickCoverTakenSentence(cover, false)).toBe(
      "Ben Baker is covering Ava Adams's 21:00–01:00 shift on Saturday 28 November, called in sick",
    );
    expect(sickCoverTakenSentence(cover, true)).toMatch(
      /^Ben Baker is covering Ava Adams's 9:00\s?pm–1:00\s?am shift on Saturday 28 November/,
    );
  });
});
