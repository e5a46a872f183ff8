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
function waiting(type: string, count: number): string {
  if (type === 'swap')
    return count === 1 ? '1 request waiting for your answer' : `${count} requests waiting for your answer`;
  if (type === 'open_shift_claims')
    return count === 1
      ? '1 open-shift claim waiting for review'
      : `${count} open-shift claims waiting for review`;
  // Issue 44: shifts nobody clocked in for (owners and administrators), sick covers offered to me.
  if (type === 'no_shows')
    return count === 1 ? '1 shift nobody has clocked in for' : `${count} shifts nobody has clocked in for`;
  if (type === 'sick_cover')
    return count === 1 ? '1 sick call you could cover' : `${count} sick calls you could cover`;
  return count === 1 ? '1 request waiting for review' : `${count} requests waiting for review`;
}

/**
 * The bell's menu (loaded on the first click): what waits, by team; each opens that team's requests
 * (those awaiting the viewer's answer for swaps), or its schedule for claims on open shifts (they are
 * decided in the week grid), no-shows and sick covers to claim (docs/the-day.md).
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
                navigate(
                  n.type === 'support'
                    ? '/support'
                    : n.type === 'swap'
                      ? '/requests?status=awaiting_colleague'
                      : n.type === 'open_shift_claims' || n.type === 'no_shows' || n.type === 'sick_cover'
                        ? '/schedule'
                        : '/requests?status=pending',
                );
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
