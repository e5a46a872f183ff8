import { describe, expect, it } from 'vitest';
import { LabourQuery, LabourSettings, PayRateInput } from '../src/contracts/labour.ts';

const fieldOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues[0]?.path.join('.');

describe('labour contracts', () => {
  it('takes a whole hourly rate from 0 to 1,000,000 and names the field otherwise', () => {
    expect(PayRateInput.safeParse({ effectiveFrom: '2027-01-04', hourlyRateMinor: 0 }).success).toBe(true);
    expect(PayRateInput.safeParse({ effectiveFrom: '2027-01-04', hourlyRateMinor: 1_000_000 }).success).toBe(
      true,
    );
    for (const bad of [-1, 1_000_001, 12.5, '1200', null]) {
      expect(fieldOf(PayRateInput.safeParse({ effectiveFrom: '2027-01-04', hourlyRateMinor: bad }))).toBe(
        'hourlyRateMinor',
      );
    }
    expect(fieldOf(PayRateInput.safeParse({ effectiveFrom: '2027-02-30', hourlyRateMinor: 1 }))).toBe(
      'effectiveFrom',
    );
  });

  it('bounds the labour settings', () => {
    const ok = { weeklyBudgetMinor: null, overtimeAfterMinutes: null, overtimeMultiplier: 1.5 };
    expect(LabourSettings.safeParse(ok).success).toBe(true);
    expect(fieldOf(LabourSettings.safeParse({ ...ok, overtimeMultiplier: 3.01 }))).toBe('overtimeMultiplier');
    expect(fieldOf(LabourSettings.safeParse({ ...ok, overtimeMultiplier: 1.255 }))).toBe(
      'overtimeMultiplier',
    );
    expect(fieldOf(LabourSettings.safeParse({ ...ok, overtimeMultiplier: 0.9 }))).toBe('overtimeMultiplier');
    expect(fieldOf(LabourSettings.safeParse({ ...ok, weeklyBudgetMinor: -5 }))).toBe('weeklyBudgetMinor');
    expect(fieldOf(LabourSettings.safeParse({ ...ok, overtimeAfterMinutes: 2.5 }))).toBe(
      'overtimeAfterMinutes',
    );
  });

  it('answers at most 62 days', () => {
    expect(LabourQuery.safeParse({ startDate: '2027-01-01', endDate: '2027-03-03' }).success).toBe(true);
    expect(fieldOf(LabourQuery.safeParse({ startDate: '2027-01-01', endDate: '2027-03-04' }))).toBe(
      'endDate',
    );
  });
});
