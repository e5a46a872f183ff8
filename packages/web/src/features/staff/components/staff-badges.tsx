import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { Badge } from '../../../components/ui/badge';
import { formatShortDate } from '../../../lib/dates';

/** Owner, Admin, Invited or Joined, and 'Leaving {date}'. */
export function StaffBadges({ member }: { member: StaffDto }) {
  const badges = [
    member.isOwner ? <Badge key="owner">Owner</Badge> : null,
    member.isAdmin && !member.isOwner ? <Badge key="admin">Admin</Badge> : null,
    member.inviteStatus === 'invited' ? (
      <Badge key="invited" variant="secondary">
        Invited
      </Badge>
    ) : null,
    member.inviteStatus === 'accepted' && !member.isOwner ? (
      <Badge key="joined" variant="success">
        Joined
      </Badge>
    ) : null,
    member.leavingDate ? (
      <Badge key="leaving" variant="warning">
        Leaving {formatShortDate(member.leavingDate)}
      </Badge>
    ) : null,
  ].filter(Boolean);
  if (badges.length === 0) return null;
  return <span className="flex flex-wrap gap-1.5">{badges}</span>;
}
