import { addDays } from '@rotaboard/core/dates/week';
import { findConflict, type ScheduleEntry } from '@rotaboard/core/shifts/conflicts';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { notificationAudience } from '@rotaboard/core/shifts/notify';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import type { UserRow } from '../../db/rows.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { weekUpdatedEmail } from '../mail/templates.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { toStaffingEntry } from '../staffing/staffing-context.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { isSickEntry, shiftAuditValues } from './shift.dto.ts';
import { createShiftRepository, type NewShift } from './shift.repository.ts';
import {
  NOTIFICATIONS_ARE_PRO,
  refuseTimesOutOfZone,
  type ShiftContext,
  type ShiftServiceDeps,
} from './shift-context.ts';

/** Whole weeks at once: copy one to another, clear one, and email its staff that it changed. */
export function createShiftWeekService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const teamCommand = createTeamCommand(deps);
  /** Whole-week writes lock the team's row first, so two of one team's week changes queue up. */
  const weekWrite = { role: 'writer', lockTeam: true } as const;

  return {
    /**
     * Copies one week's shifts to another (time off only when asked: it belongs to its dates;
     * attendance adjustments never: they record what happened on the day; a sick call's entry never,
     * even with time off: it was that day's news, not a plan). Entries that would clash,
     * or fall after someone's leaving date, are skipped; one whose time does not exist on its new
     * date in the team's zone refuses the copy (400, the sentence naming the clock change).
     * Set-based: one read of the source week, one of the target window, the clash rule in memory
     * (each copy also checked against the copies before it), one insert of every copy and one of
     * every audit row, however many entries.
     */
    async copyWeek(
      user: UserRow,
      teamId: string,
      input: { fromWeekStart: string; toWeekStart: string; includeTimeOff?: boolean },
    ) {
      return teamCommand(user, teamId, weekWrite, async (tx, a, effects) => {
        const repo = createShiftRepository(tx);
        const offset = Math.round((Date.parse(input.toWeekStart) - Date.parse(input.fromWeekStart)) / DAY_MS);
        const source = (
          await repo.listForTeam(teamId, input.fromWeekStart, addDays(input.fromWeekStart, 6))
        ).filter((entry) => !isSickEntry(entry) && (input.includeTimeOff || !entry.isTimeOff));
        const people = new Map(
          (await staffDirectory(tx).listForTeam(teamId, null)).map((row) => [row.id, row]),
        );
        // Everything a copy could clash with: the target week, widened by the longest reach of an
        // entry (31 days of time off, and a night, before it; the longest copy after it).
        const longest = Math.max(1, ...source.map((entry) => entry.timeOffDays ?? 1));
        const around = await repo.listForTeam(
          teamId,
          addDays(input.toWeekStart, -32),
          addDays(input.toWeekStart, 6 + longest),
        );
        const byStaff = new Map<string, ScheduleEntry[]>();
        for (const row of around) {
          const list = byStaff.get(row.staffId) ?? [];
          list.push({ ...row, shiftId: row.id });
          byStaff.set(row.staffId, list);
        }
        const copies: NewShift[] = [];
        const planned: StaffingEntry[] = [];
        let skipped = 0;
        for (const entry of source) {
          const shiftDate = addDays(entry.shiftDate, offset);
          const member = people.get(entry.staffId);
          const candidate = { ...entry, shiftId: null, shiftDate };
          const nearby = byStaff.get(entry.staffId) ?? [];
          if (!member || !isActiveOn(member.leavingDate, shiftDate) || findConflict(candidate, nearby)) {
            skipped += 1;
            continue;
          }
          // A time the clocks skip on the new date (a 01:30 start copied onto the night they go
          // forward) refuses the whole copy, as a hand edit would be refused; nothing is written.
          refuseTimesOutOfZone(candidate, a.team.timeZone);
          const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = entry;
          copies.push({ ...rest, shiftDate, attendanceAdjustments: [] });
          planned.push({
            ...toStaffingEntry(entry),
            shiftId: `copy-${planned.length}`,
            shiftDate,
            attendanceAdjustments: [],
          });
          nearby.push(candidate);
          byStaff.set(entry.staffId, nearby);
        }
        // Strict staffing rules (Pro): a copy that would break one refuses the whole copy, before
        // anything is written; each copy is checked with the ones before it in (copy-0, copy-1 … are
        // ids no stored shift has). Copies that clash were skipped above, as ever.
        await ctx.strict.refuseBreaches(tx, a, [...people.values()], planned);
        const rows = await repo.insertMany(copies);
        // One audit row per copy, written together (one insert) before the commit.
        for (const row of rows) {
          effects.audit({
            entityType: 'shift',
            entityId: row.id,
            action: 'CREATE',
            newValues: shiftAuditValues(row),
          });
        }
        const copied = rows.length;
        if (copied) {
          effects.announce({ kind: 'shifts', dates: [input.toWeekStart, addDays(input.toWeekStart, 6)] });
        }
        const week = formatDateGb(input.toWeekStart);
        const message =
          `Copied ${copied} ${copied === 1 ? 'entry' : 'entries'} to the week of ${week}` +
          (skipped ? `; skipped ${skipped} that would clash or fall after a leaving date` : '');
        return { success: true as const, message, copied, skipped };
      });
    },

    /** Deletes every entry of the 7 days from `weekStartDate`: one delete, one insert of audit rows. */
    async clearWeek(user: UserRow, teamId: string, weekStartDate: string) {
      return teamCommand(user, teamId, weekWrite, async (tx, _a, effects) => {
        const weekEndDate = addDays(weekStartDate, 6);
        const entries = await createShiftRepository(tx).deleteForTeam(teamId, weekStartDate, weekEndDate);
        for (const entry of entries) {
          effects.audit({
            entityType: 'shift',
            entityId: entry.id,
            action: 'DELETE',
            oldValues: shiftAuditValues(entry),
          });
        }
        const n = entries.length;
        if (n) effects.announce({ kind: 'shifts', dates: [weekStartDate, weekEndDate] });
        return {
          success: true as const,
          message: `Deleted ${n} ${n === 1 ? 'entry' : 'entries'} from the week of ${formatDateGb(weekStartDate)}`,
          deleted: n,
        };
      });
    },

    /**
     * Emails everyone with an entry that week that the week changed (Pro). It writes nothing: its
     * command only checks the caller and sends the emails as its effects.
     */
    notifyWeek(user: UserRow, teamId: string, week: { weekStartDate: string; weekEndDate: string }) {
      const plan = { feature: 'scheduleNotifications', refusal: NOTIFICATIONS_ARE_PRO } as const;
      return teamCommand(user, teamId, { role: 'writer', plan }, async (tx, a, effects) => {
        const people = await createShiftRepository(tx).staffWithEntries(
          teamId,
          week.weekStartDate,
          week.weekEndDate,
        );
        const weekLabel = `${formatDateGb(week.weekStartDate)} to ${formatDateGb(week.weekEndDate)}`;
        let notified = 0;
        for (const person of notificationAudience(people).emailed) {
          effects.mail({
            to: person.email,
            ...weekUpdatedEmail({
              url: ctx.scheduleUrl(week.weekStartDate),
              teamName: a.team.name,
              firstName: person.firstName,
              weekLabel,
            }),
          });
          notified += 1;
        }
        return {
          success: true as const,
          message:
            notified === 1
              ? 'Emailed 1 person about the changes'
              : `Emailed ${notified} people about the changes`,
          notifiedCount: notified,
        };
      });
    },
  };
}
