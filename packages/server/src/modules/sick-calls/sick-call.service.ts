import type { SickCallResponse } from '@rotaboard/core/contracts/sick-calls';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { shiftSummary } from '@rotaboard/core/day/no-show';
import {
  nobodyFitsReason,
  rankSickCover,
  SICK_CALL_MESSAGES,
  SICK_CALLS_ARE_PRO,
} from '@rotaboard/core/day/sick-cover';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { rateOn } from '@rotaboard/core/labour/pay-rates';
import { usesHour12 } from '@rotaboard/core/time/format';
import { spanInstants } from '@rotaboard/core/time/zone';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { CommandDeps } from '../audit/command.ts';
import { labourCosting } from '../labour/labour-costing.ts';
import { sickCoverNobodyEmail, sickCoverOfferedEmail } from '../mail/templates.ts';
import type { createOpenShiftService } from '../open-shifts/open-shift.service.ts';
import { requestReviewers } from '../requests/request-reviewers.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { markCalledInSick } from '../shifts/sick-entries.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { loadStaffingContext } from '../staffing/staffing-context.ts';
import { requireTeamWriter } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { createSickCallRepository } from './sick-call.repository.ts';

/** The plan a sick call needs (teamCommand's `plan`): time and attendance, Pro. */
export const SICK_CALLS_PLAN = { feature: 'attendance', refusal: SICK_CALLS_ARE_PRO } as const;

/** What the sick-call service is built from (services.ts passes the app's). */
export type SickCallServiceDeps = CommandDeps & {
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  /** The sick shift's place is posted through the open-shift service, in the sick call's command. */
  openShifts: Pick<ReturnType<typeof createOpenShiftService>, 'postSickCover'>;
};

/**
 * Sick calls (issue 44): a member (or an administrator for them) calls in sick for a shift not yet
 * over. In one team command the shift becomes time off marked sick, its place an open shift of one
 * (the open-shift service's posting, joined to this command), and the rule engine (core
 * day/sick-cover) ranks who can take it; the best `sickCoverOffers` are offered it, by bell and email
 * with the reason in words, and when nobody fits the owner and administrators are told why.
 */
