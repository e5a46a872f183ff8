import type { AgentCost, ProposalDto, SolverReport } from '@rotaboard/core/contracts/proposals';
import { formatMoney } from '@rotaboard/core/labour/money';

/**
 * What the proposal bar says and acts on: the counts by state, and the changes still to decide.
 * `pendingOther` counts the assistant's pending updates and day notes ("to change"), which overwrite
 * something as a removal deletes it: accepting those all at once is confirmed first.
 */
export function proposalSummary(proposal: Pick<ProposalDto, 'changes'>) {
  const pending = proposal.changes.filter((change) => change.state === 'pending');
  const count = (state: string) => proposal.changes.filter((change) => change.state === state).length;
  const pendingCreates = pending.filter((change) => change.kind === 'create').length;
  const pendingRemovals = pending.filter((change) => change.kind === 'remove').length;
  const pendingOther = pending.length - pendingCreates - pendingRemovals;
  const accepted = count('accepted');
  const rejected = count('rejected');
  const failed = count('failed');
  const parts = [
    pendingCreates > 0 ? `${pendingCreates} to add` : null,
    pendingRemovals > 0 ? `${pendingRemovals} to remove` : null,
    pendingOther > 0 ? `${pendingOther} to change` : null,
    accepted > 0 ? `${accepted} accepted` : null,
    rejected > 0 ? `${rejected} rejected` : null,
    failed > 0 ? `${failed} failed` : null,
  ].filter((part) => part !== null);
  return {
    pendingIds: pending.map((change) => change.changeId),
    pendingCreates,
    pendingRemovals,
    pendingOther,
    accepted,
    rejected,
    failed,
    counts: parts.length > 0 ? parts.join(' · ') : 'No changes proposed',
  };
}

/** How the solver did, in words: "optimal in 1.2 s", "best found in the time limit", "quick fill". */
export function solverText(solver: SolverReport): string {
  const time = solver.ms < 1000 ? `${solver.ms} ms` : `${(solver.ms / 1000).toFixed(1)} s`;
  switch (solver.status) {
    case 'optimal':
      return `optimal, found in ${time}`;
    case 'time-limit':
      return `best found in the time limit (${time})`;
    case 'fallback':
      return `quick fill without the solver (${time})`;
  }
}

/**
 * The agent's cost in words (issue 43): "Cost: £650.00 → £812.50 of £900.00 budget", or without a
 * budget "Cost: £650.00 → £812.50"; `over` when the proposal accepted whole would pass the budget.
 */
export function costText(
  cost: AgentCost,
  currency: string,
  locales?: string | readonly string[],
): { text: string; over: boolean } {
  const money = (minor: number) => formatMoney(minor, currency, locales);
  const budget = cost.budgetMinor === null ? '' : ` of ${money(cost.budgetMinor)} budget`;
  return {
    text: `Cost: ${money(cost.beforeMinor)} → ${money(cost.afterMinor)}${budget}`,
    over: cost.budgetMinor !== null && cost.afterMinor > cost.budgetMinor,
  };
}
