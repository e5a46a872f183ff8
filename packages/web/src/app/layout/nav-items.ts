import { Building2, CalendarDays, CreditCard, type LucideIcon, Settings, UsersRound } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * Signed-in navigation: Schedule always, Staff for the selected team's administrators, Teams (Manage
 * Teams) and Subscription for everyone, then Settings.
 */
export function signedInNavItems(isAdmin: boolean): NavItem[] {
  return [
    { to: '/schedule', label: 'Schedule', icon: CalendarDays },
    ...(isAdmin ? [{ to: '/staff', label: 'Staff', icon: UsersRound }] : []),
    { to: '/teams', label: 'Teams', icon: Building2 },
    { to: '/subscription', label: 'Subscription', icon: CreditCard },
    { to: '/settings', label: 'Settings', icon: Settings },
  ];
}
