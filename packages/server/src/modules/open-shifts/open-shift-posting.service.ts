import type {
  OpenShiftDto,
  OpenShiftListResponse,
  ParsedOpenShiftInput,
} from '@rotaboard/core/contracts/open-shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { openShiftVisibleToStaff } from '@rotaboard/core/open-shifts/open-shift-visibility';
import { describeOpenShift, openShiftProblem } from '@rotaboard/core/open-shifts/open-shifts';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import type { CommandScope } from '../audit/command.ts';
import { refuseTimesOutOfZone } from '../shifts/shift-context.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import { claimAuditValues, openShiftAuditValues, openShiftFields, toClaimDto } from './open-shift.dto.ts';
import { createOpenShiftRepository, type OpenShiftRow } from './open-shift.repository.ts';
import {
  OPEN_SHIFTS_PLAN,
  type OpenShiftContext,
  type OpenShiftServiceDeps,
  requirePro,
  viewerOf,
} from './open-shift-context.ts';

/**
 * Posting open shifts (issue 27): administrators post and take them down (pending claims rejected,
 * their claimants told); the list, everyone's for administrators with every claim, for staff those
 * they may claim.
 */
export function createOpenShiftPostingService(deps: OpenShiftServiceDeps, ctx: OpenShiftContext) {
  const { db } = deps;

  return {
    create(user: UserRow, teamId: string, input: ParsedOpenShiftInput): Promise<OpenShiftDto> {
      // The plan is checked in the work, not by the command: an open shift that cannot be is refused
      // as such (400) before the plan is (403), as it always was.
      return ctx.teamCommand(user, teamId, { role: 'writer' }, async (tx, a, effects) => {
        // From today in the team's time zone, the clock its schedule keeps.
        const problem = openShiftProblem(input, teamToday(a.team));
        if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message);
        // A time the team's clocks skip that night is refused as on the schedule (issue 41).
        refuseTimesOutOfZone(
          { ...input, isTimeOff: false, timeOffDays: null, timeOffHours: null },
          a.team.timeZone,
        );
        requirePro(a);
        const row = await createOpenShiftRepository(tx).insert({ teamId, ...input, createdBy: user.id });
        effects.audit({
          entityType: 'open_shift',
          entityId: row.id,
          action: 'CREATE',
          newValues: openShiftAuditValues(row),
        });
        ctx.announceChange(effects, row);
        return { ...openShiftFields({ ...row, filled: 0 }), claims: [] };
      });
    },

    /**
     * A sick call's place (issue 44, modules/sick-calls): an open shift of one with the sick shift's
     * date, times, break and role, posted inside the sick call's command (`scope`, whose caller may be
     * the sick member themself: the sick-call service has checked who may act). Not refused for a date
     * before today: an overnight shift called off after midnight is still running. Audited with the
     * shift it covers and whom it is offered to; announced as `open-shifts`.
     */
    postSickCover(
      user: UserRow,
      scope: CommandScope & { access: TeamAccess },
      input: {
        shiftDate: string;
        startTime: string;
        endTime: string;
        breakMinutes: number;
        role: string | null;
        fromSickShiftId: string;
        offeredTo: readonly string[];
      },
    ): Promise<OpenShiftRow> {
      const { offeredTo, ...fields } = input;
      return ctx.teamCommand(
        user,
        scope.access.team.id,
        { role: 'member', plan: OPEN_SHIFTS_PLAN, access: scope.access, join: scope },
        async (tx, a, effects) => {
          const problem = openShiftProblem(fields, null);
          if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message);
          refuseTimesOutOfZone(
            { ...fields, isTimeOff: false, timeOffDays: null, timeOffHours: null },
            a.team.timeZone,
          );
          const row = await createOpenShiftRepository(tx).insert({
            teamId: a.team.id,
            ...fields,
            notes: null,
            staffCount: 1,
            createdBy: user.id,
          });
          effects.audit({
            entityType: 'open_shift',
            entityId: row.id,
            action: 'CREATE',
            newValues: { ...openShiftAuditValues(row), fromSickShiftId: row.fromSickShiftId, offeredTo },
          });
          ctx.announceChange(effects, row);
          return row;
        },
      );
    },

    /**
     * Staff: unfilled open shifts not yet over (until their end in the team's zone, `now` the server's
     * clock) on dates they may read whose role fits theirs, without those they
     * already had a decision on; administrators: all, with every claim.
     */
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
      now: Date = new Date(),
    ): Promise<OpenShiftListResponse> {
      const a = await ctx.access(db, user, teamId);
      requirePro(a);
      const repo = createOpenShiftRepository(db);
      const rows = await repo.listInRange(teamId, range.startDate, range.endDate);
      if (a.isAdmin) {
        const claims = await repo.claimsOf(rows.map((r) => r.id));
        return {
          openShifts: rows.map((row) => ({
            ...openShiftFields(row),
            claims: claims.filter((c) => c.openShiftId === row.id).map(toClaimDto),
          })),
        };
      }
      const member = a.staffId ? await staffDirectory(db).findInTeam(teamId, a.staffId) : null;
      if (!member) return { openShifts: [] };
      const viewer = viewerOf(a, member, now.getTime());
      // The one who called in sick is not offered the cover of their own shift (issue 44).
      const ownSick = await repo.ownSickShifts(
        member.id,
        rows.flatMap((row) => (row.fromSickShiftId ? [row.fromSickShiftId] : [])),
      );
      const visible = rows.filter(
        (row) =>
          openShiftVisibleToStaff(viewer, row) && !(row.fromSickShiftId && ownSick.has(row.fromSickShiftId)),
      );
      const mine = await repo.claimsBy(
        member.id,
        visible.map((r) => r.id),
      );
      return {
        openShifts: visible
          .filter((row) => !mine.some((c) => c.openShiftId === row.id && c.status !== 'pending'))
          .map((row) => ({
            ...openShiftFields(row),
            claimedByMe: mine.some((c) => c.openShiftId === row.id),
          })),
      };
    },

    /** Pending claims are rejected (and their claimants told); shifts of approved claims stay. */
    remove(user: UserRow, teamId: string, openShiftId: string): Promise<{ success: true; message: string }> {
      return ctx.teamCommand(
        user,
        teamId,
        { role: 'writer', plan: OPEN_SHIFTS_PLAN },
        async (tx, a, effects) => {
          const repo = createOpenShiftRepository(tx);
          const row = await repo.lockInTeam(teamId, openShiftId);
          if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Open shift not found');
          const rejected = await repo.rejectPending(row.id, null, user.id, new Date());
          for (const claim of rejected) {
            effects.audit({
              entityType: 'open_shift_claim',
              entityId: claim.id,
              action: 'REJECTED',
              oldValues: claimAuditValues({ ...claim, status: 'pending' }),
              newValues: claimAuditValues(claim),
            });
          }
          effects.mail(...(await ctx.decidedMails(tx, a, user, row, rejected)));
          await repo.delete(row.id);
          effects.audit({
            entityType: 'open_shift',
            entityId: row.id,
            action: 'DELETE',
            oldValues: openShiftAuditValues(row),
          });
          ctx.announceChange(effects, row);
          return { success: true, message: `Deleted the open shift on ${describeOpenShift(row)}` };
        },
      );
    },
  };
}
