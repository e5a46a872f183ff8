import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '../api/notifications';
import { BellButton } from './bell-button';

// The menu (a Radix dropdown, ~18 KB gzip) loads on the first click, not with every page.
const NotificationMenu = lazy(() => import('./notification-menu'));

/**
 * The header's bell (spec 2 §2, issue 13): the number waiting, polled every 180 s and refreshed at
 * once by live request events; a click opens the list by team.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const [menuWanted, setMenuWanted] = useState(false);
  const total = notifications.data?.totalCount ?? 0;
  const button = <BellButton total={total} aria-haspopup="menu" onClick={() => setMenuWanted(true)} />;
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <NotificationMenu data={notifications.data} />
    </Suspense>
  );
}
