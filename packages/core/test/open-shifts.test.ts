import { describe, expect, it } from 'vitest';
import { OpenShiftInput } from '../src/contracts/open-shifts.ts';
import {
  describeOpenShift,
  isFilled,
  MAX_OPEN_SHIFT_STAFF,
  OPEN_SHIFT_MESSAGES,
  openShiftProblem,
  roleFits,
} from '../src/open-shifts/open-shifts.ts';

describe('open shift rules (issue 27)', () => {
  const fields = { shiftDate: '2026-11-30', startTime: '09:00:00', endTime: '17:00:00', breakMinutes: 30 };

  it('accepts a day shift and an overnight one, refusing equal times and breaks as long as the shift', () => {
    expect(openShiftProblem(fields, '2026-11-23')).toBeNull();
    expect(
      openShiftProblem({ ...fields, startTime: '22:00:00', endTime: '06:00:00' }, '2026-11-23'),
    ).toBeNull();
    expect(openShiftProblem({ ...fields, endTime: '09:00:00' }, '2026-11-23')?.message).toBe(
      OPEN_SHIFT_MESSAGES.sameTimes,
    );
    expect(openShiftProblem({ ...fields, breakMinutes: 480 }, '2026-11-23')).toEqual({
      field: 'breakMinutes',
      message: 'The break must be shorter than the shift',
    });
    expect(
      openShiftProblem(
        { ...fields, startTime: '22:00:00', endTime: '02:00:00', breakMinutes: 235 },
        '2026-11-23',
      ),
    ).toBeNull();
  });

  it('refuses dates before the earliest and more than a year after it', () => {
    expect(openShiftProblem({ ...fields, shiftDate: '2026-11-22' }, '2026-11-23')?.message).toBe(
      OPEN_SHIFT_MESSAGES.past,
    );
    expect(openShiftProblem({ ...fields, shiftDate: '2026-11-23' }, '2026-11-23')).toBeNull();
    expect(openShiftProblem({ ...fields, shiftDate: '2027-11-24' }, '2026-11-23')).toBeNull();
    expect(openShiftProblem({ ...fields, shiftDate: '2027-11-25' }, '2026-11-23')?.message).toBe(
      OPEN_SHIFT_MESSAGES.tooFar,
    );
  });

  it('fits a role ignoring case and spaces around; no role fits everyone', () => {
    expect(roleFits(null, 'Chef')).toBe(true);
    expect(roleFits('', 'Chef')).toBe(true);
    expect(roleFits('barista', 'Barista')).toBe(true);
    expect(roleFits(' BARISTA ', 'barista')).toBe(true);
    expect(roleFits('Barista', 'Chef')).toBe(false);
    expect(roleFits('Barista', '')).toBe(false);
  });

  it('is filled once approvals reach the number of people asked for', () => {
    expect(isFilled({ staffCount: 2, filled: 1 })).toBe(false);
    expect(isFilled({ staffCount: 2, filled: 2 })).toBe(true);
  });

  it('names an open shift by date, times and role', () => {
    expect(
      describeOpenShift({
        shiftDate: '2026-12-03',
        startTime: '09:00:00',
        endTime: '17:00:00',
        role: 'Chef',
      }),
    ).toBe('03/12/2026 09:00–17:00 (Chef)');
    expect(
      describeOpenShift({ shiftDate: '2026-12-03', startTime: '22:00:00', endTime: '06:00:00', role: null }),
    ).toBe('03/12/2026 22:00–06:00');
  });
});

describe('OpenShiftInput', () => {
  const base = { shiftDate: '2026-11-30', startTime: '09:00', endTime: '17:00' };
  const message = (over: Record<string, unknown>) => {
    const parsed = OpenShiftInput.safeParse({ ...base, ...over });
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it('normalises times, blank role and notes, and defaults to one person with no break', () => {
    expect(OpenShiftInput.parse({ ...base, role: '  ', notes: '' })).toEqual({
      ...base,
      startTime: '09:00:00',
      endTime: '17:00:00',
      breakMinutes: 0,
      role: null,
      notes: null,
      staffCount: 1,
    });
  });

  it('holds every field to its bounds', () => {
    expect(message({ shiftDate: '3000-01-01' })).toBe('Dates must be between 1900-01-01 and 2999-12-31');
    expect(message({ shiftDate: '30/11/2026' })).toBe('Must be a date as YYYY-MM-DD');
    expect(message({ startTime: '25:00' })).toBe('Times must be given as HH:MM (00:00 to 23:59)');
    expect(message({ endTime: '09:00' })).toBe('The end time must differ from the start time');
    expect(message({ breakMinutes: 7 })).toBe('Break minutes must be in steps of 5');
    expect(message({ breakMinutes: 480 })).toBe('The break must be shorter than the shift');
    expect(message({ role: 'x'.repeat(51) })).toBe('Role can be at most 50 characters');
    expect(message({ role: 'Bar\nista' })).toBe('Role cannot contain control characters or line breaks');
    expect(message({ notes: 'x'.repeat(501) })).toBe('Notes can be at most 500 characters');
    expect(message({ notes: 'a\u0000b' })).toBe('Notes cannot contain control characters');
    expect(message({ staffCount: 0 })).toBe(`People needed must be 1 to ${MAX_OPEN_SHIFT_STAFF}`);
    expect(message({ staffCount: 51 })).toBe(`People needed must be 1 to ${MAX_OPEN_SHIFT_STAFF}`);
    expect(message({ staffCount: 1.5 })).toBe('People needed must be a whole number');
    expect(message({ staffCount: '2' })).toBe('People needed must be a number');
    expect(message({ notes: 'Two lines\nare fine' })).toBeNull();
  });
});
