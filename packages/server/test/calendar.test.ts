import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from '../src/lib/calendar.ts';

describe('todayUtc (remembered for the day)', () => {
  afterEach(() => vi.useRealTimers());

  it('turns at midnight UTC, and follows a clock moved back', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2030, 0, 1, 23, 59, 59, 999));
    expect(todayUtc()).toBe('2030-01-01');
    vi.setSystemTime(Date.UTC(2030, 0, 2));
    expect(todayUtc()).toBe('2030-01-02');
    vi.setSystemTime(Date.UTC(2029, 11, 31, 12));
    expect(todayUtc()).toBe('2029-12-31');
    vi.setSystemTime(Date.UTC(2029, 11, 31, 0));
    expect(todayUtc()).toBe('2029-12-31');
  });
});
