import { isNoShowDue, noShowDates, shiftSummary } from '@rotaboard/core/day/no-show';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import { usesHour12 } from '@rotaboard/core/time/format';
import type { Db } from '../../db/db.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import type { Mailer, OutgoingEmail, WarnLog } from '../../plugins/mail.ts';
import { runCommand } from '../audit/command.ts';
import { noShowEmail } from '../mail/templates.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createNoShowRepository } from './no-show.repository.ts';

/** How far back a check looks for alerts resolved by a late clock-in: two days, past any shift's end. */
const RESOLVE_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;

/** What the no-show checker is built from (services.ts passes the app's). */
export type NoShowDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  proEmails: readonly string[];
  log?: WarnLog;
};

/** One alert sent: whose shift, in which team. */
export type NoShowSent = { shiftId: string; teamId: string; staffId: string };

/**
 * No-shows (issue 44): `checkNoShows(now)` finds the shifts of Pro teams whose start passed the
 * team's `lateAfterMinutes` ago, still running, with no clock-in (core day/no-show decides, in the
 * team's zone), and tells the owner and administrators once each: one email and, while unresolved, the
 * bell's `no_shows`. However many processes run it, one checks at a time (a PostgreSQL advisory lock
 * for the check's transaction: the database is the one thing every process shares) and a shift is
 * told at most once (the alert's primary key is the shift: only the process whose insert lands sends).
 * The emails go after the commit, as every command's.
 */
export function createNoShowService(deps: NoShowDeps) {
  const dayUrl = (date: string) => `${deps.publicUrl}/schedule/${date}`;

  return {
    async checkNoShows(now: Date = new Date()): Promise<NoShowSent[]> {
      return runCommand(deps, { teamId: null, actor: null }, async (tx, effects) => {
        const repo = createNoShowRepository(tx);
        if (!(await repo.tryCheckLock())) return [];
        await repo.resolveClockedIn(now, new Date(now.getTime() - RESOLVE_WITHIN_MS));
        const { startDate, endDate } = noShowDates(now);
        const due = (await repo.candidates(startDate, endDate)).filter((c) =>
          isNoShowDue(c, c.lateAfterMinutes, c.timeZone, now),
        );
        if (due.length === 0) return [];
        const owners = await userDirectory(tx).findByIds([...new Set(due.map((c) => c.ownerId))]);
        const pro = new Set(
          owners
            .filter((o) =>
              planAllows(effectiveTier(billingStateOf(o), o.email, deps.proEmails), 'attendance'),
            )
            .map((o) => o.id),
        );
        const sent: (typeof due)[number][] = [];
        for (const shift of due.filter((c) => pro.has(c.ownerId))) {
          const alert = await repo.insertAlert({
            shiftId: shift.shiftId,
            teamId: shift.teamId,
            staffId: shift.staffId,
            sentAt: now,
          });
          if (alert) sent.push(shift);
        }
        const recipients = await repo.ownersAndAdmins([...new Set(sent.map((s) => s.teamId))], now);
        const mails: OutgoingEmail[] = [];
        for (const shift of sent) {
          const staffName = `${shift.firstName} ${shift.lastName}`.trim();
          // One email per person, even an owner who is also on the list as an administrator.
          const seen = new Set<string>();
          for (const r of recipients) {
            if (r.teamId !== shift.teamId || seen.has(r.userId)) continue;
            seen.add(r.userId);
            mails.push({
              to: r.email,
              ...noShowEmail({
                url: dayUrl(shift.shiftDate),
                teamName: shift.teamName,
                firstName: r.firstName || 'there',
                staffName,
                summary: shiftSummary(shift, usesHour12(r.timeFormat, undefined)),
                lateAfterMinutes: shift.lateAfterMinutes,
              }),
            });
          }
        }
        effects.mail(...mails);
        return sent.map((s) => ({ shiftId: s.shiftId, teamId: s.teamId, staffId: s.staffId }));
      });
    },
  };
}
export type NoShowService = ReturnType<typeof createNoShowService>;
