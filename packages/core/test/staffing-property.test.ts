import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StaffingSettingsInput, StaffingViolation } from '../src/contracts/schedule-agent.ts';
import { addDays } from '../src/dates/week.ts';
import { type PlacedShift, placeShift, type StaffingEntry } from '../src/staffing/timeline.ts';
import { checkEntryAgainstRules, staffingWindow, validatePeriod } from '../src/staffing/validate.ts';
import { context } from './staffing-helpers.ts';

// Three weeks from Monday 30 Nov 2026, two people, any rule on or off, strict or not.
const FIRST = '2026-11-30';
const period = { startDate: FIRST, endDate: addDays(FIRST, 20) };
const time = (halfHours: number) =>
  `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`;

const rawShift = fc.record({
  staffId: fc.constantFrom('ana', 'ben'),
  day: fc.integer({ min: 0, max: 20 }),
  start: fc.integer({ min: 0, max: 47 }),
  length: fc.integer({ min: 1, max: 28 }), // half hours: 30 minutes to 14 hours
  breakMinutes: fc.constantFrom(0, 30, 60),
  isTimeOff: fc.integer({ min: 0, max: 5 }).map((n) => n === 0), // one in six is time off
});

const rule = (min: number, max: number) =>
  fc.record({ value: fc.option(fc.integer({ min, max }), { nil: null }), strict: fc.boolean() });
const settings: fc.Arbitrary<StaffingSettingsInput> = fc.record({
  rules: fc.record({
    minRestHours: rule(0, 48),
    maxWeeklyHours: rule(8, 60),
    maxConsecutiveDays: rule(1, 8),
    minShiftHours: rule(0, 4),
    maxShiftHours: rule(6, 14),
  }),
});
const availability = fc.record({
  weekly: fc.array(
    fc.record({
      weekday: fc.integer({ min: 1, max: 7 }),
      startTime: fc.constant(null),
      endTime: fc.constant(null),
      kind: fc.constantFrom('unavailable' as const, 'preferred' as const),
    }),
    { maxLength: 2 },
  ),
  dates: fc.array(
    fc.record({
      date: fc.integer({ min: 0, max: 20 }).map((day) => addDays(FIRST, day)),
      startTime: fc.integer({ min: 0, max: 23 }).map(time),
      endTime: fc.integer({ min: 24, max: 47 }).map(time),
      kind: fc.constant('unavailable' as const),
    }),
    { maxLength: 3 },
  ),
});

type RawShift = typeof rawShift extends fc.Arbitrary<infer T> ? T : never;

/** Entries as the conflict rule leaves them: no person has two overlapping entries. */
function schedule(raw: RawShift[]): StaffingEntry[] {
  const kept: { entry: StaffingEntry; placed: PlacedShift }[] = [];
  raw.forEach((r, index) => {
    const entry: StaffingEntry = {
      shiftId: `s${index}`,
      staffId: r.staffId,
      shiftDate: addDays(FIRST, r.day),
      startTime: time(r.start),
      endTime: time((r.start + r.length) % 48),
      breakMinutes: r.length * 30 > r.breakMinutes ? r.breakMinutes : 0,
      isTimeOff: r.isTimeOff,
    };
    const placed = placeShift(entry as StaffingEntry & { startTime: string; endTime: string });
    const clash = kept.some(
      (other) =>
        other.entry.staffId === entry.staffId &&
        placed.start < other.placed.end &&
        other.placed.start < placed.end,
    );
    if (!clash) kept.push({ entry, placed });
  });
  return kept.map((k) => k.entry);
}

// Rest is between working days (staffing/rest.ts): removing the last shift of a split day moves the
// rest to the day's other shift, so rest flags a person's working days rather than single shifts.
const flagged = (violations: StaffingViolation[]) =>
  new Set(
    violations.flatMap((v) =>
      v.rule === 'rest'
        ? v.dates.map((date) => `rest ${v.staffId} ${date}`)
        : v.shiftIds.map((id) => `${v.rule} ${id}`),
    ),
  );
const key = (v: StaffingViolation) => `${v.rule}|${v.staffId}|${v.dates.join(',')}|${v.message}`;

describe('staffing rules, for any schedule', () => {
  it('removing a shift never flags a shift that was not flagged before', () => {
    fc.assert(
      fc.property(
        fc.array(rawShift, { maxLength: 30 }),
        settings,
        availability,
        fc.nat(),
        (raw, s, a, pick) => {
          const entries = schedule(raw);
          fc.pre(entries.length > 0);
          const removed = entries[pick % entries.length] as StaffingEntry;
          const options = { settings: s, availability: { ana: a }, weekStartDay: 3 };
          const before = flagged(validatePeriod(context(entries, options), period).violations);
          const after = validatePeriod(
            context(
              entries.filter((e) => e !== removed),
              options,
            ),
            period,
          ).violations;
          for (const item of flagged(after)) expect(before.has(item), item).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hand edits refused on strict violations leave none, and every violation left was announced', () => {
    fc.assert(
      fc.property(fc.array(rawShift, { maxLength: 30 }), settings, availability, (raw, s, a) => {
        const options = { settings: s, availability: { ana: a }, weekStartDay: 1 };
        const accepted: StaffingEntry[] = [];
        const announced = new Set<string>();
        for (const entry of schedule(raw)) {
          const found = checkEntryAgainstRules(context(accepted, options), entry);
          if (found.some((v) => v.strict)) continue;
          for (const v of found) announced.add(key(v));
          accepted.push(entry);
        }
        const result = validatePeriod(context(accepted, options), period);
        expect(result.summary.strictViolations).toBe(0);
        for (const v of result.violations) expect(announced.has(key(v)), v.message).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('entries loaded from staffingWindow flag the same shifts of the period as every entry does', () => {
    fc.assert(
      fc.property(
        fc.array(rawShift, { maxLength: 40 }),
        settings,
        availability,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 6 }),
        (raw, s, a, weekStartDay, first, length) => {
          const entries = schedule(raw);
          const options = { settings: s, availability: { ana: a }, weekStartDay };
          const startDate = addDays(FIRST, first);
          const range = { startDate, endDate: addDays(startDate, length) };
          const all = context(entries, options);
          const window = staffingWindow(range.startDate, range.endDate, all.settings, weekStartDay);
          const loaded = entries.filter((e) => e.shiftDate >= window.from && e.shiftDate <= window.to);
          const inPeriod = (items: Set<string>) =>
            [...items].filter((item) => {
              const id = item.split(' ')[1];
              const date = entries.find((e) => e.shiftId === id)?.shiftDate ?? '';
              return date >= range.startDate && date <= range.endDate;
            });
          const full = validatePeriod(all, range);
          const windowed = validatePeriod(context(loaded, options), range);
          expect(inPeriod(flagged(windowed.violations)).sort()).toEqual(
            inPeriod(flagged(full.violations)).sort(),
          );
          expect(windowed.coverage).toEqual(full.coverage);
        },
      ),
      { numRuns: 300 },
    );
  });
});
