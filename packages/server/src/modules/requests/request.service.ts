import type { ParsedRequestInput, RequestDto, RequestListResponse } from '@rotaboard/core/contracts/requests';
import { addDays } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import {
  describeRequest,
  normaliseRequest,
  requestProblem,
  timeOffEntriesFor,
} from '@rotaboard/core/requests/requests';
import { conflictWindow, entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { Db } from '../../db/db.ts';
import { todayUtc } from '../../lib/calendar.ts';
import { type Mailer, type OutgoingEmail, sendAfterCommit, type WarnLog } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { billingStateOf } from '../billing/billing-state.ts';
import { requestArrivedEmail, requestDecidedEmail } from '../mail/templates.ts';
import { announce, type ScheduleEvents } from '../realtime/realtime-events.ts';
import { shiftAuditValues } from '../shifts/shift.dto.ts';
import { createShiftRepository } from '../shifts/shift.repository.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createTeamRepository } from '../teams/team.repository.ts';
import { loadTeamAccess, requireTeamAdmin, type TeamAccess } from '../teams/team-access.ts';
import { createUserRepository, type UserRow } from '../users/user.repository.ts';
import { createRequestRepository, type RequestRow, type RequestWithNames } from './request.repository.ts';

export const REQUESTS_ARE_PRO =
  'Requests are part of the Pro plan. The team owner can upgrade to Pro to use them.';
export const NOT_ON_STAFF = 'Only people on the team’s staff list can send requests';

/** The audit fields of a request (spec 2 §3: requestId, requestType, description, dates, status, comments). */
function auditValues(row: RequestRow) {
  return {
    requestId: row.id,
    requestType: row.requestType,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    adminComments: row.adminComments,
  };
}

/** Requests and the notification bell (spec 2 §3–§7, issue 13). */
export function createRequestService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  events?: ScheduleEvents;
  log?: WarnLog;
}) {
  const { db, proEmails } = deps;
  const access = (tx: Db, user: UserRow, teamId: string) =>
    loadTeamAccess(createTeamRepository(tx), teamId, user.id, proEmails);

  function requirePro(a: TeamAccess) {
    if (!planAllows(a.ownerTier, 'requests')) throw new DomainError(ErrorCode.PLAN_LIMIT, REQUESTS_ARE_PRO);
  }

  const mayReview = (a: TeamAccess, row: { requestedBy: string }) =>
    a.isAdmin && (row.requestedBy !== a.userId || a.role === 'owner');

  function toDto(row: RequestWithNames, a: TeamAccess): RequestDto {
    return {
      requestId: row.id,
      teamId: row.teamId,
      staffId: row.staffId,
      staffName: `${row.staffFirstName} ${row.staffLastName}`.trim(),
      requestType: row.requestType,
      description: row.description,
      startDate: row.startDate,
      endDate: row.endDate,
      startTime: row.startTime?.slice(0, 5) ?? null,
      endTime: row.endTime?.slice(0, 5) ?? null,
      timeOffDays: row.timeOffDays,
      timeOffHours: row.timeOffHours,
      breakMinutes: row.breakMinutes,
      status: row.status,
      adminComments: row.adminComments,
      reviewedBy: row.reviewerName,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      canReview: row.status === 'pending' && mayReview(a, row),
      canCancel: row.status === 'pending' && row.requestedBy === a.userId,
    };
  }

  const requestsUrl = `${deps.publicUrl}/requests`;
  const settingsUrl = `${deps.publicUrl}/settings`;

  return {
    async create(user: UserRow, teamId: string, input: ParsedRequestInput): Promise<RequestDto> {
      // Dates are checked against yesterday in UTC: someone a time zone ahead may already be on "today".
      const problem = requestProblem(input, addDays(todayUtc(), -1));
      if (problem) throw new DomainError(ErrorCode.VALIDATION, problem.message);
      const fields = normaliseRequest(input);
      const { dto, mails } = await db.transaction(async (tx) => {
        const a = await access(tx, user, teamId);
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
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: 'CREATE',
          changedBy: user.id,
          newValues: auditValues(row),
        });
        const withNames = (await repo.findWithNames(row.id))!;
        const summary = describeRequest(row);
        const mails = (await repo.reviewers(teamId, todayUtc()))
          .filter((r) => r.id !== user.id && r.requestEmails)
          .map((r) => ({
            to: r.email,
            ...requestArrivedEmail({
              url: requestsUrl,
              teamName: a.team.name,
              firstName: r.firstName || 'there',
              requesterName: withNames.staffFirstName,
              summary,
              settingsUrl,
            }),
          }));
        return { dto: toDto(withNames, a), mails };
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
      const a = await access(db, user, teamId);
      requirePro(a);
      const { rows, totalCount } = await createRequestRepository(db).page(teamId, {
        onlyBy: a.isAdmin ? null : user.id,
        status: query.status,
        offset: query.offset,
        limit: query.limit,
      });
      return { requests: rows.map((row) => toDto(row, a)), totalCount };
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
      input: { status: 'approved' | 'rejected'; adminComments: string | null; removeClashingShifts: boolean },
    ): Promise<RequestDto> {
      const { dto, mails, dates, changedShifts } = await db.transaction(async (tx) => {
        const a = requireTeamAdmin(await access(tx, user, teamId));
        requirePro(a);
        const repo = createRequestRepository(tx);
        const row = await repo.lockInTeam(teamId, requestId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
        if (!mayReview(a, row))
          throw new DomainError(
            ErrorCode.FORBIDDEN,
            'An administrator’s own request is decided by the team owner',
          );
        if (row.status !== 'pending')
          throw new DomainError(ErrorCode.CONFLICT, `This request was already ${row.status}`);
        const audit = createAuditRepository(tx);
        const changedShifts: string[] = [];
        const dates: string[] = [];
        if (input.status === 'approved' && row.requestType === 'time_off') {
          // Lock the person's row, as every schedule write does, so the clash check holds.
          const member = await createStaffRepository(tx).lockInTeam(teamId, row.staffId);
          if (!member) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
          const entries = timeOffEntriesFor(row);
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
        await audit.record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: input.status === 'approved' ? 'APPROVED' : 'REJECTED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(decided),
        });
        const requester = await createUserRepository(tx).findById(row.requestedBy);
        const mails: OutgoingEmail[] =
          requester?.requestEmails && requester.id !== user.id
            ? [
                {
                  to: requester.email,
                  ...requestDecidedEmail({
                    url: requestsUrl,
                    teamName: a.team.name,
                    firstName: requester.firstName || 'there',
                    decision: input.status,
                    summary: describeRequest(row),
                    comments: input.adminComments,
                    settingsUrl,
                  }),
                },
              ]
            : [];
        return { dto: toDto((await repo.findWithNames(row.id))!, a), mails, dates, changedShifts };
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
        const a = await access(tx, user, teamId);
        requirePro(a);
        const repo = createRequestRepository(tx);
        const row = await repo.lockInTeam(teamId, requestId);
        // Someone else's request is not found: staff see only their own.
        if (!row || (row.requestedBy !== user.id && !a.isAdmin)) {
          throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
        }
        if (row.requestedBy !== user.id)
          throw new DomainError(ErrorCode.FORBIDDEN, 'Only the person who sent a request can cancel it');
        if (row.status !== 'pending')
          throw new DomainError(ErrorCode.CONFLICT, `This request was already ${row.status}`);
        const cancelled = await repo.decide(row.id, {
          status: 'cancelled',
          adminComments: row.adminComments,
          reviewedBy: null,
          reviewedAt: null,
        });
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: 'CANCELLED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(cancelled),
        });
        return toDto((await repo.findWithNames(row.id))!, a);
      });
      announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
      return dto;
    },

    /** GET /api/notifications: pending requests per team this person reviews (Pro teams only). */
    async notifications(user: UserRow) {
      const rows = await createRequestRepository(db).pendingForReviewer(user.id, todayUtc());
      const ownerIds = [...new Set(rows.map((r) => r.ownerId))];
      const owners = await createUserRepository(db).findByIds(ownerIds);
      const proOwners = new Set(
        owners
          .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'requests'))
          .map((o) => o.id),
      );
      const notifications = rows
        .filter((r) => proOwners.has(r.ownerId) && r.pendingCount > 0)
        .map((r) => ({
          type: 'time_off',
          teamId: r.teamId,
          teamName: r.teamName,
          pendingCount: r.pendingCount,
        }));
      return { notifications, totalCount: notifications.reduce((sum, n) => sum + n.pendingCount, 0) };
    },
  };
}
