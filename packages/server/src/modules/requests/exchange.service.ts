import type { GiveAwayInput, RequestDto, SwapInput } from '@rotaboard/core/contracts/requests';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  colleagueProblem,
  describeSwap,
  exchangeClash,
  exchangeClashMessage,
  initialSwapStatus,
  movesFor,
  offerProblem,
  SWAP_MESSAGES,
  type SwapColleague,
  swapTargetProblem,
} from '@rotaboard/core/requests/swaps';
import { conflictWindow } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { lastReadableDate } from '@rotaboard/core/shifts/lock';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { swapAskedEmail } from '../mail/templates.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import type { ExchangeMove } from '../shifts/shift-write.service.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import { userDirectory } from '../users/user-directory.ts';
import { openShiftFromGiveAway } from './give-away.ts';
import { createRequestRepository, type RequestRow } from './request.repository.ts';
import {
  asSwapShift,
  dtoOf,
  fullName,
  NOT_ON_STAFF,
  REQUESTS_PLAN,
  type RequestContext,
  type RequestServiceDeps,
  recordRequest,
  stepTo,
  summaryOf,
} from './request-context.ts';

/**
 * Swaps and give-aways (issue 27): asking, the named colleague's answer, and the approval, which moves
 * the shifts through the shift service. Rejecting and cancelling one are as for any request
 * (leave.service.ts).
 */
