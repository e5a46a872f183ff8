import type { AgentRunMode, AgentRunResult } from '@rotaboard/core/contracts/proposals';
import type { CostContext, CostEntry } from '@rotaboard/core/labour/labour-cost';
import type { TeamStaffingContext } from '../../staffing/staffing-context.ts';
import type { MipModel } from '../model/mip-model.ts';
import type { SolveOptions, SolveResult } from '../model/solve.ts';

/**
 * The agent's planner (plan-run.ts) is pure: the caller loads the team (loadStaffingContext over the
 * run's period) and stores what it returns as a proposal. Nothing here reads or writes the database.
 */
export type AgentPlanInput = {
  context: TeamStaffingContext;
  startDate: string;
  endDate: string;
  mode: AgentRunMode;
  /**
   * What the schedule costs (issue 43): the team's rates and overtime rule, its weekly budget and the
   * schedule's entries of every whole team week the period touches, as `/labour` reads them. Without
   * it every shift costs 0 and there is no budget.
   */
  labour?: AgentLabour;
  /** The solver's time limit; a hard stop follows it, then the greedy fallback. */
  seconds?: number;
  /** The MIP solver (model/solve.ts by default); tests pass one that fails to exercise the fallback. */
  solver?: (model: MipModel, options: SolveOptions) => Promise<SolveResult>;
  /**
   * Told how long each phase of the run took (problem, greedy, model, solve and its parts, rules,
   * describe), in milliseconds: the benchmark's breakdown. Never part of the API's answer.
   */
  onPhase?: (phase: string, ms: number) => void;
};

/** The run's answer without the id its stored proposal gets; changeIds are unique within it ("c1", …). */
export type AgentPlan = Omit<AgentRunResult, 'proposalId'>;

/** The labour side of a run: core's cost context, the budget and the weeks' entries (labour-plan.ts). */
export type AgentLabour = {
  context: CostContext;
  weeklyBudgetMinor: number | null;
  /** ISO 4217, for the reasons' sentences ("kept within the £700.00 budget"). */
  currency: string;
  /** The schedule's entries from the week start of the period's first day to the end of its last week. */
  entries: CostEntry[];
};
