import { changedFields } from '@rotaboard/core/audit/changes';
import type { ScheduleChangeKind } from '@rotaboard/core/realtime/events';
import type { Db } from '../../db/db.ts';
import { announce, type ScheduleEvents } from '../../lib/realtime-events.ts';
import { type Mailer, type OutgoingEmail, sendAfterCommit, type WarnLog } from '../../plugins/mail.ts';
import {
  type AuditAction,
  type AuditEntity,
  type AuditEntry,
  createAuditRepository,
} from './audit.repository.ts';

/** Who a command acts as: the signed-in user (in support mode the audit names the agent, as them). */
export type CommandActor = { id: string; firstName: string; lastName: string; email: string };

/** A live announcement a command makes: the team and the actor default to the command's. */
export type Announcement = {
  kind: ScheduleChangeKind;
  dates?: readonly (string | null | undefined)[];
  ids?: readonly string[];
  teamId?: string;
};

/**
 * What a write does besides its own rows, collected while it runs and released in order: audit rows
 * are written in the write's transaction just before it commits (so a change and its audit stand or
 * fall together); announcements, emails and other after-effects go out only once it has committed,
 * and a failure among them is logged, never thrown (the change did happen).
 */
export type Effects = {
  /** An audit row; `teamId` and `changedBy` default to the command's team and actor. */
  audit(
    entry: Omit<AuditEntry, 'teamId' | 'changedBy'> & Partial<Pick<AuditEntry, 'teamId' | 'changedBy'>>,
  ): void;
  /** An UPDATE row with only the fields that changed; nothing when nothing did. */
  auditUpdate(entry: {
    entityType: AuditEntity;
    entityId: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    action?: AuditAction;
    teamId?: string | null;
  }): void;
  /** Tells the team's open screens what changed, after commit. */
  announce(change: Announcement): void;
  /** Emails about the change, sent after commit. */
  mail(...mails: readonly (OutgoingEmail | null | undefined)[]): void;
  /** Anything else that must wait for the commit (a cache to drop, sockets to end). */
  afterCommit(effect: () => unknown): void;
  /**
   * Names who acts, for a command that learns it only inside (a link that signs someone in: the
   * account is found or made in the transaction). Audit rows and announcements use it.
   */
  actAs(actor: CommandActor): void;
};

/** What the write pipeline is built from: the app's database, live hub, mailer and log. */
export type CommandDeps = { db: Db; events?: ScheduleEvents; mailer?: Mailer; log?: WarnLog };

/** A command already running, which a nested write joins instead of opening a transaction of its own. */
export type CommandScope = { tx: Db; effects: Effects };

type Collected = {
  actor: CommandActor | null;
  audit: AuditEntry[];
  announcements: Announcement[];
  mails: OutgoingEmail[];
  after: (() => unknown)[];
};

/** An audit row as collected: who made it is filled in when the rows are written (the actor may come late). */
type PendingAudit = Omit<AuditEntry, 'changedBy'> & { changedBy?: string | null };

function collector(teamId: string | null, actor: CommandActor | null) {
  const collected: Collected = { actor, audit: [], announcements: [], mails: [], after: [] };
  const pending: PendingAudit[] = [];
  const effects: Effects = {
    audit(entry) {
      pending.push({ teamId, ...entry });
    },
    auditUpdate({ before, after, action = 'UPDATE', ...entry }) {
      const diff = changedFields(before, after);
      if (diff) pending.push({ teamId, action, ...entry, ...diff });
    },
    announce(change) {
      collected.announcements.push(change);
    },
    mail(...mails) {
      for (const mail of mails) if (mail) collected.mails.push(mail);
    },
    afterCommit(effect) {
      collected.after.push(effect);
    },
    actAs(who) {
      collected.actor = who;
    },
  };
  /** The audit rows with their actor, and a refusal (before commit) of announcements nobody made. */
  const finish = (): AuditEntry[] => {
    const who = collected.actor;
    if (!who && (collected.announcements.length > 0 || pending.some((e) => e.changedBy === undefined))) {
      throw new Error('A command audited or announced a change without naming who made it (effects.actAs)');
    }
    return pending.map((entry) => ({ ...entry, changedBy: entry.changedBy ?? who?.id ?? null }));
  };
  return { effects, collected, finish };
}

/**
 * The write pipeline's base: runs `work` in one transaction with an `Effects` collector, writes the
 * audit rows it gathered before the commit, then announces, mails and runs its after-effects. With
 * `join`, the work runs in that command's transaction and its effects go with that command's.
 * Team writes go through `teamCommand` (team-access), which adds the access and plan checks.
 */
export async function runCommand<T>(
  deps: CommandDeps,
  scope: { teamId: string | null; actor: CommandActor | null; join?: CommandScope | undefined },
  work: (tx: Db, effects: Effects) => Promise<T>,
): Promise<T> {
  if (scope.join) return work(scope.join.tx, scope.join.effects);
  const { effects, collected, finish } = collector(scope.teamId, scope.actor);
  const result = await deps.db.transaction(async (tx) => {
    const value = await work(tx, effects);
    await createAuditRepository(tx).recordMany(finish());
    return value;
  });
  const { actor } = collected;
  for (const change of collected.announcements) {
    const teamId = change.teamId ?? scope.teamId;
    if (teamId && actor) announce(deps.events, { ...change, teamId, user: actor });
  }
  if (deps.mailer) await sendAfterCommit(deps.mailer, collected.mails, deps.log);
  for (const effect of collected.after) {
    try {
      await effect();
    } catch (err) {
      deps.log?.warn({ err }, 'an effect of a committed change failed');
    }
  }
  return result;
}
