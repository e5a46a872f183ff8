import { MAGIC_LINK_TTL_MINUTES } from '@rotaboard/core/auth/constants';
import type { LoginResponse, MeResponse, VerifyResponse } from '@rotaboard/core/contracts/auth';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { needsProfileCompletion } from '@rotaboard/core/users/profile';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { signInEmail } from '../mail/templates.ts';
import { toUserDto } from '../users/user.dto.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createMagicLinkRepository } from './magic-link.repository.ts';

export type AuthServiceDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  resendSeconds: number;
  proEmails: readonly string[];
  log: { error(obj: object, msg: string): void };
};

/** Passwordless sign-in: request an emailed link, then trade the link for a session. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer } = deps;

  return {
    async requestLink(email: string, ip: string | null): Promise<LoginResponse> {
      const now = new Date();
      const token = newToken();
      const linkId = await db.transaction(async (tx) => {
        const users = userDirectory(tx);
        const links = createMagicLinkRepository(tx);
        const user = await users.findOrCreateByEmail(email);
        await users.lockById(user.id);
        const latest = await links.latestSentTo(email);
        if (latest) {
          const waitMs = latest.createdAt.getTime() + deps.resendSeconds * 1000 - now.getTime();
          if (waitMs > 0) {
            const retryAfterSeconds = Math.ceil(waitMs / 1000);
            throw new DomainError(
              ErrorCode.RATE_LIMITED,
              `A sign-in link was recently sent to this address. Check your email, or ask again in ${retryAfterSeconds} seconds.`,
              { retryAfterSeconds },
            );
          }
        }
        return links.insert({
          userId: user.id,
          sentTo: email,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000),
          requestedIp: ip,
        });
      });

      try {
        await mailer.send({
          to: email,
          ...signInEmail(`${deps.publicUrl}/login/verify/${token}`, MAGIC_LINK_TTL_MINUTES),
        });
      } catch (err) {
        // No email went out, so the link must not block a retry.
        await createMagicLinkRepository(db).deleteById(linkId);
        deps.log.error({ err }, 'sending the sign-in email failed');
        throw new DomainError(ErrorCode.MAIL_FAILED, 'Failed to send magic link. Please try again.');
      }
      return {
        success: true,
        message: `We sent a sign-in link to ${email}. It expires in ${MAGIC_LINK_TTL_MINUTES} minutes.`,
        resendAfterSeconds: deps.resendSeconds,
        expiresInMinutes: MAGIC_LINK_TTL_MINUTES,
      };
    },

    /** Checks the link and, when good, returns the user to start a session for. */
    async verifyLink(token: string): Promise<{ user: UserRow; response: VerifyResponse }> {
      const now = new Date();
      return db.transaction(async (tx) => {
        const links = createMagicLinkRepository(tx);
        const users = userDirectory(tx);
        const link = await links.findByTokenHash(hashToken(token));
        if (!link) {
          throw new DomainError(
            ErrorCode.TOKEN_INVALID,
            'This sign-in link is not valid. Please ask for a new one.',
          );
        }
        if (link.usedAt) {
          throw new DomainError(
            ErrorCode.TOKEN_USED,
            'This sign-in link has already been used. Please ask for a new one.',
          );
        }
        if (link.expiresAt.getTime() <= now.getTime()) {
          throw new DomainError(
            ErrorCode.TOKEN_EXPIRED,
            'This sign-in link has expired. Please ask for a new one.',
          );
        }
        if (!(await links.markUsed(link.id, now))) {
          throw new DomainError(
            ErrorCode.TOKEN_USED,
            'This sign-in link has already been used. Please ask for a new one.',
          );
        }
        await links.retireUnusedForUser(link.userId, now);
        const user = (await users.findById(link.userId))!;
        const isNewUser = user.lastLoginAt === null;
        const { pendingInviteTeamId } = await users.recordLogin(user.id, now);
        const belongs = await users.belongsToAnyTeam(user.id);
        return {
          user,
          response: {
            success: true,
            needsProfileCompletion: needsProfileCompletion(user),
            shouldPromptForTeamCreation: !belongs,
            hasAcceptedInvite: pendingInviteTeamId !== null,
            inviteTeamId: pendingInviteTeamId,
            isNewUser,
            message: 'You are signed in',
          },
        };
      });
    },

    async me(user: UserRow): Promise<MeResponse> {
      const belongs = await userDirectory(db).belongsToAnyTeam(user.id);
      return {
        success: true,
        user: toUserDto(user, deps.proEmails),
        needsProfileCompletion: needsProfileCompletion(user),
        shouldPromptForTeamCreation: !belongs,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
