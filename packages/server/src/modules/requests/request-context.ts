import type { RequestDto } from '@rotaboard/core/contracts/requests';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { describeRequest } from '@rotaboard/core/requests/requests';
import {
  describeSwap,
  nextRequestStatus,
  type RequestEvent,
  type SwapShift,
} from '@rotaboard/core/requests/swaps';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import type { Db } from '../../db/db.ts';
import type { ShiftRow, UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import type { Mailer, OutgoingEmail } from '../../plugins/mail.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { requestArrivedEmail, requestDecidedEmail, swapDecidedEmail } from '../mail/templates.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import { requireTeamAdmin, type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createRequestRepository, type RequestRow, type RequestWithNames } from './request.repository.ts';

/**
 * What the requests module's services share (leave.service, exchange.service): the plan check and the
 * state machine's step, the audit fields, the DTOs, and the opening of every call (the caller's access)
 * with the reviewers' and the requester's emails.
 */

/** An audit row's action, as the command's effects take it. */
type AuditAction = Parameters<Effects['audit']>[0]['action'];
type ShiftService = Pick<ReturnType<typeof createShiftService>, 'exchange'>;
export type RequestRepository = ReturnType<typeof createRequestRepository>;
type ExchangeDetails = Awaited<ReturnType<RequestRepository['exchangeDetails']>>;

/** What the request services are built from (services.ts passes the app's). */
export type RequestServiceDeps = CommandDeps & {
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  /** Approving a swap or give-away moves shifts through the shift service (checks, audit, live update). */
  shifts: ShiftService;
};

export const REQUESTS_ARE_PRO =
  'Requests are part of the Pro plan. The team owner can upgrade to Pro to use them.';
/** The plan a request command needs (teamCommand's `plan`): requests are Pro. */
export const REQUESTS_PLAN = { feature: 'requests', refusal: REQUESTS_ARE_PRO } as const;
export const NOT_ON_STAFF = 'Only people on the team’s staff list can send requests';

/**
 * The audit fields of a request (spec 2 §3: requestId, requestType, description, dates, status,
 * comments; and for swaps and give-aways the shifts and the colleague named).
 */
function auditValues(row: RequestRow) {
  return {
    requestId: row.id,
    requestType: row.requestType,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    adminComments: row.adminComments,
    ...(isExchange(row)
      ? { shiftId: row.shiftId, targetShiftId: row.targetShiftId, targetStaffId: row.targetStaffId }
      : {}),
  };
}

/** Swaps and give-aways (issue 27): requests that move shifts between people. */
export const isExchange = (row: { requestType: string }) =>
  row.requestType === 'swap' || row.requestType === 'give_away';

export const asSwapShift = (row: ShiftRow): SwapShift => ({ ...row, shiftId: row.id });
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Refuses a step the request's state machine does not allow (core nextRequestStatus) with a 409. */
export function stepTo(row: RequestRow, event: RequestEvent): RequestRow['status'] {
  const next = nextRequestStatus(row.status, event);
  if ('problem' in next) throw new DomainError(ErrorCode.CONFLICT, next.problem);
  return next.status;
}

/**
 * A request's audit row, to the command's effects (written as the caller who acts, before the commit):
 * its fields before (none when sent) and after.
 */
export function recordRequest(
  effects: Effects,
  action: Extract<AuditAction, 'CREATE' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'ACCEPTED'>,
  before: RequestRow | null,
  after: RequestRow,
) {
  effects.audit({
    teamId: after.teamId,
    entityType: 'request',
    entityId: after.id,
    action,
    ...(before ? { oldValues: auditValues(before) } : {}),
    newValues: auditValues(after),
  });
}

/** A reviewer's decision (PUT …/review). */
export type ReviewDecision = {
  status: 'approved' | 'rejected';
  adminComments: string | null;
  removeClashingShifts: boolean;
};

export function requirePro(a: TeamAccess) {
  if (!planAllows(a.ownerTier, 'requests')) throw new DomainError(ErrorCode.PLAN_LIMIT, REQUESTS_ARE_PRO);
}

/** Who decides a request: administrators, but an administrator's own only the owner. */
export const mayReview = (a: TeamAccess, row: { requestedBy: string }) =>
  a.isAdmin && (row.requestedBy !== a.userId || a.role === 'owner');

/** The request in a few words: time off as before; a swap or give-away with its shifts as they are now. */
export function summaryOf(row: RequestRow, details: ExchangeDetails): string {
  if (row.requestType === 'swap' || row.requestType === 'give_away') {
    const shift = row.shiftId ? details.shifts.get(row.shiftId) : undefined;
    const target = row.targetShiftId ? details.shifts.get(row.targetShiftId) : undefined;
    const colleague = row.targetStaffId ? details.staff.get(row.targetStaffId) : undefined;
    // A swap or give-away keeps what it asked in its description; once a shift is gone, that is the record.
    if (!shift || (row.requestType === 'swap' && !target)) return row.description;
    return describeSwap({
      requestType: row.requestType,
      shift: describeEntry(shift),
      targetShift: target ? describeEntry(target) : null,
      targetName: colleague ? fullName(colleague) : null,
    });
  }
  return describeRequest({ ...row, requestType: row.requestType });
}

export async function dtosOf(repo: RequestRepository, rows: RequestWithNames[], a: TeamAccess) {
  const details = await repo.exchangeDetails(rows.filter(isExchange));
  return rows.map((row) => toDto(row, a, details));
}

function toDto(row: RequestWithNames, a: TeamAccess, details: ExchangeDetails): RequestDto {
  const shift = row.shiftId ? details.shifts.get(row.shiftId) : undefined;
  const target = row.targetShiftId ? details.shifts.get(row.targetShiftId) : undefined;
  const colleague = row.targetStaffId ? details.staff.get(row.targetStaffId) : undefined;
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
    canCancel:
      (row.status === 'pending' || row.status === 'awaiting_colleague') && row.requestedBy === a.userId,
    shiftId: row.shiftId,
    shiftDescription: shift ? describeEntry(shift) : null,
    targetShiftId: row.targetShiftId,
    targetShiftDescription: target ? describeEntry(target) : null,
    targetStaffId: row.targetStaffId,
    targetStaffName: colleague ? fullName(colleague) : null,
    canRespond: row.status === 'awaiting_colleague' && a.staffId !== null && row.targetStaffId === a.staffId,
  };
}