export function createSickCallService(deps: SickCallServiceDeps) {
  const teamCommand = createTeamCommand(deps);
  const openShiftsUrl = (date: string) => `${deps.publicUrl}/schedule/${date}`;

  return {
    callInSick(
      user: UserRow,
      teamId: string,
      shiftId: string,
      input: { note?: string | undefined } | null | undefined,
      now: Date = new Date(),
    ): Promise<SickCallResponse> {
      return teamCommand(user, teamId, { role: 'member', plan: SICK_CALLS_PLAN }, async (tx, a, effects) => {
        const reads = scheduleReads(tx);
        const seen = await reads.findInTeam(teamId, shiftId);
        if (!seen) throw new DomainError(ErrorCode.NOT_FOUND, SICK_CALL_MESSAGES.notFound);
        const own = a.staffId !== null && seen.staffId === a.staffId;
        if (!own && !a.isAdmin) throw new DomainError(ErrorCode.FORBIDDEN, SICK_CALL_MESSAGES.notYours);
        // For someone else: a change to the schedule, as any administrator's (a team the plan still covers).
        if (!own) requireTeamWriter(a);
        // The person's row first, as every schedule write locks it; then the shift as it is now.
        const member = await staffDirectory(tx).lockInTeam(teamId, seen.staffId);
        const shift = member ? await reads.findInTeam(teamId, shiftId) : null;
        if (!member || !shift || shift.staffId !== member.id)
          throw new DomainError(ErrorCode.NOT_FOUND, SICK_CALL_MESSAGES.notFound);
        if (shift.sick) throw new DomainError(ErrorCode.CONFLICT, SICK_CALL_MESSAGES.alreadySick);
        if (shift.isTimeOff) throw new DomainError(ErrorCode.CONFLICT, SICK_CALL_MESSAGES.timeOff);
        if (!shift.startTime || !shift.endTime)
          throw new DomainError(ErrorCode.CONFLICT, SICK_CALL_MESSAGES.noTimes);
        const { end } = spanInstants(shift.shiftDate, shift.startTime, shift.endTime, a.team.timeZone);
        if (end <= now.getTime()) throw new DomainError(ErrorCode.CONFLICT, SICK_CALL_MESSAGES.over);

        const slot = {
          shiftDate: shift.shiftDate,
          startTime: shift.startTime,
          endTime: shift.endTime,
          breakMinutes: shift.breakMinutes,
          role: member.role.trim() || null,
          sickStaffId: member.id,
        };
        // The rules' context over the slot's team week (the hours against contract) and their window.
        const weekStart = startOfWeek(shift.shiftDate, a.team.weekStartDay);
        const [context, people, costing] = await Promise.all([
          loadStaffingContext(tx, scheduleReads, a.team, weekStart, addDays(weekStart, 6)),
          staffDirectory(tx).listForTeam(teamId, null),
          labourCosting(tx).forTeam(teamId, shift.shiftDate),
        ]);
        const hourlyRateMinor = new Map<string, number | null>();
        for (const [staffId, rates] of costing?.context.ratesByStaff ?? []) {
          hourlyRateMinor.set(staffId, rateOn(rates, shift.shiftDate)?.hourlyRateMinor ?? null);
        }
        const { ranked, refused } = rankSickCover({
          slot,
          context,
          contractedHours: context.contractedHours,
          hourlyRateMinor,
          canClaim: new Set(people.filter((p) => p.userId !== null).map((p) => p.id)),
        });
        const offered = ranked.slice(0, a.team.sickCoverOffers);

        await markCalledInSick(tx, effects, shift, input?.note || null);
        const openShift = await deps.openShifts.postSickCover(
          user,
          { tx, effects, access: a },
          {
            shiftDate: shift.shiftDate,
            startTime: shift.startTime,
            endTime: shift.endTime,
            breakMinutes: shift.breakMinutes,
            role: slot.role,
            fromSickShiftId: shift.id,
            offeredTo: offered.map((c) => c.staffId),
          },
        );
        const repo = createSickCallRepository(tx);
        await repo.insertOffers(
          openShift.id,
          offered.map((c, i) => ({ staffId: c.staffId, rank: i + 1, reason: c.reason })),
        );

        const url = openShiftsUrl(shift.shiftDate);
        const staffName = `${member.firstName} ${member.lastName}`.trim();
        if (offered.length > 0) {
          const accounts = await repo.staffAccounts(offered.map((c) => c.staffId));
          effects.mail(
            ...offered.map((c) => {
              const account = accounts.find((x) => x.staffId === c.staffId);
              const to = account?.email ?? account?.staffEmail;
              if (!account || !to) return null;
              return {
                to,
                ...sickCoverOfferedEmail({
                  url,
                  teamName: a.team.name,
                  firstName: account.firstName || account.staffFirstName || 'there',
                  summary: shiftSummary(slot, usesHour12(account.timeFormat, undefined)),
                  reason: c.reason,
                }),
              };
            }),
          );
        } else {
          const why = nobodyFitsReason(refused);
          const admins = await requestReviewers(tx).reviewers(teamId, teamToday(a.team, now));
          effects.mail(
            ...admins.map((admin) => ({
              to: admin.email,
              ...sickCoverNobodyEmail({
                url,
                teamName: a.team.name,
                firstName: admin.firstName || 'there',
                staffName,
                summary: shiftSummary(slot, usesHour12(admin.timeFormat, undefined)),
                why,
              }),
            })),
          );
        }
        return {
          openShiftId: openShift.id,
          offeredTo: offered.map((c) => ({ staffId: c.staffId, staffName: c.staffName, reason: c.reason })),
        };
      });
    },
  };
}
export type SickCallService = ReturnType<typeof createSickCallService>;
