import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { Badge } from '../../../components/ui/badge';
import { formatShortDate } from '../../../lib/dates';

const INVITE_TEXT: Record<StaffDto['inviteStatus'], string | null> = {
  not_invited: null,
  invited: 'Invited',
  accepted: null,
};

function initials(member: StaffDto): string {
  const letters = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.trim();
  return (letters || member.fullName.charAt(0) || '?').toUpperCase();
}

function Badges({ member }: { member: StaffDto }) {
  const invite = INVITE_TEXT[member.inviteStatus];
  return (
    <span className="flex flex-wrap gap-1.5">
      {member.isOwner ? <Badge>Owner</Badge> : null}
      {member.isAdmin && !member.isOwner ? <Badge>Admin</Badge> : null}
      {invite ? <Badge variant="secondary">{invite}</Badge> : null}
      {member.leavingDate ? (
        <Badge variant="warning">Leaving {formatShortDate(member.leavingDate)}</Badge>
      ) : null}
    </span>
  );
}

/** The team's staff in display order: a table on wide screens, a list of cards on phones. */
export function StaffList({ staff }: { staff: StaffDto[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card">
      <table className="hidden w-full text-sm md:table">
        <thead className="bg-muted/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {staff.map((member) => (
            <tr key={member.staffId}>
              <td className="px-4 py-3">
                <span className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                  >
                    {initials(member)}
                  </span>
                  <span className="font-medium">{member.fullName}</span>
                </span>
              </td>
              <td className="px-4 py-3 text-muted-foreground">{member.role || '—'}</td>
              <td className="px-4 py-3 break-all text-muted-foreground">{member.email ?? '—'}</td>
              <td className="px-4 py-3">
                <Badges member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-border md:hidden">
        {staff.map((member) => (
          <li key={member.staffId} className="flex gap-3 p-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
            >
              {initials(member)}
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium">{member.fullName}</p>
              {member.role ? <p className="text-sm text-muted-foreground">{member.role}</p> : null}
              {member.email ? (
                <p className="text-sm break-all text-muted-foreground">{member.email}</p>
              ) : null}
              <Badges member={member} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
