import type { StaffDto } from '@rotaboard/core/contracts/staff';
import {
  CalendarClock,
  Clock,
  Coins,
  MailPlus,
  MailX,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Send,
  ShieldCheck,
  ShieldOff,
  Trash2,
  UserX,
} from 'lucide-react';
import { type ComponentType, Fragment } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { type StaffAction, staffActions } from '../utils/staff-actions';

const ITEMS: Record<StaffAction, { label: string; icon: ComponentType<{ 'aria-hidden'?: boolean }> }> = {
  edit: { label: 'Edit', icon: Pencil },
  invite: { label: 'Invite', icon: MailPlus },
  resendInvite: { label: 'Resend invitation', icon: Send },
  revokeInvite: { label: 'Revoke invitation', icon: MailX },
  removeAccess: { label: 'Remove access', icon: UserX },
  makeAdmin: { label: 'Make administrator', icon: ShieldCheck },
  removeAdmin: { label: 'Remove administrator', icon: ShieldOff },
  weeklyHours: { label: 'Weekly hours', icon: Clock },
  availability: { label: 'Availability', icon: CalendarClock },
  payRates: { label: 'Pay rates', icon: Coins },
  cancelLeaving: { label: 'Cancel leaving', icon: RotateCcw },
  remove: { label: 'Remove', icon: Trash2 },
};

/** The ⋯ menu of one member of staff. On Free, 'Make administrator' shows but is unavailable. */
export function StaffActionsMenu({
  member,
  viewerIsOwner,
  adminsAvailable,
  payRatesAvailable = false,
  onAction,
}: {
  member: StaffDto;
  viewerIsOwner: boolean;
  adminsAvailable: boolean;
  /** Labour cost is on the team's plan (Pro). */
  payRatesAvailable?: boolean;
  onAction: (action: StaffAction, member: StaffDto) => void;
}) {
  const actions = staffActions(member, viewerIsOwner, { payRates: payRatesAvailable });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-muted-foreground"
          aria-label={`Actions for ${member.fullName}`}
          data-staff-actions={member.staffId}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => {
          const { label, icon: Icon } = ITEMS[action];
          const proOnly = action === 'makeAdmin' && !adminsAvailable;
          return (
            <Fragment key={action}>
              {action === 'remove' ? <DropdownMenuSeparator /> : null}
              <DropdownMenuItem
                destructive={action === 'remove'}
                disabled={proOnly}
                aria-label={proOnly ? `${label} (Pro feature)` : undefined}
                onSelect={() => onAction(action, member)}
              >
                <Icon aria-hidden />
                {label}
                {proOnly ? (
                  <Badge variant="outline" className="ml-auto">
                    Pro
                  </Badge>
                ) : null}
              </DropdownMenuItem>
            </Fragment>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
