import { z } from 'zod';
import { AvailabilityKind } from './availability.ts';

/**
 * The response of GET and PUT …/availability: the same shape as the `Availability` body, without its
 * transforms. Responses are encoded, and zod cannot run ClockTime's one-way transform backwards, so
 * the answer is described with plain values ('HH:MM' strings the server itself wrote).
 */
const window = { startTime: z.string().nullable(), endTime: z.string().nullable(), kind: AvailabilityKind };

export const AvailabilityDto = z.object({
  weekly: z.array(z.object({ weekday: z.number().int(), ...window })),
  dates: z.array(z.object({ date: z.string(), ...window })),
});
export type AvailabilityDto = z.infer<typeof AvailabilityDto>;

/**
 * GET /api/teams/{id}/availability?startDate&endDate (owner and administrators, every plan): every
 * person's availability at once, so the grid can shade a week with one request. Dated entries are
 * those inside the range; weekly ones are all given.
 */
export const TeamAvailabilityResponse = z.object({
  availability: z.array(z.object({ staffId: z.string(), ...AvailabilityDto.shape })),
});
export type TeamAvailabilityResponse = z.infer<typeof TeamAvailabilityResponse>;
