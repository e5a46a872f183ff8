import { z } from 'zod';
import { normaliseTime } from '../shifts/times.ts';
import { IsoDate } from './common.ts';

/**
 * Availability (issue 25, every plan): when a member of staff cannot work, or would rather work.
 * GET/PUT /api/teams/{id}/staff/{staffId}/availability, by the person themself or the team's owner and
 * administrators. The staffing rule `availability` (staffing/availability.ts) reads it.
 */

export const MAX_WEEKLY_AVAILABILITY = 100;
export const MAX_DATED_AVAILABILITY = 366;

/** `unavailable` blocks work (a rule); `preferred` is a wish the agent tries to honour. */
export const AVAILABILITY_KINDS = ['unavailable', 'preferred'] as const;
export const AvailabilityKind = z.enum(AVAILABILITY_KINDS, {
  error: 'kind must be unavailable or preferred',
});
export type AvailabilityKind = z.infer<typeof AvailabilityKind>;

/** 'HH:MM' (or 'HH:MM:SS', seconds dropped) → 'HH:MM': the wall-clock form of settings and availability. */
export const ClockTime = z
  .string({ error: 'Times must be given as HH:MM (00:00 to 23:59)' })
  .transform((value, ctx) => {
    const time = normaliseTime(value);
    if (!time) {
      ctx.addIssue({ code: 'custom', message: 'Times must be given as HH:MM (00:00 to 23:59)' });
      return z.NEVER;
    }
    return time.slice(0, 5);
  });

const Weekday = z
  .number({ error: 'weekday must be 1 (Monday) to 7 (Sunday)' })
  .int('weekday must be 1 (Monday) to 7 (Sunday)')
  .min(1, 'weekday must be 1 (Monday) to 7 (Sunday)')
  .max(7, 'weekday must be 1 (Monday) to 7 (Sunday)');

/** Times are both null (the whole day) or both set and different; an end before the start runs past midnight. */
const timeFields = {
  startTime: ClockTime.nullable(),
  endTime: ClockTime.nullable(),
  kind: AvailabilityKind,
};

function checkTimes(entry: { startTime: string | null; endTime: string | null }, ctx: z.RefinementCtx) {
  if ((entry.startTime === null) !== (entry.endTime === null)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Give both a start and an end time, or neither for the whole day',
      path: [entry.startTime === null ? 'startTime' : 'endTime'],
    });
  } else if (entry.startTime !== null && entry.startTime === entry.endTime) {
    ctx.addIssue({
      code: 'custom',
      message: 'The end time must differ from the start time',
      path: ['endTime'],
    });
  }
}

/** A repeating entry: every such weekday (1 = Monday … 7 = Sunday). */
export const WeeklyAvailability = z.object({ weekday: Weekday, ...timeFields }).superRefine(checkTimes);
export type WeeklyAvailability = z.infer<typeof WeeklyAvailability>;

/** A one-off entry on a calendar date. */
export const DatedAvailability = z.object({ date: IsoDate, ...timeFields }).superRefine(checkTimes);
export type DatedAvailability = z.infer<typeof DatedAvailability>;

/** The body of GET and PUT …/availability: the whole of one person's availability, replaced as a whole. */
export const Availability = z.object({
  weekly: z
    .array(WeeklyAvailability)
    .max(MAX_WEEKLY_AVAILABILITY, `At most ${MAX_WEEKLY_AVAILABILITY} weekly entries`)
    .default([]),
  dates: z
    .array(DatedAvailability)
    .max(MAX_DATED_AVAILABILITY, `At most ${MAX_DATED_AVAILABILITY} dated entries`)
    .default([]),
});
export type Availability = z.output<typeof Availability>;
export type AvailabilityInput = z.input<typeof Availability>;

/** Nobody has said anything: available any time, no preferences. */
export const EMPTY_AVAILABILITY: Availability = { weekly: [], dates: [] };
