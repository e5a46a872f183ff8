import { describe, expect, it } from 'vitest';
import { describeWeeklyHours, formatHours, sortWeeklyHours, weeklyHoursLabel } from './weekly-hours';

describe('weekly hours text', () => {
  it('reads as a sentence with an en-GB date', () => {
    expect(describeWeeklyHours({ hoursPerWeek: 37.5, effectiveFrom: '2026-12-01' })).toBe(
      '37.5 hours a week from 1 Dec 2026',
    );
    expect(describeWeeklyHours({ hoursPerWeek: 1, effectiveFrom: '2026-01-05' })).toBe(
      '1 hour a week from 5 Jan 2026',
    );
  });

  it('names entry buttons without the word from', () => {
    expect(weeklyHoursLabel({ hoursPerWeek: 40, effectiveFrom: '2026-12-01' })).toBe(
      '40 hours a week, 1 Dec 2026',
    );
  });

  it('drops needless decimals', () => {
    expect(formatHours(40)).toBe('40');
    expect(formatHours(37.25)).toBe('37.25');
  });

  it('lists the newest first', () => {
    const sorted = sortWeeklyHours([
      { effectiveFrom: '2026-01-01' },
      { effectiveFrom: '2026-06-01' },
      { effectiveFrom: '2025-06-01' },
    ]);
    expect(sorted.map((entry) => entry.effectiveFrom)).toEqual(['2026-06-01', '2026-01-01', '2025-06-01']);
  });
});
