import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { setSelectedTeamId } from '../../../lib/teams';
import { useNotifications } from '../api/requests';

/**
 * The header's bell (spec 2 §2, issue 13): what waits for this person, by team; each entry opens that
 * team's requests. Polled every 180 s and refreshed at once by live request events.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const navigate = useNavigate();
  const total = notifications.data?.totalCount ?? 0;
  const label = total === 0 ? 'Notifications' : `Notifications: ${total} waiting`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-9"
          aria-label={label}
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" className="size-4.5" />
          {total > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold leading-4.5 text-destructive-foreground"
            >
              {total > 99 ? '99+' : total}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {notifications.data && notifications.data.notifications.length > 0 ? (
          notifications.data.notifications.map((n) => (
            <DropdownMenuItem
              key={`${n.type}-${n.teamId}`}
              onSelect={() => {
                if (n.teamId) setSelectedTeamId(n.teamId);
                navigate(n.type === 'support' ? '/support' : '/requests?status=pending');
              }}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{n.teamName ?? 'Support'}</span>
                <span className="block text-xs text-muted-foreground">
                  {n.pendingCount === 1
                    ? '1 request waiting for review'
                    : `${n.pendingCount} requests waiting for review`}
                </span>
              </span>
            </DropdownMenuItem>
          ))
        ) : (
          <p className="px-2 py-3 text-sm text-muted-foreground">Nothing waiting for you.</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
