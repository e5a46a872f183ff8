import { INVITE_TTL_DAYS } from '@rotaboard/core/auth/constants';
import { LinkToken } from '@rotaboard/core/contracts/auth';
import { type AcceptInviteResponse, StaffDto } from '@rotaboard/core/contracts/staff';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { displayName } from '@rotaboard/core/users/profile';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import { teams, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { certainResponse } from '../../lib/certain-response.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { type CommandDeps, type Effects, runCommand } from '../audit/command.ts';
import { invitationEmail } from '../mail/templates.ts';
import { staffAuditValues, toStaffDto } from '../staff/staff.dto.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { authorizeStaffAction, type TeamAccess } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { userDirectory } from '../users/user-directory.ts';

const TTL_MS = INVITE_TTL_DAYS * DAY_MS;
const INVALID = 'This invitation link is not valid. Ask your manager to send a new one.';

/**
 * Invitations link a staff row to the account with its email: send (or resend) a link, revoke it,
 * or remove a member's access while keeping them on the rota. Accepting needs only the token. Who
 * may do which to whom is core's permission table (teams/permissions).
 */
export function createInviteService(
  deps: CommandDeps & { mailer: Mailer; publicUrl: string; proEmails: readonly string[] },
) {
  const { mailer } = deps;
  const teamCommand = createTeamCommand(deps);

  /**
   * Runs a change as a team administrator, with the team row locked so one team's staff changes queue
   * up; once committed, the team's staff lists refresh live.
   */
  const asAdmin = <T>(
    user: UserRow,
    teamId: string,
    work: (tx: Db, access: TeamAccess, effects: Effects) => Promise<T>,
  ) =>
    teamCommand(user, teamId, { role: 'writer', lockTeam: true }, async (tx, access, effects) => {
      const result = await work(tx, access, effects);
      effects.announce({ kind: 'staff' });
      return result;
    });

  async function findStaff(tx: Db, teamId: string, staffId: string): Promise<StaffRow> {
    const row = await staffDirectory(tx).findInTeam(teamId, staffId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
    return row;
  }

  /** Issues a new token for the row and returns the link; the email goes out after commit. */
  async function issue(
    tx: Db,
    effects: Effects,
    access: TeamAccess,
    user: UserRow,
    member: StaffRow,
    email: string,
    action: 'SENT' | 'RESEND',
  ) {
    const token = newToken();
    const updated = await staffDirectory(tx).update(member.id, {
      email,
      inviteStatus: 'invited',
      invitedAt: new Date(),
      inviteTokenHash: hashToken(token),
      inviteExpiresAt: new Date(Date.now() + TTL_MS),
    });
    effects.audit({
      entityType: 'staff',
      entityId: member.id,
      action,
      ...(action === 'SENT'
        ? { newValues: staffAuditValues(updated) }
        : {
            oldValues: { invitedAt: member.invitedAt?.toISOString() ?? null },
            newValues: { invitedAt: updated.invitedAt?.toISOString() ?? null },
          }),
    });
    const mail = {
      to: email,
      ...invitationEmail({
        url: `${deps.publicUrl}/invite/accept?token=${token}`,
        teamName: access.team.name,
        inviterName: displayName(user),
        expiresInDays: INVITE_TTL_DAYS,
      }),
    };
    return { updated, mail };
  }

  /** The row as its writer sees it, checked before the transaction commits. */
  const dto = (row: StaffRow, access: TeamAccess) =>
    certainResponse(StaffDto, toStaffDto(row, { ownerId: access.team.ownerId, isAdmin: true }));

  return {
    async invite(user: UserRow, teamId: string, staffId: string, email: string): Promise<StaffDto> {
      const { result, mail } = await asAdmin(user, teamId, async (tx, access, effects) => {
        const member = await findStaff(tx, teamId, staffId);
        authorizeStaffAction(access, member.inviteStatus === 'invited' ? 'resendInvite' : 'invite', member);
        if (member.email !== email) authorizeStaffAction(access, 'editEmail', member);
        if (member.inviteStatus === 'accepted') {
          throw new DomainError(ErrorCode.CONFLICT, `${member.firstName} has already joined the team`);
        }
        if (await staffDirectory(tx).emailUsedByOther(teamId, email, staffId)) {
          throw new DomainError(ErrorCode.CONFLICT, 'Someone on this team already has that email address');
        }
        const { updated, mail } = await issue(
          tx,
          effects,
          access,
          user,
          member,
          email,
          member.inviteStatus === 'invited' ? 'RESEND' : 'SENT',
        );
        return { result: dto(updated, access), mail };
      });
      // Sent here, not as an after-effect (whose failure is only logged): the invitation is this
      // email, so a failure to send it is the caller's error to see (and resend).
      await mailer.send(mail);
      return result;
    },

    async resend(user: UserRow, teamId: string, staffId: string): Promise<StaffDto> {
      const { result, mail } = await asAdmin(user, teamId, async (tx, access, effects) => {
        const member = await findStaff(tx, teamId, staffId);
        authorizeStaffAction(access, 'resendInvite', member);
        if (member.inviteStatus !== 'invited' || !member.email) {
          throw new DomainError(
            ErrorCode.RULE_BROKEN,
            `${member.firstName} has no pending invitation to resend`,
          );
        }
        const { updated, mail } = await issue(tx, effects, access, user, member, member.email, 'RESEND');
        return { result: dto(updated, access), mail };
      });
      // As for invite: the email is the invitation, so its failure is the caller's to see.
      await mailer.send(mail);
      return result;
    },

    async revoke(user: UserRow, teamId: string, staffId: string): Promise<StaffDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const member = await findStaff(tx, teamId, staffId);
        authorizeStaffAction(access, 'revokeInvite', member);
        if (member.inviteStatus !== 'invited') {
          throw new DomainError(
            ErrorCode.RULE_BROKEN,
            `${member.firstName} has no pending invitation to revoke`,
          );
        }
        const updated = await staffDirectory(tx).update(staffId, {
          inviteStatus: 'not_invited',
          inviteTokenHash: null,
          inviteExpiresAt: null,
          invitedAt: null,
        });
        effects.audit({
          entityType: 'staff',
          entityId: staffId,
          action: 'REVOKED',
          oldValues: { inviteStatus: member.inviteStatus, email: member.email },
        });
        return dto(updated, access);
      });
    },

    /** The person stays on the rota (and keeps their shifts) but can no longer sign in to the team. */
    async removeAccess(user: UserRow, teamId: string, staffId: string): Promise<StaffDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const member = await findStaff(tx, teamId, staffId);
        authorizeStaffAction(access, 'removeAccess', member);
        if (member.inviteStatus !== 'accepted') {
          throw new DomainError(ErrorCode.RULE_BROKEN, `${member.firstName} has not joined the team`);
        }
        const updated = await staffDirectory(tx).update(staffId, {
          userId: null,
          isAdmin: false,
          inviteStatus: 'not_invited',
          joinedAt: null,
          invitedAt: null,
        });
        if (member.userId) {
          await tx.update(users).set({ pendingInviteTeamId: null }).where(eq(users.id, member.userId));
          await invalidateReads(tx, [memoTags.user(member.userId)]);
        }
        effects.audit({
          entityType: 'staff',
          entityId: staffId,
          action: 'REVOKED',
          oldValues: {
            inviteStatus: member.inviteStatus,
            joinedAt: member.joinedAt?.toISOString() ?? null,
            isAdmin: member.isAdmin,
          },
        });
        return dto(updated, access);
      });
    },

    /**
     * Links the invited row to the account with its email (created if new). The link was sent to that
     * address, so opening it proves the address as a sign-in link would: the caller starts a session
     * for `user`. A new account takes the name the administrator entered (the page asks the person
     * to confirm it). Someone else signed in in this browser is asked to log out first, so an
     * invitation is never attached to the wrong account.
     */
    async accept(
      token: string,
      signedIn: UserRow | null,
    ): Promise<{ user: UserRow; response: AcceptInviteResponse }> {
      if (!LinkToken.safeParse(token).success) throw new DomainError(ErrorCode.TOKEN_INVALID, INVALID);
      // Not a team command: no one is on the team yet. Who acts is the account the link signs in, found
      // (or created) inside the command: named there (effects.actAs) before anything is audited or announced.
      return runCommand(deps, { teamId: null, actor: null }, async (tx, effects) => {
        const staffRepo = staffDirectory(tx);
        const member = await staffRepo.findByInviteTokenHash(hashToken(token));
        if (member?.inviteStatus !== 'invited' || !member.email) {
          throw new DomainError(ErrorCode.TOKEN_INVALID, INVALID);
        }
        if (!member.inviteExpiresAt || member.inviteExpiresAt.getTime() <= Date.now()) {
          throw new DomainError(
            ErrorCode.TOKEN_EXPIRED,
            'This invitation has expired. Ask your manager to send a new one.',
          );
        }
        const invited = member.email.toLowerCase();
        if (signedIn && signedIn.email !== invited) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            `You are signed in as ${signedIn.email}. This invitation is for ${invited}: log out, then open the link again.`,
          );
        }
        const userRepo = userDirectory(tx);
        let account = await userRepo.findOrCreateByEmail(invited);
        const existing = await staffRepo.findByUser(member.teamId, account.id);
        if (existing) {
          throw new DomainError(ErrorCode.CONFLICT, `${member.email} is already on this team's staff list`);
        }
        const updated = await staffRepo.update(member.id, {
          userId: account.id,
          inviteStatus: 'accepted',
          joinedAt: new Date(),
          inviteTokenHash: null,
          inviteExpiresAt: null,
        });
        if (!account.firstName && !account.lastName) {
          account = await userRepo.updateProfile(account.id, {
            firstName: member.firstName,
            lastName: member.lastName,
          });
        }
        // Signed in by this link: the join is reported here, not again at the next sign-in.
        await userRepo.recordLogin(account.id, new Date());
        const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, member.teamId));
        effects.actAs({
          id: account.id,
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
        });
        effects.audit({
          teamId: member.teamId,
          entityType: 'staff',
          entityId: member.id,
          action: 'ACCEPTED',
          newValues: {
            inviteStatus: 'accepted',
            joinedAt: updated.joinedAt?.toISOString() ?? null,
            email: member.email,
          },
        });
        // The team's staff lists show the invitation accepted (its status, the joining date).
        effects.announce({ kind: 'staff', teamId: member.teamId, ids: [member.id] });
        const response: AcceptInviteResponse = {
          success: true,
          message: `You have joined ${team?.name ?? 'the team'}.`,
          signedIn: true,
          staff: {
            teamId: member.teamId,
            teamName: team?.name ?? '',
            email: member.email,
            firstName: member.firstName,
            lastName: member.lastName,
          },
        };
        return { user: account, response };
      });
    },
  };
}
