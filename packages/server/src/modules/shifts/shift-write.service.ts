import type { MessageResponse } from '@rotaboard/core/contracts/common';
import { type ParsedShiftInput, ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { conflictWindow, findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { Db } from '../../db/db.ts';
import { certainResponse } from '../../lib/certain-response.ts';
import { type OutgoingEmail, sendAfterCommit } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { shiftChangedEmail } from '../mail/templates.ts';
import { announce } from '../realtime/realtime-events.ts';
import { plannedEntry, refuseStrictBreaches } from '../schedule-agent/strict-rules.ts';
import type { StaffRow } from '../staff/staff.repository.ts';
import { requireTeamWriter, type TeamAccess } from '../teams/team-access.ts';
import type { UserRow } from '../users/user.repository.ts';
import { shiftAuditValues, toShiftDto } from './shift.dto.ts';
import { type ConflictRow, createShiftRepository, type ShiftRow } from './shift.repository.ts';
import type { ShiftContext, ShiftServiceDeps } from './shift-context.ts';

/** Refuses an entry dated after the person's leaving date (core isActiveOn). */
function refuseAfterLeaving(member: StaffRow, input: ParsedShiftInput) {
  if (!isActiveOn(member.leavingDate, input.shiftDate)) {
    throw new DomainError(
      ErrorCode.RULE_BROKEN,
      `${member.firstName} leaves the team on ${formatDateGb(member.leavingDate!)}`,
    );
  }
}

/** The dates of a person's entries that an entry on `input`'s date could clash with. */
function nearbyDates(input: ParsedShiftInput) {
  const window = conflictWindow(input.shiftDate, input.timeOffDays ?? 1);
  // Multi-day time off that started earlier can reach this date too.
  return { startDate: addDays(window.startDate, -31), endDate: window.endDate };
}

/** Refuses an entry that clashes with another of the same person's entries (core conflict rule). */
function refuseClash(
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

/** Refuses an entry after the person's leaving date or clashing with their other entries. */
async function checkConflicts(tx: Db, member: StaffRow, input: ParsedShiftInput, selfId: string) {
  refuseAfterLeaving(member, input);
  const window = nearbyDates(input);
  const nearby = await createShiftRepository(tx).listForStaff(member.id, window.startDate, window.endDate);
  refuseClash(member, input, selfId, nearby);
}

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
  const { db, mailer } = deps;
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
      within?: (tx: Db, row: ShiftRow) => Promise<void>,
    ): Promise<ShiftDto> {
      // Read before the transaction (as every read): the same answer a read inside it would give at
      // this isolation level, from the prepared (and on PGlite remembered) statement.
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      const { result, mails } = await db.transaction(async (tx) => {
        ctx.checkPlan(a, { notify, adjustments: input.attendanceAdjustments.length });
        const member = await ctx.staffFor(tx, teamId, input.staffId);
        refuseAfterLeaving(member, input);
        // Strict staffing rules (Pro) before the insert: the insert below is also the conflict read.
        await refuseStrictBreaches(tx, a, [member], [plannedEntry(NEW_ENTRY_ID, input)]);
        // The entry, its audit row (shiftAuditValues' fields) and the person's other entries nearby
        // in one statement, after their row is locked; a clash throws, which takes the insert back.
        const { row, entries } = await createShiftRepository(tx).insertAudited(
          { teamId, ...values(input) },
          user.id,
          nearbyDates(input),
        );
        refuseClash(member, input, null, entries);
        if (within) await within(tx, row);
        const mails = notify && isLocked(a, row.shiftDate) ? [changeMail(a, member, 'added', null, row)] : [];
        return { result: certainResponse(ShiftDto, toShiftDto(row, a)), mails };
      });
      announce(deps.events, {
        teamId,
        kind: 'shifts',
        user,
        dates: [result.shiftDate],
        ids: [result.shiftId],
      });
      await sendAfterCommit(mailer, mails, deps.log);
      return result;
    },

    /** `within` runs inside the transaction with the entry before and after; if it throws, nothing changes. */
    async update(
      user: UserRow,
      teamId: string,
      shiftId: string,
      input: ParsedShiftInput,
      notify: boolean,
      within?: (tx: Db, before: ShiftRow, after: ShiftRow) => Promise<void>,
    ): Promise<ShiftDto> {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      const { result, mails, previousDate } = await db.transaction(async (tx) => {
        ctx.checkPlan(a, { notify, adjustments: input.attendanceAdjustments.length });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await ctx.staffFor(tx, teamId, input.staffId);
        const previousMember =
          before.staffId === member.id ? member : await ctx.staffFor(tx, teamId, before.staffId);
        await checkConflicts(tx, member, input, shiftId);
        // The edited entry replaces its earlier self (a move to another day or person included).
        await refuseStrictBreaches(tx, a, [member], [plannedEntry(shiftId, input)]);
        const after = await repo.update(shiftId, values(input));
        await createAuditRepository(tx).recordUpdate({
          teamId,
          entityType: 'shift',
          entityId: shiftId,
          changedBy: user.id,
          before: shiftAuditValues(before),
          after: shiftAuditValues(after),
        });
        if (within) await within(tx, before, after);
        const mails: (OutgoingEmail | null)[] = [];
        if (notify && (isLocked(a, before.shiftDate) || isLocked(a, after.shiftDate))) {
          if (previousMember.id === member.id) mails.push(changeMail(a, member, 'changed', before, after));
          else
            mails.push(
              changeMail(a, previousMember, 'removed', before, null),
              changeMail(a, member, 'added', null, after),
            );
        }
        return {
          result: certainResponse(ShiftDto, toShiftDto(after, a)),
          mails,
          previousDate: before.shiftDate,
        };
      });
      announce(deps.events, {
        teamId,
        kind: 'shifts',
        user,
        dates: [previousDate, result.shiftDate],
        ids: [shiftId],
      });
      await sendAfterCommit(mailer, mails, deps.log);
      return result;
    },

    /** `within` runs inside the transaction with the entry as it was; if it throws, nothing is removed. */
    async remove(
      user: UserRow,
      teamId: string,
      shiftId: string,
      notify: boolean,
      within?: (tx: Db, before: ShiftRow) => Promise<void>,
    ): Promise<MessageResponse> {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      const { result, mails, date } = await db.transaction(async (tx) => {
        ctx.checkPlan(a, { notify, adjustments: 0 });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await ctx.staffFor(tx, teamId, before.staffId);
        await repo.delete(shiftId);
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'shift',
          entityId: shiftId,
          action: 'DELETE',
          changedBy: user.id,
          oldValues: shiftAuditValues(before),
        });
        if (within) await within(tx, before);
        const mails =
          notify && isLocked(a, before.shiftDate) ? [changeMail(a, member, 'removed', before, null)] : [];
        return {
          result: { success: true as const, message: `Deleted ${describeEntry(before)}` },
          mails,
          date: before.shiftDate,
        };
      });
      announce(deps.events, { teamId, kind: 'shifts', user, dates: [date], ids: [shiftId] });
      await sendAfterCommit(mailer, mails, deps.log);
      return result;
    },
  };
}
