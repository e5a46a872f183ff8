import { feedRangeForTeam, feedTokenOf, feedUrl, feedWindow } from '@rotaboard/core/calendar/feed';
import type { CalendarFeedDto } from '@rotaboard/core/contracts/calendar';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { contentHash, hashToken, newToken } from '../../lib/tokens.ts';
import { type CommandDeps, type Effects, runCommand } from '../audit/command.ts';
import { teamsOfUser } from '../team-access/team-access.ts';
import { type CalendarFeedRow, createCalendarRepository } from './calendar.repository.ts';
import { renderFeed } from './calendar-ics.ts';

/**
 * Each person's calendar feed (issue 27, every plan). The address's token is 32 random bytes
 * (base64url); the database keeps only its SHA-256, by which the public route finds the feed (issue 45:
 * nothing in a dump of the database can make an address). So the address is shown once, when it is
 * made — on the first ask and on a reset — and afterwards the person sees that they have one and may
 * reset it to get a new one.
 */
export function createCalendarService(
  deps: CommandDeps & { publicUrl: string; proEmails: readonly string[] },
) {
  const { db } = deps;
  const uidDomain = new URL(deps.publicUrl).hostname;

  /** A new address and its audit row, in the caller's command; null when a racing first ask made one. */
  async function issue(tx: Db, effects: Effects, user: UserRow, replace: boolean): Promise<CalendarFeedDto> {
    const repo = createCalendarRepository(tx);
    const token = newToken();
    const row = replace
      ? await repo.replace(user.id, hashToken(token))
      : await repo.createIfMissing(user.id, hashToken(token));
    // Two first asks at once: the other made the address and has shown it; this one can only say so.
    if (row.tokenHash !== hashToken(token)) return shownBefore(row);
    // Audited as a change to the account; the values say what happened, never the token.
    effects.audit({
      entityType: 'user',
      entityId: user.id,
      action: replace ? 'UPDATE' : 'CREATE',
      newValues: { calendarFeed: replace ? 'reset' : 'created' },
    });
    return { url: feedUrl(deps.publicUrl, token), createdAt: row.updatedAt.toISOString() };
  }

  const shownBefore = (row: CalendarFeedRow): CalendarFeedDto => ({
    url: null,
    createdAt: row.updatedAt.toISOString(),
  });

  return {
    /** The user's feed: its address when this ask makes it, else only that one exists and since when. */
    async getUrl(user: UserRow): Promise<CalendarFeedDto> {
      const row = await createCalendarRepository(db).findForUser(user.id);
      if (row) return shownBefore(row);
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
