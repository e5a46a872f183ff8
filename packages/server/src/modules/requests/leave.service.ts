import type {
  ParsedTimeOffOrOtherInput,
  RequestDto,
  RequestListResponse,
} from '@rotaboard/core/contracts/requests';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  describeRequest,
  normaliseRequest,
  requestProblem,
  timeOffEntriesFor,
} from '@rotaboard/core/requests/requests';
import { conflictWindow, entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { announce } from '../../lib/realtime-events.ts';
import { sendAfterCommit } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { shiftAuditValues } from '../shifts/shift.dto.ts';
import { createShiftRepository } from '../shifts/shift.repository.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createRequestRepository } from './request.repository.ts';
import {
  dtoOf,
  dtosOf,
  isExchange,
  NOT_ON_STAFF,
  type RequestContext,
  type RequestServiceDeps,
  type ReviewDecision,
  recordRequest,
  requirePro,
  stepTo,
  summaryOf,
} from './request-context.ts';

/**
 * Time off and other requests (spec 2 §3–§7): sending one, the list, the review (approving time off
 * writes its entries; rejecting decides any kind, swaps and give-aways too) and cancelling any kind.
 * Approving a swap or give-away is exchange.service.ts's.
 */
export function createLeaveService(deps: RequestServiceDeps, ctx: RequestContext) {
  const { db } = deps;

  return {
    async create(user: UserRow, teamId: string, input: ParsedTimeOffOrOtherInput): Promise<RequestDto> {
      const { dto, mails } = await db.transaction(async (tx) => {
        const a = await ctx.access(tx, user, teamId);
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
        await recordRequest(tx, user, 'CREATE', null, row);
        const withNames = (await repo.findWithNames(row.id))!;
        const summary = describeRequest({ ...row, requestType: fields.requestType });
        const mails = await ctx.reviewerMails(repo, a, user, withNames.staffFirstName, summary);
        return { dto: await dtoOf(repo, row.id, a), mails };
      });
      announce(deps.events, { teamId, kind: 'requests', user, ids: [dto.requestId] });
      await sendAfterCommit(deps.mailer, mails, deps.log);
      return dto;
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
      const { dto, mails, dates, changedShifts } = await db.transaction(async (tx) => {
        const { a, repo, row } = await ctx.openReview(
          tx,
          user,
          teamId,
          requestId,
          input.status === 'approved',
        );
        const audit = createAuditRepository(tx);
        const changedShifts: string[] = [];
        const dates: string[] = [];
        if (input.status === 'approved' && row.requestType === 'time_off') {
          // Lock the person's row, as every schedule write does, so the clash check holds.
          const member = await createStaffRepository(tx).lockInTeam(teamId, row.staffId);
          if (!member) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
          const entries = timeOffEntriesFor({ ...row, requestType: 'time_off' });
          const shifts = createShiftRepository(tx);
          const nearby = await shifts.listForStaff(
            row.staffId,
            conflictWindow(row.startDate).startDate,
            conflictWindow(row.endDate).endDate,
          );
          const candidates = entries.map((e) => ({
            ...e,
            staffId: row.staffId,
            isTimeOff: true,
            shiftId: null,
          }));
          const clashing = nearby.filter((existing) =>
            candidates.some((c) => entriesConflict(c, { ...existing, shiftId: existing.id })),
          );
          if (clashing.length > 0 && !input.removeClashingShifts) {
            throw new DomainError(
              ErrorCode.CONFLICT,
              `Approving this clashes with ${clashing.length === 1 ? 'an entry' : `${clashing.length} entries`} in ${member.firstName}'s schedule: ${clashing.map((c) => describeEntry(c)).join(', ')}`,
              {
                clashes: clashing.map((c) => ({
                  shiftId: c.id,
                  shiftDate: c.shiftDate,
                  description: describeEntry(c),
                })),
              },
            );
          }
          for (const existing of clashing) {
            await shifts.delete(existing.id);
            changedShifts.push(existing.id);
            dates.push(existing.shiftDate);
          }
          await audit.recordMany(
            clashing.map((existing) => ({
              teamId,
              entityType: 'shift' as const,
              entityId: existing.id,
              action: 'DELETE',
              changedBy: user.id,
              oldValues: shiftAuditValues(existing),
            })),
          );
          const written = await shifts.insertMany(
            entries.map((e) => ({
              ...e,
              teamId,
              staffId: row.staffId,
              isTimeOff: true,
              notesVisibleToAll: true,
            })),
          );
          await audit.recordMany(
            written.map((shift) => ({
              teamId,
              entityType: 'shift' as const,
              entityId: shift.id,
              action: 'CREATE',
              changedBy: user.id,
              newValues: shiftAuditValues(shift),
            })),
          );
          for (const shift of written) {
            changedShifts.push(shift.id);
            dates.push(shift.shiftDate);
          }
        }
        const decided = await repo.decide(row.id, {
          status: input.status,
          adminComments: input.adminComments,
          reviewedBy: user.id,
          reviewedAt: new Date(),
        });
        await recordRequest(tx, user, input.status === 'approved' ? 'APPROVED' : 'REJECTED', row, decided);
        const summary = summaryOf(row, await repo.exchangeDetails(isExchange(row) ? [row] : []));
        const mails = await ctx.decidedMails(tx, a, row, user, input.status, input.adminComments, summary);
        return { dto: await dtoOf(repo, row.id, a), mails, dates, changedShifts };
      });
      if (changedShifts.length > 0) {
        announce(deps.events, { teamId, kind: 'shifts', user, dates, ids: changedShifts });
      }
      announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
      await sendAfterCommit(deps.mailer, mails, deps.log);
      return dto;
    },

    /** The requester withdraws a pending request. */
    async cancel(user: UserRow, teamId: string, requestId: string): Promise<RequestDto> {
      const dto = await db.transaction(async (tx) => {
        const a = await ctx.access(tx, user, teamId);
        requirePro(a);
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
        await recordRequest(tx, user, 'CANCELLED', row, cancelled);
        return dtoOf(repo, row.id, a);
      });
      announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
      return dto;
    },
  };
}
