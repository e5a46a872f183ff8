import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../src/dates/week.ts';
import { minutesOfDay, spanMinutes } from '../src/shifts/times.ts';
import { restBetweenWorkingDays, shortOfRest } from '../src/staffing/rest.ts';
import { placeShift, type StaffingEntry } from '../src/staffing/timeline.ts';
import { checkEntryAgainstRules, validatePeriod } from '../src/staffing/validate.ts';
import { context, only, shift } from './staffing-helpers.ts';

// Rest as people mean it (issue 41): between working days (the shifts that start on one date), from
// the end of one working day's last shift to the start of the next one's first, in real time.

const rest11 = (strict = false) => only({ minRestHours: { value: 11, strict } });
const restOf = (entries: StaffingEntry[], zone = 'UTC', from = '2026-12-07', to = '2026-12-13') =>
  validatePeriod(context(entries, { settings: rest11(), timeZone: zone }), { startDate: from, endDate: to })
    .violations.filter((v) => v.rule === 'rest')
    .map((v) => v.message);

describe('rest between working days', () => {
  it('never counts the gap inside a split shift', () => {
    const morning = shift('2026-12-08', '07:00', '11:00');
    const evening = shift('2026-12-08', '17:00', '21:00');
    expect(restOf([morning, evening])).toEqual([]);
    // Entered one after the other, as a hand edit would, strict or not: nothing to refuse.
    const strict = context([morning], { settings: rest11(true) });
    expect(checkEntryAgainstRules(strict, evening)).toEqual([]);
  });

  it('runs from the split day’s last shift to the next working day’s first', () => {
    const morning = shift('2026-12-08', '07:00', '11:00');
    const evening = shift('2026-12-08', '17:00', '21:00');
    expect(restOf([morning, evening, shift('2026-12-09', '08:00', '12:00')])).toEqual([]);
    const early = shift('2026-12-09', '07:00', '12:00');
    const violations = validatePeriod(context([morning, evening, early], { settings: rest11() }), {
      startDate: '2026-12-07',
      endDate: '2026-12-13',
    }).violations;
    expect(violations.map((v) => [v.message, v.shiftIds, v.dates])).toEqual([
      [
        'Ana has 10 h between shifts (Tue 21:00 to Wed 07:00); the minimum is 11 h',
        [evening.shiftId, early.shiftId],
        ['2026-12-08', '2026-12-09'],
      ],
    ]);
  });

  it('never counts back-to-back shifts on one date (a double entered as two)', () => {
    const first = shift('2026-12-08', '07:00', '15:00');
    const second = shift('2026-12-08', '15:00', '23:00');
    expect(restOf([first, second])).toEqual([]);
    expect(checkEntryAgainstRules(context([first], { settings: rest11(true) }), second)).toEqual([]);
  });

  it('counts a night shift’s end to a shift an hour later on the next date, as a warning by default', () => {
    const night = shift('2026-12-07', '22:00', '06:00');
    const next = shift('2026-12-08', '07:00', '15:00');
    expect(restOf([night, next])).toEqual([
      'Ana has 1 h between shifts (Tue 06:00 to Tue 07:00); the minimum is 11 h',
    ]);
    // The defaults warn and never block.
    expect(checkEntryAgainstRules(context([night]), next).map((v) => [v.rule, v.strict])).toEqual([
      ['rest', false],
    ]);
    expect(checkEntryAgainstRules(context([night], { settings: rest11(true) }), next)[0]?.strict).toBe(true);
  });

  it('counts the hour the clocks go back, and not the hour they go forward (London)', () => {
    // 22:00 to 08:00 is 10 h on the wall clock: 11 h across the night of 30–31 October 2027, 9 h across 27–28 March.
    const autumn = [shift('2027-10-30', '14:00', '22:00'), shift('2027-10-31', '08:00', '16:00')];
    expect(restOf(autumn, 'Europe/London', '2027-10-25', '2027-10-31')).toEqual([]);
    expect(restOf(autumn, 'UTC', '2027-10-25', '2027-10-31')).toEqual([
      'Ana has 10 h between shifts (Sat 22:00 to Sun 08:00); the minimum is 11 h',
    ]);
    const spring = [shift('2027-03-27', '14:00', '22:00'), shift('2027-03-28', '08:00', '16:00')];
    expect(restOf(spring, 'Europe/London', '2027-03-22', '2027-03-28')).toEqual([
      'Ana has 9 h between shifts (Sat 22:00 to Sun 08:00); the minimum is 11 h',
    ]);
  });

  it('counts a night shift across the change at its real length before the rest (London)', () => {
    // 22:00–06:00 from 30 October 2027 is 9 h, so it ends at 06:00 as the wall clock says; 16:00 is 10 h later.
    const night = shift('2027-10-30', '22:00', '06:00');
    const next = shift('2027-10-31', '16:00', '22:00');
    expect(restOf([night, next], 'Europe/London', '2027-10-25', '2027-10-31')).toEqual([
      'Ana has 10 h between shifts (Sun 06:00 to Sun 16:00); the minimum is 11 h',
    ]);
  });

  it('follows New York’s and Sydney’s changes too', () => {
    const across = (before: string, after: string, zone: string) =>
      restOf(
        [shift(before, '14:00', '22:00'), shift(after, '08:00', '16:00')],
        zone,
        addDays(before, -3),
        after,
      );
    expect(across('2027-11-06', '2027-11-07', 'America/New_York')).toEqual([]);
    expect(across('2027-03-13', '2027-03-14', 'America/New_York')).toEqual([
      'Ana has 9 h between shifts (Sat 22:00 to Sun 08:00); the minimum is 11 h',
    ]);
    expect(across('2027-04-03', '2027-04-04', 'Australia/Sydney')).toEqual([]);
    expect(across('2027-10-02', '2027-10-03', 'Australia/Sydney')).toEqual([
      'Ana has 9 h between shifts (Sat 22:00 to Sun 08:00); the minimum is 11 h',
    ]);
  });
});

