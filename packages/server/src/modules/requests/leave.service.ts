import type {
  ParsedTimeOffOrOtherInput,
  RequestDto,
  RequestListResponse,
} from '@rotaboard/core/contracts/requests';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { describeRequest, normaliseRequest, requestProblem } from '@rotaboard/core/requests/requests';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { createRequestRepository } from './request.repository.ts';
import {
  dtoOf,
  dtosOf,
  isExchange,
  NOT_ON_STAFF,
  REQUESTS_PLAN,
  type RequestContext,
  type RequestServiceDeps,
  type ReviewDecision,
  recordRequest,
  requirePro,
  stepTo,
  summaryOf,
} from './request-context.ts';
import { writeApprovedTimeOff } from './time-off-approval.ts';

/**
 * Time off and other requests (spec 2 §3–§7): sending one, the list, the review (approving time off
 * writes its entries; rejecting decides any kind, swaps and give-aways too) and cancelling any kind.
 * Approving a swap or give-away is exchange.service.ts's.
 */
export function createLeaveService(deps: RequestServiceDeps, ctx: RequestContext) {
  const { db } = deps;

  return {
    async create(user: UserRow, teamId: string, input: ParsedTimeOffOrOtherInput): Promise<RequestDto> {
      // The plan is checked in the work, not by the command: a request that cannot be is refused as
      // such (400) before the plan is (403), as it always was.
      return ctx.teamCommand(user, teamId, { role: 'member' }, async (tx, a, effects) => {
        // No date before today in the team's time zone, the clock its schedule keeps.
        const problem = requestProblem(input, teamToday(a.team));
        if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message);
        const fields = normaliseRequest(input);
        requirePro(a);
        if (!a.staffId) throw new DomainError(ErrorCode.FORBIDDEN, NOT_ON_STAFF);
        if (!isActiveOn(a.leavingDate, fields.endDate!)) {
          throw new DomainError(ErrorCode.RULE_BROKEN, 'The request runs past your last day on the team');
        }
        const repo = createRequestRepository(tx);
        const row = await repo.insert({
          teamId,
          staffId: a.staffId,
          requestedBy: user.id,
          requestType: fields.requestType,
          description: fields.description,
          startDate: fields.startDate!,
          endDate: fields.endDate!,
          startTime: fields.startTime,
          endTime: fields.endTime,
          timeOffDays: fields.timeOffDays,
          timeOffHours: fields.timeOffHours,
          breakMinutes: fields.breakMinutes,
        });
        recordRequest(effects, 'CREATE', null, row);
        const withNames = (await repo.findWithNames(row.id))!;
        const summary = describeRequest({ ...row, requestType: fields.requestType });
        effects.announce({ kind: 'requests', ids: [row.id] });
        effects.mail(...(await ctx.reviewerMails(repo, a, user, withNames.staffFirstName, summary)));
        return dtoOf(repo, row.id, a);
      });
    },

    async list(
      user: UserRow,
      teamId: string,
      query: { offset: number; limit: number; status?: string | undefined },
    ): Promise<RequestListResponse> {
      const a = await ctx.access(db, user, teamId);
      requirePro(a);
      const repo = createRequestRepository(db);
      // Staff see their own and the swaps and give-aways that name them.
      const { rows, totalCount } = await repo.page(teamId, {
        onlyBy: a.isAdmin ? null : user.id,
        orNaming: a.staffId,
        status: query.status,
        offset: query.offset,
        limit: query.limit,
      });
      return { requests: await dtosOf(repo, rows, a), totalCount };
    },

    /**
     * Approve or reject. Approving time off writes one time-off entry per day in the same
     * transaction; entries it would clash with are listed in a 409, or deleted when the reviewer
     * asks (`removeClashingShifts`).
     */
    async review(
      user: UserRow,
      teamId: string,
      requestId: string,
      input: ReviewDecision,
    ): Promise<RequestDto> {
      const approve = input.status === 'approved';
      return ctx.teamCommand(user, teamId, { role: 'admin', plan: REQUESTS_PLAN }, async (tx, a, effects) => {
        const { repo, row } = await ctx.lockForReview(tx, a, requestId, approve);
        if (approve && row.requestType === 'time_off') {
          await writeApprovedTimeOff(tx, effects, row, input.removeClashingShifts);
        }
        const decided = await repo.decide(row.id, {
          status: input.status,
          adminComments: input.adminComments,
          reviewedBy: user.id,
          reviewedAt: new Date(),
        });
        recordRequest(effects, approve ? 'APPROVED' : 'REJECTED', row, decided);
        const summary = summaryOf(row, await repo.exchangeDetails(isExchange(row) ? [row] : []));
        effects.announce({ kind: 'requests', ids: [requestId] });
        effects.mail(
          ...(await ctx.decidedMails(tx, a, row, user, input.status, input.adminComments, summary)),
        );
        return dtoOf(repo, row.id, a);
      });
    },

    /** The requester withdraws a pending request. */
    async cancel(user: UserRow, teamId: string, requestId: string): Promise<RequestDto> {
      return ctx.teamCommand(
        user,
        teamId,
        { role: 'member', plan: REQUESTS_PLAN },
        async (tx, a, effects) => {
          const repo = createRequestRepository(tx);
          const row = await repo.lockInTeam(teamId, requestId);
          // Someone else's request is not found: staff see only their own and those naming them.
          const named = row !== null && a.staffId !== null && row.targetStaffId === a.staffId;
          if (!row || (row.requestedBy !== user.id && !a.isAdmin && !named)) {
            throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
          }
          if (row.requestedBy !== user.id)
            throw new DomainError(ErrorCode.FORBIDDEN, 'Only the person who sent a request can cancel it');
          const cancelled = await repo.decide(row.id, {
            status: stepTo(row, { kind: 'cancel' }),
            adminComments: row.adminComments,
            reviewedBy: null,
            reviewedAt: null,
          });
          recordRequest(effects, 'CANCELLED', row, cancelled);
          effects.announce({ kind: 'requests', ids: [requestId] });
          return dtoOf(repo, row.id, a);
        },
      );
    },
  };
}
