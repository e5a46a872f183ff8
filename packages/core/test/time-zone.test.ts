import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../src/dates/week.ts';
import { minutesOfDay, spanMinutes } from '../src/shifts/times.ts';
import { workedMinutes } from '../src/shifts/worked-minutes.ts';
import {
  clockChangesBetween,
  elapsedMinutes,
  missingWallClockProblem,
  shiftWallClockProblem,
  timelineMinute,
  todayIn,
  wallClockInstant,
} from '../src/time/zone.ts';

/**
 * The clock changes of 2027 in three zones, both directions (issue 41): lengths are real elapsed
 * time in the team's zone, a time the clocks skip is named, one they repeat means the first.
 */
const CHANGES = [
  // zone, the date of the night before the clocks go forward / back, the skipped hour's sentence.
  {
    zone: 'Europe/London',
    forwardEve: '2027-03-27',
    backEve: '2027-10-30',
    skipped: { date: '2027-03-28', day: '28 March 2027', time: '01:30', from: '01:00', to: '02:00' },
    repeated: { date: '2027-10-31', time: '01:30', utc: '2027-10-31T00:30:00Z', twoHoursOn: '03:30' },
  },
  {
    zone: 'America/New_York',
    forwardEve: '2027-03-13',
    backEve: '2027-11-06',
    skipped: { date: '2027-03-14', day: '14 March 2027', time: '02:30', from: '02:00', to: '03:00' },
    repeated: { date: '2027-11-07', time: '01:30', utc: '2027-11-07T05:30:00Z', twoHoursOn: '03:30' },
  },
  {
    // The southern hemisphere: back in April, forward in October.
    zone: 'Australia/Sydney',
    forwardEve: '2027-10-02',
    backEve: '2027-04-03',
    skipped: { date: '2027-10-03', day: '3 October 2027', time: '02:30', from: '02:00', to: '03:00' },
    repeated: { date: '2027-04-04', time: '02:30', utc: '2027-04-03T15:30:00Z', twoHoursOn: '04:30' },
  },
] as const;

const night = (shiftDate: string) => ({
  shiftDate,
  isTimeOff: false,
  startTime: '22:00:00',
  endTime: '06:00:00',
  breakMinutes: 0,
  timeOffHours: null,
  timeOffDays: null,
});

describe.each(CHANGES)('clock changes in $zone', ({ zone, forwardEve, backEve, skipped, repeated }) => {
  it('an overnight 22:00–06:00 is 7 hours the night the clocks go forward, 9 the night they go back', () => {
    expect(elapsedMinutes(forwardEve, '22:00', '06:00', zone)).toBe(420);
    expect(elapsedMinutes(backEve, '22:00', '06:00', zone)).toBe(540);
    // The nights either side are 8 hours, as the wall clock says.
    expect(elapsedMinutes(addDays(forwardEve, -1), '22:00', '06:00', zone)).toBe(480);
    expect(elapsedMinutes(addDays(forwardEve, 1), '22:00', '06:00', zone)).toBe(480);
    expect(elapsedMinutes(addDays(backEve, 1), '22:00', '06:00', zone)).toBe(480);
    expect(workedMinutes(night(forwardEve), zone)).toBe(420);
    expect(workedMinutes(night(backEve), zone)).toBe(540);
  });

  it('a break across the change is taken from the real length', () => {
    // 21:00–07:00 with an hour's break spanning the change: 9 h worked going forward, 11 h going back.
    const shift = { ...night(forwardEve), startTime: '21:00', endTime: '07:00', breakMinutes: 60 };
    expect(workedMinutes(shift, zone)).toBe(600 - 60 - 60);
    expect(workedMinutes({ ...shift, shiftDate: backEve }, zone)).toBe(600 + 60 - 60);
    expect(workedMinutes(shift, 'UTC')).toBe(600 - 60);
  });

  it('names a time the clocks skip, and refuses a shift that starts or ends in it', () => {
    const sentence = `${skipped.time} does not exist on ${skipped.day} in ${zone}: the clocks go forward from ${skipped.from} to ${skipped.to}.`;
    expect(missingWallClockProblem(skipped.date, skipped.time, zone)).toBe(sentence);
    expect(missingWallClockProblem(skipped.date, skipped.to, zone)).toBeNull();
    expect(missingWallClockProblem(addDays(skipped.date, 7), skipped.time, zone)).toBeNull();
    expect(
      shiftWallClockProblem({ shiftDate: skipped.date, startTime: skipped.time, endTime: '09:00' }, zone),
    ).toBe(sentence);
    // Ending in the gap the next morning, after a start the evening before.
    expect(
      shiftWallClockProblem({ shiftDate: forwardEve, startTime: '22:00', endTime: skipped.time }, zone),
    ).toBe(sentence);
  });

  it('a time the clocks repeat means the first', () => {
    expect(wallClockInstant(repeated.date, repeated.time, zone)).toBe(Date.parse(repeated.utc));
    expect(
      shiftWallClockProblem({ shiftDate: repeated.date, startTime: repeated.time, endTime: '09:00' }, zone),
    ).toBeNull();
    // From the first occurrence, so the repeated hour counts in the length: two hours on the wall, three.
    expect(elapsedMinutes(repeated.date, repeated.time, repeated.twoHoursOn, zone)).toBe(180);
  });

  it('weekly hours across the change: a week of nights has an hour less or more', () => {
    // The grid's week total and the payroll add up each entry's worked minutes, as here.
    const week = (first: string) => Array.from({ length: 7 }, (_, i) => night(addDays(first, i)));
    const total = (entries: ReturnType<typeof week>, in_: string) =>
      entries.reduce((sum, entry) => sum + workedMinutes(entry, in_), 0);
    expect(total(week(addDays(forwardEve, -3)), zone)).toBe(7 * 480 - 60);
    expect(total(week(addDays(backEve, -3)), zone)).toBe(7 * 480 + 60);
    expect(total(week(addDays(backEve, -3)), 'UTC')).toBe(7 * 480);
    // The week after has no change: seven plain nights.
    expect(total(week(addDays(backEve, 4)), zone)).toBe(7 * 480);
  });

  it('finds each change of the year on its date', () => {
    const changes = clockChangesBetween('2027-01-01', '2027-12-31', zone);
    expect(changes.map((c) => [c.date, c.minutes]).sort()).toEqual(
      [
        [addDays(forwardEve, 1), 60],
        [addDays(backEve, 1), -60],
      ].sort(),
    );
  });
});

