import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import type { CommandDeps } from '../audit/command.ts';
import type { createDayNoteService } from '../day-notes/day-notes.module.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { createProposalRepository, type StoredChange } from './proposal.repository.ts';
import { agentAccess } from './proposal-access.ts';

type ShiftService = Pick<ReturnType<typeof createShiftService>, 'create' | 'update' | 'remove'>;
type DayNoteService = Pick<ReturnType<typeof createDayNoteService>, 'create' | 'update' | 'remove'>;

/** What the proposal service is built from: the write pipeline's parts and the services it writes through. */
export type ProposalServiceDeps = CommandDeps & {
  proEmails: readonly string[];
  shifts: ShiftService;
  dayNotes: DayNoteService;
};

/** What accepting a day-note change replaced: the note it wrote, and the day's earlier text (null: none). */
export type KeptNote = {
  noteId: string;
  previousText: string | null;
  previousShowToAllStaff: boolean | null;
};

export const UNKNOWN_CHANGE = 'This proposal has no such change';

/**
 * What accepting, rejecting and undoing share: loading a proposal for the caller, moving a change's
 * state inside a schedule write's transaction, the lock check, and writes to the proposal's own rows.
 */
export function createProposalContext(deps: ProposalServiceDeps) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);

  return {
    teamCommand,

    /**
     * A write to the proposal's own rows alone (a change marked failed, the proposal marked undone), as
     * a command with the access `load` read: no schedule change, so no audit row and no announcement.
     */
    proposalWrite: (user: UserRow, teamId: string, access: TeamAccess, work: (tx: Db) => Promise<void>) =>
      teamCommand(user, teamId, { role: 'writer', access }, (tx) => work(tx)),

    async load(user: UserRow, teamId: string, proposalId: string, write: boolean) {
      const access = await agentAccess(db, user, teamId, deps.proEmails, write);
      const repo = createProposalRepository(db);
      const proposal = await repo.find(teamId, proposalId);
      if (!proposal) throw new DomainError(ErrorCode.NOT_FOUND, 'Proposal not found');
      return { access, proposal, changes: await repo.changes(proposalId) };
    },

    /** Moves a change from one of `from` to `to` inside `tx`; throws (undoing the shift write) if it had moved. */
    async transition(
      tx: Db,
      proposalId: string,
      change: StoredChange,
      from: readonly string[],
      to: 'accepted' | 'pending',
      extra: { shiftId?: string | null; removedShift?: unknown },
    ) {
      const moved = await createProposalRepository(tx).moveState(
        proposalId,
        change.changeId,
        from,
        to,
        extra,
      );
      if (!moved) throw new DomainError(ErrorCode.CONFLICT, 'Someone else decided this change meanwhile');
    },

    /** A refusal's words, kept as the change's failure; anything else is a fault and goes on up. */
    messageOf(error: unknown): string {
      if (error instanceof DomainError) return error.message;
      throw error;
    },

    lockProblem(access: TeamAccess, date: string): string | null {
      return isDateLocked(date, access.team.lockedUntil)
        ? `${formatDateGb(date)} is locked: unlock it to change it`
        : null;
    },
  };
}
export type ProposalContext = ReturnType<typeof createProposalContext>;
