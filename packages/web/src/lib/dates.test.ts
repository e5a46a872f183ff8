import { describe, expect, it } from 'vitest';
import { formatDateRange, isIsoDate } from './dates';

describe('formatDateRange', () => {
  it('shows the year once within a year', () => {
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('23 Nov – 29 Nov 2026');
  });

  it('shows both years across a new year', () => {
    expect(formatDateRange('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });
});
