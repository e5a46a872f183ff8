import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { type PlanFeature, planAllows } from '@rotaboard/core/plans/plan-limits';
import type { Db } from '../../db/db.ts';
import {
  type CommandActor,
  type CommandDeps,
  type CommandScope,
  type Effects,
  runCommand,
} from '../audit/command.ts';
import { createTeamRepository } from './team.repository.ts';
import {
  requireTeamAdmin,
  requireTeamOwner,
  requireTeamWriter,
  type TeamAccess,
  teamAccessOf,
} from './team-access.ts';

export type { CommandScope, Effects };

/**
 * Who may run a team command: `member` anyone on the team (their own requests, claims, availability),
 * `admin` owners and administrators, `writer` owners and administrators on a team the owner's plan
 * still covers (every change to the schedule, staff and settings), `owner` the owner alone.
 */
export type TeamCommandRole = 'member' | 'admin' | 'writer' | 'owner';

export type TeamCommandOptions = {
  role: TeamCommandRole;
  /** What an `owner` command does, for its refusal ("Only the team owner can <what>"). */
  ownerAction?: string;
  /** A feature the owner's plan must include, and the sentence that refuses it (a 403 naming Pro). */
  plan?: { feature: PlanFeature; refusal: string };
  /** Locks the team's row first, so one team's changes (and their plan-limit counts) queue up. */
  lockTeam?: boolean;
  /** A command already running: this one joins its transaction and effects (checks still run). */
  join?: CommandScope | undefined;
  /**
   * The caller's access, already read before the command (a write that prepares outside the
   * transaction, as the shift service does with the strict rules): checked here all the same.
   */
  access?: TeamAccess;
};

export type TeamCommand = <T>(
  user: CommandActor,
  teamId: string,
  options: TeamCommandOptions,
  work: (tx: Db, access: TeamAccess, effects: Effects) => Promise<T>,
) => Promise<T>;

/** The role check of a command, on the caller's access to the team. */
export function checkRole(access: TeamAccess, options: Pick<TeamCommandOptions, 'role' | 'ownerAction'>) {
  switch (options.role) {
    case 'member':
      return access;
    case 'admin':
      return requireTeamAdmin(access);
    case 'writer':
      return requireTeamWriter(access);
    case 'owner':
      return requireTeamOwner(access, options.ownerAction ?? 'do this');
  }
}

/**
 * The one way a team's data changes: `teamCommand(user, teamId, {role, plan}, (tx, access, effects) =>
 * …)` opens the transaction, loads the caller's access to the team and checks role and plan once,
 * then runs the work, which writes its rows and hands its audit rows, announcements and emails to
 * `effects`; the audit is written before the commit (as who really acts: in support mode the agent,
 * as the user), the rest goes out after it (audit/command.ts).
 */
export function createTeamCommand(deps: CommandDeps & { proEmails: readonly string[] }): TeamCommand {
  return async (user, teamId, options, work) => {
    // Read before the transaction opens (as every read: the same answer at this isolation level, and
    // no transaction held open for it); a command that joins another reads in that one's.
    const read =
      options.access ?? (await teamAccessOf(options.join?.tx ?? deps.db, user, teamId, deps.proEmails));
    const access = checkRole(read, options);
    if (options.plan && !planAllows(access.ownerTier, options.plan.feature)) {
      throw new DomainError(ErrorCode.PLAN_LIMIT, options.plan.refusal);
    }
    return runCommand(deps, { teamId, actor: user, join: options.join }, async (tx, effects) => {
      if (options.lockTeam) await createTeamRepository(tx).lock(teamId);
      return work(tx, access, effects);
    });
  };
}
