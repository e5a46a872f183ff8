import { auditActorName } from '@rotaboard/core/audit/actor';
import type { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  type HistoryResponse,
  type ParsedShiftInput,
  ShiftDto,
  type ShiftLock,
} from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { auditHistorySince, planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { conflictWindow, findConflict, type ScheduleEntry } from '@rotaboard/core/shifts/conflicts';
import { describeEntry, summariseShiftChange } from '@rotaboard/core/shifts/describe';
import { formatDateGb } from '@rotaboard/core/shifts/display';
import { isDateLocked, lastReadableDate, readableRange } from '@rotaboard/core/shifts/lock';
import { notificationAudience } from '@rotaboard/core/shifts/notify';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema.ts';
import { DAY_MS, todayUtc } from '../../lib/calendar.ts';
import { certainResponse } from '../../lib/certain-response.ts';
import { type Mailer, type OutgoingEmail, sendAfterCommit, type WarnLog } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { shiftChangedEmail, weekUpdatedEmail } from '../mail/templates.ts';
import { announce, type ScheduleEvents } from '../realtime-events.ts';
import { createStaffRepository, type StaffRow } from '../staff/staff.repository.ts';
import { createTeamRepository } from '../teams/team.repository.ts';
import {
  loadTeamAccess,
  requireTeamAdmin,
  requireTeamWriter,
  type TeamAccess,
} from '../teams/team-access.ts';
import type { UserRow } from '../users/user.repository.ts';
import { shiftAuditValues, toShiftDto } from './shift.dto.ts';
import { type ConflictRow, createShiftRepository, type NewShift, type ShiftRow } from './shift.repository.ts';
import { createWeekCache, type WeekCache } from './week-cache.ts';

export const NOTIFICATIONS_ARE_PRO =
  'Schedule notifications are part of the Pro plan. Upgrade to Pro to email staff about schedule changes.';
export const ATTENDANCE_IS_PRO =
  'Time and attendance (attendance adjustments) is part of the Pro plan. Upgrade to Pro to record them.';

/**
 * The schedule: shifts and time off, the lock, and notifications. Owners and administrators write;
 * every member reads, minus what the lock hides from staff and notes meant for administrators.
 */
export function createShiftService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  events?: ScheduleEvents;
  weekCache?: WeekCache;
  log?: WarnLog;
}) {
  const { db, mailer, proEmails } = deps;
  const weekCache = deps.weekCache ?? createWeekCache();

  const access = (tx: Db, user: UserRow, teamId: string) =>
    loadTeamAccess(createTeamRepository(tx), teamId, user.id, proEmails);

  /** Refuses what the team's plan does not include: emails to staff, attendance adjustments. */
  function checkPro(a: TeamAccess, input: { notify: boolean; adjustments: number }) {
    if (input.notify && !planAllows(a.ownerTier, 'scheduleNotifications')) {
      throw new DomainError(ErrorCode.PLAN_LIMIT, NOTIFICATIONS_ARE_PRO);
    }
    if (input.adjustments > 0 && !planAllows(a.ownerTier, 'attendance')) {
      throw new DomainError(ErrorCode.PLAN_LIMIT, ATTENDANCE_IS_PRO);
    }
  }

  async function staffFor(tx: Db, teamId: string, staffId: string): Promise<StaffRow> {
    const row = await createStaffRepository(tx).lockInTeam(teamId, staffId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
    return row;
  }

  /** Refuses an entry dated after the person's leaving date. */
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

  const isLocked = (a: TeamAccess, date: string) => isDateLocked(date, a.team.lockedUntil);
  const scheduleUrl = (date: string) => `${deps.publicUrl}/schedule/${date}`;

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
        url: scheduleUrl((after ?? before)!.shiftDate),
        teamName: a.team.name,
        firstName: member.firstName,
        change,
        before: before ? describeEntry(before) : null,
        after: after ? describeEntry(after) : null,
      }),
    };
  }

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

  return {
    /**
     * A range of the schedule as this viewer may see it, serialised, and its validator (an ETag): the
     * same whenever the answer would be the same bytes. It is built from the team's schedule version
     * (bumped with every change to its shifts), the dates this viewer may read (plan window, lock)
     * and whether they see administrators' notes, so answering a conditional read takes no shift
     * query, and one viewer's validator never matches what a viewer who may see less would get. The
     * same key finds the serialised answer in the week cache, so a repeated read skips the query too.
     */
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<{ etag: string; loadJson: () => Promise<Buffer> }> {
      const a = await access(db, user, teamId);
      const viewer = { tier: a.ownerTier, isAdmin: a.isAdmin, lock: a.team, today: todayUtc() };
      const readable = readableRange(viewer, range.startDate, range.endDate);
      const seen = readable ? `${readable.startDate}..${readable.endDate}` : 'none';
      const key = `${a.team.scheduleVersion}-${seen}-${a.isAdmin ? 'admin' : 'staff'}`;
      const cacheKey = `${teamId}/${key}`;
      const loadJson = async () => {
        const cached = weekCache.get(cacheKey);
        if (cached !== undefined) return cached;
        const rows = readable
          ? await createShiftRepository(db).readForTeam(teamId, readable.startDate, readable.endDate)
          : [];
        // Built from database rows through toShiftDto, whose output the DTO contract describes
        // (tests read it through the schema); not validated again per item on every read.
        // As bytes: Fastify would otherwise measure the string for Content-Length and encode it again
        // to write it (about 1 ms each for a 500-staff week).
        const json = Buffer.from(JSON.stringify(rows.map((row) => toShiftDto(row, a))));
        weekCache.set(cacheKey, json);
        return json;
      };
      return { etag: `W/"${key}"`, loadJson };
    },

    async create(user: UserRow, teamId: string, input: ParsedShiftInput, notify: boolean): Promise<ShiftDto> {
      // Read before the transaction (as every read): the same answer a read inside it would give at
      // this isolation level, from the prepared (and on PGlite remembered) statement.
      const a = requireTeamWriter(await access(db, user, teamId));
      const { result, mails } = await db.transaction(async (tx) => {
        checkPro(a, { notify, adjustments: input.attendanceAdjustments.length });
        const member = await staffFor(tx, teamId, input.staffId);
        refuseAfterLeaving(member, input);
        // The entry, its audit row (shiftAuditValues' fields) and the person's other entries nearby
        // in one statement, after their row is locked; a clash throws, which takes the insert back.
        const { row, entries } = await createShiftRepository(tx).insertAudited(
          { teamId, ...values(input) },
          user.id,
          nearbyDates(input),
        );
        refuseClash(member, input, null, entries);
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

    async update(
      user: UserRow,
      teamId: string,
      shiftId: string,
      input: ParsedShiftInput,
      notify: boolean,
    ): Promise<ShiftDto> {
      const a = requireTeamWriter(await access(db, user, teamId));
      const { result, mails, previousDate } = await db.transaction(async (tx) => {
        checkPro(a, { notify, adjustments: input.attendanceAdjustments.length });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await staffFor(tx, teamId, input.staffId);
        const previousMember =
          before.staffId === member.id ? member : await staffFor(tx, teamId, before.staffId);
        await checkConflicts(tx, member, input, shiftId);
        const after = await repo.update(shiftId, values(input));
        await createAuditRepository(tx).recordUpdate({
          teamId,
          entityType: 'shift',
          entityId: shiftId,
          changedBy: user.id,
          before: shiftAuditValues(before),
          after: shiftAuditValues(after),
        });
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

    async remove(user: UserRow, teamId: string, shiftId: string, notify: boolean): Promise<MessageResponse> {
      const a = requireTeamWriter(await access(db, user, teamId));
      const { result, mails, date } = await db.transaction(async (tx) => {
        checkPro(a, { notify, adjustments: 0 });
        const repo = createShiftRepository(tx);
        const before = await repo.findInTeam(teamId, shiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        const member = await staffFor(tx, teamId, before.staffId);
        await repo.delete(shiftId);
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'shift',
          entityId: shiftId,
          action: 'DELETE',
          changedBy: user.id,
          oldValues: shiftAuditValues(before),
        });
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

    /** The signed-in person's next timed shift after a date and time, or null. */
    async next(
      user: UserRow,
      teamId: string,
      date: string,
      time: string | undefined,
    ): Promise<ShiftDto | null> {
      const a = await access(db, user, teamId);
      const member = await createStaffRepository(db).findByUser(teamId, user.id);
      if (!member) return null;
      const row = await createShiftRepository(db).nextForStaff(
        member.id,
        date,
        time ?? '00:00:00',
        lastReadableDate(a.team, a.isAdmin),
      );
      return row ? toShiftDto(row, a) : null;
    },

    /** A shift's audit entries, newest first, as far back as the plan's change history reaches. */
    async history(
      user: UserRow,
      teamId: string,
      shiftId: string,
      offset: number,
      limit: number,
    ): Promise<HistoryResponse> {
      const a = requireTeamAdmin(await access(db, user, teamId));
      const repo = createShiftRepository(db);
      if (!(await repo.findInTeam(teamId, shiftId)) && !(await repo.hasAnyHistory(teamId, shiftId))) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
      }
      const since = auditHistorySince(a.ownerTier, new Date());
      const { total, rows } = await repo.history(teamId, shiftId, since, offset, limit);
      return {
        history: rows.map(({ audit, firstName, lastName, email, onBehalfOf }) => {
          const oldValues = (audit.oldValues as Record<string, unknown> | null) ?? null;
          const newValues = (audit.newValues as Record<string, unknown> | null) ?? null;
          return {
            auditId: audit.id,
            action: audit.action,
            changesSummary: summariseShiftChange(audit.action, oldValues, newValues),
            changedByName: auditActorName({ firstName, lastName, email }, onBehalfOf),
            changedAt: audit.changedAt.toISOString(),
            oldValues,
            newValues,
          };
        }),
        totalCount: total,
        hasMore: offset + rows.length < total,
        isPro: planOf(a.ownerTier).paid,
      };
    },

    async getLock(user: UserRow, teamId: string): Promise<ShiftLock> {
      const a = await access(db, user, teamId);
      return { lockedUntil: a.team.lockedUntil, hideScheduleAfterLock: a.team.hideScheduleAfterLock };
    },

    async setLock(user: UserRow, teamId: string, lock: ShiftLock): Promise<ShiftLock> {
      const result = await db.transaction(async (tx) => {
        const a = requireTeamWriter(await access(tx, user, teamId));
        const [updated] = await tx
          .update(teams)
          .set({
            lockedUntil: lock.lockedUntil,
            hideScheduleAfterLock: lock.hideScheduleAfterLock,
            updatedAt: new Date(),
          })
          .where(eq(teams.id, teamId))
          .returning();
        await createAuditRepository(tx).recordUpdate({
          teamId,
          entityType: 'team',
          entityId: teamId,
          changedBy: user.id,
          before: { lockedUntil: a.team.lockedUntil, hideScheduleAfterLock: a.team.hideScheduleAfterLock },
          after: { lockedUntil: updated!.lockedUntil, hideScheduleAfterLock: updated!.hideScheduleAfterLock },
        });
        return { lockedUntil: updated!.lockedUntil, hideScheduleAfterLock: updated!.hideScheduleAfterLock };
      });
      announce(deps.events, { teamId, kind: 'lock', user });
      return result;
    },

    /**
     * Copies one week's shifts to another (time off only when asked: it belongs to its dates;
     * attendance adjustments never: they record what happened on the day). Entries that would clash,
     * or fall after someone's leaving date, are skipped. Set-based: one read of the source week, one of
     * the target window, the clash rule in memory (each copy also checked against the copies before
     * it), one insert of every copy and one of every audit row, however many entries.
     */
    async copyWeek(
      user: UserRow,
      teamId: string,
      input: { fromWeekStart: string; toWeekStart: string; includeTimeOff?: boolean },
    ) {
      const result = await db.transaction(async (tx) => {
        requireTeamWriter(await access(tx, user, teamId));
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
          const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = entry;
          copies.push({ ...rest, shiftDate, attendanceAdjustments: [] });
          nearby.push(candidate);
          byStaff.set(entry.staffId, nearby);
        }
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
        requireTeamWriter(await access(tx, user, teamId));
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
      const a = requireTeamWriter(await access(db, user, teamId));
      checkPro(a, { notify: true, adjustments: 0 });
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
            url: scheduleUrl(week.weekStartDate),
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
