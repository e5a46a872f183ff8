import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { OpenShiftViewer } from '@rotaboard/core/open-shifts/open-shift-visibility';
import { describeOpenShift } from '@rotaboard/core/open-shifts/open-shifts';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import type { Mailer, OutgoingEmail } from '../../plugins/mail.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { openShiftClaimDecidedEmail } from '../mail/templates.ts';
import type { createShiftService } from '../shifts/shift.service.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import {
  createOpenShiftRepository,
  type OpenShiftClaimRow,
  type OpenShiftRow,
} from './open-shift.repository.ts';

export const OPEN_SHIFTS_ARE_PRO =
  'Open shifts are part of the Pro plan. The team owner can upgrade to Pro to use them.';
/** The plan an open-shift command needs (teamCommand's `plan`): open shifts are Pro. */
export const OPEN_SHIFTS_PLAN = { feature: 'requests', refusal: OPEN_SHIFTS_ARE_PRO } as const;

/** What the open-shift services are built from (services.ts passes the app's). */
export type OpenShiftServiceDeps = CommandDeps & {
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  /** Approving a claim writes the claimant's shift through the shift service (checks, audit, live update). */
  shifts: Pick<ReturnType<typeof createShiftService>, 'create'>;
};

/** Refuses a team whose owner's plan has no open shifts (403), where a command cannot check it first. */
export function requirePro(a: TeamAccess) {
  if (!planAllows(a.ownerTier, 'requests')) throw new DomainError(ErrorCode.PLAN_LIMIT, OPEN_SHIFTS_ARE_PRO);
}

/**
 * A member as the open-shift rules see them at `now` (the server's clock): their role, last day, the
 * lock, and the team's zone, in which an open shift's end is placed (issue 44).
 */
export const viewerOf = (a: TeamAccess, member: StaffRow, now: number): OpenShiftViewer => ({
  role: member.role,
  leavingDate: a.leavingDate,
  lock: { lockedUntil: a.team.lockedUntil, hideScheduleAfterLock: a.team.hideScheduleAfterLock },
  timeZone: a.team.timeZone,
  now,
});

/**
 * What posting and claiming share (open-shift-posting.service, open-shift-claims.service): the
 * caller's access, the team command every write goes through, the links of the emails, the emails to
 * claimants whose claims were decided, and the announcement of a changed open shift.
 */
export function createOpenShiftContext(deps: OpenShiftServiceDeps) {
  const scheduleUrl = (date: string) => `${deps.publicUrl}/schedule/${date}`;
  const settingsUrl = `${deps.publicUrl}/settings`;

  return {
    access: (tx: Db, user: UserRow, teamId: string) => teamAccessOf(tx, user, teamId, deps.proEmails),
    /** The one way open shifts and claims change: access, role and plan checked, audit and emails as effects. */
    teamCommand: createTeamCommand(deps),
    scheduleUrl,
    settingsUrl,

    /** Emails to claimants whose claims were decided, for those who take request emails. */
    async decidedMails(
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
    },

    /** Tells open grids the open shift changed, after the command commits. */
    announceChange: (effects: Effects, row: OpenShiftRow) =>
      effects.announce({ kind: 'open-shifts', dates: [row.shiftDate], ids: [row.id] }),
  };
}
export type OpenShiftContext = ReturnType<typeof createOpenShiftContext>;
