import { formatMoney } from '../labour/money.ts';
import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../shifts/adjustments.ts';

/**
 * How audit entries read, in the shift history panel and the audit report (spec 2 §3–§5): field
 * labels by domain, '-' for empty, Yes/No for booleans, en-GB dates, and which values each action shows.
 */

/**
 * The audit report's domains: the entity types, plus adjustments and the lock told apart, and the
 * schedule assistant's accepted changes (issue 26) beside the shift or note rows they wrote.
 */
export const AUDIT_DOMAINS = [
  'shift',
  'adjustment',
  'staff',
  'team',
  'lock',
  'request',
  'day_note',
  'open_shift',
  'assistant',
  'pay_rate',
  'labour_settings',
  'timesheet',
] as const;
export type AuditDomain = (typeof AUDIT_DOMAINS)[number];

export const AUDIT_DOMAIN_LABELS: Record<AuditDomain, string> = {
  shift: 'Shift',
  adjustment: 'Adjustment',
  staff: 'Staff',
  team: 'Team',
  lock: 'Schedule lock',
  request: 'Request',
  day_note: 'Day note',
  open_shift: 'Open shift',
  assistant: 'Schedule assistant',
  pay_rate: 'Pay rate',
  labour_settings: 'Labour settings',
  timesheet: 'Timesheet',
};

/** Fields of the team that make up the schedule lock (spec 1 schedule lock). */
const LOCK_FIELDS = ['lockedUntil', 'hideScheduleAfterLock'];

/**
 * The domain an audit row belongs to: a shift change that touches only its attendance adjustments is
 * an adjustment; a team change that touches only the lock is the lock; otherwise its entity type.
 */
export function auditDomain(
  entityType: string,
  action: string,
  newValues: Record<string, unknown> | null,
): AuditDomain | null {
  const keys = Object.keys(newValues ?? {});
  if (entityType === 'shift') {
    return action === 'UPDATE' && keys.length > 0 && keys.every((k) => k === 'attendanceAdjustments')
      ? 'adjustment'
      : 'shift';
  }
  if (entityType === 'team') {
    return keys.length > 0 && keys.every((k) => LOCK_FIELDS.includes(k)) ? 'lock' : 'team';
  }
  // Of the proposals' rows, only the assistant's accepted changes are reported (the agent's stay in its log).
  if (entityType === 'proposal') {
    return action === 'ACCEPTED' && newValues?.source === 'assistant' ? 'assistant' : null;
  }
  // An open shift and the claims on it are one domain (issue 27).
  if (entityType === 'open_shift_claim') return 'open_shift';
  return (AUDIT_DOMAINS as readonly string[]).includes(entityType) ? (entityType as AuditDomain) : null;
}

