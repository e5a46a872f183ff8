import { describe, expect, it } from 'vitest';
import { StaffingSettings } from '../src/contracts/schedule-agent.ts';
import { firstStrictBreach, hasStrictRule } from '../src/staffing/strict.ts';
import { context, only, shift } from './staffing-helpers.ts';

// 2026-12-07 is a Monday.
describe('hasStrictRule', () => {
  it('is false for the defaults (they only warn) and true once a rule with a limit is strict', () => {
    expect(hasStrictRule(StaffingSettings.parse({}))).toBe(false);
    expect(
      hasStrictRule(StaffingSettings.parse({ rules: { minRestHours: { value: 11, strict: true } } })),
    ).toBe(true);
    expect(hasStrictRule(StaffingSettings.parse(only({})))).toBe(false);
    // A strict rule turned off (null) refuses nothing.
    expect(hasStrictRule(StaffingSettings.parse(only({ minRestHours: { value: null, strict: true } })))).toBe(
      false,
    );
    expect(hasStrictRule(StaffingSettings.parse(only({ maxShiftHours: { value: 10, strict: true } })))).toBe(
      true,
    );
  });
});

describe('firstStrictBreach', () => {
  const strictRest = only({ minRestHours: { value: 11, strict: true } });

  it('refuses a new shift too soon after another, with the rule’s sentence', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const breach = firstStrictBreach(context([late], { settings: strictRest }), [early]);
    expect(breach?.rule).toBe('rest');
    expect(breach?.message).toBe('Ana has 8 h between shifts (Mon 22:00 to Tue 06:00); the minimum is 11 h');
  });

  it('lets through what only breaks a rule that is not strict', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const settings = only({ minRestHours: { value: 11, strict: false } });
    expect(firstStrictBreach(context([late], { settings }), [early])).toBeNull();
  });

  it('checks each entry of a batch against the ones before it', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    expect(firstStrictBreach(context([], { settings: strictRest }), [late])).toBeNull();
    expect(firstStrictBreach(context([], { settings: strictRest }), [late, early])?.shiftIds).toEqual([
      late.shiftId,
      early.shiftId,
    ]);
  });

  it('does not refuse an edit of a shift whose breach was already there, but does a worse one', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const ctx = context([late, early], { settings: strictRest });
    // The same times (a change of notes, say): the breach is not new.
    expect(firstStrictBreach(ctx, [{ ...early }])).toBeNull();
    // Earlier still: a new sentence, refused.
    expect(firstStrictBreach(ctx, [{ ...early, startTime: '05:00' }])?.message).toContain('7 h');
    // Moved clear of the late shift: fine.
    expect(firstStrictBreach(ctx, [{ ...early, startTime: '10:00' }])).toBeNull();
  });

  it('follows a move to another person: the shift leaves the first and meets the second’s', () => {
    const anaLate = shift('2026-12-07', '14:00', '22:00');
    const benLate = shift('2026-12-07', '14:00', '22:00', { staffId: 'ben' });
    const anaEarly = shift('2026-12-08', '06:00', '14:00');
    const ctx = context([anaLate, benLate], { settings: strictRest });
    const moved = {
      ...anaLate,
      staffId: 'ben',
      shiftDate: '2026-12-08',
      startTime: '06:00',
      endTime: '09:00',
    };
    expect(firstStrictBreach(ctx, [moved])?.message).toContain('Ben has 8 h');
    // Once Ana's late shift has moved away (to a day Ben is free), her early shift is no breach.
    const away = { ...anaLate, staffId: 'ben', shiftDate: '2026-12-10' };
    expect(firstStrictBreach(ctx, [away, anaEarly])).toBeNull();
  });

  it('never refuses time off, whatever the rules', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const off = shift('2026-12-08', '06:00', '14:00', { isTimeOff: true });
    expect(firstStrictBreach(context([late]), [off])).toBeNull();
  });
});
