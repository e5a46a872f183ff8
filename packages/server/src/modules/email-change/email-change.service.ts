import { EMAIL_CHANGE_TTL_HOURS } from '@rotaboard/core/auth/constants';
import type {
  ConfirmEmailChangeResponse,
  EmailChangeStatusResponse,
  VerifyNewEmailResponse,
} from '@rotaboard/core/contracts/auth';
import type { MessageResponse } from '@rotaboard/core/contracts/common';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { eq } from 'drizzle-orm';
import type { UserRow } from '../../db/rows.ts';
import { staff } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { type CommandDeps, runCommand } from '../audit/command.ts';
import { addressInUseEmail, confirmEmailChangeEmail, verifyNewEmailEmail } from '../mail/templates.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createEmailChangeRepository, type EmailChangeRow } from './email-change.repository.ts';

const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3_600_000;
const IN_USE = 'That email address is already used by another account';

/**
 * Changing the sign-in address takes three steps: ask (a link goes to the new address), verify the
 * new address (a link goes to the old one), confirm from the old address. Either mailbox alone
 * cannot move the account.
 */
export function createEmailChangeService(deps: CommandDeps & { mailer: Mailer; publicUrl: string }) {
  const { db, mailer } = deps;

  function checkUsable(
    change: EmailChangeRow | null,
    now: Date,
    kind: 'verification' | 'confirmation',
  ): EmailChangeRow {
    if (!change) throw new DomainError(ErrorCode.TOKEN_INVALID, `This ${kind} link is not valid.`);
    if (change.cancelledAt) throw new DomainError(ErrorCode.TOKEN_USED, 'This email change was cancelled.');
    if (change.completedAt)
      throw new DomainError(ErrorCode.TOKEN_USED, 'This email change has already been completed.');
    if (change.expiresAt.getTime() <= now.getTime()) {
      throw new DomainError(
        ErrorCode.TOKEN_EXPIRED,
        `This ${kind} link has expired. Please start the change again in Settings.`,
      );
    }
    return change;
  }

  return {
    async initiate(user: UserRow, newEmail: string): Promise<MessageResponse> {
      if (newEmail === user.email) {
        throw new DomainError(ErrorCode.VALIDATION, 'That is already your email address');
      }
      const now = new Date();
      const token = newToken();
      // Whether the address has an account is not the asker's business: the answer, and the pending
      // change that Settings shows, are the same either way. When it is taken, the change can never
      // complete (its link is never sent) and the address's owner is told instead.
      const taken = await db.transaction(async (tx) => {
        const inUse = await userDirectory(tx).emailTakenByOther(newEmail, user.id);
        const changes = createEmailChangeRepository(tx);
        // A new request replaces any change still open.
        await changes.cancelOpenForUser(user.id, now);
        await changes.insert({
          userId: user.id,
          newEmail,
          verifyTokenHash: hashToken(inUse ? newToken() : token),
          expiresAt: new Date(now.getTime() + TTL_MS),
        });
        return inUse;
      });
      await mailer.send({
        to: newEmail,
        ...(taken
          ? addressInUseEmail(`${deps.publicUrl}/login`)
          : verifyNewEmailEmail(
              `${deps.publicUrl}/change-email/verify-new/${token}`,
              newEmail,
              EMAIL_CHANGE_TTL_HOURS,
            )),
      });
      return { success: true, message: `We sent a verification link to ${newEmail}. Open it to continue.` };
    },

    async verifyNew(token: string): Promise<VerifyNewEmailResponse> {
      const now = new Date();
      const changes = createEmailChangeRepository(db);
      const change = checkUsable(await changes.findByVerifyTokenHash(hashToken(token)), now, 'verification');
      if (change.newEmailVerifiedAt) {
        throw new DomainError(
          ErrorCode.TOKEN_USED,
          'This verification link has already been used. Check your current inbox for the confirmation link.',
        );
      }
      const users = userDirectory(db);
      if (await users.emailTakenByOther(change.newEmail, change.userId)) {
        throw new DomainError(ErrorCode.CONFLICT, IN_USE);
      }
      const user = (await users.findById(change.userId))!;
      const confirmToken = newToken();
      if (!(await changes.markNewEmailVerified(change.id, hashToken(confirmToken), now))) {
        throw new DomainError(ErrorCode.TOKEN_USED, 'This verification link has already been used.');
      }
      await mailer.send({
        to: user.email,
        ...confirmEmailChangeEmail(
          `${deps.publicUrl}/change-email/confirm/${confirmToken}`,
          change.newEmail,
          EMAIL_CHANGE_TTL_HOURS,
        ),
      });
      return {
        success: true,
        message: `Your new address is verified. We sent a confirmation link to ${user.email} to finish the change.`,
        currentEmail: user.email,
        newEmail: change.newEmail,
      };
    },

    async confirm(token: string): Promise<ConfirmEmailChangeResponse> {
      const now = new Date();
      // Two accounts confirming the same new address at once: the unique index decides, and the
      // loser is told the address is taken, as if it had been taken a moment earlier.
      // Who acts is the account the link belongs to, found inside the command: filled in there, before
      // anything is audited or announced (as the account's new address).
      return runCommand(deps, { teamId: null, actor: null }, async (tx, effects) => {
        const changes = createEmailChangeRepository(tx);
        const users = userDirectory(tx);
        const change = checkUsable(
          await changes.findByConfirmTokenHash(hashToken(token)),
          now,
          'confirmation',
        );
        if (await users.emailTakenByOther(change.newEmail, change.userId)) {
          throw new DomainError(ErrorCode.CONFLICT, IN_USE);
        }
        const user = (await users.findById(change.userId))!;
        if (!(await changes.markCompleted(change.id, now))) {
          throw new DomainError(ErrorCode.TOKEN_USED, 'This email change has already been completed.');
        }
        await users.updateEmail(user.id, change.newEmail).catch((error: unknown) => {
          throw isUniqueViolation(error) ? new DomainError(ErrorCode.CONFLICT, IN_USE) : error;
        });
        effects.actAs({
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: change.newEmail,
        });
        effects.audit({
          entityType: 'user',
          entityId: user.id,
          action: 'UPDATE',
          oldValues: { email: user.email },
          newValues: { email: change.newEmail },
        });
        // Every team's staff list shows the member's address: it follows the account (in the same
        // transaction), so a manager never emails an address the person has left.
        const moved = await tx
          .update(staff)
          .set({ email: change.newEmail })
          .where(eq(staff.userId, user.id))
          .returning({ id: staff.id, teamId: staff.teamId });
        for (const row of moved) {
          effects.audit({
            teamId: row.teamId,
            entityType: 'staff',
            entityId: row.id,
            action: 'UPDATE',
            oldValues: { email: user.email },
            newValues: { email: change.newEmail },
          });
        }
        for (const teamId of new Set(moved.map((row) => row.teamId))) {
          effects.announce({ kind: 'staff', teamId });
        }
        return {
          success: true as const,
          message: `Your email address is now ${change.newEmail}. Use it the next time you sign in.`,
          newEmail: change.newEmail,
        };
      });
    },

    async status(user: UserRow): Promise<EmailChangeStatusResponse> {
      const change = await createEmailChangeRepository(db).findOpenForUser(user.id);
      const live = change && change.expiresAt.getTime() > Date.now() ? change : null;
      return {
        success: true,
        hasPendingChange: live !== null,
        currentEmail: user.email,
        newEmail: live?.newEmail ?? null,
        stage: live
          ? live.newEmailVerifiedAt
            ? 'awaiting_old_email_confirmation'
            : 'awaiting_new_email_verification'
          : null,
        expiresAt: live?.expiresAt.toISOString() ?? null,
      };
    },

    async cancel(user: UserRow): Promise<MessageResponse> {
      const cancelled = await createEmailChangeRepository(db).cancelOpenForUser(user.id, new Date());
      return {
        success: true,
        message: cancelled > 0 ? 'Email change cancelled' : 'There is no pending email change',
      };
    },
  };
}
