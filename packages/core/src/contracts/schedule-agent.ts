import { z } from 'zod';
import { MINUTES_PER_DAY } from '../input/bounds.ts';
import { spanMinutes } from '../shifts/times.ts';
import { ClockTime } from './availability.ts';
import { IsoDate, plainText } from './common.ts';
import { MAX_RANGE_DAYS } from './shifts.ts';
import { MAX_ROLE_LENGTH } from './staff.ts';

/**
 * The staffing settings and validation of issue 25 (GET/PUT /api/teams/{id}/schedule-agent,
 * POST …/schedule-agent/validate-period). The rules themselves: staffing/, docs/staffing-rules.md.
 */

export const MAX_COVERAGE_SLOTS = 200;
export const MAX_STAFF_PER_SLOT = 100;

/** The rule ids used everywhere (violations, the agent's reasons, the grid's badges). */
export const STAFFING_RULE_IDS = [
  'rest',
  'weekly-hours',
  'consecutive-days',
  'shift-length',
  'availability',
] as const;
export const StaffingRuleId = z.enum(STAFFING_RULE_IDS);
export type StaffingRuleId = z.infer<typeof StaffingRuleId>;

/** An optional role: blank means anyone (null); otherwise one line of text as long as a staff role can be. */
const SlotRole = plainText(
  z
    .string({ error: 'Role must be text or null' })
    .trim()
    .max(MAX_ROLE_LENGTH, `Role can be at most ${MAX_ROLE_LENGTH} characters`),
  'Role',
)
  .nullable()
  .transform((role) => role || null);

/** One demand: `staffCount` people of `role` (null = anyone) from start to end on every such weekday. */
export const CoverageSlot = z
  .object({
    weekday: z
      .number({ error: 'weekday must be 1 (Monday) to 7 (Sunday)' })
      .int('weekday must be 1 (Monday) to 7 (Sunday)')
      .min(1, 'weekday must be 1 (Monday) to 7 (Sunday)')
      .max(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
    startTime: ClockTime,
    endTime: ClockTime,
    breakMinutes: z
      .number({ error: 'Break minutes must be a number' })
      .int('Break minutes must be a whole number')
      .min(0, 'Break minutes cannot be negative')
      .max(MINUTES_PER_DAY, 'The break must be shorter than the slot')
      .default(0),
    staffCount: z
      .number({ error: 'staffCount must be a number' })
      .int('staffCount must be a whole number')
      .min(1, 'staffCount must be at least 1')
      .max(MAX_STAFF_PER_SLOT, `staffCount can be at most ${MAX_STAFF_PER_SLOT}`),
    role: SlotRole.default(null),
  })
  .superRefine((slot, ctx) => {
    if (slot.startTime === slot.endTime) {
      ctx.addIssue({
        code: 'custom',
        message: 'The end time must differ from the start time',
        path: ['endTime'],
      });
    } else if (slot.breakMinutes >= spanMinutes(slot.startTime, slot.endTime)) {
      ctx.addIssue({
        code: 'custom',
        message: 'The break must be shorter than the slot',
        path: ['breakMinutes'],
      });
    }
  });
export type CoverageSlot = z.output<typeof CoverageSlot>;

/** A rule's setting: its limit (null turns the rule off) and whether breaking it refuses a hand edit. */
function ruleSetting(label: string, min: number, max: number, whole: boolean, fallback: RuleSetting) {
  const range = `${label} must be ${min} to ${max}${whole ? '' : ' (whole minutes)'}, or null for no limit`;
  return z
    .object({
      value: z
        .number({ error: range })
        .min(min, range)
        .max(max, range)
        // Hours are stored and compared as minutes; a fraction of a minute has no meaning.
        .refine(
          (value) => (whole ? Number.isInteger(value) : Number.isInteger(Math.round(value * 60 * 1e6) / 1e6)),
          range,
        )
        .nullable(),
      strict: z.boolean({ error: `${label}: strict must be true or false` }),
    })
    .default(fallback);
}
export type RuleSetting = { value: number | null; strict: boolean };

/**
 * The defaults: 11 h rest, 48 h a week, 6 days in a row, shifts of 3 to 12 h. Defaults warn and never
 * block (issue 41): none is strict, so a team's hand edits are refused only by a rule an administrator
 * chose to make strict and saved.
 */
export const DEFAULT_STAFFING_RULES = {
  minRestHours: { value: 11, strict: false },
  maxWeeklyHours: { value: 48, strict: false },
  maxConsecutiveDays: { value: 6, strict: false },
  minShiftHours: { value: 3, strict: false },
  maxShiftHours: { value: 12, strict: false },
} as const satisfies Record<string, RuleSetting>;

export const StaffingRules = z
  .object({
    minRestHours: ruleSetting('minRestHours', 0, 48, false, DEFAULT_STAFFING_RULES.minRestHours),
    maxWeeklyHours: ruleSetting('maxWeeklyHours', 1, 168, false, DEFAULT_STAFFING_RULES.maxWeeklyHours),
    maxConsecutiveDays: ruleSetting(
      'maxConsecutiveDays',
      1,
      31,
      true,
      DEFAULT_STAFFING_RULES.maxConsecutiveDays,
    ),
    minShiftHours: ruleSetting('minShiftHours', 0, 24, false, DEFAULT_STAFFING_RULES.minShiftHours),
    maxShiftHours: ruleSetting('maxShiftHours', 0, 24, false, DEFAULT_STAFFING_RULES.maxShiftHours),
  })
  .superRefine((rules, ctx) => {
    const min = rules.minShiftHours.value;
    const max = rules.maxShiftHours.value;
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({
        code: 'custom',
        message: 'minShiftHours cannot be more than maxShiftHours',
        path: ['minShiftHours', 'value'],
      });
    }
  });
