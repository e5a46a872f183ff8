import { addDays } from '@rotaboard/core/dates/week';
import { findConflict, type ScheduleEntry } from '@rotaboard/core/shifts/conflicts';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { notificationAudience } from '@rotaboard/core/shifts/notify';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import type { UserRow } from '../../db/rows.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { announce } from '../../lib/realtime-events.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { weekUpdatedEmail } from '../mail/templates.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { toStaffingEntry } from '../staffing/staffing-context.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { requireTeamWriter } from '../team-access/team-access.ts';
import { shiftAuditValues } from './shift.dto.ts';
import { createShiftRepository, type NewShift } from './shift.repository.ts';
import { refuseTimesOutOfZone, type ShiftContext, type ShiftServiceDeps } from './shift-context.ts';

/** Whole weeks at once: copy one to another, clear one, and email its staff that it changed. */
export function createShiftWeekService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const { db, mailer } = deps;

  return {
    /**
     * Copies one week's shifts to another (time off only when asked: it belongs to its dates;
     * attendance adjustments never: they record what happened on the day). Entries that would clash,
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
      const result = await db.transaction(async (tx) => {
        const a = requireTeamWriter(await ctx.access(tx, user, teamId));
        await createTeamRepository(tx).lock(teamId);
        const repo = createShiftRepository(tx);
        const offset = Math.round((Date.parse(input.toWeekStart) - Date.parse(input.fromWeekStart)) / DAY_MS);
        const source = (
          await repo.listForTeam(teamId, input.fromWeekStart, addDays(input.fromWeekStart, 6))
        ).filter((entry) => input.includeTimeOff || !entry.isTimeOff);
        const people = new Map(
          (await createStaffRepository(tx).listForTeam(teamId, null)).map((row) => [row.id, row]),
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
        await createAuditRepository(tx).recordMany(
          rows.map((row) => ({
            teamId,
            entityType: 'shift' as const,
            entityId: row.id,
            action: 'CREATE' as const,
            changedBy: user.id,
            newValues: shiftAuditValues(row),
          })),
        );
        const copied = rows.length;
        const week = formatDateGb(input.toWeekStart);
        const message =
          `Copied ${copied} ${copied === 1 ? 'entry' : 'entries'} to the week of ${week}` +
          (skipped ? `; skipped ${skipped} that would clash or fall after a leaving date` : '');
        return { success: true as const, message, copied, skipped };
      });
      if (result.copied) {
        announce(deps.events, {
          teamId,
          kind: 'shifts',
          user,
          dates: [input.toWeekStart, addDays(input.toWeekStart, 6)],
        });
      }
      return result;
    },

    /** Deletes every entry of the 7 days from `weekStartDate`: one delete, one insert of audit rows. */
    async clearWeek(user: UserRow, teamId: string, weekStartDate: string) {
      const result = await db.transaction(async (tx) => {
        requireTeamWriter(await ctx.access(tx, user, teamId));
        await createTeamRepository(tx).lock(teamId);
        const entries = await createShiftRepository(tx).deleteForTeam(
          teamId,
          weekStartDate,
          addDays(weekStartDate, 6),
        );
        await createAuditRepository(tx).recordMany(
          entries.map((entry) => ({
            teamId,
            entityType: 'shift' as const,
            entityId: entry.id,
            action: 'DELETE' as const,
            changedBy: user.id,
            oldValues: shiftAuditValues(entry),
          })),
        );
        const n = entries.length;
        return {
          success: true as const,
          message: `Deleted ${n} ${n === 1 ? 'entry' : 'entries'} from the week of ${formatDateGb(weekStartDate)}`,
          deleted: n,
        };
      });
      if (result.deleted)
        announce(deps.events, {
          teamId,
          kind: 'shifts',
          user,
          dates: [weekStartDate, addDays(weekStartDate, 6)],
        });
      return result;
    },

    /** Emails everyone with an entry that week that the week changed (Pro). */
    async notifyWeek(user: UserRow, teamId: string, week: { weekStartDate: string; weekEndDate: string }) {
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
      ctx.checkPlan(a, { notify: true, adjustments: 0 });
      const people = await createShiftRepository(db).staffWithEntries(
        teamId,
        week.weekStartDate,
        week.weekEndDate,
      );
      const weekLabel = `${formatDateGb(week.weekStartDate)} to ${formatDateGb(week.weekEndDate)}`;
      let notified = 0;
      for (const person of notificationAudience(people).emailed) {
        await mailer.send({
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
    },
  };
}
