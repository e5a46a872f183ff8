import { describe, expect, it } from 'vitest';
import { formatClock, formatClockRange, prefersHour12, usesHour12 } from '../src/time/format.ts';

describe('formatClock', () => {
  it('keeps the 24-hour text exactly as the stored hours and minutes', () => {
    expect(formatClock('13:30:00', false)).toBe('13:30');
    expect(formatClock('09:00:00', false)).toBe('09:00');
    expect(formatClock('00:15', false)).toBe('00:15');
  });

  it('writes 12-hour times with am and pm, midnight and noon as 12', () => {
    expect(formatClock('13:30:00', true)).toBe('1:30 pm');
    expect(formatClock('09:00:00', true)).toBe('9:00 am');
    expect(formatClock('00:00:00', true)).toBe('12:00 am');
    expect(formatClock('00:45', true)).toBe('12:45 am');
    expect(formatClock('12:00', true)).toBe('12:00 pm');
    expect(formatClock('23:59:00', true)).toBe('11:59 pm');
  });

  it('is empty for no time', () => {
    expect(formatClock(null, true)).toBe('');
    expect(formatClock(undefined, false)).toBe('');
    expect(formatClock('', true)).toBe('');
  });

  it('joins a range with an en dash', () => {
    expect(formatClockRange('09:00:00', '17:00:00', false)).toBe('09:00–17:00');
    expect(formatClockRange('22:00:00', '06:00:00', true)).toBe('10:00 pm–6:00 am');
  });
});

describe('prefersHour12', () => {
  it('follows the locale’s hour cycle', () => {
    expect(prefersHour12('en-US')).toBe(true);
    expect(prefersHour12('en-GB')).toBe(false);
    expect(prefersHour12('de-DE')).toBe(false);
    expect(prefersHour12(['en-US', 'en-GB'])).toBe(true);
  });

  it('is 24-hour for a missing or malformed locale', () => {
    expect(prefersHour12(undefined)).toBe(false);
    expect(prefersHour12('')).toBe(false);
    expect(prefersHour12('not a locale!')).toBe(false);
  });
});

describe('usesHour12', () => {
  it('takes the person’s choice over the locale', () => {
    expect(usesHour12('24h', 'en-US')).toBe(false);
    expect(usesHour12('12h', 'en-GB')).toBe(true);
    expect(usesHour12('auto', 'en-US')).toBe(true);
    expect(usesHour12('auto', 'en-GB')).toBe(false);
    expect(usesHour12(undefined, 'en-US')).toBe(true);
  });
});
