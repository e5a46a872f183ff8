import { z } from 'zod';
import { IsoDate } from './common.ts';

/**
 * Contracted hours per week for one member of staff, from a date on: the entry in force on a day is
 * the latest whose `effectiveFrom` is on or before it (see core staff/weekly-hours).
 */
export const WeeklyHoursEntryDto = z.object({
  entryId: z.uuid(),
  staffId: z.uuid(),
  hoursPerWeek: z.number(),
  effectiveFrom: z.string(),
});
export type WeeklyHoursEntryDto = z.infer<typeof WeeklyHoursEntryDto>;

const HoursPerWeek = z
  .number({ error: 'Hours per week must be a number' })
  .min(0, 'Hours per week cannot be negative')
  .max(168, 'Hours per week cannot be more than 168')
  .refine((value) => Number.isInteger(value * 4), 'Hours per week must be in steps of 0.25 (e.g. 37.5)');

/** POST /api/teams/{id}/weekly-hours */
export const CreateWeeklyHoursInput = z.object({
  staffId: z.uuid('Staff member not found'),
  hoursPerWeek: HoursPerWeek,
  effectiveFrom: IsoDate,
});
export type CreateWeeklyHoursInput = z.infer<typeof CreateWeeklyHoursInput>;

/** PUT /api/teams/{id}/weekly-hours/{entryId} */
export const UpdateWeeklyHoursInput = z.object({ hoursPerWeek: HoursPerWeek, effectiveFrom: IsoDate });
export type UpdateWeeklyHoursInput = z.infer<typeof UpdateWeeklyHoursInput>;

/** GET /api/teams/{id}/weekly-hours?staffId= */
export const ListWeeklyHoursQuery = z.object({ staffId: z.uuid('Staff member not found').optional() });

export const WeeklyHoursParams = z.object({
  id: z.uuid('Team not found'),
  entryId: z.uuid('Entry not found'),
});
