import {
  type AgentLogsResponse,
  type AgentRunInput,
  type AgentRunResult,
  SCHEDULE_AGENT_SWITCHED_OFF,
} from '@rotaboard/core/contracts/proposals';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { displayName } from '@rotaboard/core/users/profile';
import type { UserRow } from '../../db/rows.ts';
import { currentSupportActor } from '../../lib/support-actor.ts';
import type { CommandDeps } from '../audit/command.ts';
import { agentAccess } from '../proposals/proposal-access.ts';
import { proposalStore } from '../proposals/proposal-store.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { loadStaffingContext } from '../staffing/staffing-context.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import type { AgentPlan, AgentPlanInput } from './agent/types.ts';
import { loadRunLabour, runCost } from './run-labour.ts';

/** The planner (agent/plan-run.ts); a test's may leave out the cost, which the run computes anyway. */
export type Planner = (
  input: AgentPlanInput,
) => Promise<Omit<AgentPlan, 'cost'> & Partial<Pick<AgentPlan, 'cost'>>>;

/**
 * At most this many solves at once in a process: each is a HiGHS worker using a core for its time
 * limit; more would only make every run slower and the rest of the app wait. Later runs queue.
 */
const MAX_CONCURRENT_SOLVES = 2;

/** A tiny FIFO limiter (no dependency for ten lines). */
function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function limit<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * The schedule agent's runs (issue 25): load the team, plan (pure, agent/plan-run.ts, HiGHS in a
 * worker), keep the answer as a proposal whose changes are accepted one by one (proposals module).
 * A run writes no shift. Its log is the team's list of runs with what became of their changes.
 */
export function createAgentRunService(deps: CommandDeps & { proEmails: readonly string[]; plan: Planner }) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);
  const limit = createLimiter(MAX_CONCURRENT_SOLVES);

  return {
    async run(user: UserRow, teamId: string, input: AgentRunInput): Promise<AgentRunResult> {
      const access = await agentAccess(db, user, teamId, deps.proEmails, true);
      // The team's switch (issue 43): off, nothing runs; the sentence names the switch to turn on.
      if (!access.team.scheduleAgentEnabled) {
        throw new DomainError(ErrorCode.CONFLICT, SCHEDULE_AGENT_SWITCHED_OFF);
      }
      const range = { startDate: input.startDate, endDate: input.endDate };
      const [context, labour] = await Promise.all([
        loadStaffingContext(db, scheduleReads, access.team, input.startDate, input.endDate),
        loadRunLabour(db, teamId, range),
      ]);
      const planned = await limit(() =>
        deps.plan({ context, labour, startDate: input.startDate, endDate: input.endDate, mode: input.mode }),
      );
      // The reported cost is the labour module's figure for the plan accepted whole: what /labour
      // will say (the planner's own, from the same rules and entries, agrees with it).
      const plan: AgentPlan = { ...planned, cost: await runCost(db, teamId, range, planned.changes) };
      const support = currentSupportActor();
      // The proposal and its audit row; no announcement: nothing on the schedule changed, and the new
      // proposal is shown only to whoever opens it by its id.
      const proposal = await teamCommand(
        user,
        teamId,
        { role: 'writer', access },
        async (tx, _a, effects) => {
          const row = await proposalStore(tx).insert(
            {
              teamId,
              source: 'agent',
              createdBy: user.id,
              createdByName: displayName(user),
              onBehalfOf: support?.agentId ?? null,
              startDate: input.startDate,
              endDate: input.endDate,
              mode: input.mode,
              uncovered: plan.uncovered,
              coverageBefore: plan.coverageBefore,
              coverageAfter: plan.coverageAfter,
              hours: plan.hours,
              solver: plan.solver,
              cost: plan.cost,
            },
            plan.changes,
          );
          effects.audit({
            entityType: 'proposal',
            entityId: row.id,
            action: 'CREATE',
            newValues: {
              startDate: input.startDate,
              endDate: input.endDate,
              mode: input.mode,
              proposed: plan.changes.length,
            },
          });
          return row;
        },
      );
      return { proposalId: proposal.id, ...plan };
    },

    async logs(user: UserRow, teamId: string, offset: number, limit: number): Promise<AgentLogsResponse> {
      await agentAccess(db, user, teamId, deps.proEmails, false);
      const { rows, total } = await proposalStore(db).agentLog(teamId, offset, limit);
      return {
        total,
        items: rows.map(({ proposal, proposed, accepted, rejected }) => ({
          proposalId: proposal.id,
          createdAt: proposal.createdAt.toISOString(),
          createdByName: proposal.createdByName,
          startDate: proposal.startDate,
          endDate: proposal.endDate,
          mode: proposal.mode ?? 'fill',
          coverageBefore: proposal.coverageBefore as AgentRunResult['coverageBefore'],
          coverageAfter: proposal.coverageAfter as AgentRunResult['coverageAfter'],
          solver: proposal.solver as AgentRunResult['solver'],
          proposed,
          accepted,
          rejected,
        })),
      };
    },
  };
}
