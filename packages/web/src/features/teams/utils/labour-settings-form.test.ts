import { describe, expect, it } from 'vitest';
import { fieldsOf, parseHours, settingsFromFields } from './labour-settings-form';

describe('parseHours', () => {
  it('reads hours as whole minutes, blank as none', () => {
    expect(parseHours('40')).toEqual({ ok: true, minutes: 2400 });
    expect(parseHours('37.5')).toEqual({ ok: true, minutes: 2250 });
    expect(parseHours('37.25')).toEqual({ ok: true, minutes: 2235 });
    expect(parseHours('37:20')).toEqual({ ok: true, minutes: 2240 });
    expect(parseHours(' ')).toEqual({ ok: true, minutes: null });
    expect(parseHours('168')).toEqual({ ok: true, minutes: 10_080 });
  });

  it('refuses what is not whole minutes or beyond the week', () => {
    expect(parseHours('37.33')).toMatchObject({ ok: false });
    expect(parseHours('-1')).toMatchObject({ ok: false });
    expect(parseHours('forty')).toMatchObject({ ok: false });
    expect(parseHours('169')).toEqual({ ok: false, message: 'At most 168 hours, the whole week' });
  });
});

describe('settingsFromFields and fieldsOf', () => {
  it('makes the PUT body of integer minor units and minutes', () => {
    expect(
      settingsFromFields({ budget: '1,250.50', overtimeAfterHours: '40', multiplier: '1.5' }, 'GBP'),
    ).toEqual({
      ok: true,
      settings: { weeklyBudgetMinor: 125_050, overtimeAfterMinutes: 2400, overtimeMultiplier: 1.5 },
    });
    expect(settingsFromFields({ budget: '', overtimeAfterHours: '', multiplier: '1' }, 'GBP')).toEqual({
      ok: true,
      settings: { weeklyBudgetMinor: null, overtimeAfterMinutes: null, overtimeMultiplier: 1 },
    });
  });

  it('names each field that is wrong', () => {
    const result = settingsFromFields(
      { budget: '12.345', overtimeAfterHours: 'x', multiplier: '3.5' },
      'GBP',
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(['budget', 'multiplier', 'overtimeAfterHours']);
    expect(
      settingsFromFields({ budget: '', overtimeAfterHours: '', multiplier: '1.255' }, 'GBP'),
    ).toMatchObject({
      ok: false,
    });
  });

  it('shows saved settings as the fields, round trip', () => {
    const settings = { weeklyBudgetMinor: 50_000, overtimeAfterMinutes: 2250, overtimeMultiplier: 1.5 };
    const fields = fieldsOf(settings, 'GBP');
    expect(fields).toEqual({ budget: '500.00', overtimeAfterHours: '37.5', multiplier: '1.5' });
    expect(settingsFromFields(fields, 'GBP')).toEqual({ ok: true, settings });
    expect(
      fieldsOf({ weeklyBudgetMinor: null, overtimeAfterMinutes: 2240, overtimeMultiplier: 2 }, 'GBP'),
    ).toEqual({
      budget: '',
      overtimeAfterHours: '37:20',
      multiplier: '2',
    });
  });
});
