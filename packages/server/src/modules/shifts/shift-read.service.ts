import { auditActorName } from '@rotaboard/core/audit/actor';
import type { HistoryResponse, ShiftDto } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { auditHistorySince, planOf } from '@rotaboard/core/plans/plan-limits';
import { summariseShiftChange } from '@rotaboard/core/shifts/describe';
import { lastReadableDate, readableRange } from '@rotaboard/core/shifts/lock';
import { timeIn } from '@rotaboard/core/time/clock';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { requireTeamAdmin } from '../team-access/team-access.ts';
import { toShiftDto } from './shift.dto.ts';
import { createShiftRepository } from './shift.repository.ts';
import type { ShiftContext, ShiftServiceDeps } from './shift-context.ts';
import { createShiftHistoryRepository } from './shift-history.repository.ts';
import { createWeekCache, type WeekCache, type WeekEncoding } from './week-cache.ts';

/** Reading the schedule: a range of it, someone's next shift, and one entry's history. */
export function createShiftReadService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const { db } = deps;
  const weekCache = deps.weekCache ?? createWeekCache();

  return {
    /**
     * A range of the schedule as this viewer may see it, serialised, and its validator (an ETag): the
     * same whenever the answer would be the same bytes. It is built from the team's schedule version
     * (bumped with every change to its shifts), its time zone (a shift's length is real time there, so
     * a new zone is a new answer), the dates this viewer may read (plan window, lock: core's
     * readableRange) and whether they see administrators' notes, so answering a conditional
     * read takes no shift query, and one viewer's validator never matches what a viewer who may see
     * less would get. The same key finds the serialised answer in the week cache, so a repeated read
     * skips the query too.
     */
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<{ etag: string; load: (encoding?: WeekEncoding) => ReturnType<WeekCache['body']> }> {
      const a = await ctx.access(db, user, teamId);
      // The plan's history window counts back from the team's today, in its time zone.
      const viewer = { tier: a.ownerTier, isAdmin: a.isAdmin, lock: a.team, today: teamToday(a.team) };
      const readable = readableRange(viewer, range.startDate, range.endDate);
      const seen = readable ? `${readable.startDate}..${readable.endDate}` : 'none';
      const key = `${a.team.scheduleVersion}-${a.team.timeZone}-${seen}-${a.isAdmin ? 'admin' : 'staff'}`;
      const cacheKey = `${teamId}/${key}`;
      const build = async () => {
        const rows = readable
          ? await createShiftRepository(db).readForTeam(teamId, readable.startDate, readable.endDate)
          : [];
        // Built from database rows through toShiftDto, whose output the DTO contract describes
        // (tests read it through the schema); not validated again per item on every read.
        // As bytes: Fastify would otherwise measure the string for Content-Length and encode it again
        // to write it (about 1 ms each for a 500-staff week).
        return Buffer.from(JSON.stringify(rows.map((row) => toShiftDto(row, a))));
      };
      // Everyone asking for this version at once shares one build and one body per encoding.
      return { etag: `W/"${key}"`, load: (encoding) => weekCache.body(cacheKey, build, encoding) };
    },

    /**
     * The signed-in person's next timed shift after a date and time (wall-clock, in the team's zone),
     * or null. Without a date it is after now on the team's clock: a browser in another zone than the
     * team's would otherwise ask about the wrong moment.
     */
    async next(
      user: UserRow,
      teamId: string,
      date: string | undefined,
      time: string | undefined,
      now: number = Date.now(),
    ): Promise<ShiftDto | null> {
      const a = await ctx.access(db, user, teamId);
      const member = await staffDirectory(db).findByUser(teamId, user.id);
      if (!member) return null;
      const row = await createShiftRepository(db).nextForStaff(
        member.id,
        date ?? teamToday(a.team, now),
        time ?? (date ? '00:00:00' : timeIn(a.team.timeZone, now)),
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
      const a = requireTeamAdmin(await ctx.access(db, user, teamId));
      const history = createShiftHistoryRepository(db);
      const exists = await createShiftRepository(db).findInTeam(teamId, shiftId);
      if (!exists && !(await history.hasAnyHistory(teamId, shiftId))) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
      }
      const since = auditHistorySince(a.ownerTier, new Date());
      const { total, rows } = await history.history(teamId, shiftId, since, offset, limit);
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
  };
}