describe('todayIn at either side of midnight far from UTC', () => {
  it('Pacific/Kiritimati (UTC+14) is a day ahead of UTC from 10:00 UTC', () => {
    expect(todayIn('Pacific/Kiritimati', Date.parse('2027-06-01T09:59:59Z'))).toBe('2027-06-01');
    expect(todayIn('Pacific/Kiritimati', Date.parse('2027-06-01T10:00:00Z'))).toBe('2027-06-02');
    expect(todayIn('Pacific/Kiritimati', Date.parse('2027-06-01T00:00:00Z'))).toBe('2027-06-01');
    expect(todayIn('Pacific/Kiritimati', Date.parse('2027-05-31T23:59:59Z'))).toBe('2027-06-01');
  });

  it('Pacific/Pago_Pago (UTC−11) is a day behind UTC until 11:00 UTC', () => {
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2027-06-01T10:59:59Z'))).toBe('2027-05-31');
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2027-06-01T11:00:00Z'))).toBe('2027-06-01');
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2027-06-01T00:00:00Z'))).toBe('2027-05-31');
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2027-06-01T23:59:59Z'))).toBe('2027-06-01');
  });

  it('UTC is the date of the instant', () => {
    expect(todayIn('UTC', Date.parse('2027-06-01T23:59:59Z'))).toBe('2027-06-01');
    expect(todayIn('UTC', Date.parse('2027-06-02T00:00:00Z'))).toBe('2027-06-02');
  });
});

describe('lengths where the clocks do not change equal the old wall-clock arithmetic', () => {
  const date = fc
    .integer({ min: dayNumber('1980-01-01'), max: dayNumber('2060-12-31') })
    .map((n) => addDays('1970-01-01', n));
  const time = fc
    .integer({ min: 0, max: 24 * 60 - 1 })
    .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  const zone = fc.constantFrom(
    'Europe/London',
    'America/New_York',
    'Australia/Sydney',
    'America/Los_Angeles',
    'Asia/Kolkata',
    'Pacific/Chatham',
    'Pacific/Kiritimati',
  );

  it('in UTC, elapsedMinutes is spanMinutes and timelineMinute is dayNumber × 1440 + minutesOfDay', () => {
    fc.assert(
      fc.property(date, time, time, (d, start, end) => {
        expect(elapsedMinutes(d, start, end, 'UTC')).toBe(spanMinutes(start, end));
        expect(timelineMinute(d, start, 'UTC')).toBe(dayNumber(d) * 1440 + minutesOfDay(start));
        expect(workedMinutes({ ...night(d), startTime: start, endTime: end }, 'UTC')).toBe(
          spanMinutes(start, end),
        );
      }),
    );
  });

  it('in any zone, on dates with no change from the day before to the day after', () => {
    fc.assert(
      fc.property(zone, date, time, time, (z, d, start, end) => {
        fc.pre(clockChangesBetween(addDays(d, -1), addDays(d, 2), z).length === 0);
        expect(elapsedMinutes(d, start, end, z)).toBe(spanMinutes(start, end));
        // The timeline is UTC's shifted by the zone's (constant) offset: differences are the old ones.
        const later = addDays(d, 1);
        expect(timelineMinute(later, end, z) - timelineMinute(d, start, z)).toBe(
          (dayNumber(later) - dayNumber(d)) * 1440 + minutesOfDay(end) - minutesOfDay(start),
        );
        expect(missingWallClockProblem(d, start, z)).toBeNull();
      }),
    );
  });
});