/** Field labels by domain (spec 2 §3); `all` applies to every domain. */
export const AUDIT_FIELD_LABELS = {
  shift: {
    shiftId: 'Shift',
    staffId: 'Staff member',
    teamId: 'Team',
    shiftDate: 'Date',
    startTime: 'Start time',
    endTime: 'End time',
    breakMinutes: 'Break minutes',
    notes: 'Notes',
    notesVisibleToAll: 'Notes visible to all',
    isTimeOff: 'Time off',
    timeOffDays: 'Time off days',
    timeOffHours: 'Time off hours',
    colour: 'Colour',
    attendanceAdjustments: 'Attendance adjustments',
  },
  staff: {
    staffName: 'Staff name',
    firstName: 'First name',
    lastName: 'Last name',
    role: 'Role',
    isAdmin: 'Administrator',
    inviteStatus: 'Invite status',
    invitedAt: 'Invited',
    joinedAt: 'Joined',
    leavingDate: 'Leaving date',
    displayOrder: 'Display order',
    email: 'Email',
  },
  team: {
    teamName: 'Team name',
    weekStartDay: 'Week starts on',
    hideScheduleAfterLock: 'Hide schedule after lock',
    owner: 'Owner',
    ownerInStaffList: 'Owner in staff list',
    lockedUntil: 'Locked until',
    coverage: 'Coverage',
    staffingRules: 'Staffing rules',
    clockInEarlyMinutes: 'Clock in early (minutes)',
    lateAfterMinutes: 'Late after (minutes)',
    sickCoverOffers: 'Sick cover offers',
    autoApproveSickCover: 'Approve sick cover at once',
  },
  request: {
    requestId: 'Request',
    requestType: 'Request type',
    description: 'Details',
    startDate: 'Start date',
    endDate: 'End date',
    status: 'Status',
    adminComments: 'Admin comments',
  },
  adjustment: { minutes: 'Minutes', reason: 'Reason', comment: 'Comment' },
  day_note: { noteDate: 'Date', noteText: 'Note', showToAllStaff: 'Shown to all staff' },
  open_shift: {
    openShiftId: 'Open shift',
    claimId: 'Claim',
    shiftDate: 'Date',
    startTime: 'Start time',
    endTime: 'End time',
    breakMinutes: 'Break minutes',
    role: 'Role',
    notes: 'Notes',
    staffCount: 'People needed',
    staffId: 'Staff member',
    status: 'Status',
    shiftId: 'Shift',
  },
  assistant: { source: 'Source', changeId: 'Change', kind: 'Kind', shiftId: 'Shift', reason: 'Change made' },
  pay_rate: { staffId: 'Staff member', effectiveFrom: 'Effective from', hourlyRate: 'Hourly rate' },
  timesheet: {
    staffId: 'Staff member',
    shiftId: 'Shift',
    workDate: 'Date',
    clockInAt: 'Clocked in',
    clockOutAt: 'Clocked out',
    breakSeconds: 'Break (seconds)',
    breakStartedAt: 'Break started',
    status: 'Status',
    reason: 'Reason',
  },
  labour_settings: {
    weeklyBudget: 'Weekly budget',
    overtimeAfterMinutes: 'Overtime after (minutes a week)',
    overtimeMultiplier: 'Overtime multiplier',
  },
  all: { createdAt: 'Created', updatedAt: 'Updated' },
} as const satisfies Record<string, Record<string, string>>;

const LABEL_GROUPS: Record<string, Record<string, string>> = AUDIT_FIELD_LABELS;
/** Domains whose fields an entry of a domain may carry (a lock change is a team change, and so on). */
const DOMAIN_GROUPS: Record<string, string[]> = {
  shift: ['shift', 'adjustment'],
  adjustment: ['shift', 'adjustment'],
  lock: ['team'],
};

/** The money fields of labour cost's audit rows (issue 43), stored in minor units, and their shown names. */
const MONEY_FIELDS: Record<string, string> = {
  hourlyRateMinor: 'hourlyRate',
  weeklyBudgetMinor: 'weeklyBudget',
};

/**
 * An audit row's values with labour cost's money (integer minor units, issue 43) as people read it in
 * the team's `currency`: `{hourlyRateMinor: 1250}` → `{hourlyRate: '£12.50'}`, null kept. Other values
 * as they are. For the audit report, which only owners and administrators read.
 */
export function withMoneyShown(
  values: Record<string, unknown> | null,
  currency: string,
): Record<string, unknown> | null {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => {
      const shown = MONEY_FIELDS[field];
      if (!shown) return [field, value];
      return [shown, typeof value === 'number' ? formatMoney(value, currency, 'en') : value];
    }),
  );
}

