import { z } from 'zod';
import { MINUTES_PER_DAY } from '../input/bounds.ts';
import {
  ADJUSTMENT_COMMENT_MAX,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  normaliseAdjustment,
} from '../shifts/adjustments.ts';
import {
  parseBreakMinutes,
  TIME_OFF_DAY_CHOICES,
  timeOffDaysError,
  timeOffHoursError,
  timeOffKind,
} from '../shifts/time-off.ts';
import { normaliseTime, spanMinutes } from '../shifts/times.ts';
import { IsoDate, PageQuery, plainText } from './common.ts';

export const MAX_SHIFT_NOTES_LENGTH = 500;
export const MAX_DAY_NOTE_LENGTH = 500;

/** 'HH:MM' or 'HH:MM:SS', normalised to 'HH:MM:SS'. */
export const TimeOfDay = z.string().transform((value, ctx) => {
  const time = normaliseTime(value);
  if (!time) {
    ctx.addIssue({ code: 'custom', message: 'Times must be given as HH:MM (00:00 to 23:59)' });
    return z.NEVER;
  }
  return time;
});

const reasons = Object.keys(ADJUSTMENT_REASONS) as [AdjustmentReason, ...AdjustmentReason[]];

/**
 * One attendance adjustment: minutes clamped to a whole number ≥ 0 (spec 1 §5) and at most a day,
 * comment cut to 50 characters.
 */
export const AttendanceAdjustmentInput = z
  .object({
    minutes: z
      .number({ error: 'Adjustment minutes must be a number' })
      .max(MINUTES_PER_DAY, `An adjustment can be at most ${MINUTES_PER_DAY} minutes (one day)`),
    reason: z.enum(reasons, { error: `Reason must be one of ${reasons.join(', ')}` }),
    comment: plainText(
      z
        .string({ error: 'The adjustment comment must be text' })
        .max(1000, 'The adjustment comment is too long'),
      'The adjustment comment',
    ).nullish(),
  })
  .transform((value) => normaliseAdjustment(value));

/** Empty means 0; otherwise a whole number of 0 or more in steps of 5, at most a day. */
export const BreakMinutes = z
  .union([z.number(), z.string().max(20), z.null()], { error: 'Break minutes must be a number' })
  .optional()
  .transform((value, ctx) => {
    const parsed = parseBreakMinutes(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.value;
  });

/**
 * A shift or time-off entry as the client sends it (spec 1 §3). A shift needs a start and an end; time
 * off is one of three kinds: days (0.25–1), hours (0.25–24 in 0.25 steps) or an exact time range.
 */
export const ShiftInput = z
  .object({
    staffId: z.uuid('Choose a member of staff'),
    shiftDate: IsoDate,
    startTime: TimeOfDay.nullish().transform((v) => v ?? null),
    endTime: TimeOfDay.nullish().transform((v) => v ?? null),
    notes: plainText(
      z
        .string({ error: 'Notes must be text' })
        .trim()
        .max(MAX_SHIFT_NOTES_LENGTH, `Notes can be at most ${MAX_SHIFT_NOTES_LENGTH} characters`),
      'Notes',
      true,
    )
      .nullish()
      .transform((v) => v || null),
    notesVisibleToAll: z.boolean().default(true),
    isTimeOff: z.boolean().default(false),
    timeOffDays: z
      .number()
      .nullish()
      .transform((v) => v ?? null),
    timeOffHours: z
      .number()
      .nullish()
      .transform((v) => v ?? null),
    colour: z
      .number()
      .int('Colour must be 0 to 5')
      .min(0, 'Colour must be 0 to 5')
      .max(5, 'Colour must be 0 to 5')
      .nullish()
      .transform((v) => v ?? null),
    breakMinutes: BreakMinutes,
    attendanceAdjustments: z
      .array(AttendanceAdjustmentInput)
      .max(20, 'At most 20 adjustments per shift')
      .default([]),
  })
  .superRefine((shift, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (
      shift.startTime &&
      shift.endTime &&
      shift.startTime !== shift.endTime &&
      shift.breakMinutes >= spanMinutes(shift.startTime, shift.endTime)
    ) {
      fail(`The break must be shorter than the ${shift.isTimeOff ? 'time off' : 'shift'}`, 'breakMinutes');
    }
    if (!shift.isTimeOff) {
      if (!shift.startTime || !shift.endTime)
        return fail('A shift needs a start and an end time', 'startTime');
      if (shift.startTime === shift.endTime)
        return fail('The end time must differ from the start time', 'endTime');
      if (shift.timeOffDays !== null || shift.timeOffHours !== null) {
        return fail('Days or hours of time off only apply to time off', 'timeOffDays');
      }
      return;
    }
    if (shift.timeOffDays !== null && shift.timeOffHours !== null) {
      return fail('Time off is either days or hours, not both', 'timeOffDays');
    }
    const kind = timeOffKind(shift);
    if (kind === 'days') {
      const error = timeOffDaysError(shift.timeOffDays);
      if (error) fail(error, 'timeOffDays');
    } else if (kind === 'hours') {
      const error = timeOffHoursError(shift.timeOffHours);
      if (error) fail(error, 'timeOffHours');
    } else if (!shift.startTime || !shift.endTime) {
      fail('Please select start and end times', 'startTime');
    } else if (shift.startTime === shift.endTime) {
      fail('The end time must differ from the start time', 'endTime');
    }
  });
export type ShiftInput = z.input<typeof ShiftInput>;
export type ParsedShiftInput = z.output<typeof ShiftInput>;

export const ShiftDto = z.object({
  shiftId: z.uuid(),
  staffId: z.uuid(),
  shiftDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Null for staff viewers when the notes are for administrators only. */
  notes: z.string().nullable(),
  notesVisibleToAll: z.boolean(),
  isTimeOff: z.boolean(),
  /**
   * Time off because its member called in sick (issue 44): the schedule says "Sick" where it says
   * "Time off". Shown to everyone who sees the entry; the sick call's note stays in its audit row.
   */
  sick: z.boolean(),
  timeOffDays: z.number().nullable(),
  timeOffHours: z.number().nullable(),
  colour: z.number().int().nullable(),
  breakMinutes: z.number().int(),
  attendanceAdjustments: z.array(
    z.object({ minutes: z.number().int(), reason: z.enum(reasons), comment: z.string() }),
  ),
  attendanceAdjustmentMinutes: z.number().int(),
  workedMinutes: z.number().int(),
});
export type ShiftDto = z.infer<typeof ShiftDto>;

export const MAX_RANGE_DAYS = 62;

/** GET /shifts?startDate=&endDate= (at most 62 days), also used by day notes. */
export const DateRangeQuery = z
  .object({ startDate: IsoDate, endDate: IsoDate })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must be on or before endDate',
    path: ['endDate'],
  })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `A range can cover at most ${MAX_RANGE_DAYS} days`,
    path: ['endDate'],
  });

