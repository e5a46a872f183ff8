import {
  BarChart3,
  Building2,
  CalendarDays,
  ClipboardCheck,
  CreditCard,
  Inbox,
  LifeBuoy,
  type LucideIcon,
  Settings,
  SlidersHorizontal,
  UsersRound,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * Signed-in navigation (spec 2 §2): Schedule always, Requests when the selected team's owner is on
 * Pro, Staff, Reports, Timesheets (Pro, issue 44) and Staffing (coverage, rules and the agent's log; on Free, the way to Pro) for
 * the selected team's administrators, Teams (Manage Teams), Subscription and Support for everyone,
 * then Settings.
 */
export function signedInNavItems(
  isAdmin: boolean,
  requestsAllowed = false,
  timesheetsAllowed = false,
): NavItem[] {
  return [
    { to: '/schedule', label: 'Schedule', icon: CalendarDays },
    ...(requestsAllowed ? [{ to: '/requests', label: 'Requests', icon: Inbox }] : []),
    ...(isAdmin
      ? [
          { to: '/staff', label: 'Staff', icon: UsersRound },
          { to: '/reports', label: 'Reports', icon: BarChart3 },
          ...(timesheetsAllowed ? [{ to: '/timesheets', label: 'Timesheets', icon: ClipboardCheck }] : []),
          { to: '/staffing', label: 'Staffing', icon: SlidersHorizontal },
        ]
      : []),
    { to: '/teams', label: 'Teams', icon: Building2 },
    { to: '/subscription', label: 'Subscription', icon: CreditCard },
    { to: '/support', label: 'Support', icon: LifeBuoy },
    { to: '/settings', label: 'Settings', icon: Settings },
  ];
}
