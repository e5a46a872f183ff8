import { z } from 'zod';

/**
 * The team's day settings (issue 44): how early a clock-in may attach to a shift, when a missing
 * clock-in is a no-show, and how a sick call's cover is offered. Stored on the team row (smallint
 * columns); the bounds keep every value meaningful for a working day and well inside the column.
 */
export const DAY_SETTINGS_BOUNDS = {
  /** Up to four hours early: earlier than that is another part of the day, not this shift. */
  clockInEarlyMinutes: { min: 0, max: 240 },
  /** At least a minute late (0 would tell on everyone at the start), at most four hours. */
  lateAfterMinutes: { min: 1, max: 240 },
  /** At least one colleague, at most twenty: past that it is a broadcast, which open shifts already are. */
  sickCoverOffers: { min: 1, max: 20 },
} as const;

/** What a team has before anyone changes it (the migration's column defaults). */
export const DEFAULT_DAY_SETTINGS = {
  clockInEarlyMinutes: 15,
  lateAfterMinutes: 10,
  sickCoverOffers: 3,
  autoApproveSickCover: true,
} as const;

const wholeNumber = (field: keyof typeof DAY_SETTINGS_BOUNDS, unit: string) => {
  const { min, max } = DAY_SETTINGS_BOUNDS[field];
  const sentence = `${field} must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error: sentence }).int(sentence).min(min, sentence).max(max, sentence);
};

/** GET and PUT /api/teams/{id}/day-settings */
export const DaySettings = z.object({
  clockInEarlyMinutes: wholeNumber('clockInEarlyMinutes', 'minutes'),
  lateAfterMinutes: wholeNumber('lateAfterMinutes', 'minutes'),
  sickCoverOffers: wholeNumber('sickCoverOffers', 'colleagues'),
  autoApproveSickCover: z.boolean({ error: 'autoApproveSickCover must be true or false' }),
});
export type DaySettings = z.infer<typeof DaySettings>;
