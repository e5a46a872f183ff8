import { describe, expect, it } from 'vitest';
import { availabilityRefusal, sortAvailability } from '../src/staff/availability-access.ts';

describe('who may see and change a person’s availability', () => {
  it('lets the owner and administrators reach anyone on the team', () => {
    expect(availabilityRefusal('owner', null, 'ann')).toBeNull();
    expect(availabilityRefusal('admin', 'bo', 'ann')).toBeNull();
  });

  it('lets a member of staff reach only their own', () => {
    expect(availabilityRefusal('staff', 'ann', 'ann')).toBeNull();
    expect(availabilityRefusal('staff', 'bo', 'ann')).toEqual({
      code: 'FORBIDDEN',
      message: 'Only this member of staff and the team’s administrators can do this',
    });
    expect(availabilityRefusal('staff', null, 'ann')?.code).toBe('FORBIDDEN');
  });
});

describe('availability order', () => {
  it('sorts weekly entries by weekday then start (whole day first), dates by date', () => {
    const entry = (startTime: string | null, kind = 'unavailable') => ({
      startTime,
      endTime: startTime ? '23:00' : null,
      kind,
    });
    const sorted = sortAvailability({
      weekly: [
        { weekday: 5, ...entry('09:00') },
        { weekday: 1, ...entry('12:00') },
        { weekday: 1, ...entry(null, 'preferred') },
      ],
      dates: [
        { date: '2027-01-02', ...entry(null) },
        { date: '2026-12-24', ...entry('12:00') },
      ],
    });
    expect(sorted.weekly.map((w) => [w.weekday, w.startTime])).toEqual([
      [1, null],
      [1, '12:00'],
      [5, '09:00'],
    ]);
    expect(sorted.dates.map((d) => d.date)).toEqual(['2026-12-24', '2027-01-02']);
  });
});
