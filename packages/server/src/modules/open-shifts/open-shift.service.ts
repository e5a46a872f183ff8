import type {
  ClaimResponse,
  OpenShiftDto,
  OpenShiftListResponse,
  ParsedOpenShiftInput,
} from '@rotaboard/core/contracts/open-shifts';
import type { ParsedShiftInput } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  claimRefusal,
  describeOpenShift,
  isFilled,
  OPEN_SHIFT_MESSAGES,
  type OpenShiftViewer,
  openShiftProblem,
  openShiftVisibleToStaff,
} from '@rotaboard/core/open-shifts/open-shifts';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { teamToday } from '../../lib/calendar.ts';
import { announce, type ScheduleEvents } from '../../lib/realtime-events.ts';
import { type Mailer, type OutgoingEmail, sendAfterCommit, type WarnLog } from '../../plugins/mail.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { openShiftClaimDecidedEmail, openShiftClaimedEmail } from '../mail/templates.ts';
import { createRequestRepository } from '../requests/request.repository.ts';
import { createShiftRepository } from '../shifts/shift.repository.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import { refuseTimesOutOfZone } from '../shifts/shift-context.ts';
import { nearbyDates, refuseClash } from '../shifts/shift-write.service.ts';
import { createStaffRepository } from '../staff/staff.repository.ts';
import { createStrictCheck, plannedEntry } from '../staffing/strict-rules.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { loadTeamAccess, requireTeamWriter, type TeamAccess } from '../team-access/team-access.ts';
import { createUserRepository } from '../users/user.repository.ts';
import {
  type ClaimWithName,
  createOpenShiftRepository,
  type OpenShiftClaimRow,
  type OpenShiftRow,
  type OpenShiftWithFilled,
} from './open-shift.repository.ts';

export const OPEN_SHIFTS_ARE_PRO =
  'Open shifts are part of the Pro plan. The team owner can upgrade to Pro to use them.';

/** The id the claimed shift goes by in the rule check (it has none until an approval writes it). */
const CLAIMED_ENTRY_ID = 'claimed';

type ShiftService = Pick<ReturnType<typeof createShiftService>, 'create'>;

/** The audit fields of an open shift. */
function auditValues(row: OpenShiftRow) {
  return {
    openShiftId: row.id,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    breakMinutes: row.breakMinutes,
    role: row.role,
    notes: row.notes,
    staffCount: row.staffCount,
  };
}

/** The audit fields of a claim. */
const claimAuditValues = (claim: OpenShiftClaimRow) => ({
  claimId: claim.id,
  openShiftId: claim.openShiftId,
  staffId: claim.staffId,
  status: claim.status,
  shiftId: claim.shiftId,
});

/** The shift an approved claim becomes: the open shift's times and notes, for the claimant. */
export function claimantShift(openShift: OpenShiftRow, staffId: string): ParsedShiftInput {
  return {
    staffId,
    shiftDate: openShift.shiftDate,
    startTime: openShift.startTime,
    endTime: openShift.endTime,
    notes: openShift.notes,
    notesVisibleToAll: true,
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    colour: null,
    breakMinutes: openShift.breakMinutes,
    attendanceAdjustments: [],
  };
}

/**
 * Open shifts (issue 27): administrators post them, members whose role fits claim them, and
 * approving a claim writes the claimant's shift through the shift service (its checks, audit and live
 * update), in the same transaction as the claim's decision.
 */