export function createExchangeService(deps: RequestServiceDeps, ctx: RequestContext) {
  /**
   * A swap or give-away (issue 27): the requester's own future shift on an open day, for a colleague's
   * (swap) or to a named colleague or anyone (give-away). Waits for the colleague when one is named.
   */
  async function createExchange(
    user: UserRow,
    teamId: string,
    input: SwapInput | GiveAwayInput,
  ): Promise<RequestDto> {
    return ctx.teamCommand(user, teamId, { role: 'member', plan: REQUESTS_PLAN }, async (tx, a, effects) => {
      if (!a.staffId) throw new DomainError(ErrorCode.FORBIDDEN, NOT_ON_STAFF);
      // "Today or later" in the team's time zone, where the shifts' dates are.
      const today = teamToday(a.team);
      // Dates a lock hides from staff are not theirs to ask about: as if the shift did not exist.
      const readable = lastReadableDate(a.team, a.isAdmin);
      const shifts = scheduleReads(tx);
      const findShift = async (shiftId: string) => {
        const row = await shifts.findInTeam(teamId, shiftId);
        if (!row || (readable !== null && row.shiftDate > readable)) {
          throw new DomainError(ErrorCode.NOT_FOUND, 'Shift not found');
        }
        return row;
      };
      const me = { staffId: a.staffId, leavingDate: a.leavingDate };
      const shift = await findShift(input.shiftId);
      const offer = offerProblem(asSwapShift(shift), me, today, a.team.lockedUntil);
      if (offer) {
        throw new DomainError(
          offer === SWAP_MESSAGES.notYours ? ErrorCode.FORBIDDEN : ErrorCode.RULE_BROKEN,
          offer,
        );
      }
      const target = input.requestType === 'swap' ? await findShift(input.targetShiftId) : null;
      // One open exchange per shift: a second one is refused, naming the first (issue 45).
      const involved = target ? [shift.id, target.id] : [shift.id];
      const requestRepo = createRequestRepository(tx);
      await requestRepo.lockShiftsForExchange(involved);
      const first = await requestRepo.openExchangeOn(teamId, involved);
      if (first) {
        throw new DomainError(
          ErrorCode.CONFLICT,
          SWAP_MESSAGES.alreadyAsked(
            first.staffId === a.staffId
              ? {
                  description: first.description,
                  status: first.status === 'awaiting_colleague' ? 'awaiting_colleague' : 'pending',
                }
              : null,
          ),
        );
      }
      const colleagueId = target
        ? target.staffId
        : input.requestType === 'give_away'
          ? input.targetStaffId
          : null;
      let colleague: SwapColleague | null = null;
      if (colleagueId) {
        const row = await staffDirectory(tx).findInTeam(teamId, colleagueId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
        colleague = {
          staffId: row.id,
          name: fullName(row),
          userId: row.userId,
          leavingDate: row.leavingDate,
        };
      }
      const problem = target
        ? swapTargetProblem(
            asSwapShift(shift),
            asSwapShift(target),
            me,
            colleague!,
            today,
            a.team.lockedUntil,
          )
        : colleague
          ? colleagueProblem(asSwapShift(shift), me, colleague)
          : null;
      if (problem) throw new DomainError(ErrorCode.RULE_BROKEN, problem);
      // A swap or give-away that would double-book someone is refused now, not after the colleague
      // agreed (approval checks again, with the strict staffing rules too).
      if (colleague) {
        const moves = movesFor(
          { requestType: input.requestType, targetStaffId: colleague.staffId },
          asSwapShift(shift),
          target ? asSwapShift(target) : null,
        );
        const dates = [shift.shiftDate, target?.shiftDate ?? shift.shiftDate].sort();
        const window = { from: conflictWindow(dates[0]!).startDate, to: conflictWindow(dates[1]!).endDate };
        const nearby = [
          ...(await shifts.listForStaff(a.staffId, window.from, window.to)),
          ...(await shifts.listForStaff(colleague.staffId, window.from, window.to)),
        ];
        const clash = exchangeClash(
          moves,
          nearby.map((row) => ({ ...row, shiftId: row.id })),
        );
        if (clash) {
          const name = clash.move.toStaffId === a.staffId ? 'your' : colleague.name;
          throw new DomainError(ErrorCode.CONFLICT, exchangeClashMessage(name, clash.clash));
        }
      }

      const summary = describeSwap({
        requestType: input.requestType,
        shift: describeEntry(shift),
        targetShift: target ? describeEntry(target) : null,
        targetName: colleague?.name ?? null,
      });
      const dates = [shift.shiftDate, target?.shiftDate ?? shift.shiftDate].sort();
      const repo = createRequestRepository(tx);
      const row = await repo.insert({
        teamId,
        staffId: a.staffId,
        requestedBy: user.id,
        requestType: input.requestType,
        // What was asked, in words: the record once the shifts have moved or gone.
        description: summary,
        startDate: dates[0]!,
        endDate: dates[1]!,
        status: initialSwapStatus(colleague?.staffId ?? null),
        shiftId: shift.id,
        targetShiftId: target?.id ?? null,
        targetStaffId: colleague?.staffId ?? null,
      });
      recordRequest(effects, 'CREATE', null, row);
      const withNames = (await repo.findWithNames(row.id))!;
      effects.announce({ kind: 'requests', ids: [row.id] });
      if (colleague) {
        const colleagueUser = await userDirectory(tx).findById(colleague.userId!);
        if (colleagueUser?.requestEmails) {
          effects.mail({
            to: colleagueUser.email,
            ...swapAskedEmail({
              url: ctx.requestsUrl,
              teamName: a.team.name,
              firstName: colleagueUser.firstName || 'there',
              requesterName: withNames.staffFirstName,
              summary,
              settingsUrl: ctx.settingsUrl,
            }),
          });
        }
      } else {
        effects.mail(...(await ctx.reviewerMails(repo, a, user, withNames.staffFirstName, summary)));
      }
      return dtoOf(repo, row.id, a);
    });
  }

  /**
   * Approving a swap or give-away: the shift service moves the shift(s) in one transaction, re-checking
   * both sides; the request is decided in the same transaction (and a give-away to anyone becomes an
   * open shift of one), so a refusal leaves the request pending and every shift where it was.
   */
  async function approveExchange(
    user: UserRow,
    teamId: string,
    requestId: string,
    adminComments: string | null,
  ): Promise<RequestDto> {
    let checked: { a: TeamAccess; row: RequestRow; summary: string } | null = null;
    return deps.shifts.exchange(
      user,
      teamId,
      async (tx) => {
        const { a, repo, row } = await ctx.openReview(tx, user, teamId, requestId, true);
        // Summarised before the shifts move, as the people agreed to it.
        checked = { a, row, summary: summaryOf(row, await repo.exchangeDetails([row])) };
        if (!row.shiftId || (row.requestType === 'swap' && !row.targetShiftId)) {
          throw new DomainError(ErrorCode.CONFLICT, SWAP_MESSAGES.vanished);
        }
        // A colleague removed from the team leaves no one to take the shift (never "anyone" instead).
        if (!row.targetStaffId && (row.requestType === 'swap' || row.colleagueRespondedAt !== null)) {
          throw new DomainError(ErrorCode.CONFLICT, 'The colleague of this request is no longer on the team');
        }
        // A shift edited after the request was sent is no longer the one agreed to.
        const since = row.createdAt;
        const moves: ExchangeMove[] = [
          {
            shiftId: row.shiftId,
            fromStaffId: row.staffId,
            toStaffId: row.targetStaffId,
            unchangedSince: since,
          },
        ];
        if (row.requestType === 'swap') {
          moves.push({
            shiftId: row.targetShiftId!,
            fromStaffId: row.targetStaffId!,
            toStaffId: row.staffId,
            unchangedSince: since,
          });
        }
        return moves;
      },
      async (tx, before, effects) => {
        const { a, row, summary } = checked!;
        if (row.requestType === 'give_away' && row.targetStaffId === null) {
          const opened = await openShiftFromGiveAway(tx, effects, {
            teamId,
            requestId: row.id,
            shift: before[0]!,
            approvedBy: user.id,
          });
          // A give-away to anyone is now an open shift: open grids show it at once.
          effects.announce({
            kind: 'open-shifts',
            dates: [opened.shiftDate],
            ids: [opened.id],
          });
        }
        const repo = createRequestRepository(tx);
        const decided = await repo.decide(row.id, {
          status: 'approved',
          adminComments,
          reviewedBy: user.id,
          reviewedAt: new Date(),
        });
        recordRequest(effects, 'APPROVED', row, decided);
        effects.announce({ kind: 'requests', ids: [requestId] });
        effects.mail(...(await ctx.decidedMails(tx, a, row, user, 'approved', adminComments, summary)));
        return dtoOf(repo, row.id, a);
      },
    );
  }

  return {
    create: createExchange,
    approve: approveExchange,

    /**
     * The colleague a swap or give-away names accepts (it goes to the administrators) or declines (it is
     * rejected). Only that colleague: anyone else who can see the request gets 403, others 404.
     */
    async respond(user: UserRow, teamId: string, requestId: string, accept: boolean): Promise<RequestDto> {
      return ctx.teamCommand(
        user,
        teamId,
        { role: 'member', plan: REQUESTS_PLAN },
        async (tx, a, effects) => {
          const repo = createRequestRepository(tx);
          const row = await repo.lockInTeam(teamId, requestId);
          const named = row !== null && a.staffId !== null && row.targetStaffId === a.staffId;
          if (!row || (!named && row.requestedBy !== user.id && !a.isAdmin)) {
            throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
          }
          if (!named)
            throw new DomainError(ErrorCode.FORBIDDEN, 'Only the colleague asked can answer this request');
          const answered = await repo.respond(row.id, stepTo(row, { kind: 'respond', accept }));
          // The colleague's "no" is a rejection, as the status says.
          recordRequest(effects, accept ? 'ACCEPTED' : 'REJECTED', row, answered);
          const summary = summaryOf(answered, await repo.exchangeDetails([answered]));
          const withNames = (await repo.findWithNames(row.id))!;
          effects.announce({ kind: 'requests', ids: [requestId] });
          const mails = accept
            ? await ctx.reviewerMails(repo, a, user, withNames.staffFirstName, summary)
            : await ctx.decidedMails(
                tx,
                a,
                answered,
                user,
                'rejected',
                `${user.firstName || 'Your colleague'} declined`,
                summary,
              );
          effects.mail(...mails);
          return dtoOf(repo, row.id, a);
        },
      );
    },
  };
}