/** A field's label in a domain (default the shift's, as the history panel shows), else the field name. */
export function auditLabel(field: string, domain = 'shift'): string {
  for (const group of [...(DOMAIN_GROUPS[domain] ?? [domain]), 'all']) {
    const label = LABEL_GROUPS[group]?.[field];
    if (label) return label;
  }
  return field;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EN_GB_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A calendar date as en-GB short (dd/mm/yyyy), without any time-zone shift. */
export function formatEnGbDate(date: string): string {
  const match = ISO_DATE.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

function formatAdjustments(value: unknown[]): string {
  return value
    .map((item) => {
      const a = item as { minutes?: unknown; reason?: unknown; comment?: unknown };
      const reason = ADJUSTMENT_REASONS[a.reason as AdjustmentReason] ?? String(a.reason ?? '');
      return `${reason} ${String(a.minutes ?? 0)} min${a.comment ? ` (${String(a.comment)})` : ''}`;
    })
    .join('; ');
}

/** How an audit entry's values read (spec 2 §5): '-' for empty, Yes/No for booleans, en-GB dates. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    return value.every((item) => item && typeof item === 'object' && 'reason' in item)
      ? formatAdjustments(value)
      : JSON.stringify(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatEnGbDate(value);
  if (typeof value === 'string' && ISO_TIMESTAMP.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : EN_GB_DATE_TIME.format(time);
  }
  return String(value);
}

export type AuditRows =
  | { kind: 'values'; rows: { field: string; label: string; value: string }[] }
  | { kind: 'change'; rows: { field: string; label: string; before: string; after: string }[] }
  | { kind: 'none'; message: string };

/**
 * Ids an entry carries for the record, not for reading: the audit report names the subject (the
 * person, the shift's date) beside each entry instead (`hideIds`).
 */
const ID_FIELDS = ['shiftId', 'staffId', 'teamId', 'requestId'];

const CREATE = ['create', 'created', 'sent', 'accepted'];
const UPDATE = ['update', 'updated', 'approved', 'rejected', 'resend'];
const DELETE = ['delete', 'deleted', 'revoked', 'cancelled'];

/**
 * What an audit entry shows (spec 2 §4): create-like actions the new values, update-like ones before
 * and after of the changed fields only, delete-like ones the old values; otherwise 'No details
 * available'. Labels are the domain's (the shift's by default); `hideIds` leaves out the ids.
 */
export function auditRows(
  action: string,
  oldValues: Record<string, unknown> | null,
  newValues: Record<string, unknown> | null,
  domain = 'shift',
  options: { hideIds?: boolean } = {},
): AuditRows {
  const lower = action.toLowerCase();
  const shown = (record: Record<string, unknown> | null) =>
    record && options.hideIds
      ? Object.fromEntries(Object.entries(record).filter(([field]) => !ID_FIELDS.includes(field)))
      : record;
  const values = (all: Record<string, unknown> | null): AuditRows => {
    const record = shown(all);
    return record && Object.keys(record).length > 0
      ? {
          kind: 'values',
          rows: Object.entries(record).map(([field, value]) => ({
            field,
            label: auditLabel(field, domain),
            value: formatAuditValue(value),
          })),
        }
      : { kind: 'none', message: 'No details available' };
  };
  if (CREATE.includes(lower)) return values(newValues);
  if (DELETE.includes(lower)) return values(oldValues);
  if (UPDATE.includes(lower)) {
    if (!newValues) return { kind: 'none', message: 'No details available' };
    const rows = Object.keys(shown(newValues) ?? {})
      .filter((field) => JSON.stringify(oldValues?.[field]) !== JSON.stringify(newValues[field]))
      .map((field) => ({
        field,
        label: auditLabel(field, domain),
        before: formatAuditValue(oldValues?.[field]),
        after: formatAuditValue(newValues[field]),
      }));
    return rows.length > 0 ? { kind: 'change', rows } : { kind: 'none', message: 'No changes detected' };
  }
  return { kind: 'none', message: 'No details available' };
}

/** 'Created', 'Updated', 'Deleted' and the like, from the stored action (spec 2 §3 history entry). */
export function auditActionLabel(action: string): string {
  const lower = action.toLowerCase();
  const named: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };
  return named[lower] ?? lower.charAt(0).toUpperCase() + lower.slice(1);
}
