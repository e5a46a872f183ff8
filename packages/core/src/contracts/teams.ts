import { z } from 'zod';
import { isIsoCurrency } from '../labour/money.ts';
import { DEFAULT_WEEK_START_DAY } from '../teams/defaults.ts';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, MAX_TIME_ZONE_LENGTH } from '../time/clock.ts';
import { plainText, ReadHash, SubscriptionTier } from './common.ts';

export const MAX_TEAM_NAME_LENGTH = 100;

/** 0 = Sunday … 6 = Saturday; Monday (1) unless chosen otherwise. */
export const WeekStartDay = z
  .number({ error: 'Week start day must be a number from 0 (Sunday) to 6 (Saturday)' })
  .int('Week start day must be a whole number')
  .min(0, 'Week start day must be from 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Week start day must be from 0 (Sunday) to 6 (Saturday)');
export { DEFAULT_WEEK_START_DAY };

/**
 * The team's IANA time zone ("Europe/London"), stored in its canonical spelling. Offsets such as
 * "+01:00" are refused: a team's clocks change with its place's laws (issue 41).
 */
export const TimeZone = z
  .string({ error: 'Time zone must be a time zone name such as Europe/London' })
  .max(MAX_TIME_ZONE_LENGTH, 'Time zone must be a time zone name such as Europe/London')
  .transform((name, ctx) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) {
      ctx.addIssue({
        code: 'custom',
        message: `Time zone "${name.slice(0, MAX_TIME_ZONE_LENGTH)}" is not a known time zone: use a name such as Europe/London or America/New_York`,
      });
      return z.NEVER;
    }
    return canonical;
  });
export { DEFAULT_TIME_ZONE };

/**
 * The currency the team's labour cost is counted in (issue 43): an ISO 4217 code such as GBP, USD or
 * EUR. Money is integer minor units of it.
 */
export const TeamCurrency = z
  .string({ error: 'Currency must be a three-letter ISO 4217 code such as GBP, USD or EUR' })
  .trim()
  .toUpperCase()
  .refine(isIsoCurrency, 'Currency must be a three-letter ISO 4217 code such as GBP, USD or EUR');

const TeamName = plainText(
  z
    .string({ error: 'Team name must be text' })
    .trim()
    .max(MAX_TEAM_NAME_LENGTH, `Team name can be at most ${MAX_TEAM_NAME_LENGTH} characters`),
  'Team name',
);

/** POST /api/teams */
export const CreateTeamInput = z.object({
  teamName: TeamName.nullish(),
  weekStartDay: WeekStartDay.default(DEFAULT_WEEK_START_DAY),
  /** The web app sends the browser's zone; absent, UTC. */
  timeZone: TimeZone.default(DEFAULT_TIME_ZONE),
  /** Absent: the currency the owner pays the plan in, else their region's by the team's zone. */
  currency: TeamCurrency.optional(),
  ownerInStaffList: z.boolean().default(false),
});
export type CreateTeamInput = z.input<typeof CreateTeamInput>;

/** PUT /api/teams/{id}: the whole editable team, with the hash it was read with. */
export const UpdateTeamInput = z.object({
  teamName: TeamName.min(1, 'Team name is required'),
  weekStartDay: WeekStartDay,
  /** Absent: the zone stays as it is (clients from before issue 41 send the rest of the team). */
  timeZone: TimeZone.optional(),
  /** Absent: the currency stays as it is. */
  currency: TeamCurrency.optional(),
  ownerInStaffList: z.boolean().optional(),
  scheduleAgentEnabled: z.boolean().optional(),
  hash: ReadHash,
});
export type UpdateTeamInput = z.infer<typeof UpdateTeamInput>;

export const TeamDto = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  weekStartDay: z.number().int(),
  /** IANA name: shift times are wall-clock times there, and "today" is its today. */
  timeZone: z.string(),
  /** ISO 4217: labour cost is counted in its minor units. */
  currency: z.string(),
  ownerInStaffList: z.boolean(),
  scheduleAgentEnabled: z.boolean(),
  isAdmin: z.boolean(),
  /** True when the signed-in user owns the team (only the owner deletes it or changes admins). */
  isOwner: z.boolean(),
  ownerId: z.uuid(),
  ownerSubscriptionTier: SubscriptionTier,
  /** Sent back on update; a stale hash is refused (409). */
  hash: z.string(),
});
export type TeamDto = z.infer<typeof TeamDto>;

export const TeamParams = z.object({ id: z.uuid('Team not found') });