/** The DTO of one request, read again after a write. */
export async function dtoOf(repo: RequestRepository, requestId: string, a: TeamAccess) {
  const [dto] = await dtosOf(repo, [(await repo.findWithNames(requestId))!], a);
  return dto!;
}

/**
 * The caller's access to a team, the team command every write goes through, and the emails every kind
 * of request sends: built once per service.
 */
export function createRequestContext(deps: RequestServiceDeps) {
  const requestsUrl = `${deps.publicUrl}/requests`;
  const settingsUrl = `${deps.publicUrl}/settings`;
  const access = (tx: Db, user: UserRow, teamId: string) => teamAccessOf(tx, user, teamId, deps.proEmails);

  /**
   * The request's locked row, for a review either way by `a`: theirs to decide (an administrator's own
   * is the owner's) and in a state the decision can leave.
   */
  async function lockForReview(tx: Db, a: TeamAccess, requestId: string, approve: boolean) {
    const repo = createRequestRepository(tx);
    const row = await repo.lockInTeam(a.team.id, requestId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
    if (!mayReview(a, row))
      throw new DomainError(
        ErrorCode.FORBIDDEN,
        'An administrator’s own request is decided by the team owner',
      );
    stepTo(row, { kind: 'review', approve });
    return { repo, row };
  }

  /** The emails to the team's reviewers that a request waits for them (not to whoever sent it on). */
  async function reviewerMails(
    repo: RequestRepository,
    a: TeamAccess,
    from: UserRow,
    requesterName: string,
    summary: string,
  ): Promise<OutgoingEmail[]> {
    return (await repo.reviewers(a.team.id, teamToday(a.team)))
      .filter((r) => r.id !== from.id && r.requestEmails)
      .map((r) => ({
        to: r.email,
        ...requestArrivedEmail({
          url: requestsUrl,
          teamName: a.team.name,
          firstName: r.firstName || 'there',
          requesterName,
          summary,
          settingsUrl,
        }),
      }));
  }

  /** The requester's and the colleague's emails when a swap or give-away is decided. */
  async function decidedMails(
    tx: Db,
    a: TeamAccess,
    row: RequestRow,
    decider: UserRow,
    decision: 'approved' | 'rejected',
    comments: string | null,
    summary: string,
  ): Promise<OutgoingEmail[]> {
    const users = userDirectory(tx);
    const mails: OutgoingEmail[] = [];
    const requester = await users.findById(row.requestedBy);
    if (requester?.requestEmails && requester.id !== decider.id) {
      mails.push({
        to: requester.email,
        ...requestDecidedEmail({
          url: requestsUrl,
          teamName: a.team.name,
          firstName: requester.firstName || 'there',
          decision,
          summary,
          comments,
          settingsUrl,
        }),
      });
    }
    // The colleague hears of the decision once they had agreed (a colleague's own "no" needs no email).
    if (isExchange(row) && row.targetStaffId && row.colleagueRespondedAt) {
      const details = await createRequestRepository(tx).exchangeDetails([row]);
      const colleagueUserId = details.staff.get(row.targetStaffId)?.userId;
      const colleague = colleagueUserId ? await users.findById(colleagueUserId) : null;
      if (colleague?.requestEmails && colleague.id !== decider.id) {
        mails.push({
          to: colleague.email,
          ...swapDecidedEmail({
            url: requestsUrl,
            teamName: a.team.name,
            firstName: colleague.firstName || 'there',
            requesterName: requester?.firstName || 'A colleague',
            decision,
            summary,
            comments,
            settingsUrl,
          }),
        });
      }
    }
    return mails;
  }

  return {
    requestsUrl,
    settingsUrl,
    access,
    /** The one way a request changes: access, role and plan checked, audit and emails as effects. */
    teamCommand: createTeamCommand(deps),
    lockForReview,

    /**
     * The opening of a review inside a command that did not check the caller (the shift service's
     * exchange, which checked only that they write the schedule): an administrator of a Pro team, as
     * `lockForReview` asks.
     */
    async openReview(tx: Db, user: UserRow, teamId: string, requestId: string, approve: boolean) {
      const a = requireTeamAdmin(await access(tx, user, teamId));
      requirePro(a);
      return { a, ...(await lockForReview(tx, a, requestId, approve)) };
    },

    reviewerMails,
    decidedMails,
  };
}
export type RequestContext = ReturnType<typeof createRequestContext>;
