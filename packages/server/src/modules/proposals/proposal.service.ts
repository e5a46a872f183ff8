import { DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import type {
  AcceptResult,
  ProposalDto,
  ProposedShift,
  ProposedShiftFields,
  RejectResult,
  UndoResult,
} from '@rotaboard/core/contracts/proposals';
import { ShiftInput } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { clashesWithOwn } from '@rotaboard/core/staffing/strict';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { checkEntryAgainstRules } from '@rotaboard/core/staffing/validate';
import type { Db } from '../../db/db.ts';
import type { ShiftRow, UserRow } from '../../db/rows.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { type createDayNoteService, type DayNoteRow, firstDayNote } from '../day-notes/day-notes.module.ts';
import { createShiftRepository } from '../shifts/shift.repository.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import { loadStaffingContext, type TeamStaffingContext } from '../staffing/staffing-context.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import { toProposalDto } from './proposal.dto.ts';
import { createProposalRepository, type ProposalRow, type StoredChange } from './proposal.repository.ts';
import { agentAccess } from './proposal-access.ts';

type ShiftService = Pick<ReturnType<typeof createShiftService>, 'create' | 'update' | 'remove'>;
type DayNoteService = Pick<ReturnType<typeof createDayNoteService>, 'create' | 'update' | 'remove'>;

/** What accepting a day-note change replaced: the note it wrote, and the day's earlier text (null: none). */
type KeptNote = { noteId: string; previousText: string | null; previousShowToAllStaff: boolean | null };

/** The schedule moved on: the shift an update would change was removed meanwhile. */
const GONE = 'The shift this change would change is no longer on the schedule';

/** A change the caller asked about that this proposal does not have, or has already decided. */
const ALREADY: Record<string, string> = {
  accepted: 'This change was already accepted',
  rejected: 'This change was rejected',
};
const UNKNOWN_CHANGE = 'This proposal has no such change';

/**
 * Proposals (issue 25, shared with the assistant of issue 26): read, and each change accepted or rejected
 * on its own, or the accepted ones undone. Accepting writes through the ordinary shift service — the
 * conflict rule, the strict staffing rules, the audit and the live update are its — and first re-checks
 * the change against the schedule as it is now: a day locked since, a rule the change would now break.
 * A change's state moves in the same transaction as the shift it makes or removes, guarded by its old
 * state, so two people accepting one change at once make one shift.
 */
export function createProposalService(deps: {
  db: Db;
  proEmails: readonly string[];
  shifts: ShiftService;
  dayNotes: DayNoteService;
}) {
  const { db } = deps;

  async function load(user: UserRow, teamId: string, proposalId: string, write: boolean) {
    const access = await agentAccess(db, user, teamId, deps.proEmails, write);
    const repo = createProposalRepository(db);
    const proposal = await repo.find(teamId, proposalId);
    if (!proposal) throw new DomainError(ErrorCode.NOT_FOUND, 'Proposal not found');
    return { access, proposal, changes: await repo.changes(proposalId) };
  }

  /** Moves a change from one of `from` to `to` inside `tx`; throws (undoing the shift write) if it had moved. */
  async function transition(
    tx: Db,
    proposalId: string,
    change: StoredChange,
    from: readonly string[],
    to: 'accepted' | 'pending',
    extra: { shiftId?: string | null; removedShift?: unknown },
  ) {
    const moved = await createProposalRepository(tx).moveState(proposalId, change.changeId, from, to, extra);
    if (!moved) throw new DomainError(ErrorCode.CONFLICT, 'Someone else decided this change meanwhile');
  }

  const messageOf = (error: unknown) => {
    if (error instanceof DomainError) return error.message;
    throw error;
  };

  /**
   * The rule a create would break in the schedule as it is now (the context moves with each accept).
   * A clash is left to the shift service, whose conflict rule says it in its own words.
   */
  function ruleProblem(context: TeamStaffingContext, entry: StaffingEntry): string | null {
    if (clashesWithOwn(entry, context.entries)) return null;
    const broken = checkEntryAgainstRules(context, entry);
    return broken[0]?.message ?? null;
  }

  function lockProblem(access: TeamAccess, date: string): string | null {
    return isDateLocked(date, access.team.lockedUntil)
      ? `${formatDateGb(date)} is locked: unlock it to change it`
      : null;
  }

  return {
    async get(user: UserRow, teamId: string, proposalId: string): Promise<ProposalDto> {
      const { proposal, changes } = await load(user, teamId, proposalId, false);
      return toProposalDto(proposal, changes);
    },

    async accept(
      user: UserRow,
      teamId: string,
      proposalId: string,
      changeIds: string[],
    ): Promise<AcceptResult> {
      const { access, proposal, changes } = await load(user, teamId, proposalId, true);
      const byId = new Map(changes.map((change) => [change.changeId, change]));
      const result: AcceptResult = { accepted: [], failed: [] };
      const chosen: StoredChange[] = [];
      for (const changeId of changeIds) {
        const change = byId.get(changeId);
        const refusal = !change ? UNKNOWN_CHANGE : ALREADY[change.state];
        if (refusal) result.failed.push({ changeId, message: refusal });
        else chosen.push(change!);
      }
      // The staffing context covers every date a create or update would write to.
      const dates = chosen.flatMap(({ change }) =>
        change.kind === 'create'
          ? [change.shift.shiftDate]
          : change.kind === 'update' && change.shift.shiftDate
            ? [change.shift.shiftDate]
            : [],
      );
      const updated = chosen.flatMap(({ change }) => (change.kind === 'update' ? [change.shiftId] : []));
      const current = new Map(
        (await createShiftRepository(db).findManyInTeam(teamId, updated)).map((row) => [row.id, row]),
      );
      for (const row of current.values()) dates.push(row.shiftDate);
      let context: TeamStaffingContext | null = null;
      if (dates.length) {
        const sorted = [...dates].sort();
        context = await loadStaffingContext(
          db,
          createShiftRepository,
          access.team,
          sorted[0]!,
          sorted.at(-1)!,
        );
      }
      const repo = createProposalRepository(db);
      const moveTo = (tx: Db, stored: StoredChange, extra: Parameters<typeof transition>[5]) =>
        transition(tx, proposalId, stored, ['pending', 'failed'], 'accepted', extra);
      // The agent promised changes that break no rule, so any rule a change would now break fails it; the
      // assistant's changes were offered with what they break, so only the strict rules (the shift
      // service's own check) refuse them.
      const rulesFor = (entry: StaffingEntry) =>
        proposal.source === 'agent' ? ruleProblem(context!, entry) : null;
      /** The rules' context with `entry` in place of its earlier self (or added). */
      const withEntry = (entry: StaffingEntry) => {
        context = {
          ...context!,
          entries: [...context!.entries.filter((e) => e.shiftId !== entry.shiftId), entry],
        };
      };

      // In the order offered, so a person's week fills as the agent planned it.
      chosen.sort((a, b) => a.position - b.position);
      for (const stored of chosen) {
        const { change } = stored;
        try {
          if (change.kind === 'create') {
            const input = proposedInput(change.shift);
            const entry: StaffingEntry = { ...input, shiftId: `proposed-${stored.changeId}` };
            const broken = lockProblem(access, input.shiftDate) ?? rulesFor(entry);
            if (broken) throw new DomainError(ErrorCode.CONFLICT, broken);
            const shift = await deps.shifts.create(user, teamId, input, false, async (tx, row) => {
              await moveTo(tx, stored, { shiftId: row.id });
              await recordAccepted(tx, user, teamId, proposal, stored, row.id);
            });
            withEntry({ ...entry, shiftId: shift.shiftId });
            result.accepted.push({ changeId: stored.changeId, shiftId: shift.shiftId });
          } else if (change.kind === 'update') {
            const before = current.get(change.shiftId);
            if (!before) throw new DomainError(ErrorCode.CONFLICT, GONE);
            const input = updatedInput(before, change.shift);
            const entry: StaffingEntry = { ...input, shiftId: before.id };
            const broken =
              lockProblem(access, before.shiftDate) ??
              lockProblem(access, input.shiftDate) ??
              rulesFor(entry);
            if (broken) throw new DomainError(ErrorCode.CONFLICT, broken);
            await deps.shifts.update(user, teamId, before.id, input, false, async (tx, was) => {
              // The shift as it was at this moment, so undo puts back what accepting replaced.
              await moveTo(tx, stored, { shiftId: was.id, removedShift: snapshot(was) });
              await recordAccepted(tx, user, teamId, proposal, stored, was.id);
            });
            withEntry(entry);
            result.accepted.push({ changeId: stored.changeId, shiftId: before.id });
          } else if (change.kind === 'remove') {
            let removedDate: string | null = null;
            await deps.shifts.remove(user, teamId, change.shiftId, false, async (tx, before) => {
              const problem = lockProblem(access, before.shiftDate);
              if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
              removedDate = before.shiftDate;
              await moveTo(tx, stored, { shiftId: before.id, removedShift: snapshot(before) });
              await recordAccepted(tx, user, teamId, proposal, stored, before.id);
            });
            if (context && removedDate) {
              context = {
                ...context,
                entries: context.entries.filter((entry) => entry.shiftId !== change.shiftId),
              };
            }
            result.accepted.push({ changeId: stored.changeId, shiftId: null });
          } else {
            const problem = lockProblem(access, change.date);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            const existing = await firstDayNote(db, teamId, change.date);
            const kept = (previous: DayNoteRow | null, noteId: string): KeptNote => ({
              noteId,
              previousText: previous?.noteText ?? null,
              previousShowToAllStaff: previous?.showToAllStaff ?? null,
            });
            const input = DayNoteInput.parse({
              noteDate: change.date,
              noteText: change.text,
              showToAllStaff: existing?.showToAllStaff ?? true,
            });
            const within = (previous: DayNoteRow | null) => async (tx: Db, row: DayNoteRow) => {
              await moveTo(tx, stored, { removedShift: kept(previous, row.id) });
              await recordAccepted(tx, user, teamId, proposal, stored, null);
            };
            if (existing) {
              await deps.dayNotes.update(user, teamId, existing.id, input, (tx, before) =>
                within(before)(tx, before),
              );
            } else {
              await deps.dayNotes.create(user, teamId, input, within(null));
            }
            result.accepted.push({ changeId: stored.changeId, shiftId: null });
          }
        } catch (error) {
          const message = messageOf(error);
          await repo.setState(proposalId, [stored.changeId], 'failed', { failure: message });
          result.failed.push({ changeId: stored.changeId, message });
        }
      }
      return result;
    },

    async reject(
      user: UserRow,
      teamId: string,
      proposalId: string,
      changeIds: string[],
    ): Promise<RejectResult> {
      const { changes } = await load(user, teamId, proposalId, true);
      const known = new Set(changes.map((change) => change.changeId));
      const unknown = changeIds.filter((id) => !known.has(id));
      if (unknown.length) throw new DomainError(ErrorCode.VALIDATION, `${UNKNOWN_CHANGE}: ${unknown[0]}`);
      return db.transaction(async (tx) => {
        const rejected = await createProposalRepository(tx).rejectOpen(proposalId, changeIds);
        if (rejected.length) {
          await createAuditRepository(tx).record({
            teamId,
            entityType: 'proposal',
            entityId: proposalId,
            action: 'REJECTED',
            changedBy: user.id,
            newValues: { changeIds: rejected },
          });
        }
        return { rejected };
      });
    },

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
            const before = stored.removedShift as ReturnType<typeof snapshot> | null;
            if (!before || !stored.shiftId)
              throw new DomainError(ErrorCode.CONFLICT, 'The shift as it was was not kept');
            const now = await createShiftRepository(db).findInTeam(teamId, stored.shiftId);
            if (!now) throw new DomainError(ErrorCode.CONFLICT, 'The shift this change changed is gone');
            const problem = lockProblem(access, now.shiftDate) ?? lockProblem(access, before.shiftDate);
            if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
            await deps.shifts.update(user, teamId, stored.shiftId, restoreInput(before), false, (tx) =>
              back(tx, stored),
            );
          } else if (change.kind === 'remove') {
            const before = stored.removedShift as ReturnType<typeof snapshot> | null;
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
      if (result.undone.length) await createProposalRepository(db).markUndone(proposalId);
      return result;
    },
  };
}

