import { CalendarDays, type LucideIcon, Settings, UsersRound } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** Signed-in navigation: Schedule always, Staff for the selected team's administrators, then Settings. */
export function signedInNavItems(isAdmin: boolean): NavItem[] {
  return [
    { to: '/schedule', label: 'Schedule', icon: CalendarDays },
    ...(isAdmin ? [{ to: '/staff', label: 'Staff', icon: UsersRound }] : []),
    { to: '/settings', label: 'Settings', icon: Settings },
  ];
}
