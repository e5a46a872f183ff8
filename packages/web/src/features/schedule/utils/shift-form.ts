import { type ShiftDto, ShiftInput } from '@rotaboard/core/contracts/shifts';
import { type AdjustmentReason, normaliseAdjustment } from '@rotaboard/core/shifts/adjustments';
import {
  parseBreakMinutes,
  switchTimeOffKind,
  type TimeOffKind,
  timeOffHoursError,
  timeOffKind,
} from '@rotaboard/core/shifts/time-off';
import { hhmm } from '@rotaboard/core/shifts/times';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/**
 * The shift editor's form model: the fields as the inputs hold them (text for numbers, so a half-typed
 * value stays as typed), how they come from an entry, and how they become the API's body.
 */
export type AdjustmentRow = { minutes: string; reason: AdjustmentReason; comment: string };

export type ShiftFormValues = {
  staffId: string;
  shiftDate: string;
  isTimeOff: boolean;
  kind: TimeOffKind;
  startTime: string;
  endTime: string;
  breakMinutes: string;
  timeOffHours: string;
  /** One of TIME_OFF_DAY_CHOICES as text, or '' for none chosen yet. */
  timeOffDays: string;
  notes: string;
  notesVisibleToAll: boolean;
  colour: number | null;
  adjustments: AdjustmentRow[];
  /** Email the person about a change to a locked (published) day (Pro). */
  notify: boolean;
};

/** The fields that show their own error; any other problem is said once for the whole form. */
const FIELDS_WITH_ERRORS = [
  'staffId',
  'shiftDate',
  'startTime',
  'endTime',
  'breakMinutes',
  'timeOffHours',
  'timeOffDays',
  'notes',
] as const;
export type ShiftFormField = (typeof FIELDS_WITH_ERRORS)[number] | 'root';

export type ShiftFormErrors = Partial<Record<ShiftFormField, string>>;

export type ShiftFormResult =
  | { success: true; input: ShiftInput; parsed: z.output<typeof ShiftInput> }
  | { success: false; errors: ShiftFormErrors };

export const NEW_ADJUSTMENT: AdjustmentRow = { minutes: '0', reason: 'lateness', comment: '' };

/** The form for an existing entry, or a new shift (09:00–17:00) for a person and day. */
export function shiftFormValues(shift: ShiftDto | null, staffId: string, date: string): ShiftFormValues {
  return {
    staffId: shift?.staffId ?? staffId,
    shiftDate: shift?.shiftDate ?? date,
    isTimeOff: shift?.isTimeOff ?? false,
    kind: shift ? timeOffKind(shift) : 'exact',
    startTime: shift ? hhmm(shift.startTime) : '09:00',
    endTime: shift ? hhmm(shift.endTime) : '17:00',
    breakMinutes: shift ? String(shift.breakMinutes) : '0',
    timeOffHours: shift?.timeOffHours != null ? String(shift.timeOffHours) : '',
    timeOffDays: shift?.timeOffDays != null ? String(shift.timeOffDays) : '',
    notes: shift?.notes ?? '',
    notesVisibleToAll: shift?.notesVisibleToAll ?? true,
    colour: shift?.colour ?? null,
    adjustments: (shift?.attendanceAdjustments ?? []).map((a) => ({
      minutes: String(a.minutes),
      reason: a.reason,
      comment: a.comment,
    })),
    notify: false,
  };
}

/** Whether the entry has a start and an end: every shift, and time off given as exact times. */
export function isTimed(values: Pick<ShiftFormValues, 'isTimeOff' | 'kind'>): boolean {
  return !values.isTimeOff || values.kind === 'exact';
}

/**
 * Switching the time off kind (core's rule: days default to 1, the other kinds clear what they
 * do not use), on the form's text fields.
 */