/** The input that puts a removed shift back; a row today's bounds refuse is said so, not thrown as a 500. */
function restoreInput(before: ReturnType<typeof snapshot>) {
  const parsed = ShiftInput.safeParse(before);
  if (!parsed.success)
    throw new DomainError(ErrorCode.CONFLICT, 'The removed shift cannot be put back as it was');
  return parsed.data;
}

/** A removed shift as ShiftInput takes it back, so undo recreates it as it was (a new id). */
function snapshot(row: ShiftRow) {
  return {
    staffId: row.staffId,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    notes: row.notes,
    notesVisibleToAll: row.notesVisibleToAll,
    isTimeOff: row.isTimeOff,
    timeOffDays: row.timeOffDays,
    timeOffHours: row.timeOffHours,
    colour: row.colour,
    breakMinutes: row.breakMinutes,
    attendanceAdjustments: row.attendanceAdjustments,
  };
}

/** A create's shift as the shift service takes it: whole-day time off when time off has no times. */
export function proposedInput(shift: ProposedShift) {
  const isTimeOff = shift.isTimeOff ?? false;
  const wholeDay = isTimeOff && (shift.startTime === null || shift.endTime === null);
  const parsed = ShiftInput.safeParse({
    ...shift,
    isTimeOff,
    startTime: wholeDay ? null : shift.startTime,
    endTime: wholeDay ? null : shift.endTime,
    timeOffDays: wholeDay ? 1 : null,
  });
  if (!parsed.success) throw new DomainError(ErrorCode.VALIDATION, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The shift `before` with an update's fields set (time off without times: the whole day). */
export function updatedInput(before: ShiftRow, fields: ProposedShiftFields) {
  const merged = { ...snapshot(before), ...fields };
  const isTimeOff = merged.isTimeOff;
  const wholeDay = isTimeOff && (merged.startTime === null || merged.endTime === null);
  const parsed = ShiftInput.safeParse({
    ...merged,
    timeOffDays: wholeDay
      ? before.isTimeOff
        ? (before.timeOffDays ?? 1)
        : 1
      : isTimeOff
        ? merged.timeOffDays
        : null,
    timeOffHours: isTimeOff && !wholeDay ? merged.timeOffHours : null,
    startTime: wholeDay ? null : merged.startTime,
    endTime: wholeDay ? null : merged.endTime,
  });
  if (!parsed.success) throw new DomainError(ErrorCode.VALIDATION, parsed.error.issues[0]!.message);
  return parsed.data;
}

/**
 * A `proposal` ACCEPTED row beside the schedule's own (the shift or note audit row the service wrote):
 * which proposal, from the agent or the assistant, made the change, so the audit report says so.
 */
async function recordAccepted(
  tx: Db,
  user: UserRow,
  teamId: string,
  proposal: ProposalRow,
  stored: StoredChange,
  shiftId: string | null,
) {
  await createAuditRepository(tx).record({
    teamId,
    entityType: 'proposal',
    entityId: proposal.id,
    action: 'ACCEPTED',
    changedBy: user.id,
    newValues: {
      source: proposal.source,
      changeId: stored.changeId,
      kind: stored.change.kind,
      shiftId,
      reason: stored.change.reason,
    },
  });
}
