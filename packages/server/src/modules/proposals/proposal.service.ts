import type { ProposalDto, RejectResult } from '@rotaboard/core/contracts/proposals';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { UserRow } from '../../db/rows.ts';
import { toProposalDto } from './proposal.dto.ts';
import { createProposalRepository } from './proposal.repository.ts';
import { createProposalAccept } from './proposal-accept.ts';
import { createProposalContext, type ProposalServiceDeps, UNKNOWN_CHANGE } from './proposal-context.ts';
import { createProposalUndo } from './proposal-undo.ts';

export { proposedInput, updatedInput } from './proposed-shift.ts';

/**
 * Proposals (issue 25, shared with the assistant of issue 26): read, and each change accepted or rejected
 * on its own, or the accepted ones undone. Accepting writes through the ordinary shift service — the
 * conflict rule, the strict staffing rules, the audit and the live update are its — and first re-checks
 * the change against the schedule as it is now: a day locked since, a rule the change would now break.
 * A change's state moves in the same transaction as the shift it makes or removes, guarded by its old
 * state, so two people accepting one change at once make one shift.
 */
export function createProposalService(deps: ProposalServiceDeps) {
  const ctx = createProposalContext(deps);
  const { load, teamCommand } = ctx;

  return {
    async get(user: UserRow, teamId: string, proposalId: string): Promise<ProposalDto> {
      const { proposal, changes } = await load(user, teamId, proposalId, false);
      return toProposalDto(proposal, changes);
    },

    async reject(
      user: UserRow,
      teamId: string,
      proposalId: string,
      changeIds: string[],
    ): Promise<RejectResult> {
      const { access, proposal, changes } = await load(user, teamId, proposalId, true);
      const known = new Set(changes.map((change) => change.changeId));
      const unknown = changeIds.filter((id) => !known.has(id));
      if (unknown.length) throw new DomainError(ErrorCode.VALIDATION, `${UNKNOWN_CHANGE}: ${unknown[0]}`);
      return teamCommand(user, teamId, { role: 'writer', access }, async (tx, _a, effects) => {
        const rejected = await createProposalRepository(tx).rejectOpen(proposalId, changeIds);
        if (rejected.length) {
          effects.audit({
            entityType: 'proposal',
            entityId: proposalId,
            action: 'REJECTED',
            newValues: { changeIds: rejected },
          });
          // Another administrator with this proposal open sees its rejected changes as such: the
          // schedule's changes refetch open proposals (as an accept's or an undo's do), and no shift
          // changed, so the weeks of its period answer as before.
          effects.announce({ kind: 'shifts', dates: [proposal.startDate, proposal.endDate] });
        }
        return { rejected };
      });
    },

    ...createProposalAccept(deps, ctx),
    ...createProposalUndo(deps, ctx),
  };
}
