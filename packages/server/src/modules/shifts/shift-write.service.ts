import type { MessageResponse } from '@rotaboard/core/contracts/common';
import { type ParsedShiftInput, ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  exchangeClash,
  exchangeClashMessage,
  type ShiftMove,
  SWAP_MESSAGES,
} from '@rotaboard/core/requests/swaps';
import { conflictWindow, findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import { certainResponse } from '../../lib/certain-response.ts';
import type { OutgoingEmail } from '../../plugins/mail.ts';
import type { Effects } from '../audit/command.ts';
import { shiftChangedEmail } from '../mail/templates.ts';
import { toStaffingEntry } from '../staffing/staffing-context.ts';
import {
  plannedEntry,
  refuseBreachesAmong,
  type StrictRules,
  strictRulesFor,
} from '../staffing/strict-rules.ts';
import { requireTeamWriter, type TeamAccess } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { shiftAuditValues, toShiftDto } from './shift.dto.ts';
import { type ConflictRow, createShiftRepository, type ShiftRow } from './shift.repository.ts';
import { refuseTimesOutOfZone, type ShiftContext, type ShiftServiceDeps } from './shift-context.ts';

/** Refuses an entry dated after the person's leaving date (core isActiveOn). */
function refuseAfterLeaving(member: StaffRow, input: Pick<ParsedShiftInput, 'shiftDate'>) {
  if (!isActiveOn(member.leavingDate, input.shiftDate)) {
    throw new DomainError(
      ErrorCode.RULE_BROKEN,
      `${member.firstName} leaves the team on ${formatDateGb(member.leavingDate!)}`,
    );
  }
}

/** The dates of a person's entries that an entry on `input`'s date could clash with. */
export function nearbyDates(input: Pick<ParsedShiftInput, 'shiftDate' | 'timeOffDays'>) {
  const window = conflictWindow(input.shiftDate, input.timeOffDays ?? 1);
  // Multi-day time off that started earlier can reach this date too.
  return { startDate: addDays(window.startDate, -31), endDate: window.endDate };
}

/**
 * Refuses an entry that clashes with another of the same person's entries (core conflict rule), in
 * the rule's one sentence (claiming an open shift says it the same way).
 */
export function refuseClash(
  member: StaffRow,
  input: ParsedShiftInput,
  selfId: string | null,
  nearby: readonly ConflictRow[],
) {
  const candidate = { ...input, shiftId: selfId };
  const clash = findConflict(
    candidate,
    nearby.map((row) => ({ ...row, shiftId: row.id })),
  );
  if (clash) {
    throw new DomainError(
      ErrorCode.CONFLICT,
      `This clashes with ${member.firstName}'s ${clash.isTimeOff ? 'time off' : 'shift'} on ${describeEntry(clash)}`,
    );
  }
}

/**
 * The dates of a person's other entries a write must read: those it could clash with and, when a
 * strict staffing rule applies, those the rules read.
 */
function datesToRead(input: Pick<ParsedShiftInput, 'shiftDate' | 'timeOffDays'>, strict: StrictRules | null) {
  const nearby = nearbyDates(input);
  if (!strict) return nearby;
  return {
    startDate: strict.window.from < nearby.startDate ? strict.window.from : nearby.startDate,
    endDate: strict.window.to > nearby.endDate ? strict.window.to : nearby.endDate,
  };
}

/**
 * A shift changing hands (an approved swap or give-away): from whom, to whom (null: to nobody, the shift
 * is removed), and the moment it was last seen as agreed — a later edit makes the exchange stale.
 */
export type ExchangeMove = {
  shiftId: string;
  fromStaffId: string;
  toStaffId: string | null;
  unchangedSince: Date;
};

/** The id the rules give an entry not yet written: no shift has it (ids are uuids). */
const NEW_ENTRY_ID = 'new';

const values = (input: ParsedShiftInput) => ({
  staffId: input.staffId,
  shiftDate: input.shiftDate,
  startTime: input.startTime,
  endTime: input.endTime,
  notes: input.notes,
  notesVisibleToAll: input.notesVisibleToAll,
  isTimeOff: input.isTimeOff,
  timeOffDays: input.timeOffDays,
  timeOffHours: input.timeOffHours,
  colour: input.colour,
  breakMinutes: input.breakMinutes,
  attendanceAdjustments: input.attendanceAdjustments,
});

/** Changing one entry: create, update, delete; on a locked day, optionally emailing whom it concerns. */
export function createShiftWriteService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);
  const isLocked = (a: TeamAccess, date: string) => isDateLocked(date, a.team.lockedUntil);

  function changeMail(
    a: TeamAccess,
    member: StaffRow,
    change: 'added' | 'changed' | 'removed',
    before: ShiftRow | null,
    after: ShiftRow | null,
  ): OutgoingEmail | null {
    if (!member.email) return null;
    return {
      to: member.email,
      ...shiftChangedEmail({
        url: ctx.scheduleUrl((after ?? before)!.shiftDate),
        teamName: a.team.name,
        firstName: member.firstName,
        change,
        before: before ? describeEntry(before) : null,
        after: after ? describeEntry(after) : null,
      }),
    };
  }

  return {
    /**
     * `within` runs inside the transaction after the entry is written and checked (a proposal marks its
     * change accepted there): if it throws, nothing is written.
     */
    async create(
      user: UserRow,
      teamId: string,
      input: ParsedShiftInput,
      notify: boolean,
      within?: (tx: Db, row: ShiftRow, effects: Effects) => Promise<void>,
    ): Promise<ShiftDto> {
      // Read before the transaction (as every read): the same answer a read inside it would give at
      // this isolation level, from the prepared (and on PGlite remembered) statement.
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      refuseTimesOutOfZone(input, a.team.timeZone);
      // Likewise the strict staffing rules that apply (Pro; remembered settings): null for none.
      const strict = await strictRulesFor(db, a, [plannedEntry(NEW_ENTRY_ID, input)]);
      return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx, _a, effects) => {
        ctx.checkPlan(a, { notify, adjustments: input.attendanceAdjustments.length });
        const member = await ctx.staffFor(tx, teamId, input.staffId);
        refuseAfterLeaving(member, input);
        // The entry, its audit row (shiftAuditValues' fields) and the person's other entries that the
        // conflict rule and the strict rules read, in one statement after their row is locked (the
        // statement's snapshot has not got its own insert); a breach or a clash throws, which takes
        // the insert back. The rules leave a clash to the conflict rule's words.
        const { row, entries } = await createShiftRepository(tx).insertAudited(
          { teamId, ...values(input) },
          user.id,
          datesToRead(input, strict),
        );
        if (strict) refuseBreachesAmong(strict, a, [member], entries.map(toStaffingEntry));
        refuseClash(member, input, null, entries);
        // The shift's own announcement first: what a callback announces (a claim, a request) follows it.
        effects.announce({ kind: 'shifts', dates: [row.shiftDate], ids: [row.id] });
        if (within) await within(tx, row, effects);
        if (notify && isLocked(a, row.shiftDate)) effects.mail(changeMail(a, member, 'added', null, row));
        return certainResponse(ShiftDto, toShiftDto(row, a));
      });
    },

    /** `within` runs inside the transaction with the entry before and after; if it throws, nothing changes. */
    async update(
      user: UserRow,
      teamId: string,
      shiftId: string,
      input: ParsedShiftInput,
      notify: boolean,
      within?: (tx: Db, before: ShiftRow, after: ShiftRow, effects: Effects) => Promise<void>,
    ): Promise<ShiftDto> {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      refuseTimesOutOfZone(input, a.team.timeZone);
      const strict = await strictRulesFor(db, a, [plannedEntry(shiftId, input)]);
      return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx, _a, effects) => {
        ctx.checkPlan(a, { notify, adjustments: input.attendanceAdjustments.length });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await ctx.staffFor(tx, teamId, input.staffId);
        const previousMember =
          before.staffId === member.id ? member : await ctx.staffFor(tx, teamId, before.staffId);
        refuseAfterLeaving(member, input);
        // One read of the person's entries for both rules (the edited entry's earlier self among them:
        // both rules let it be replaced, a move to another day or person included).
        const window = datesToRead(input, strict);
        const nearby = await repo.listForStaff(member.id, window.startDate, window.endDate);
        refuseClash(member, input, shiftId, nearby);
        if (strict) refuseBreachesAmong(strict, a, [member], nearby.map(toStaffingEntry));
        // Made a shift again, a sick call's entry is no longer sick (issue 44); kept time off, it stays sick.
        const after = await repo.update(shiftId, { ...values(input), sick: before.sick && input.isTimeOff });
        effects.auditUpdate({
          entityType: 'shift',
          entityId: shiftId,
          before: shiftAuditValues(before),
          after: shiftAuditValues(after),
        });
        effects.announce({ kind: 'shifts', dates: [before.shiftDate, after.shiftDate], ids: [shiftId] });
        if (within) await within(tx, before, after, effects);
        if (notify && (isLocked(a, before.shiftDate) || isLocked(a, after.shiftDate))) {
          if (previousMember.id === member.id) effects.mail(changeMail(a, member, 'changed', before, after));
          else
            effects.mail(
              changeMail(a, previousMember, 'removed', before, null),
              changeMail(a, member, 'added', null, after),
            );
        }
        return certainResponse(ShiftDto, toShiftDto(after, a));
      });
    },

    /**
     * Shifts changing hands in one transaction (issue 27's swaps and give-aways). `plan` runs first in
     * the transaction and names the moves (the request service locks and checks its request there);
     * each shift must still be its giver's and unedited since `unchangedSince` (409 otherwise), every
     * new owner on the team that day, and the schedule after all the moves must keep the conflict rule
     * and the strict staffing rules (409 / 422). `within` runs last with the shifts as they were; if
     * anything throws, nothing is written.
     */
    async exchange<T>(
      user: UserRow,
      teamId: string,
      plan: (tx: Db, effects: Effects) => Promise<readonly ExchangeMove[]>,
      within: (tx: Db, before: readonly ShiftRow[], effects: Effects) => Promise<T>,
    ): Promise<T> {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx, _a, effects) => {
        const planned = await plan(tx, effects);
        // Everyone concerned locked in one order, so two exchanges of the same people queue up.
        const people = [...new Set(planned.flatMap((m) => [m.fromStaffId, m.toStaffId ?? []].flat()))].sort();
        const members = new Map<string, StaffRow>();
        for (const id of people) members.set(id, await ctx.staffFor(tx, teamId, id));
        const repo = createShiftRepository(tx);
        const before: ShiftRow[] = [];
        for (const move of planned) {
          const row = await repo.findInTeam(teamId, move.shiftId);
          if (!row) throw new DomainError(ErrorCode.CONFLICT, SWAP_MESSAGES.vanished);
          if (row.staffId !== move.fromStaffId || row.updatedAt > move.unchangedSince) {
            throw new DomainError(ErrorCode.CONFLICT, SWAP_MESSAGES.changed);
          }
          before.push(row);
        }
        const moves: ShiftMove[] = planned.map((move, i) => ({
          // As the rules read entries ('HH:MM' times); the conflict rule reads the same shape.
          shift: {
            ...toStaffingEntry(before[i]!),
            timeOffDays: before[i]!.timeOffDays,
            timeOffHours: before[i]!.timeOffHours,
          },
          toStaffId: move.toStaffId,
        }));
        for (const move of moves) {
          if (move.toStaffId) refuseAfterLeaving(members.get(move.toStaffId)!, move.shift);
        }
        const shiftDates = before.map((row) => row.shiftDate).sort();
        const window = {
          startDate: nearbyDates({ shiftDate: shiftDates[0]!, timeOffDays: null }).startDate,
          endDate: nearbyDates({ shiftDate: shiftDates.at(-1)!, timeOffDays: null }).endDate,
        };
        const nearby = (
          await Promise.all(people.map((id) => repo.listForStaff(id, window.startDate, window.endDate)))
        ).flat();
        const clash = exchangeClash(
          moves,
          nearby.map((row) => ({ ...row, shiftId: row.id })),
        );
        if (clash) {
          const name = members.get(clash.move.toStaffId!)!.firstName;
          throw new DomainError(ErrorCode.CONFLICT, exchangeClashMessage(name, clash.clash));
        }
        await ctx.strict.refuseExchange(tx, a, [...members.values()], moves);
        for (const [i, move] of moves.entries()) {
          const row = before[i]!;
          if (move.toStaffId === null) {
            await repo.delete(row.id);
            effects.audit({
              entityType: 'shift',
              entityId: row.id,
              action: 'DELETE',
              oldValues: shiftAuditValues(row),
            });
          } else {
            const after = await repo.update(row.id, { staffId: move.toStaffId });
            effects.auditUpdate({
              entityType: 'shift',
              entityId: row.id,
              before: shiftAuditValues(row),
              after: shiftAuditValues(after),
            });
          }
        }
        effects.announce({ kind: 'shifts', dates: shiftDates, ids: before.map((row) => row.id) });
        const result = await within(tx, before, effects);
        return result;
      });
    },

    /** `within` runs inside the transaction with the entry as it was; if it throws, nothing is removed. */
    async remove(
      user: UserRow,
      teamId: string,
      shiftId: string,
      notify: boolean,
      within?: (tx: Db, before: ShiftRow, effects: Effects) => Promise<void>,
    ): Promise<MessageResponse> {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx, _a, effects) => {
        ctx.checkPlan(a, { notify, adjustments: 0 });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await ctx.staffFor(tx, teamId, before.staffId);
        await repo.delete(shiftId);
        effects.audit({
          entityType: 'shift',
          entityId: shiftId,
          action: 'DELETE',
          oldValues: shiftAuditValues(before),
        });
        effects.announce({ kind: 'shifts', dates: [before.shiftDate], ids: [shiftId] });
        if (within) await within(tx, before, effects);
        if (notify && isLocked(a, before.shiftDate))
          effects.mail(changeMail(a, member, 'removed', before, null));
        return { success: true as const, message: `Deleted ${describeEntry(before)}` };
      });
    },
  };
}