export function withTimeOffKind(
  values: Pick<ShiftFormValues, 'timeOffDays' | 'timeOffHours' | 'startTime' | 'endTime'>,
  kind: TimeOffKind,
): Pick<ShiftFormValues, 'kind' | 'timeOffDays' | 'timeOffHours'> {
  const next = switchTimeOffKind(
    {
      timeOffDays: values.timeOffDays === '' ? null : Number(values.timeOffDays),
      timeOffHours: values.timeOffHours.trim() === '' ? null : Number(values.timeOffHours),
      startTime: values.startTime,
      endTime: values.endTime,
      breakMinutes: 0,
    },
    kind,
  );
  return {
    kind,
    timeOffDays: next.timeOffDays === null ? '' : String(next.timeOffDays),
    timeOffHours: next.timeOffHours === null ? '' : String(next.timeOffHours),
  };
}

/** A start or end the clocks skip in the team's zone, on the field that holds it (utils/zone-rules.ts). */
export type WallClockCheck = (entry: {
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
}) => { field: 'startTime' | 'endTime'; message: string } | null;

/**
 * The form as the API's body, or what is wrong with it: the form's own checks (break and hours as
 * typed, a number of days chosen), then core's ShiftInput, the schema the server applies, then a
 * start or end the clocks skip on that date in the team's zone, when the editor has its zone rules
 * (`wallClock`, utils/zone-rules.ts; the server refuses it too, so this says it on the field sooner). Only Pro teams send attendance adjustments; time off has none.
 */
export function checkShiftForm(
  values: ShiftFormValues,
  withAttendance: boolean,
  wallClock?: WallClockCheck,
): ShiftFormResult {
  const errors: ShiftFormErrors = {};
  const timed = isTimed(values);
  const breakResult = timed ? parseBreakMinutes(values.breakMinutes) : { value: 0 };
  if ('error' in breakResult) errors.breakMinutes = breakResult.error;
  let hours: number | null = null;
  if (values.isTimeOff && values.kind === 'hours') {
    hours = values.timeOffHours.trim() === '' ? Number.NaN : Number(values.timeOffHours);
    const error = timeOffHoursError(hours);
    if (error) errors.timeOffHours = error;
  }
  const days = values.isTimeOff && values.kind === 'days' && values.timeOffDays !== '';
  if (values.isTimeOff && values.kind === 'days' && !days) {
    errors.timeOffDays = 'Please select the number of days';
  }
  const input: ShiftInput = {
    staffId: values.staffId,
    shiftDate: values.shiftDate,
    startTime: timed ? values.startTime || null : null,
    endTime: timed ? values.endTime || null : null,
    notes: values.notes,
    notesVisibleToAll: values.notesVisibleToAll,
    isTimeOff: values.isTimeOff,
    timeOffDays: days ? Number(values.timeOffDays) : null,
    timeOffHours: values.isTimeOff && values.kind === 'hours' ? hours : null,
    colour: values.colour,
    breakMinutes: 'value' in breakResult ? breakResult.value : 0,
    ...(withAttendance
      ? {
          attendanceAdjustments: (values.isTimeOff ? [] : values.adjustments).map((a) =>
            normaliseAdjustment({ minutes: a.minutes, reason: a.reason, comment: a.comment }),
          ),
        }
      : {}),
  };
  const result = ShiftInput.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      const field = FIELDS_WITH_ERRORS.find((name) => name === key) ?? 'root';
      errors[field] ??= issue.message;
    }
  }
  const clock = result.success && wallClock ? wallClock(result.data) : null;
  if (clock) errors[clock.field] ??= clock.message;
  if (!result.success || Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, input, parsed: result.data };
}

/**
 * The form's schema for react-hook-form's zod resolver: the values in, the API's body out, each
 * problem on the field that shows it ('root' for the rest).
 */
export function shiftFormSchema(withAttendance: boolean, wallClock?: WallClockCheck) {
  return z.custom<ShiftFormValues>().transform((values, ctx): ShiftInput => {
    const result = checkShiftForm(values, withAttendance, wallClock);
    if (result.success) return result.input;
    for (const [path, message] of Object.entries(result.errors)) {
      ctx.addIssue({ code: 'custom', message, path: [path] });
    }
    return z.NEVER;
  });
}

/** The editor's react-hook-form instance: the form's values in, the API's body out. */
export type ShiftForm = UseFormReturn<ShiftFormValues, unknown, ShiftInput>;
