import type { NotificationsResponse } from '@rotaboard/core/contracts/requests';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { setSelectedTeamId } from '../../../lib/teams';
import { BellButton } from './bell-button';

/** What one line of the bell says waits. */
export function waiting(type: string, count: number): string {
  if (type === 'swap')
    return count === 1 ? '1 request waiting for your answer' : `${count} requests waiting for your answer`;
  if (type === 'open_shift_claims')
    return count === 1
      ? '1 open-shift claim waiting for review'
      : `${count} open-shift claims waiting for review`;
  // Issue 44: people late for their shift (owner and administrators), and sick calls offered to cover.
  if (type === 'no_shows') return count === 1 ? '1 person late' : `${count} people late`;
  if (type === 'sick_cover') return count === 1 ? '1 shift to cover' : `${count} shifts to cover`;
  return count === 1 ? '1 request waiting for review' : `${count} requests waiting for review`;
}

/** Where one line of the bell leads. */
export function notificationTarget(type: string): string {
  if (type === 'support') return '/support';
  if (type === 'swap') return '/requests?status=awaiting_colleague';
  // Claims on open shifts are decided in the week grid; a sick call's cover is claimed among the open
  // shifts there too.
  if (type === 'open_shift_claims' || type === 'sick_cover') return '/schedule';
  if (type === 'no_shows') return '/timesheets';
  return '/requests?status=pending';
}

/**
 * The bell's menu (loaded on the first click): what waits, by team; each opens that team's requests
 * (those awaiting the viewer's answer for swaps), or its schedule for claims on open shifts (they are
 * decided in the week grid) and sick calls to cover, or its timesheets for people late (issue 44).
 */
export function NotificationMenu({ data }: { data: NotificationsResponse | undefined }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <BellButton total={data?.totalCount ?? 0} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {data && data.notifications.length > 0 ? (
          data.notifications.map((n) => (
            <DropdownMenuItem
              key={`${n.type}-${n.teamId}`}
              onSelect={() => {
                if (n.teamId) setSelectedTeamId(n.teamId);
                navigate(notificationTarget(n.type));
              }}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{n.teamName ?? 'Support'}</span>
                <span className="block text-xs text-muted-foreground">{waiting(n.type, n.pendingCount)}</span>
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

export default NotificationMenu;
