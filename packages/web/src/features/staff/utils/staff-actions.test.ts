import { describe, expect, it } from 'vitest';
import { moveStaff, staffActions } from './staff-actions';

const member = {
  isOwner: false,
  isAdmin: false,
  inviteStatus: 'not_invited' as const,
  leavingDate: null as string | null,
};

describe('staffActions', () => {
  it('offers an invitation to someone not invited, and admin rights only to the owner', () => {
    expect(staffActions(member, true)).toEqual([
      'edit',
      'invite',
      'makeAdmin',
      'weeklyHours',
      'availability',
      'remove',
    ]);
    expect(staffActions(member, false)).toEqual(['edit', 'invite', 'weeklyHours', 'availability', 'remove']);
  });

  it('offers resend and revoke while invited, and removing access once joined', () => {
    expect(staffActions({ ...member, inviteStatus: 'invited' }, false)).toEqual([
      'edit',
      'resendInvite',
      'revokeInvite',
      'weeklyHours',
      'availability',
      'remove',
    ]);
    expect(staffActions({ ...member, inviteStatus: 'accepted', isAdmin: true }, true)).toEqual([
      'edit',
      'removeAccess',
      'removeAdmin',
      'weeklyHours',
      'availability',
      'remove',
    ]);
  });

  it('never offers to remove, re-invite or demote the owner', () => {
    expect(staffActions({ ...member, isOwner: true, isAdmin: true, inviteStatus: 'accepted' }, true)).toEqual(
      ['edit', 'weeklyHours', 'availability'],
    );
  });

  it('offers to cancel a leaving date', () => {
    expect(staffActions({ ...member, leavingDate: '2026-12-31' }, false)).toContain('cancelLeaving');
  });

  it('offers an administrator nothing on another administrator but their details and hours', () => {
    const admin = { ...member, isAdmin: true, inviteStatus: 'invited' as const, leavingDate: '2026-12-31' };
    expect(staffActions(admin, false)).toEqual(['edit', 'weeklyHours', 'availability']);
    expect(staffActions({ ...admin, inviteStatus: 'accepted' }, false)).toEqual([
      'edit',
      'weeklyHours',
      'availability',
    ]);
  });

  it('offers an administrator only the owner’s weekly hours', () => {
    const owner = { ...member, isOwner: true, inviteStatus: 'accepted' as const };
    expect(staffActions(owner, false)).toEqual(['weeklyHours', 'availability']);
  });
});

describe('moveStaff', () => {
  const list = [{ staffId: 'a' }, { staffId: 'b' }, { staffId: 'c' }, { staffId: 'd' }];
  const ids = (result: { staffId: string }[] | null) => result?.map((item) => item.staffId);

  it('moves up and down', () => {
    expect(ids(moveStaff(list, 'd', 'b'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(moveStaff(list, 'a', 'c'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('returns null when nothing moves', () => {
    expect(moveStaff(list, 'b', 'b')).toBeNull();
    expect(moveStaff(list, 'x', 'b')).toBeNull();
  });
});
