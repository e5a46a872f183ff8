import type { ClaimResponse, OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import { sickCoverTakenSentence } from '@rotaboard/core/day/sick-cover';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { claimRefusal } from '@rotaboard/core/open-shifts/open-shift-visibility';
import { describeOpenShift, isFilled, OPEN_SHIFT_MESSAGES } from '@rotaboard/core/open-shifts/open-shifts';
import { usesHour12 } from '@rotaboard/core/time/format';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { openShiftClaimedEmail, sickCoverTakenEmail } from '../mail/templates.ts';
import { requestReviewers } from '../requests/request-reviewers.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { nearbyDates, refuseClash } from '../shifts/shift-write.service.ts';
import { writeCoverShift } from '../shifts/sick-entries.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { createStrictCheck, plannedEntry } from '../staffing/strict-rules.ts';
import { requireTeamWriter } from '../team-access/team-access.ts';
import { claimAuditValues, claimantShift, openShiftFields, toClaimDto } from './open-shift.dto.ts';
import {
  type ClaimWithName,
  createOpenShiftRepository,
  type OpenShiftWithFilled,
} from './open-shift.repository.ts';
import {
  OPEN_SHIFTS_PLAN,
  type OpenShiftContext,
  type OpenShiftServiceDeps,
  requirePro,
  viewerOf,
} from './open-shift-context.ts';

/** Who approves a sick cover's first claim when the team says so: its day setting, not a person (issue 44). */
export const AUTO_APPROVED_BY = 'team rule: autoApproveSickCover';

/** The id the claimed shift goes by in the rule check (it has none until an approval writes it). */
const CLAIMED_ENTRY_ID = 'claimed';

/**
 * Claiming open shifts (issue 27): a member whose role fits claims one (checked now against the
 * conflict rule and the strict staffing rules), and administrators decide the claims; approving one
 * writes the claimant's shift through the shift service, in the same transaction as the decision. A
 * sick call's cover (issue 44, `fromSickShiftId`) is approved at the claim when the team's
 * `autoApproveSickCover` is on.
 */
export function createOpenShiftClaimService(deps: OpenShiftServiceDeps, ctx: OpenShiftContext) {
  const { db } = deps;
  // A claim is checked against the strict staffing rules over the claimant's entries.
  const strict = createStrictCheck(scheduleReads);

  return {
    /**
     * A member claims an open shift for themself: 409 with the conflict rule's sentence on a clash.
     * `now` is the server's clock: an open shift can be claimed until its end in the team's zone.
     */
    claim(
      user: UserRow,
      teamId: string,
      openShiftId: string,
      now: Date = new Date(),
    ): Promise<ClaimResponse> {
      return ctx.teamCommand(
        user,
        teamId,
        { role: 'member', plan: OPEN_SHIFTS_PLAN },
        async (tx, a, effects) => {
          if (!a.staffId) throw new DomainError(ErrorCode.FORBIDDEN, OPEN_SHIFT_MESSAGES.notOnStaff);
          // The person's row first, as every schedule write locks it, so the clash check below holds.
          const member = await staffDirectory(tx).lockInTeam(teamId, a.staffId);
          if (!member) throw new DomainError(ErrorCode.FORBIDDEN, OPEN_SHIFT_MESSAGES.notOnStaff);
          const repo = createOpenShiftRepository(tx);
          const row = await repo.lockInTeam(teamId, openShiftId);
          if (!row) throw new DomainError(ErrorCode.NOT_FOUND, OPEN_SHIFT_MESSAGES.hidden);
          const mine = await repo.claimsBy(member.id, [row.id]);
          const refusal = claimRefusal(viewerOf(a, member, now.getTime()), row, mine.length > 0);
          if (refusal) throw new DomainError(ErrorCode[refusal.code], refusal.message);
          const sick = row.fromSickShiftId
            ? await scheduleReads(tx).findInTeam(teamId, row.fromSickShiftId)
            : null;
          // The one who called in sick does not cover their own shift (their time off does not clash).
          if (sick?.staffId === member.id)
            throw new DomainError(ErrorCode.CONFLICT, 'You called in sick for this shift');
          const input = claimantShift(row, member.id);
          const window = nearbyDates(input);
          refuseClash(
            member,
            input,
            null,
            await scheduleReads(tx).listForStaff(member.id, window.startDate, window.endDate),
          );
          // A claim the approval would refuse for a strict rule (rest, weekly hours…) is refused now,
          // in the rule's words, rather than left waiting for an administrator who cannot approve it.
          await strict.refuseBreaches(tx, a, [member], [plannedEntry(CLAIMED_ENTRY_ID, input)]);
          const claim = await repo.insertClaim(row.id, member.id);
          if (!claim) throw new DomainError(ErrorCode.CONFLICT, OPEN_SHIFT_MESSAGES.alreadyClaimed);
          effects.audit({
            entityType: 'open_shift_claim',
            entityId: claim.id,
            action: 'CREATE',
            newValues: claimAuditValues(claim),
          });
          // A sick call's cover (issue 44) goes to the first to claim it when the team says so: their
          // shift is written now, in this transaction, which holds the open shift's row lock, so of two
          // colleagues claiming its one place at once the second waits, finds it filled and gets a 409.
          if (row.fromSickShiftId && a.team.autoApproveSickCover) {
            const shift = await writeCoverShift(tx, effects, { teamId, ...input });
            // No person decided: the team's rule did, when the claimant claimed. `decidedBy` names a
            // user who decided, so it stays empty (an administrator's decision sets it), and the audit
            // row says the rule approved it; the row's author is the claimant, whose claim ran it.
            const approved = await repo.decideClaim(claim.id, {
              status: 'approved',
              shiftId: shift.id,
              decidedBy: null,
              decidedAt: now,
            });
            const filled = { ...row, filled: row.filled + 1 };
            const rejected = isFilled(filled) ? await repo.rejectPending(row.id, claim.id, null, now) : [];
            effects.audit({
              entityType: 'open_shift_claim',
              entityId: claim.id,
              action: 'APPROVED',
              oldValues: claimAuditValues(claim),
              newValues: {
                ...claimAuditValues(approved),
                autoApproved: true,
                decidedBy: null,
                approvedBy: AUTO_APPROVED_BY,
              },
            });
            for (const r of rejected) {
              effects.audit({
                entityType: 'open_shift_claim',
                entityId: r.id,
                action: 'REJECTED',
                oldValues: claimAuditValues({ ...r, status: 'pending' }),
                newValues: { ...claimAuditValues(r), decidedBy: null, rejectedBy: AUTO_APPROVED_BY },
              });
            }
            // The owner and administrators are told once that the sick call is covered (nobody has to
            // approve it), each in their own clock, after the command commits as every command's emails.
            const sickMember = sick ? await staffDirectory(tx).findInTeam(teamId, sick.staffId) : null;
            const coverName = `${member.firstName} ${member.lastName}`.trim();
            const sickName = sickMember
              ? `${sickMember.firstName} ${sickMember.lastName}`.trim()
              : 'a colleague';
            const managers = await requestReviewers(tx).reviewers(teamId, teamToday(a.team, now));
            effects.mail(
              ...managers
                .filter((m) => m.id !== user.id)
                .map((m) => ({
                  to: m.email,
                  ...sickCoverTakenEmail({
                    url: ctx.scheduleUrl(row.shiftDate),
                    teamName: a.team.name,
                    firstName: m.firstName || 'there',
                    coverName,
                    sentence: sickCoverTakenSentence(
                      { coverName, sickName, ...row },
                      usesHour12(m.timeFormat, undefined),
                    ),
                  }),
                })),
            );
            effects.mail(...(await ctx.decidedMails(tx, a, user, row, rejected)));
            ctx.announceChange(effects, filled);
            return { claimId: claim.id, status: 'approved' as const };
          }
          const claimantName = `${member.firstName} ${member.lastName}`.trim();
          const reviewers = await requestReviewers(tx).reviewers(teamId, teamToday(a.team));
          effects.mail(
            ...reviewers
              .filter((r) => r.id !== user.id && r.requestEmails)
              .map((r) => ({
                to: r.email,
                ...openShiftClaimedEmail({
                  url: ctx.scheduleUrl(row.shiftDate),
                  teamName: a.team.name,
                  firstName: r.firstName || 'there',
                  claimantName,
                  summary: describeOpenShift(row),
                  settingsUrl: ctx.settingsUrl,
                }),
              })),
          );
          ctx.announceChange(effects, row);
          return { claimId: claim.id, status: 'pending' as const };
        },
      );
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
      const a = requireTeamWriter(await ctx.access(db, user, teamId));
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

      let outcome: { row: OpenShiftWithFilled; claims: ClaimWithName[] };
      if (input.status === 'rejected') {
        outcome = await ctx.teamCommand(
          user,
          teamId,
          { role: 'writer', plan: OPEN_SHIFTS_PLAN, access: a },
          async (tx, _a, effects) => {
            const { repo, row, claim } = await lockPending(tx);
            const decided = await repo.decideClaim(claim.id, {
              status: 'rejected',
              shiftId: null,
              decidedBy: user.id,
              decidedAt: now,
            });
            effects.audit({
              entityType: 'open_shift_claim',
              entityId: claim.id,
              action: 'REJECTED',
              oldValues: claimAuditValues(claim),
              newValues: claimAuditValues(decided),
            });
            ctx.announceChange(effects, row);
            effects.mail(...(await ctx.decidedMails(tx, a, user, row, [decided])));
            return { row, claims: await repo.claimsOf([row.id]) };
          },
        );
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
          async (tx, shift, effects) => {
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
            effects.audit({
              entityType: 'open_shift_claim',
              entityId: claim.id,
              action: 'APPROVED',
              oldValues: claimAuditValues(claim),
              newValues: claimAuditValues(approved),
            });
            for (const r of rejected) {
              effects.audit({
                entityType: 'open_shift_claim',
                entityId: r.id,
                action: 'REJECTED',
                oldValues: claimAuditValues({ ...r, status: 'pending' }),
                newValues: claimAuditValues(r),
              });
            }
            ctx.announceChange(effects, filled);
            effects.mail(...(await ctx.decidedMails(tx, a, user, row, [approved, ...rejected])));
            inside = { row: filled, claims: await repo.claimsOf([row.id]) };
          },
        );
        outcome = inside!;
      }
      return { ...openShiftFields(outcome.row), claims: outcome.claims.map(toClaimDto) };
    },
  };
}
