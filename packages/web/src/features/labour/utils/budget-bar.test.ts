import type { LabourDto } from '@rotaboard/core/contracts/labour';
import { describe, expect, it } from 'vitest';
import { budgetState, budgetText, peopleWithoutRate, weekBudgetState } from './budget-bar';

describe('budgetState', () => {
  it('has no bar without a budget', () => {
    expect(budgetState(12_345, null)).toEqual({ kind: 'no-budget', costMinor: 12_345 });
  });

  it('fills towards the budget, in whole percent, with what is left', () => {
    expect(budgetState(0, 50_000)).toMatchObject({ kind: 'within', percent: 0, leftMinor: 50_000 });
    expect(budgetState(12_345, 50_000)).toMatchObject({ kind: 'within', percent: 24, leftMinor: 37_655 });
    expect(budgetState(49_999, 50_000)).toMatchObject({ kind: 'within', percent: 99, leftMinor: 1 });
  });

  it('is within on the budget exactly and over one minor unit above it, as the server says', () => {
    expect(budgetState(50_000, 50_000)).toMatchObject({ kind: 'within', percent: 100, leftMinor: 0 });
    expect(budgetState(50_001, 50_000)).toEqual({
      kind: 'over',
      costMinor: 50_001,
      budgetMinor: 50_000,
      overMinor: 1,
      percent: 100,
    });
  });

  it('treats a zero budget as full', () => {
    expect(budgetState(0, 0)).toMatchObject({ kind: 'within', percent: 100 });
    expect(budgetState(1, 0)).toMatchObject({ kind: 'over', overMinor: 1 });
  });
});

describe('budgetText', () => {
  it('says over or left in the team’s currency, never by colour alone', () => {
    expect(budgetText(budgetState(61_250, 50_000), 'GBP', 'en-GB')).toBe('£112.50 over budget');
    expect(budgetText(budgetState(46_000, 50_000), 'GBP', 'en-GB')).toBe('£40.00 left of £500.00');
    expect(budgetText(budgetState(1500, 1000), 'JPY', 'ja-JP')).toBe('￥500 over budget');
    expect(budgetText(budgetState(10, null), 'USD', 'en-US')).toBe('No weekly budget set');
  });
});

const labour: LabourDto = {
  currency: 'GBP',
  days: [],
  people: [
    { staffId: 'a', staffName: 'Ana', minutes: 60, overtimeMinutes: 0, costMinor: 0, missingRate: true },
    { staffId: 'b', staffName: 'Bo', minutes: 60, overtimeMinutes: 0, costMinor: 1000, missingRate: false },
  ],
  totals: { minutes: 120, overtimeMinutes: 0, costMinor: 1000 },
  weeks: [{ weekStart: '2027-03-01', costMinor: 1000, budgetMinor: 900, overBudget: true }],
};

describe('weekBudgetState and peopleWithoutRate', () => {
  it('reads the shown week from the answer', () => {
    expect(weekBudgetState(labour, '2027-03-01')).toMatchObject({ kind: 'over', overMinor: 100 });
    expect(weekBudgetState(labour, '2027-03-08')).toEqual({ kind: 'no-budget', costMinor: 0 });
  });

  it('names the people without a rate', () => {
    expect(peopleWithoutRate(labour)).toEqual([{ staffId: 'a', staffName: 'Ana' }]);
  });
});
