import { describe, expect, it } from 'vitest';
import { earliestToday, teamToday } from '../src/lib/calendar.ts';

const auckland = { timeZone: 'Pacific/Auckland' };
const losAngeles = { timeZone: 'America/Los_Angeles' };
const utc = { timeZone: 'UTC' };

describe('teamToday (the date in the team’s zone, remembered for the minute)', () => {
  it('turns at the team’s midnight, not UTC’s', () => {
    // 2030-01-01 10:59 UTC is 23:59 in Auckland (NZDT, +13), 11:00 is midnight there.
    expect(teamToday(auckland, Date.UTC(2030, 0, 1, 10, 59, 59, 999))).toBe('2030-01-01');
    expect(teamToday(auckland, Date.UTC(2030, 0, 1, 11))).toBe('2030-01-02');
    // 07:59 UTC is 23:59 the day before in Los Angeles (PST, −8).
    expect(teamToday(losAngeles, Date.UTC(2030, 0, 2, 7, 59))).toBe('2030-01-01');
    expect(teamToday(losAngeles, Date.UTC(2030, 0, 2, 8))).toBe('2030-01-02');
    expect(teamToday(utc, Date.UTC(2030, 0, 1, 23, 59, 59, 999))).toBe('2030-01-01');
    expect(teamToday(utc, Date.UTC(2030, 0, 2))).toBe('2030-01-02');
  });

  it('follows a clock moved back, and takes a Date too', () => {
    expect(teamToday(utc, Date.UTC(2030, 0, 2))).toBe('2030-01-02');
    expect(teamToday(utc, Date.UTC(2029, 11, 31, 12))).toBe('2029-12-31');
    expect(teamToday(utc, new Date(Date.UTC(2029, 11, 31, 0)))).toBe('2029-12-31');
  });
});

describe('earliestToday (the earliest date that is today anywhere)', () => {
  it('is UTC’s date less a day, turning at midnight UTC', () => {
    expect(earliestToday(Date.UTC(2030, 0, 1, 23, 59, 59, 999))).toBe('2029-12-31');
    expect(earliestToday(Date.UTC(2030, 0, 2))).toBe('2030-01-01');
    expect(earliestToday(Date.UTC(2029, 11, 31, 12))).toBe('2029-12-30');
  });

  it('is never after any zone’s today', () => {
    for (let hour = 0; hour < 24; hour++) {
      const at = Date.UTC(2030, 5, 15, hour);
      for (const timeZone of [
        'Etc/GMT+12',
        'Pacific/Pago_Pago',
        'America/Los_Angeles',
        'Pacific/Kiritimati',
      ]) {
        expect(earliestToday(at) <= teamToday({ timeZone }, at)).toBe(true);
      }
    }
  });
});