export const NotificationQuery = z.object({
  includeNotification: z
    .enum(['true', 'false'], { error: 'includeNotification must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

export const ShiftParams = z.object({ id: z.uuid('Team not found'), shiftId: z.uuid('Shift not found') });

/**
 * GET /shifts/next?d=&t=: the signed-in person's next shift after that date and time; without them,
 * after now in the team's zone (issue 41).
 */
export const NextShiftQuery = z.object({ d: IsoDate.optional(), t: TimeOfDay.optional() });

/** GET and PUT /shifts/locked-until */
export const ShiftLock = z.object({ lockedUntil: IsoDate.nullable(), hideScheduleAfterLock: z.boolean() });
export type ShiftLock = z.infer<typeof ShiftLock>;

/** POST /shifts/notify-week-updated */
export const NotifyWeekInput = z
  .object({ weekStartDate: IsoDate, weekEndDate: IsoDate })
  .refine((w) => w.weekStartDate <= w.weekEndDate, {
    message: 'weekStartDate must be on or before weekEndDate',
    path: ['weekEndDate'],
  })
  .refine((w) => (Date.parse(w.weekEndDate) - Date.parse(w.weekStartDate)) / 86_400_000 < 7, {
    message: 'A week covers at most 7 days',
    path: ['weekEndDate'],
  });
export const NotifyWeekResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  notifiedCount: z.number().int(),
});

/** GET /shifts/{shiftId}/history?offset=&limit= */
export const HistoryQuery = PageQuery;
export const HistoryEntry = z.object({
  auditId: z.uuid(),
  action: z.string(),
  changesSummary: z.string(),
  changedByName: z.string().nullable(),
  changedAt: z.iso.datetime(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export const HistoryResponse = z.object({
  history: z.array(HistoryEntry),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
  isPro: z.boolean(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export { ADJUSTMENT_COMMENT_MAX, TIME_OFF_DAY_CHOICES };

/**
 * POST /shifts/copy-week: every shift of one week, copied to a week at least 7 days later. Time off
 * belongs to its dates (a holiday is not next week's holiday too), so it stays behind unless
 * `includeTimeOff` asks for it.
 */
export const CopyWeekInput = z
  .object({ fromWeekStart: IsoDate, toWeekStart: IsoDate, includeTimeOff: z.boolean().default(false) })
  .refine((w) => (Date.parse(w.toWeekStart) - Date.parse(w.fromWeekStart)) / 86_400_000 >= 7, {
    message: 'Copy to a week that starts at least 7 days later',
    path: ['toWeekStart'],
  });
export const CopyWeekResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  copied: z.number().int(),
  /** Entries left out because they would clash, or because the person has left by then. */
  skipped: z.number().int(),
});

/** POST /shifts/clear-week: deletes every entry of the 7 days from weekStartDate. */
export const ClearWeekInput = z.object({ weekStartDate: IsoDate });
export const ClearWeekResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.number().int(),
});
