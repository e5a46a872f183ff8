import type {
  AgentCost,
  AgentRunMode,
  CoverageCount,
  ProposalChangeDto,
  ProposalDto,
  SolverReport,
  StaffHours,
  UncoveredSlot,
} from '@rotaboard/core/contracts/proposals';
import type { ProposalRow, StoredChange } from './proposal.repository.ts';

/** A stored change as the client sees it: the offered change, its state, the shift it made, why it failed. */
export function toProposalChangeDto(stored: StoredChange): ProposalChangeDto {
  return {
    ...stored.change,
    state: stored.state,
    createdShiftId: stored.change.kind === 'create' ? (stored.shiftId ?? null) : null,
    failure: stored.failure ?? null,
  };
}

export function toProposalDto(row: ProposalRow, changes: readonly StoredChange[]): ProposalDto {
  return {
    proposalId: row.id,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    startDate: row.startDate,
    endDate: row.endDate,
    mode: (row.mode as AgentRunMode | null) ?? null,
    changes: changes.map(toProposalChangeDto),
    uncovered: row.uncovered as UncoveredSlot[],
    coverageBefore: row.coverageBefore as CoverageCount,
    coverageAfter: row.coverageAfter as CoverageCount,
    hours: row.hours as StaffHours[],
    solver: (row.solver as SolverReport | null) ?? null,
    cost: (row.cost as AgentCost | null) ?? null,
    undone: row.undoneAt !== null,
  };
}
