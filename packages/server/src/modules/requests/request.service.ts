import type {
  GiveAwayInput,
  ParsedRequestInput,
  RequestDto,
  RequestListResponse,
  SwapInput,
} from '@rotaboard/core/contracts/requests';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import {
  describeRequest,
  normaliseRequest,
  requestProblem,
  timeOffEntriesFor,
} from '@rotaboard/core/requests/requests';
import {
  colleagueProblem,
  describeSwap,
  exchangeClash,
  exchangeClashMessage,
  initialSwapStatus,
  movesFor,
  nextRequestStatus,
  offerProblem,
  type RequestEvent,
  SWAP_MESSAGES,
  type SwapColleague,
  type SwapShift,
  swapTargetProblem,
} from '@rotaboard/core/requests/swaps';
import { conflictWindow, entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { lastReadableDate } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { Db } from '../../db/db.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { teamToday } from '../../lib/calendar.ts';
import { announce, type ScheduleEvents } from '../../lib/realtime-events.ts';
import { type Mailer, type OutgoingEmail, sendAfterCommit, type WarnLog } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import {
  requestArrivedEmail,
  requestDecidedEmail,
  swapAskedEmail,
  swapDecidedEmail,
} from '../mail/templates.ts';
import { shiftAuditValues } from '../shifts/shift.dto.ts';
import { createShiftRepository, type ShiftRow } from '../shifts/shift.repository.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import type { ExchangeMove } from '../shifts/shift-write.service.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { loadTeamAccess, requireTeamAdmin, type TeamAccess } from '../team-access/team-access.ts';
import { createUserRepository, type UserRow } from '../users/user.repository.ts';
import { openShiftFromGiveAway } from './give-away.ts';
import { createRequestRepository, type RequestRow, type RequestWithNames } from './request.repository.ts';

type ShiftService = Pick<ReturnType<typeof createShiftService>, 'exchange'>;
type RequestRepository = ReturnType<typeof createRequestRepository>;
type ExchangeDetails = Awaited<ReturnType<RequestRepository['exchangeDetails']>>;

export const REQUESTS_ARE_PRO =
  'Requests are part of the Pro plan. The team owner can upgrade to Pro to use them.';
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
const isExchange = (row: { requestType: string }) =>
  row.requestType === 'swap' || row.requestType === 'give_away';

const asSwapShift = (row: ShiftRow): SwapShift => ({ ...row, shiftId: row.id });
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** Refuses a step the request's state machine does not allow (core nextRequestStatus) with a 409. */
function stepTo(row: RequestRow, event: RequestEvent): RequestRow['status'] {
  const next = nextRequestStatus(row.status, event);
  if ('problem' in next) throw new DomainError(ErrorCode.CONFLICT, next.problem);
  return next.status;
}

/** Requests and the notification bell (spec 2 §3–§7, issue 13). */
export function createRequestService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  /** Approving a swap or give-away moves shifts through the shift service (checks, audit, live update). */
  shifts: ShiftService;
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

  /** The request in a few words: time off as before; a swap or give-away with its shifts as they are now. */
  function summaryOf(row: RequestRow, details: ExchangeDetails): string {
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

  async function dtosOf(repo: RequestRepository, rows: RequestWithNames[], a: TeamAccess) {
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
      canRespond:
        row.status === 'awaiting_colleague' && a.staffId !== null && row.targetStaffId === a.staffId,
    };
  }

  /** The DTO of one request, read again after a write. */
  async function dtoOf(repo: RequestRepository, requestId: string, a: TeamAccess) {
    const [dto] = await dtosOf(repo, [(await repo.findWithNames(requestId))!], a);
    return dto!;
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

  /**
   * A swap or give-away (issue 27): the requester's own future shift on an open day, for a colleague's
   * (swap) or to a named colleague or anyone (give-away). Waits for the colleague when one is named.
   */
  async function createExchange(
    user: UserRow,
    teamId: string,
    input: SwapInput | GiveAwayInput,
  ): Promise<RequestDto> {
    const { dto, mails } = await db.transaction(async (tx) => {
      const a = await access(tx, user, teamId);
      requirePro(a);
      if (!a.staffId) throw new DomainError(ErrorCode.FORBIDDEN, NOT_ON_STAFF);
      // "Today or later" in the team's time zone, where the shifts' dates are.
      const today = teamToday(a.team);
      // Dates a lock hides from staff are not theirs to ask about: as if the shift did not exist.
      const readable = lastReadableDate(a.team, a.isAdmin);
      const shifts = createShiftRepository(tx);
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
      const colleagueId = target
        ? target.staffId
        : input.requestType === 'give_away'
          ? input.targetStaffId
          : null;
      let colleague: SwapColleague | null = null;
      if (colleagueId) {
        const row = await createStaffRepository(tx).findInTeam(teamId, colleagueId);
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
      await createAuditRepository(tx).record({
        teamId,
        entityType: 'request',
        entityId: row.id,
        action: 'CREATE',
        changedBy: user.id,
        newValues: auditValues(row),
      });
      const withNames = (await repo.findWithNames(row.id))!;
      let mails: OutgoingEmail[];
      if (colleague) {
        const colleagueUser = await createUserRepository(tx).findById(colleague.userId!);
        mails = colleagueUser?.requestEmails
          ? [
              {
                to: colleagueUser.email,
                ...swapAskedEmail({
                  url: requestsUrl,
                  teamName: a.team.name,
                  firstName: colleagueUser.firstName || 'there',
                  requesterName: withNames.staffFirstName,
                  summary,
                  settingsUrl,
                }),
              },
            ]
          : [];
      } else {
        mails = await reviewerMails(repo, a, user, withNames.staffFirstName, summary);
      }
      return { dto: await dtoOf(repo, row.id, a), mails };
    });
    announce(deps.events, { teamId, kind: 'requests', user, ids: [dto.requestId] });
    await sendAfterCommit(deps.mailer, mails, deps.log);
    return dto;
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
    const users = createUserRepository(tx);
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
    const { dto, mails, opened } = await deps.shifts.exchange(
      user,
      teamId,
      async (tx) => {
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
        stepTo(row, { kind: 'review', approve: true });
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
      async (tx, before) => {
        const { a, row, summary } = checked!;
        let opened: { id: string; shiftDate: string } | null = null;
        if (row.requestType === 'give_away' && row.targetStaffId === null) {
          opened = await openShiftFromGiveAway(tx, {
            teamId,
            requestId: row.id,
            shift: before[0]!,
            approvedBy: user.id,
          });
        }
        const repo = createRequestRepository(tx);
        const decided = await repo.decide(row.id, {
          status: 'approved',
          adminComments,
          reviewedBy: user.id,
          reviewedAt: new Date(),
        });
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: 'APPROVED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(decided),
        });
        const mails = await decidedMails(tx, a, row, user, 'approved', adminComments, summary);
        return { dto: await dtoOf(repo, row.id, a), mails, opened };
      },
    );
    // A give-away to anyone is now an open shift: open grids show it at once.
    if (opened) {
      announce(deps.events, {
        teamId,
        kind: 'open-shifts',
        user,
        dates: [opened.shiftDate],
        ids: [opened.id],
      });
    }
    announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
    await sendAfterCommit(deps.mailer, mails, deps.log);
    return dto;
  }

  const requestsUrl = `${deps.publicUrl}/requests`;
  const settingsUrl = `${deps.publicUrl}/settings`;

  return {
    async create(user: UserRow, teamId: string, input: ParsedRequestInput): Promise<RequestDto> {
      if (input.requestType === 'swap' || input.requestType === 'give_away') {
        return createExchange(user, teamId, input);
      }
      const { dto, mails } = await db.transaction(async (tx) => {
        const a = await access(tx, user, teamId);
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
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: 'CREATE',
          changedBy: user.id,
          newValues: auditValues(row),
        });
        const withNames = (await repo.findWithNames(row.id))!;
        const summary = describeRequest({ ...row, requestType: fields.requestType });
        const mails = await reviewerMails(repo, a, user, withNames.staffFirstName, summary);
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
      const a = await access(db, user, teamId);
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
      input: { status: 'approved' | 'rejected'; adminComments: string | null; removeClashingShifts: boolean },
    ): Promise<RequestDto> {
      if (input.status === 'approved') {
        // The kind never changes, so reading it before the transaction is safe.
        const known = await createRequestRepository(db).findWithNames(requestId);
        if (known && known.teamId === teamId && isExchange(known)) {
          return approveExchange(user, teamId, requestId, input.adminComments);
        }
      }
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
        stepTo(row, { kind: 'review', approve: input.status === 'approved' });
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
        await audit.record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: input.status === 'approved' ? 'APPROVED' : 'REJECTED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(decided),
        });
        const summary = summaryOf(row, await repo.exchangeDetails(isExchange(row) ? [row] : []));
        const mails = await decidedMails(tx, a, row, user, input.status, input.adminComments, summary);
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
        const a = await access(tx, user, teamId);
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
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          action: 'CANCELLED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(cancelled),
        });
        return dtoOf(repo, row.id, a);
      });
      announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
      return dto;
    },

    /**
     * The colleague a swap or give-away names accepts (it goes to the administrators) or declines (it is
     * rejected). Only that colleague: anyone else who can see the request gets 403, others 404.
     */
    async respond(user: UserRow, teamId: string, requestId: string, accept: boolean): Promise<RequestDto> {
      const { dto, mails } = await db.transaction(async (tx) => {
        const a = await access(tx, user, teamId);
        requirePro(a);
        const repo = createRequestRepository(tx);
        const row = await repo.lockInTeam(teamId, requestId);
        const named = row !== null && a.staffId !== null && row.targetStaffId === a.staffId;
        if (!row || (!named && row.requestedBy !== user.id && !a.isAdmin)) {
          throw new DomainError(ErrorCode.NOT_FOUND, 'Request not found');
        }
        if (!named)
          throw new DomainError(ErrorCode.FORBIDDEN, 'Only the colleague asked can answer this request');
        const answered = await repo.respond(row.id, stepTo(row, { kind: 'respond', accept }));
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'request',
          entityId: row.id,
          // The colleague's "no" is a rejection, as the status says.
          action: accept ? 'ACCEPTED' : 'REJECTED',
          changedBy: user.id,
          oldValues: auditValues(row),
          newValues: auditValues(answered),
        });
        const summary = summaryOf(answered, await repo.exchangeDetails([answered]));
        const withNames = (await repo.findWithNames(row.id))!;
        const mails = accept
          ? await reviewerMails(repo, a, user, withNames.staffFirstName, summary)
          : await decidedMails(
              tx,
              a,
              answered,
              user,
              'rejected',
              `${user.firstName || 'Your colleague'} declined`,
              summary,
            );
        return { dto: await dtoOf(repo, row.id, a), mails };
      });
      announce(deps.events, { teamId, kind: 'requests', user, ids: [requestId] });
      await sendAfterCommit(deps.mailer, mails, deps.log);
      return dto;
    },
  };
}

/** GET /api/notifications (modules/notifications): pending requests per team this person reviews (Pro teams only). */
export async function requestNotifications(db: Db, user: UserRow, proEmails: readonly string[]) {
  const repo = createRequestRepository(db);
  const rows = await repo.pendingForReviewer(user.id, new Date());
  const asked = await repo.awaitingColleague(user.id);
  const ownerIds = [...new Set([...rows, ...asked].map((r) => r.ownerId))];
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
  // Swaps and give-aways waiting for this person's answer as the colleague named (issue 27).
  for (const r of asked) {
    if (proOwners.has(r.ownerId) && r.pendingCount > 0) {
      notifications.push({
        type: 'swap',
        teamId: r.teamId,
        teamName: r.teamName,
        pendingCount: r.pendingCount,
      });
    }
  }
  return { notifications, totalCount: notifications.reduce((sum, n) => sum + n.pendingCount, 0) };
}
