import { createHmac, randomBytes } from 'node:crypto';
import { feedRangeForTeam, feedTokenOf, feedUrl, feedWindow } from '@rotaboard/core/calendar/feed';
import type { CalendarFeedDto } from '@rotaboard/core/contracts/calendar';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { contentHash, hashToken } from '../../lib/tokens.ts';
import { type CommandDeps, type Effects, runCommand } from '../audit/command.ts';
import { teamsOfUser } from '../team-access/team-access.ts';
import {
  type CalendarFeedRow,
  type CalendarRepository,
  createCalendarRepository,
} from './calendar.repository.ts';
import { renderFeed } from './calendar-ics.ts';

/**
 * Each person's calendar feed (issue 27, every plan). The token is derived, not stored: HMAC of the
 * server's feed key over the user id and the row's nonce, 32 bytes in base64url. The row keeps its
 * SHA-256 for the public route's lookup, so the address can be shown again on every visit to
 * Settings while the table alone gives nobody a feed.
 */
export function createCalendarService(
  deps: CommandDeps & { publicUrl: string; proEmails: readonly string[] },
) {
  const { db } = deps;
  const uidDomain = new URL(deps.publicUrl).hostname;

  const tokenOf = async (repo: CalendarRepository, row: Pick<CalendarFeedRow, 'userId' | 'nonce'>) =>
    createHmac('sha256', await repo.feedKey())
      .update(`${row.userId}:${row.nonce}`)
      .digest('base64url');
  const newNonce = () => randomBytes(16).toString('base64url');

  /** The address and the audit row of a feed made or replaced, in the caller's command. */
  async function issue(tx: Db, effects: Effects, user: UserRow, replace: boolean): Promise<CalendarFeedDto> {
    const repo = createCalendarRepository(tx);
    const nonce = newNonce();
    const token = await tokenOf(repo, { userId: user.id, nonce });
    const row = replace
      ? await repo.replace(user.id, nonce, hashToken(token))
      : await repo.createIfMissing(user.id, nonce, hashToken(token));
    if (row.nonce !== nonce) return { url: feedUrl(deps.publicUrl, await tokenOf(repo, row)) };
    // Audited as a change to the account; the values say what happened, never the token.
    effects.audit({
      entityType: 'user',
      entityId: user.id,
      action: replace ? 'UPDATE' : 'CREATE',
      newValues: { calendarFeed: replace ? 'reset' : 'created' },
    });
    return { url: feedUrl(deps.publicUrl, token) };
  }

  return {
    /** The user's address, made on first ask. */
    async getUrl(user: UserRow): Promise<CalendarFeedDto> {
      const repo = createCalendarRepository(db);
      const row = await repo.findForUser(user.id);
      if (row) return { url: feedUrl(deps.publicUrl, await tokenOf(repo, row)) };
      return runCommand(deps, { teamId: null, actor: user }, (tx, effects) =>
        issue(tx, effects, user, false),
      );
    },

    /** A new address; the old one stops working at once. */
    async reset(user: UserRow): Promise<CalendarFeedDto> {
      return runCommand(deps, { teamId: null, actor: user }, (tx, effects) => issue(tx, effects, user, true));
    },

    /**
     * The feed behind `{token}.ics` and its ETag, or null for no such feed. Each team the person is
     * on contributes their own entries within feedRangeForTeam: what they may read there (a lock
     * hiding later days hides them here too) and not after their leaving date; a team they left or
     * were removed from is not among their teams at all. Each team's window counts from its own
     * today, in its time zone, as its leaving dates do.
     */
    async render(file: string, now: number = Date.now()): Promise<{ ics: string; etag: string } | null> {
      const token = feedTokenOf(file);
      if (!token) return null;
      const repo = createCalendarRepository(db);
      const feed = await repo.findByTokenHash(hashToken(token));
      if (!feed) return null;
      const teams = [];
      for (const found of await teamsOfUser(db, feed.userId, now)) {
        const membership = found.membership;
        if (!membership) continue;
        const today = teamToday(found.team, now);
        const isOwner = found.team.ownerId === feed.userId;
        const viewer = {
          tier: effectiveTier(found.ownerBilling, found.ownerEmail, deps.proEmails),
          isAdmin: isOwner || membership.isAdmin,
          lock: {
            lockedUntil: found.team.lockedUntil,
            hideScheduleAfterLock: found.team.hideScheduleAfterLock,
          },
          today,
        };
        const range = feedRangeForTeam(viewer, isOwner ? null : membership.leavingDate, feedWindow(today));
        if (!range) continue;
        const entries = await repo.listEntries(membership.staffId, range.startDate, range.endDate);
        teams.push({ teamName: found.team.name, timeZone: found.team.timeZone, entries });
      }
      const ics = renderFeed(teams, uidDomain);
      return { ics, etag: `"${contentHash(ics)}"` };
    },
  };
}