export function createOpenShiftService(deps: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  shifts: ShiftService;
  events?: ScheduleEvents;
  log?: WarnLog;
}) {
  const { db, proEmails } = deps;
  const access = (tx: Db, user: UserRow, teamId: string) =>
    loadTeamAccess(createTeamRepository(tx), teamId, user.id, proEmails);
  // A claim is checked against the strict staffing rules over the claimant's entries.
  const strict = createStrictCheck(createShiftRepository);

  function requirePro(a: TeamAccess) {
    if (!planAllows(a.ownerTier, 'requests'))
      throw new DomainError(ErrorCode.PLAN_LIMIT, OPEN_SHIFTS_ARE_PRO);
  }

  const viewerOf = (a: TeamAccess, member: StaffRow): OpenShiftViewer => ({
    role: member.role,
    leavingDate: a.leavingDate,
    lock: { lockedUntil: a.team.lockedUntil, hideScheduleAfterLock: a.team.hideScheduleAfterLock },
    today: teamToday(a.team),
  });

  const fields = (row: OpenShiftWithFilled) => ({
    openShiftId: row.id,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    breakMinutes: row.breakMinutes,
    role: row.role,
    notes: row.notes,
    staffCount: row.staffCount,
    filled: row.filled,
  });
  const claimDto = (c: ClaimWithName) => ({
    claimId: c.id,
    staffId: c.staffId,
    staffName: `${c.firstName} ${c.lastName}`.trim(),
    status: c.status,
  });

  const scheduleUrl = (date: string) => `${deps.publicUrl}/schedule/${date}`;
  const settingsUrl = `${deps.publicUrl}/settings`;

  /** Emails to claimants whose claims were decided, for those who take request emails. */
  async function decidedMails(
    tx: Db,
    a: TeamAccess,
    user: UserRow,
    openShift: OpenShiftRow,
    decided: readonly OpenShiftClaimRow[],
  ): Promise<OutgoingEmail[]> {
    const accounts = await createOpenShiftRepository(tx).claimantAccounts(decided.map((c) => c.staffId));
    return decided.flatMap((claim) => {
      const account = accounts.find((x) => x.staffId === claim.staffId);
      if (!account?.requestEmails || account.userId === user.id) return [];
      return [
        {
          to: account.email,
          ...openShiftClaimDecidedEmail({
            url: scheduleUrl(openShift.shiftDate),
            teamName: a.team.name,
            firstName: account.firstName || account.staffFirstName || 'there',
            decision: claim.status === 'approved' ? 'approved' : 'rejected',
            summary: describeOpenShift(openShift),
            settingsUrl,
          }),
        },
      ];
    });
  }

  const announceChange = (user: UserRow, teamId: string, row: OpenShiftRow) =>
    announce(deps.events, { teamId, kind: 'open-shifts', user, dates: [row.shiftDate], ids: [row.id] });

  return {
    async create(user: UserRow, teamId: string, input: ParsedOpenShiftInput): Promise<OpenShiftDto> {
      const row = await db.transaction(async (tx) => {
        const a = requireTeamWriter(await access(tx, user, teamId));
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
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'open_shift',
          entityId: row.id,
          action: 'CREATE',
          changedBy: user.id,
          newValues: auditValues(row),
        });
        return row;
      });
      announceChange(user, teamId, row);
      return { ...fields({ ...row, filled: 0 }), claims: [] };
    },

    /**
     * Staff: unfilled open shifts on dates they may read whose role fits theirs, without those they
     * already had a decision on; administrators: all, with every claim.
     */
    async list(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<OpenShiftListResponse> {
      const a = await access(db, user, teamId);
      requirePro(a);
      const repo = createOpenShiftRepository(db);
      const rows = await repo.listInRange(teamId, range.startDate, range.endDate);
      if (a.isAdmin) {
        const claims = await repo.claimsOf(rows.map((r) => r.id));
        return {
          openShifts: rows.map((row) => ({
            ...fields(row),
            claims: claims.filter((c) => c.openShiftId === row.id).map(claimDto),
          })),
        };
      }
      const member = a.staffId ? await createStaffRepository(db).findInTeam(teamId, a.staffId) : null;
      if (!member) return { openShifts: [] };
      const viewer = viewerOf(a, member);
      const visible = rows.filter((row) => openShiftVisibleToStaff(viewer, row));
      const mine = await repo.claimsBy(
        member.id,
        visible.map((r) => r.id),
      );
      return {
        openShifts: visible
          .filter((row) => !mine.some((c) => c.openShiftId === row.id && c.status !== 'pending'))
          .map((row) => ({ ...fields(row), claimedByMe: mine.some((c) => c.openShiftId === row.id) })),
      };
    },

    /** Pending claims are rejected (and their claimants told); shifts of approved claims stay. */
    async remove(
      user: UserRow,
      teamId: string,
      openShiftId: string,
    ): Promise<{ success: true; message: string }> {
      const { row, mails } = await db.transaction(async (tx) => {
        const a = requireTeamWriter(await access(tx, user, teamId));
        requirePro(a);
        const repo = createOpenShiftRepository(tx);
        const row = await repo.lockInTeam(teamId, openShiftId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Open shift not found');
        const rejected = await repo.rejectPending(row.id, null, user.id, new Date());
        const audit = createAuditRepository(tx);
        await audit.recordMany(
          rejected.map((claim) => ({
            teamId,
            entityType: 'open_shift_claim' as const,
            entityId: claim.id,
            action: 'REJECTED' as const,
            changedBy: user.id,
            oldValues: claimAuditValues({ ...claim, status: 'pending' }),
            newValues: claimAuditValues(claim),
          })),
        );
        const mails = await decidedMails(tx, a, user, row, rejected);
        await repo.delete(row.id);
        await audit.record({
          teamId,
          entityType: 'open_shift',
          entityId: row.id,
          action: 'DELETE',
          changedBy: user.id,
          oldValues: auditValues(row),
        });
        return { row, mails };
      });
      announceChange(user, teamId, row);
      await sendAfterCommit(deps.mailer, mails, deps.log);
      return { success: true, message: `Deleted the open shift on ${describeOpenShift(row)}` };
    },

    /** A member claims an open shift for themself: 409 with the conflict rule's sentence on a clash. */
    async claim(user: UserRow, teamId: string, openShiftId: string): Promise<ClaimResponse> {
      const { row, claim, mails } = await db.transaction(async (tx) => {
        const a = await access(tx, user, teamId);
        requirePro(a);
        if (!a.staffId) throw new DomainError(ErrorCode.FORBIDDEN, OPEN_SHIFT_MESSAGES.notOnStaff);
        // The person's row first, as every schedule write locks it, so the clash check below holds.
        const member = await createStaffRepository(tx).lockInTeam(teamId, a.staffId);
        if (!member) throw new DomainError(ErrorCode.FORBIDDEN, OPEN_SHIFT_MESSAGES.notOnStaff);
        const repo = createOpenShiftRepository(tx);
        const row = await repo.lockInTeam(teamId, openShiftId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, OPEN_SHIFT_MESSAGES.hidden);
        const mine = await repo.claimsBy(member.id, [row.id]);
        const refusal = claimRefusal(viewerOf(a, member), row, mine.length > 0);
        if (refusal) throw new DomainError(ErrorCode[refusal.code], refusal.message);
        const input = claimantShift(row, member.id);
        const window = nearbyDates(input);
        refuseClash(
          member,
          input,
          null,
          await createShiftRepository(tx).listForStaff(member.id, window.startDate, window.endDate),
        );
        // A claim the approval would refuse for a strict rule (rest, weekly hours…) is refused now,
        // in the rule's words, rather than left waiting for an administrator who cannot approve it.
        await strict.refuseBreaches(tx, a, [member], [plannedEntry(CLAIMED_ENTRY_ID, input)]);
        const claim = await repo.insertClaim(row.id, member.id);
        if (!claim) throw new DomainError(ErrorCode.CONFLICT, OPEN_SHIFT_MESSAGES.alreadyClaimed);
        await createAuditRepository(tx).record({
          teamId,
          entityType: 'open_shift_claim',
          entityId: claim.id,
          action: 'CREATE',
          changedBy: user.id,
          newValues: claimAuditValues(claim),
        });
        const claimantName = `${member.firstName} ${member.lastName}`.trim();
        const mails = (await createRequestRepository(tx).reviewers(teamId, teamToday(a.team)))
          .filter((r) => r.id !== user.id && r.requestEmails)
          .map((r) => ({
            to: r.email,
            ...openShiftClaimedEmail({
              url: scheduleUrl(row.shiftDate),
              teamName: a.team.name,
              firstName: r.firstName || 'there',
              claimantName,
              summary: describeOpenShift(row),
              settingsUrl,
            }),
          }));
        return { row, claim, mails };
      });
      announceChange(user, teamId, row);
      await sendAfterCommit(deps.mailer, mails, deps.log);
      return { claimId: claim.id, status: 'pending' };
    },

    /**
     * Approve or reject a pending claim. Approving writes the claimant's shift through the shift
     * service, whose transaction also takes the open shift's row lock and marks the claim: of two
     * administrators approving its last place at once, the second waits, sees it filled and gets a
     * 409 with nothing written. Filling the last place rejects the other pending claims.
     */
    async decide(
      user: UserRow,
      teamId: string,
      openShiftId: string,
      claimId: string,
      input: { status: 'approved' | 'rejected' },
    ): Promise<OpenShiftDto> {
      const a = requireTeamWriter(await access(db, user, teamId));
      requirePro(a);
      const now = new Date();

      /** Inside the transaction, with the open shift locked: the claim as it is now, still pending. */
      async function lockPending(tx: Db) {
        const repo = createOpenShiftRepository(tx);
        const row = await repo.lockInTeam(teamId, openShiftId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Open shift not found');
        const claim = await repo.findClaim(row.id, claimId);
        if (!claim) throw new DomainError(ErrorCode.NOT_FOUND, 'Claim not found');
        if (claim.status !== 'pending')
          throw new DomainError(ErrorCode.CONFLICT, OPEN_SHIFT_MESSAGES.decided(claim.status));
        return { repo, row, claim };
      }

      let outcome: { row: OpenShiftWithFilled; claims: ClaimWithName[]; mails: OutgoingEmail[] };
      if (input.status === 'rejected') {
        outcome = await db.transaction(async (tx) => {
          const { repo, row, claim } = await lockPending(tx);
          const decided = await repo.decideClaim(claim.id, {
            status: 'rejected',
            shiftId: null,
            decidedBy: user.id,
            decidedAt: now,
          });
          await createAuditRepository(tx).record({
            teamId,
            entityType: 'open_shift_claim',
            entityId: claim.id,
            action: 'REJECTED',
            changedBy: user.id,
            oldValues: claimAuditValues(claim),
            newValues: claimAuditValues(decided),
          });
          return {
            row,
            claims: await repo.claimsOf([row.id]),
            mails: await decidedMails(tx, a, user, row, [decided]),
          };
        });
      } else {
        // Read first to build the shift (and answer 404/409 early); the transaction checks again.
        const repo = createOpenShiftRepository(db);
        const before = await repo.findInTeam(teamId, openShiftId);
        if (!before) throw new DomainError(ErrorCode.NOT_FOUND, 'Open shift not found');
        const pending = await repo.findClaim(before.id, claimId);
        if (!pending) throw new DomainError(ErrorCode.NOT_FOUND, 'Claim not found');
        if (pending.status !== 'pending')
          throw new DomainError(ErrorCode.CONFLICT, OPEN_SHIFT_MESSAGES.decided(pending.status));
        let inside: typeof outcome | null = null;
        await deps.shifts.create(
          user,
          teamId,
          claimantShift(before, pending.staffId),
          false,
          async (tx, shift) => {
            const { repo, row, claim } = await lockPending(tx);
            if (isFilled(row)) throw new DomainError(ErrorCode.CONFLICT, OPEN_SHIFT_MESSAGES.filled);
            const approved = await repo.decideClaim(claim.id, {
              status: 'approved',
              shiftId: shift.id,
              decidedBy: user.id,
              decidedAt: now,
            });
            const filled = { ...row, filled: row.filled + 1 };
            const rejected = isFilled(filled) ? await repo.rejectPending(row.id, claim.id, user.id, now) : [];
            await createAuditRepository(tx).recordMany([
              {
                teamId,
                entityType: 'open_shift_claim',
                entityId: claim.id,
                action: 'APPROVED',
                changedBy: user.id,
                oldValues: claimAuditValues(claim),
                newValues: claimAuditValues(approved),
              },
              ...rejected.map((r) => ({
                teamId,
                entityType: 'open_shift_claim' as const,
                entityId: r.id,
                action: 'REJECTED' as const,
                changedBy: user.id,
                oldValues: claimAuditValues({ ...r, status: 'pending' }),
                newValues: claimAuditValues(r),
              })),
            ]);
            const decided = [approved, ...rejected];
            inside = {
              row: filled,
              claims: await repo.claimsOf([row.id]),
              mails: await decidedMails(tx, a, user, row, decided),
            };
          },
        );
        outcome = inside!;
      }
      announceChange(user, teamId, outcome.row);
      await sendAfterCommit(deps.mailer, outcome.mails, deps.log);
      return { ...fields(outcome.row), claims: outcome.claims.map(claimDto) };
    },
  };
}

/** The bell's part (GET /api/notifications): pending claims per team this person reviews, Pro teams only. */
export async function openShiftNotifications(db: Db, user: { id: string }, proEmails: readonly string[]) {
  const rows = await createOpenShiftRepository(db).pendingForReviewer(user.id, new Date());
  const owners = await createUserRepository(db).findByIds([...new Set(rows.map((r) => r.ownerId))]);
  const pro = new Set(
    owners
      .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'requests'))
      .map((o) => o.id),
  );
  return rows
    .filter((r) => pro.has(r.ownerId) && r.pendingCount > 0)
    .map((r) => ({
      type: 'open_shift_claims',
      teamId: r.teamId,
      teamName: r.teamName,
      pendingCount: r.pendingCount,
    }));
}
