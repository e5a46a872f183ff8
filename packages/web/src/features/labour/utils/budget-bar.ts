import type { LabourDto } from '@rotaboard/core/contracts/labour';
import { formatMoney } from '@rotaboard/core/labour/money';

/** The week's cost against its budget, as the bar draws it. */
export type BudgetState =
  | { kind: 'no-budget'; costMinor: number }
  | { kind: 'within'; costMinor: number; budgetMinor: number; leftMinor: number; percent: number }
  | { kind: 'over'; costMinor: number; budgetMinor: number; overMinor: number; percent: 100 };

/**
 * The bar's state for one week: how full (a whole percent, 0–100, for the bar's width) and by how
 * much it is under or over. Over is the server's `overBudget` rule: cost strictly above the budget
 * (exactly on budget is within, with nothing left). A zero budget is full at once.
 */
export function budgetState(costMinor: number, budgetMinor: number | null): BudgetState {
  if (budgetMinor === null) return { kind: 'no-budget', costMinor };
  if (costMinor > budgetMinor) {
    return { kind: 'over', costMinor, budgetMinor, overMinor: costMinor - budgetMinor, percent: 100 };
  }
  const percent = budgetMinor === 0 ? 100 : Math.min(100, Math.floor((costMinor * 100) / budgetMinor));
  return { kind: 'within', costMinor, budgetMinor, leftMinor: budgetMinor - costMinor, percent };
}

/** The week `weekStart` of a `/labour` answer as a bar state; a week not in it costs nothing. */
export function weekBudgetState(labour: LabourDto, weekStart: string): BudgetState {
  const week = labour.weeks.find((w) => w.weekStart === weekStart);
  return budgetState(week?.costMinor ?? 0, week?.budgetMinor ?? null);
}

/** The bar's words (never colour alone): "£112.50 over budget", "£40.00 left of £500.00". */
export function budgetText(
  state: BudgetState,
  currency: string,
  locales?: string | readonly string[],
): string {
  const money = (minor: number) => formatMoney(minor, currency, locales);
  switch (state.kind) {
    case 'no-budget':
      return 'No weekly budget set';
    case 'over':
      return `${money(state.overMinor)} over budget`;
    case 'within':
      return `${money(state.leftMinor)} left of ${money(state.budgetMinor)}`;
  }
}

/** Who costs nothing for want of a rate: named, so the manager can give them one. */
export function peopleWithoutRate(labour: LabourDto): { staffId: string; staffName: string }[] {
  return labour.people
    .filter((person) => person.missingRate)
    .map(({ staffId, staffName }) => ({ staffId, staffName }));
}
