import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planOf, type SubscriptionTier, TEAM_READ_ONLY_ON_FREE } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import {
  type StaffAction,
  staffActionRefusal,
  staffTarget,
  type TeamRole,
} from '@rotaboard/core/teams/permissions';
import type { Db } from '../../db/db.ts';
import { earliestToday, teamToday } from '../../lib/calendar.ts';
import {
  createTeamRepository,
  type TeamRepository,
  type TeamRow,
  type TeamWithAccess,
} from './team.repository.ts';

export type { TeamRole };
export type TeamAccess = {
  team: TeamRow;
  userId: string;
  role: TeamRole;
  isAdmin: boolean;
  ownerTier: SubscriptionTier;
  /**
   * A team beyond the Free plan's one, kept from a Pro subscription that has ended: readable, and
   * refused for every change until the owner upgrades again or deletes teams (issue 12).
   */
  readOnlyOnFree: boolean;
  /** The caller's own row in the team's staff list (an owner may have none). */
  staffId: string | null;
  /** The caller's last working day on the team, if they are leaving (never for the owner). */
  leavingDate: string | null;
};

/**
 * The read keeps staff rows up to the earliest today anywhere; the team's own today decides: a
 * leaving date is the last working day in the team's time zone, so membership ends at the team's
 * midnight, wherever the server and the person are. Only rows with a leaving date need the zone.
 */
function asOfTeamToday(found: TeamWithAccess, now: number): TeamWithAccess {
  const leavingDate = found.membership?.leavingDate;
  if (!leavingDate || isActiveOn(leavingDate, teamToday(found.team, now))) return found;
  return { ...found, membership: null };
}

/**
 * The caller's role in a team. Someone who is neither owner nor linked staff (or whose leaving date
 * has passed in the team's time zone) gets a 404, the same as for a team that does not exist, so
 * team ids reveal nothing.
 */
export async function loadTeamAccess(
  repo: Pick<TeamRepository, 'findForUser'>,
  teamId: string,
  userId: string,
  proEmails: readonly string[],
  now: number = Date.now(),
): Promise<TeamAccess> {
  const read = await repo.findForUser(teamId, userId, earliestToday(now));
  const found = read && asOfTeamToday(read, now);
  const role: TeamRole | null = !found
    ? null
    : found.team.ownerId === userId
      ? 'owner'
      : found.membership?.isAdmin
        ? 'admin'
        : found.membership
          ? 'staff'
          : null;
  if (!found || !role) throw new DomainError(ErrorCode.NOT_FOUND, 'Team not found');
  const ownerTier = effectiveTier(found.ownerBilling, found.ownerEmail, proEmails);
  return {
    team: found.team,
    userId,
    role,
    isAdmin: role !== 'staff',
    staffId: found.membership?.staffId ?? null,
    leavingDate: role === 'owner' ? null : (found.membership?.leavingDate ?? null),
    ownerTier,
    // Only the oldest team stays writable on a plan of one team (Free).
    readOnlyOnFree: planOf(ownerTier).ownedTeams === 1 && !found.isOwnersFirstTeam,
  };
}

/**
 * The teams a user owns or is still a member of (their leaving date not passed in each team's zone),
 * oldest first, each with the user's membership: the teams list and the calendar feed.
 */
export async function teamsOfUser(
  db: Db,
  userId: string,
  now: number = Date.now(),
): Promise<TeamWithAccess[]> {
  return (await createTeamRepository(db).listForUser(userId, earliestToday(now)))
    .map((found) => asOfTeamToday(found, now))
    .filter((found) => found.team.ownerId === userId || found.membership !== null);
}

/**
 * Enforces core's staff permission table (teams/permissions): may the caller do `action`, to `row`
 * when the action is about one member of staff? Every staff and invitation write goes through here.
 */
export function authorizeStaffAction(
  access: TeamAccess,
  action: StaffAction,
  row?: { userId: string | null; isAdmin: boolean },
): void {
  const target = row ? staffTarget(row, access.team.ownerId) : 'team';
  const refusal = staffActionRefusal(access.role, action, target);
  if (refusal) throw new DomainError(ErrorCode[refusal.code], refusal.message);
}

/** Owners and administrators manage a team's staff, schedule and settings. */
export function requireTeamAdmin(access: TeamAccess): TeamAccess {
  if (!access.isAdmin) {
    throw new DomainError(ErrorCode.FORBIDDEN, 'Only the team owner and administrators can do this');
  }
  return access;
}

/**
 * Owners and administrators changing the team's schedule, staff or settings: refused, naming the
 * limit, on a team the owner's plan no longer covers. Reads use requireTeamAdmin.
 */
export function requireTeamWriter(access: TeamAccess): TeamAccess {
  requireTeamAdmin(access);
  if (access.readOnlyOnFree) throw new DomainError(ErrorCode.PLAN_LIMIT, TEAM_READ_ONLY_ON_FREE);
  return access;
}

/** Some things only the owner may do: delete the team, change administrators. */
export function requireTeamOwner(access: TeamAccess, what: string): TeamAccess {
  if (access.role !== 'owner') throw new DomainError(ErrorCode.FORBIDDEN, `Only the team owner can ${what}`);
  return access;
}

/** The caller's access to a team, read with `db` (a transaction or the pool): for reads and checks. */
export function teamAccessOf(
  db: Db,
  user: { id: string },
  teamId: string,
  proEmails: readonly string[],
  now: number = Date.now(),
): Promise<TeamAccess> {
  return loadTeamAccess(createTeamRepository(db), teamId, user.id, proEmails, now);
}

/** A team's schedule lock (its date and whether it hides what follows from staff), remembered between writes. */
export function scheduleLockOf(db: Db, teamId: string) {
  return createTeamRepository(db).findScheduleLock(teamId);
}
