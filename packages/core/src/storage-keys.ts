/** Browser local-storage keys (spec 1 §9); the only names the web app stores under. */
export const STORAGE_KEYS = {
  theme: 'theme',
  selectedTeamId: 'selectedTeamId',
  defaultWeekStartDay: 'defaultWeekStartDay',
  isSigningUp: 'isSigningUp',
  showStaffWelcomeAlert: 'showStaffWelcomeAlert',
  preferredRegion: 'preferredRegion',
  impersonation: 'impersonation',
  /** Where to go once the emailed link is opened, possibly in another tab (docs/auth.md). */
  returnUrl: 'returnUrl',
} as const;
