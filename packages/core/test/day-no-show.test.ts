import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNoShowDue, noShowDates, noShowWindow, shiftSummary } from '../src/day/no-show.ts';

const shift = (over: Partial<Parameters<typeof isNoShowDue>[0]> = {}) => ({
  shiftDate: '2027-03-03',
  startTime: '09:00',
  endTime: '17:00',
  isTimeOff: false,
  sick: false,
  ...over,
});
const utc = (iso: string) => new Date(`${iso}Z`);

describe('the no-show window', () => {
  it('is due from start + lateAfterMinutes until the end, in UTC', () => {
    expect(isNoShowDue(shift(), 10, 'UTC', utc('2027-03-03T09:09:59'))).toBe(false);
    expect(isNoShowDue(shift(), 10, 'UTC', utc('2027-03-03T09:10:00'))).toBe(true);
    expect(isNoShowDue(shift(), 10, 'UTC', utc('2027-03-03T16:59:59'))).toBe(true);
    expect(isNoShowDue(shift(), 10, 'UTC', utc('2027-03-03T17:00:00'))).toBe(false);
    expect(isNoShowDue(shift(), 10, 'UTC', utc('2027-03-02T09:30:00'))).toBe(false);
  });

  it('places the shift in the team’s zone', () => {
    // New York is UTC−5 in early March 2027 (before its change on the 14th).
    expect(isNoShowDue(shift(), 10, 'America/New_York', utc('2027-03-03T09:30:00'))).toBe(false);
    expect(isNoShowDue(shift(), 10, 'America/New_York', utc('2027-03-03T14:10:00'))).toBe(true);
    // Tokyo (UTC+9): 09:00 there is 00:00 UTC.
    expect(isNoShowDue(shift(), 10, 'Asia/Tokyo', utc('2027-03-03T00:10:00'))).toBe(true);
    expect(isNoShowDue(shift(), 10, 'Asia/Tokyo', utc('2027-03-03T08:00:00'))).toBe(false);
  });

  it('runs an overnight shift into the next day, and across a clock change by real time', () => {
    const night = shift({ shiftDate: '2027-03-27', startTime: '23:00', endTime: '07:00' });
    // London: 23:00 GMT; the clocks go forward at 01:00 GMT on the 28th; 07:00 BST is 06:00 UTC.
    expect(noShowWindow(night, 30, 'Europe/London')).toEqual({
      from: utc('2027-03-27T23:30:00').getTime(),
      until: utc('2027-03-28T06:00:00').getTime(),
    });
    expect(isNoShowDue(night, 30, 'Europe/London', utc('2027-03-28T05:59:00'))).toBe(true);
    expect(isNoShowDue(night, 30, 'Europe/London', utc('2027-03-28T06:00:00'))).toBe(false);
    // The clocks go back on 31 October 2027: 22:00 BST (21:00 UTC) to 06:00 GMT is 9 real hours.
    const back = shift({ shiftDate: '2027-10-30', startTime: '22:00', endTime: '06:00' });
    expect(noShowWindow(back, 10, 'Europe/London')).toEqual({
      from: utc('2027-10-30T21:10:00').getTime(),
      until: utc('2027-10-31T06:00:00').getTime(),
    });
  });

  it('is never due for time off, a sick call, an entry without times, or a lateness longer than the shift', () => {
    const now = utc('2027-03-03T10:00:00');
    expect(isNoShowDue(shift({ isTimeOff: true }), 10, 'UTC', now)).toBe(false);
    expect(isNoShowDue(shift({ sick: true }), 10, 'UTC', now)).toBe(false);
    expect(isNoShowDue(shift({ startTime: null }), 10, 'UTC', now)).toBe(false);
    expect(isNoShowDue(shift({ endTime: '09:00' }), 10, 'UTC', now)).toBe(false);
    expect(noShowWindow(shift({ endTime: '09:05' }), 10, 'UTC')).toBeNull();
  });

  it('reads dates that hold every shift due now, in any zone', () => {
    const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/London', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 1, max: 24 * 60 - 1 }),
        fc.integer({ min: 1, max: 120 }),
        (now, zone, startHour, lengthMinutes, late) => {
          // A shift of the team's date around now, starting at startHour for lengthMinutes.
          const dates = noShowDates(now);
          for (const offset of [-3, -2, -1, 0, 1, 2]) {
            const shiftDate = new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
            const startTime = `${String(startHour).padStart(2, '0')}:00`;
            const endMinutes = (startHour * 60 + lengthMinutes) % (24 * 60);
            const endTime = `${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
            const s = shift({ shiftDate, startTime, endTime });
            if (isNoShowDue(s, late, zone, now)) {
              expect(shiftDate >= dates.startDate && shiftDate <= dates.endDate).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names a shift in the reader’s clock', () => {
    expect(shiftSummary(shift(), false)).toBe('03/03/2027 09:00–17:00');
    expect(shiftSummary(shift({ startTime: '13:30', endTime: '22:00' }), true)).toBe(
      '03/03/2027 1:30 pm–10:00 pm',
    );
    expect(shiftSummary({ ...shift(), role: 'Cook' }, false)).toBe('03/03/2027 09:00–17:00 (Cook)');
  });
});
