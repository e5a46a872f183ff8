import { describe, expect, it } from 'vitest';
import { currentPayRateId, sortPayRates } from '../../../lib/pay-rates';
import { fieldMessage } from './pay-rates';

const rate = (payRateId: string, effectiveFrom: string) => ({
  payRateId,
  effectiveFrom,
  hourlyRateMinor: 1000,
});
const rates = [rate('a', '2027-01-01'), rate('c', '2027-06-01'), rate('b', '2027-03-01')];

describe('pay rates', () => {
  it('lists newest first', () => {
    expect(sortPayRates(rates).map((r) => r.payRateId)).toEqual(['c', 'b', 'a']);
  });

  it('marks the rate in force today: the latest on or before it', () => {
    expect(currentPayRateId(rates, '2027-04-15')).toBe('b');
    expect(currentPayRateId(rates, '2027-06-01')).toBe('c');
    expect(currentPayRateId(rates, '2026-12-31')).toBeNull();
    expect(currentPayRateId([], '2027-01-01')).toBeNull();
  });

  it('finds the server’s message for a field', () => {
    const errors = [{ path: 'hourlyRateMinor', message: 'hourlyRateMinor cannot be negative' }];
    expect(fieldMessage(errors, 'hourlyRateMinor')).toBe('hourlyRateMinor cannot be negative');
    expect(fieldMessage(errors, 'effectiveFrom')).toBeUndefined();
    expect(fieldMessage(undefined, 'effectiveFrom')).toBeUndefined();
  });
});