// Any one person's shifts (no two overlapping), over three weeks of whole and half hours.
const FIRST = '2027-10-18';
const time = (halfHours: number) =>
  `${String(Math.floor(halfHours / 2)).padStart(2, '0')}:${halfHours % 2 ? '30' : '00'}`;
const rawShifts = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 20 }),
    start: fc.integer({ min: 0, max: 47 }),
    length: fc.integer({ min: 1, max: 28 }),
  }),
  { maxLength: 25 },
);

function personShifts(raw: { day: number; start: number; length: number }[], zone: string) {
  const placed: ReturnType<typeof placeShift>[] = [];
  raw.forEach((r, i) => {
    const entry = {
      ...shift(addDays(FIRST, r.day), time(r.start), time((r.start + r.length) % 48)),
      shiftId: `p${i}`,
    } as StaffingEntry & { startTime: string; endTime: string };
    const candidate = placeShift(entry, zone);
    if (!placed.some((p) => candidate.start < p.end && p.start < candidate.end)) placed.push(candidate);
  });
  return placed.sort((a, b) => a.start - b.start);
}

describe('rest, for any schedule', () => {
  it('in UTC is the old arithmetic: day × 1440 + minutes of the day', () => {
    fc.assert(
      fc.property(rawShifts, (raw) => {
        const shifts = personShifts(raw, 'UTC');
        for (const s of shifts) {
          const { shiftDate, startTime, endTime } = s.entry as StaffingEntry & {
            startTime: string;
            endTime: string;
          };
          const start = dayNumber(shiftDate) * 1440 + minutesOfDay(startTime);
          expect([s.start, s.end]).toEqual([start, start + spanMinutes(startTime, endTime)]);
        }
        for (const rest of restBetweenWorkingDays(shifts)) {
          const end = rest.before.last;
          const next = rest.after.first;
          const oldEnd =
            dayNumber(end.entry.shiftDate) * 1440 +
            minutesOfDay(end.entry.startTime!) +
            spanMinutes(end.entry.startTime!, end.entry.endTime!);
          const oldStart = dayNumber(next.entry.shiftDate) * 1440 + minutesOfDay(next.entry.startTime!);
          expect(rest.minutes).toBe(Math.max(0, oldStart - oldEnd));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is short somewhere pair by pair exactly when it is short between consecutive working days', () => {
    fc.assert(
      fc.property(
        rawShifts,
        fc.integer({ min: 1, max: 48 * 60 }),
        fc.constantFrom('UTC', 'Europe/London'),
        (raw, minimum, zone) => {
          const shifts = personShifts(raw, zone);
          const span = (s: (typeof shifts)[number]) => ({
            day: s.entry.shiftDate,
            start: s.start,
            end: s.end,
          });
          const pairwise = shifts.some((a, i) =>
            shifts.slice(i + 1).some((b) => shortOfRest(span(a), span(b), minimum)),
          );
          const byDays = restBetweenWorkingDays(shifts).some((rest) => rest.minutes < minimum);
          expect(pairwise).toBe(byDays);
        },
      ),
      { numRuns: 300 },
    );
  });
});
