import { DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import type { AcceptResult } from '@rotaboard/core/contracts/proposals';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { clashesWithOwn } from '@rotaboard/core/staffing/strict';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { checkEntryAgainstRules } from '@rotaboard/core/staffing/validate';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import type { Effects } from '../audit/command.ts';
import { type DayNoteRow, firstDayNote } from '../day-notes/day-notes.module.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { loadStaffingContext, type TeamStaffingContext } from '../staffing/staffing-context.ts';
import { createProposalRepository, type ProposalRow, type StoredChange } from './proposal.repository.ts';
import {
  type KeptNote,
  type ProposalContext,
  type ProposalServiceDeps,
  UNKNOWN_CHANGE,
} from './proposal-context.ts';
import { proposedInput, snapshot, updatedInput } from './proposed-shift.ts';

/** The schedule moved on: the shift an update would change was removed meanwhile. */
const GONE = 'The shift this change would change is no longer on the schedule';

/** A change the caller asked about that this proposal has already decided. */
const ALREADY: Record<string, string> = {
  accepted: 'This change was already accepted',
  rejected: 'This change was rejected',
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

/**
 * Accepting a proposal's changes, each on its own: written through the ordinary shift and day-note
 * services (their checks, audit rows and announcements), after a re-check against the schedule as it
 * is now; the change's state and its ACCEPTED audit row go in the same command as the write.
 */
export function createProposalAccept(deps: ProposalServiceDeps, ctx: ProposalContext) {
  const { db } = deps;
  const { load, transition, lockProblem, messageOf, proposalWrite } = ctx;
  return {
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
        (await scheduleReads(db).findManyInTeam(teamId, updated)).map((row) => [row.id, row]),
      );
      for (const row of current.values()) dates.push(row.shiftDate);
      let context: TeamStaffingContext | null = null;
      if (dates.length) {
        const sorted = [...dates].sort();
        context = await loadStaffingContext(db, scheduleReads, access.team, sorted[0]!, sorted.at(-1)!);
      }
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
            const shift = await deps.shifts.create(user, teamId, input, false, async (tx, row, effects) => {
              await moveTo(tx, stored, { shiftId: row.id });
              recordAccepted(effects, proposal, stored, row.id);
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
            await deps.shifts.update(
              user,
              teamId,
              before.id,
              input,
              false,
              async (tx, was, _after, effects) => {
                // The shift as it was at this moment, so undo puts back what accepting replaced.
                await moveTo(tx, stored, { shiftId: was.id, removedShift: snapshot(was) });
                recordAccepted(effects, proposal, stored, was.id);
              },
            );
            withEntry(entry);
            result.accepted.push({ changeId: stored.changeId, shiftId: before.id });
          } else if (change.kind === 'remove') {
            let removedDate: string | null = null;
            await deps.shifts.remove(user, teamId, change.shiftId, false, async (tx, before, effects) => {
              const problem = lockProblem(access, before.shiftDate);
              if (problem) throw new DomainError(ErrorCode.CONFLICT, problem);
              removedDate = before.shiftDate;
              await moveTo(tx, stored, { shiftId: before.id, removedShift: snapshot(before) });
              recordAccepted(effects, proposal, stored, before.id);
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
            const within =
              (previous: DayNoteRow | null) => async (tx: Db, row: DayNoteRow, effects: Effects) => {
                await moveTo(tx, stored, { removedShift: kept(previous, row.id) });
                recordAccepted(effects, proposal, stored, null);
              };
            if (existing) {
              await deps.dayNotes.update(user, teamId, existing.id, input, (tx, before, effects) =>
                within(before)(tx, before, effects),
              );
            } else {
              await deps.dayNotes.create(user, teamId, input, within(null));
            }
            result.accepted.push({ changeId: stored.changeId, shiftId: null });
          }
        } catch (error) {
          const message = messageOf(error);
          await proposalWrite(user, teamId, access, (tx) =>
            createProposalRepository(tx).setState(proposalId, [stored.changeId], 'failed', {
              failure: message,
            }),
          );
          result.failed.push({ changeId: stored.changeId, message });
        }
      }
      return result;
    },
  };
}

/**
 * A `proposal` ACCEPTED row beside the schedule's own (the shift or note audit row the service wrote,
 * in the same command's effects): which proposal, from the agent or the assistant, made the change,
 * so the audit report says so.
 */
function recordAccepted(
  effects: Effects,
  proposal: ProposalRow,
  stored: StoredChange,
  shiftId: string | null,
) {
  effects.audit({
    entityType: 'proposal',
    entityId: proposal.id,
    action: 'ACCEPTED',
    newValues: {
      source: proposal.source,
      changeId: stored.changeId,
      kind: stored.change.kind,
      shiftId,
      reason: stored.change.reason,
    },
  });
}
