/** How an audit entry's values read (spec 2 §4): '-' for empty, Yes/No for booleans. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '-' : JSON.stringify(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const LABELS: Record<string, string> = {
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
};

export const auditLabel = (field: string): string => LABELS[field] ?? field;

export type AuditRows =
  | { kind: 'values'; rows: { field: string; label: string; value: string }[] }
  | { kind: 'change'; rows: { field: string; label: string; before: string; after: string }[] }
  | { kind: 'none'; message: string };

const CREATE = ['create', 'created', 'sent', 'accepted'];
const UPDATE = ['update', 'updated', 'approved', 'rejected', 'resend'];
const DELETE = ['delete', 'deleted', 'revoked', 'cancelled'];

/**
 * What an expanded audit entry shows: create-like actions the new values, update-like ones before and
 * after of the changed fields only, delete-like ones the old values; otherwise 'No details available'.
 */
export function auditRows(
  action: string,
  oldValues: Record<string, unknown> | null,
  newValues: Record<string, unknown> | null,
): AuditRows {
  const lower = action.toLowerCase();
  const values = (record: Record<string, unknown> | null): AuditRows =>
    record && Object.keys(record).length > 0
      ? {
          kind: 'values',
          rows: Object.entries(record).map(([field, value]) => ({
            field,
            label: auditLabel(field),
            value: formatAuditValue(value),
          })),
        }
      : { kind: 'none', message: 'No details available' };
  if (CREATE.includes(lower)) return values(newValues);
  if (DELETE.includes(lower)) return values(oldValues);
  if (UPDATE.includes(lower)) {
    if (!newValues) return { kind: 'none', message: 'No details available' };
    const rows = Object.keys(newValues)
      .filter((field) => JSON.stringify(oldValues?.[field]) !== JSON.stringify(newValues[field]))
      .map((field) => ({
        field,
        label: auditLabel(field),
        before: formatAuditValue(oldValues?.[field]),
        after: formatAuditValue(newValues[field]),
      }));
    return rows.length > 0 ? { kind: 'change', rows } : { kind: 'none', message: 'No changes detected' };
  }
  return { kind: 'none', message: 'No details available' };
}
