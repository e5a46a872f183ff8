import type { StaffDto } from '@rotaboard/core/contracts/staff';
import {
  type StaffTarget,
  staffActionRefusal,
  type StaffAction as TableAction,
} from '@rotaboard/core/teams/permissions';

export type StaffAction =
  | 'edit'
  | 'invite'
  | 'resendInvite'
  | 'revokeInvite'
  | 'removeAccess'
  | 'makeAdmin'
  | 'removeAdmin'
  | 'weeklyHours'
  | 'availability'
  | 'payRates'
  | 'cancelLeaving'
  | 'remove';

type Member = Pick<StaffDto, 'isOwner' | 'isAdmin' | 'inviteStatus' | 'leavingDate'>;

/** The row as core's permission table sees it. */
export const targetOf = (member: Pick<StaffDto, 'isOwner' | 'isAdmin'>): StaffTarget =>
  member.isOwner ? 'owner' : member.isAdmin ? 'admin' : 'staff';

/** May the viewer (the team's owner, or else an administrator) do this to this row? */
export const viewerMay = (
  viewerIsOwner: boolean,
  action: TableAction,
  member: Pick<StaffDto, 'isOwner' | 'isAdmin'>,
) => staffActionRefusal(viewerIsOwner ? 'owner' : 'admin', action, targetOf(member)) === null;

/**
 * The actions menu of one row, in menu order: those that apply to the row's state and that core's
 * permission table allows the viewer (only the owner manages administrators; nobody removes the
 * owner or takes their access away). The server enforces the same table.
 */
export function staffActions(
  member: Member,
  viewerIsOwner: boolean,
  /** The team's plan has labour cost (Pro): pay rates are offered. */
  { payRates = false }: { payRates?: boolean } = {},
): StaffAction[] {
  const menu: [StaffAction, TableAction, boolean][] = [
    ['edit', 'editDetails', true],
    ['invite', 'invite', member.inviteStatus === 'not_invited'],
    ['resendInvite', 'resendInvite', member.inviteStatus === 'invited'],
    ['revokeInvite', 'revokeInvite', member.inviteStatus === 'invited'],
    ['removeAccess', 'removeAccess', member.inviteStatus === 'accepted'],
    ['makeAdmin', 'makeAdministrator', !member.isAdmin && !member.isOwner],
    ['removeAdmin', 'unmakeAdministrator', member.isAdmin && !member.isOwner],
    ['weeklyHours', 'editWeeklyHours', true],
    // Availability has the same reach as weekly hours: the owner and administrators, any row.
    ['availability', 'editWeeklyHours', true],
    // Pay rates too (the server lets the owner and administrators set anyone's), on Pro.
    ['payRates', 'editWeeklyHours', payRates],
    ['cancelLeaving', 'cancelLeaving', Boolean(member.leavingDate)],
    ['remove', 'removeStaff', true],
  ];
  return menu
    .filter(([, action, applies]) => applies && viewerMay(viewerIsOwner, action, member))
    .map(([item]) => item);
}

/** Moves `activeId` to where `overId` is; null when nothing moves. */
export function moveStaff<T extends { staffId: string }>(
  list: readonly T[],
  activeId: string,
  overId: string,
): T[] | null {
  const from = list.findIndex((member) => member.staffId === activeId);
  const to = list.findIndex((member) => member.staffId === overId);
  if (from < 0 || to < 0 || from === to) return null;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
