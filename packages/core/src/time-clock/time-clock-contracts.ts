import { z } from 'zod';
import { IsoDate, plainText } from '../contracts/common.ts';
import { TeamParams } from '../contracts/teams.ts';
import { TIMESHEET_STATUSES } from './timesheet.ts';

/** The API's shapes of the time clock and timesheets (issue 44; docs/time-clock.md). */

/** The longest range GET …/timesheets answers for: two months, as /labour. */
export const MAX_TIMESHEET_RANGE_DAYS = 62;
export const MAX_EDIT_REASON_LENGTH = 500;

/** POST /api/teams/{id}/time-clock/clock-in */
// No body, or no shiftId: the shift whose window holds now, or else an unscheduled entry.
export const ClockInInput = z.object({ shiftId: z.uuid('shiftId must be a shift’s id').nullish() }).nullish();
export type ClockInInput = z.input<typeof ClockInInput>;

export const ClockInDto = z.object({
  timesheetId: z.uuid(),
  shiftId: z.uuid().nullable(),
  clockInAt: z.string(),
});
export type ClockInDto = z.infer<typeof ClockInDto>;

/** One timesheet as every list and tap answers it. */
export const TimesheetDto = z.object({
  timesheetId: z.uuid(),
  staffId: z.uuid(),
  staffName: z.string(),
  shiftId: z.uuid().nullable(),
  /** The team-local date it counts on: its shift's date, or the clock-in's. */
  date: z.string(),
  clockInAt: z.string(),
  clockOutAt: z.string().nullable(),
  breakMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  /** The shift's worked minutes as the payroll pays them; null for an unscheduled entry. */
  scheduledMinutes: z.number().int().nullable(),
  varianceMinutes: z.number().int().nullable(),
  status: z.enum(TIMESHEET_STATUSES),
});
export type TimesheetDto = z.infer<typeof TimesheetDto>;

/** A tap's answer, and the caller's open entry: the list item and its break. */
export const TimesheetNowDto = TimesheetDto.extend({
  onBreak: z.boolean(),
  breakStartedAt: z.string().nullable(),
});
export type TimesheetNowDto = z.infer<typeof TimesheetNowDto>;

/** GET /api/teams/{id}/time-clock */
export const OwnClockDto = z.object({ timesheet: TimesheetNowDto.nullable() });
export type OwnClockDto = z.infer<typeof OwnClockDto>;

/** GET /api/teams/{id}/time-clock/now (owner and administrators): who is clocked in, for the grid. */
export const ClockedInNowDto = z.object({
  clockedIn: z.array(
    z.object({
      staffId: z.uuid(),
      staffName: z.string(),
      timesheetId: z.uuid(),
      shiftId: z.uuid().nullable(),
      clockInAt: z.string(),
      onBreak: z.boolean(),
    }),
  ),
});
export type ClockedInNowDto = z.infer<typeof ClockedInNowDto>;

/** GET /api/teams/{id}/timesheets?startDate&endDate */
export const TimesheetQuery = z
  .object({ startDate: IsoDate, endDate: IsoDate })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must be on or before endDate',
    path: ['endDate'],
  })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_TIMESHEET_RANGE_DAYS, {
    message: `A range can cover at most ${MAX_TIMESHEET_RANGE_DAYS} days`,
    path: ['endDate'],
  });
export type TimesheetQuery = z.infer<typeof TimesheetQuery>;

export const TimesheetList = z.object({ timesheets: z.array(TimesheetDto) });
export type TimesheetList = z.infer<typeof TimesheetList>;

export const TimesheetParams = TeamParams.extend({ timesheetId: z.uuid('Timesheet not found') });

/** An instant with its offset ("2026-11-28T09:00:00Z", "…+01:00"), between 1900 and 2999. */
const Instant = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field} must be a date and time with its offset, as 2026-11-28T09:00:00Z`,
    })
    .refine((value) => {
      const at = Date.parse(value);
      return Number.isFinite(at) && value.slice(0, 4) >= '1900' && value.slice(0, 4) <= '2999';
    }, `${field} must be between 1900 and 2999`);

/** PUT /api/teams/{id}/timesheets/{timesheetId} (owner and administrators; the reason is audited). */
export const TimesheetEditInput = z.object({
  clockInAt: Instant('clockInAt'),
  clockOutAt: Instant('clockOutAt'),
  breakMinutes: z
    .number({ error: 'breakMinutes must be a whole number of minutes' })
    .int('breakMinutes must be a whole number of minutes')
    .min(0, 'breakMinutes cannot be negative')
    .max(24 * 60, 'breakMinutes can be at most 1440'),
  reason: plainText(
    z
      .string({ error: 'reason is required: say why the times are changed' })
      .trim()
      .min(1, 'reason is required: say why the times are changed')
      .max(MAX_EDIT_REASON_LENGTH, `reason can be at most ${MAX_EDIT_REASON_LENGTH} characters`),
    'reason',
  ),
});
export type TimesheetEditInput = z.input<typeof TimesheetEditInput>;