export type StaffingRules = z.output<typeof StaffingRules>;

const slotKey = (slot: CoverageSlot) =>
  `${slot.weekday} ${slot.startTime} ${slot.endTime} ${slot.role?.toLowerCase() ?? ''}`;

/** The body of GET and PUT /api/teams/{id}/schedule-agent. */
export const StaffingSettings = z.object({
  coverage: z
    .array(CoverageSlot)
    .max(MAX_COVERAGE_SLOTS, `At most ${MAX_COVERAGE_SLOTS} coverage slots`)
    .default([])
    .superRefine((slots, ctx) => {
      // Two equal slots would each count the same people; one slot with the sum of their staffCount says it.
      const seen = new Set<string>();
      slots.forEach((slot, index) => {
        const key = slotKey(slot);
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            message:
              'This slot repeats another with the same day, times and role; raise its staffCount instead',
            path: [index],
          });
        }
        seen.add(key);
      });
    }),
  rules: StaffingRules.default(DEFAULT_STAFFING_RULES),
});
export type StaffingSettings = z.output<typeof StaffingSettings>;
export type StaffingSettingsInput = z.input<typeof StaffingSettings>;

/** A team that has saved nothing: no coverage and the default rules. */
export const DEFAULT_STAFFING_SETTINGS: StaffingSettings = { coverage: [], rules: DEFAULT_STAFFING_RULES };

/** POST …/schedule-agent/validate-period: at most 62 days, like every range read. */
export const ValidatePeriodInput = z
  .object({ startDate: IsoDate, endDate: IsoDate })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must be on or before endDate',
    path: ['endDate'],
  })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `A period can cover at most ${MAX_RANGE_DAYS} days`,
    path: ['endDate'],
  });
export type ValidatePeriodInput = z.infer<typeof ValidatePeriodInput>;

/** One broken rule: who, which entries on which dates, and the sentence to show. */
export const StaffingViolation = z.object({
  rule: StaffingRuleId,
  strict: z.boolean(),
  staffId: z.string(),
  dates: z.array(z.string()),
  shiftIds: z.array(z.string()),
  message: z.string(),
});
export type StaffingViolation = z.infer<typeof StaffingViolation>;

/** One coverage slot on one date: how many it needs, how many shifts cover it and whose. */
export const CoverageStatus = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  role: z.string().nullable(),
  needed: z.number().int(),
  assigned: z.number().int(),
  staffIds: z.array(z.string()),
});
export type CoverageStatus = z.infer<typeof CoverageStatus>;

export const ValidatePeriodResult = z.object({
  violations: z.array(StaffingViolation),
  coverage: z.array(CoverageStatus),
  summary: z.object({
    violations: z.number().int(),
    strictViolations: z.number().int(),
    /** The sum of every slot's `needed`. */
    slotsNeeded: z.number().int(),
    /** The sum of min(assigned, needed): extra people on one slot fill no other. */
    slotsFilled: z.number().int(),
  }),
});
export type ValidatePeriodResult = z.infer<typeof ValidatePeriodResult>;
