import type { StaffDto } from '@rotaboard/core/contracts/staff';

export type StaffAction =
  | 'edit'
  | 'invite'
  | 'resendInvite'
  | 'revokeInvite'
  | 'removeAccess'
  | 'makeAdmin'
  | 'removeAdmin'
  | 'weeklyHours'
  | 'cancelLeaving'
  | 'remove';

type Member = Pick<StaffDto, 'isOwner' | 'isAdmin' | 'inviteStatus' | 'leavingDate'>;

/**
 * The actions menu of one row, in menu order. `viewerIsOwner`: only the team's owner makes or
 * unmakes administrators; nobody removes the owner or takes their access away.
 */
export function staffActions(member: Member, viewerIsOwner: boolean): StaffAction[] {
  const actions: StaffAction[] = ['edit'];
  if (!member.isOwner) {
    if (member.inviteStatus === 'not_invited') actions.push('invite');
    if (member.inviteStatus === 'invited') actions.push('resendInvite', 'revokeInvite');
    if (member.inviteStatus === 'accepted') actions.push('removeAccess');
    if (viewerIsOwner) actions.push(member.isAdmin ? 'removeAdmin' : 'makeAdmin');
  }
  actions.push('weeklyHours');
  if (member.leavingDate) actions.push('cancelLeaving');
  if (!member.isOwner) actions.push('remove');
  return actions;
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
