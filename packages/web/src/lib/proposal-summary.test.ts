import { describe, expect, it } from 'vitest';
import { costText } from './proposal-summary';

describe('costText', () => {
  it('says the cost before and after against the budget, in the team currency', () => {
    expect(
      costText({ beforeMinor: 65_000, afterMinor: 81_250, budgetMinor: 90_000 }, 'GBP', 'en-GB'),
    ).toEqual({
      text: 'Cost: £650.00 → £812.50 of £900.00 budget',
      over: false,
    });
  });

  it('is over when the proposal accepted whole passes the budget', () => {
    expect(costText({ beforeMinor: 0, afterMinor: 90_001, budgetMinor: 90_000 }, 'EUR', 'en-GB').over).toBe(
      true,
    );
  });

  it('leaves the budget out when there is none, and is never over', () => {
    expect(costText({ beforeMinor: 1_000, afterMinor: 2_050, budgetMinor: null }, 'USD', 'en-US')).toEqual({
      text: 'Cost: $10.00 → $20.50',
      over: false,
    });
  });
});
