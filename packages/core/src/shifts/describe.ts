import { formatDateGb } from './display.ts';
import { formatTimeOffDays, formatTimeOffHours } from './time-off.ts';
import { hhmm } from './times.ts';

type Described = {
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  timeOffDays: number | null;
  timeOffHours: number | null;
};

/** An entry in words: '23/11/2026 09:00–17:00', or '23/11/2026 time off (1 Day)'. */
export function describeEntry(entry: Described): string {
  const date = formatDateGb(entry.shiftDate);
  if (!entry.isTimeOff) return `${date} ${hhmm(entry.startTime)}–${hhmm(entry.endTime)}`;
  if (entry.timeOffDays !== null) return `${date} time off (${formatTimeOffDays(entry.timeOffDays)})`;
  if (entry.timeOffHours !== null) return `${date} time off (${formatTimeOffHours(entry.timeOffHours)})`;
  return `${date} time off ${hhmm(entry.startTime)}–${hhmm(entry.endTime)}`;
}

const FIELD_LABELS: Record<string, string> = {
  staffId: 'staff member',
  shiftDate: 'date',
  startTime: 'start time',
  endTime: 'end time',
  breakMinutes: 'break',
  notes: 'notes',
  notesVisibleToAll: 'notes visibility',
  isTimeOff: 'time off',
  timeOffDays: 'days off',
  timeOffHours: 'hours off',
  colour: 'colour',
  attendanceAdjustments: 'attendance adjustments',
};

/** One line for a shift's audit entry (the history panel's summary). */
export function summariseShiftChange(
  action: string,
  oldValues: Record<string, unknown> | null,
  newValues: Record<string, unknown> | null,
): string {
  const upper = action.toUpperCase();
  if (upper === 'CREATE' && newValues) return `Created ${describeEntry(newValues as Described)}`;
  if (upper === 'DELETE' && oldValues) return `Deleted ${describeEntry(oldValues as Described)}`;
  if (upper === 'UPDATE' && newValues) {
    const labels = Object.keys(newValues)
      .map((key) => FIELD_LABELS[key])
      .filter(Boolean);
    return labels.length ? `Changed ${labels.join(', ')}` : 'No changes detected';
  }
  return 'No details available';
}
