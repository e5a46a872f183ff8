/**
 * Who may do what to whom on a team's staff list: the one table the server enforces (through
 * `authorizeStaffAction` in the server's team-access) and the web app reads to show or hide actions.
 *
 * Rows are actions; columns are the kind of staff row acted on; each cell lists the roles that may.
 * An empty cell means nobody may: it is a rule of the product (the owner is always an administrator),
 * not a permission. Team-wide actions have the single column `team`.
 */
export type TeamRole = 'owner' | 'admin' | 'staff';
/** The row acted on: the owner's own row, an administrator's, or anyone else's. */
export type StaffTarget = 'staff' | 'admin' | 'owner';

const OWNER = ['owner'] as const;
const MANAGERS = ['owner', 'admin'] as const;
const EVERYONE = ['owner', 'admin', 'staff'] as const;
const NOBODY = [] as const;

export const STAFF_PERMISSIONS = {
  viewStaffList: { team: EVERYONE },
  viewEmailAddresses: { team: MANAGERS },
  viewLimits: { team: MANAGERS },
  addStaff: { team: MANAGERS },
  addAdministrator: { team: OWNER },
  reorderStaff: { team: MANAGERS },
  viewWeeklyHours: { team: MANAGERS },

  editDetails: { staff: MANAGERS, admin: MANAGERS, owner: OWNER },
  editEmail: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  makeAdministrator: { staff: OWNER, owner: NOBODY },
  unmakeAdministrator: { admin: OWNER },
  setLeavingDate: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  removeStaff: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  cancelLeaving: { staff: MANAGERS, admin: OWNER, owner: OWNER },
  editWeeklyHours: { staff: MANAGERS, admin: MANAGERS, owner: MANAGERS },
  invite: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  resendInvite: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  revokeInvite: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
  removeAccess: { staff: MANAGERS, admin: OWNER, owner: NOBODY },
} as const satisfies Record<string, Partial<Record<StaffTarget | 'team', readonly TeamRole[]>>>;

export type StaffAction = keyof typeof STAFF_PERMISSIONS;
export type TeamWideStaffAction = {
  [A in StaffAction]: 'team' extends keyof (typeof STAFF_PERMISSIONS)[A] ? A : never;
}[StaffAction];
export type TargetedStaffAction = Exclude<StaffAction, TeamWideStaffAction>;

/** The targets a targeted action applies to (making an administrator applies to non-administrators only). */
export function targetsOf(action: TargetedStaffAction): StaffTarget[] {
  return Object.keys(STAFF_PERMISSIONS[action]) as StaffTarget[];
}

/** What kind of row this is for the table: the owner's own, an administrator's, or staff. */
export function staffTarget(row: { userId: string | null; isAdmin: boolean }, ownerId: string): StaffTarget {
  if (row.userId !== null && row.userId === ownerId) return 'owner';
  return row.isAdmin ? 'admin' : 'staff';
}

export type Refusal = { code: 'FORBIDDEN' | 'RULE_BROKEN'; message: string };

/** Why nobody may do this to the owner's row: the product's rule, in a sentence. */
const OWNER_RULES: Partial<Record<TargetedStaffAction, string>> = {
  editEmail: 'The team owner signs in with their own account’s email address; they change it in Settings',
  makeAdministrator: 'The team owner is always an administrator',
  setLeavingDate:
    "The owner leaves the staff list by turning off 'Include me in the staff list' in the team's settings",
  removeStaff:
    "The owner leaves the staff list by turning off 'Include me in the staff list' in the team's settings",
  invite: 'The team owner is already on the team',
  resendInvite: 'The team owner is already on the team',
  revokeInvite: 'The team owner is already on the team',
  removeAccess: 'The team owner always has access to their team',
};

/** What only the owner may do, as "Only the team owner can …". */
const OWNER_ONLY_PHRASES: Record<StaffAction, (whose: string) => string> = {
  viewStaffList: () => 'see the staff list',
  viewEmailAddresses: () => 'see email addresses',
  viewLimits: () => 'see the plan limits',
  addStaff: () => 'add staff',
  addAdministrator: () => 'add an administrator',
  reorderStaff: () => 'reorder the staff list',
  viewWeeklyHours: () => 'see weekly hours',
  editDetails: (whose) => `edit ${whose} details`,
  editEmail: (whose) => `change ${whose} email address`,
  makeAdministrator: () => 'change administrators',
  unmakeAdministrator: () => 'change administrators',
  setLeavingDate: (whose) => `set ${whose} leaving date`,
  removeStaff: () => 'remove an administrator',
  cancelLeaving: (whose) => `cancel ${whose} leaving date`,
  editWeeklyHours: (whose) => `change ${whose} weekly hours`,
  invite: () => 'invite an administrator',
  resendInvite: () => 'resend an administrator’s invitation',
  revokeInvite: () => 'revoke an administrator’s invitation',
  removeAccess: () => 'remove an administrator’s access',
};

export const MANAGERS_ONLY = 'Only the team owner and administrators can do this';

/**
 * Null when `role` may do `action` (to a row of kind `target`), else why not: staff are refused
 * everything but reading, administrators what only the owner may, and anyone what nobody may.
 */
export function staffActionRefusal(
  role: TeamRole,
  action: StaffAction,
  target: StaffTarget | 'team' = 'team',
): Refusal | null {
  const allowed = (STAFF_PERMISSIONS[action] as Partial<Record<StaffTarget | 'team', readonly TeamRole[]>>)[
    target
  ];
  if (allowed?.includes(role)) return null;
  if (role === 'staff') return { code: 'FORBIDDEN', message: MANAGERS_ONLY };
  if (allowed === undefined || allowed.length === 0) {
    const rule = target === 'owner' ? OWNER_RULES[action as TargetedStaffAction] : undefined;
    return { code: 'RULE_BROKEN', message: rule ?? 'That does not apply to this member of staff' };
  }
  const whose = target === 'owner' ? 'the owner’s' : 'an administrator’s';
  return { code: 'FORBIDDEN', message: `Only the team owner can ${OWNER_ONLY_PHRASES[action](whose)}` };
}
