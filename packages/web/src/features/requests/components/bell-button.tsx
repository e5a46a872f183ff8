import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';

/** The bell itself: the same button before and after its menu has loaded. */
export function BellButton({ total, ...props }: { total: number } & ComponentProps<typeof Button>) {
  const label = total === 0 ? 'Notifications' : `Notifications: ${total} waiting`;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative size-9"
      aria-label={label}
      data-testid="notification-bell"
      {...props}
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
  );
}
