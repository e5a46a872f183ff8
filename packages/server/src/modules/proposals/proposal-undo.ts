import { DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import type { UndoResult } from '@rotaboard/core/contracts/proposals';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { createProposalRepository, type StoredChange } from './proposal.repository.ts';
import type { KeptNote, ProposalContext, ProposalServiceDeps } from './proposal-context.ts';
import { restoreInput, type ShiftSnapshot } from './proposed-shift.ts';

/**
 * Undoing a proposal's accepted changes, the latest first, each through the shift or day-note service
 * (its checks, audit rows and announcements), its change moved back to pending in the same command.
 */
export function createProposalUndo(deps: ProposalServiceDeps, ctx: ProposalContext) {
  const { db } = deps;
  const { load, transition, lockProblem, messageOf, proposalWrite } = ctx;
  return {
    /** Reverts what this proposal's accepts did, the latest first: made shifts removed, removed ones put back. */
    async undo(user: UserRow, teamId: string, proposalId: string): Promise<UndoResult> {
      const { access, changes } = await load(user, teamId, proposalId, true);
      const accepted = changes.filter((change) => change.state === 'accepted').reverse();
      if (accepted.length === 0) {
        throw new DomainError(
          ErrorCode.VALIDATION,
          'Nothing of this proposal has been accepted, so there is nothing to undo',
        );
      }
      const result: UndoResult = { undone: [], failed: [] };
      const back = (tx: Db, stored: StoredChange) =>
        transition(tx, proposalId, stored, ['accepted'], 'pending', { shiftId: null, removedShift: null });
      for (const stored of accepted) {
        try {
          const { change } = stored;
          if (change.kind === 'create') {
            if (!stored.shiftId)
              throw new DomainError(ErrorCode.CONFLICT, 'The shift this change made is gone');
            await deps.shifts.remove(user, teamId, stored.shiftId, false, async (tx, before) => {
              const problem = lockProblem(access, before.shiftDate);
              if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
              await transition(tx, proposalId, stored, ['accepted'], 'pending', { shiftId: null });
            });
          } else if (change.kind === 'update') {
            const before = stored.removedShift as ShiftSnapshot | null;
            if (!before || !stored.shiftId)
              throw new DomainError(ErrorCode.CONFLICT, 'The shift as it was was not kept');
            const now = await scheduleReads(db).findInTeam(teamId, stored.shiftId);
            if (!now) throw new DomainError(ErrorCode.CONFLICT, 'The shift this change changed is gone');
            const problem = lockProblem(access, now.shiftDate) ?? lockProblem(access, before.shiftDate);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            await deps.shifts.update(user, teamId, stored.shiftId, restoreInput(before), false, (tx) =>
              back(tx, stored),
            );
          } else if (change.kind === 'remove') {
            const before = stored.removedShift as ShiftSnapshot | null;
            if (!before) throw new DomainError(ErrorCode.CONFLICT, 'The removed shift was not kept');
            const problem = lockProblem(access, before.shiftDate);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            await deps.shifts.create(user, teamId, restoreInput(before), false, (tx) => back(tx, stored));
          } else {
            const kept = stored.removedShift as KeptNote | null;
            if (!kept) throw new DomainError(ErrorCode.CONFLICT, 'The note as it was was not kept');
            const problem = lockProblem(access, change.date);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            if (kept.previousText === null) {
              await deps.dayNotes.remove(user, teamId, kept.noteId, (tx) => back(tx, stored));
            } else {
              const input = DayNoteInput.safeParse({
                noteDate: change.date,
                noteText: kept.previousText,
                showToAllStaff: kept.previousShowToAllStaff ?? true,
              });
              if (!input.success)
                throw new DomainError(ErrorCode.CONFLICT, 'The note cannot be put back as it was');
              await deps.dayNotes.update(user, teamId, kept.noteId, input.data, (tx) => back(tx, stored));
            }
          }
          result.undone.push(stored.changeId);
        } catch (error) {
          result.failed.push({ changeId: stored.changeId, message: messageOf(error) });
        }
      }
      if (result.undone.length) {
        await proposalWrite(user, teamId, access, (tx) =>
          createProposalRepository(tx).markUndone(proposalId),
        );
      }
      return result;
    },
  };
}
