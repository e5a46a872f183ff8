import { z } from 'zod';
import {
  MAX_HOURLY_RATE_MINOR,
  MAX_OVERTIME_MULTIPLIER,
  MAX_WEEKLY_BUDGET_MINOR,
  MIN_OVERTIME_MULTIPLIER,
} from '../labour/money.ts';
import { IsoDate } from './common.ts';
import { StaffParams } from './staff.ts';

/** The longest range `/labour` answers for (issue 43). */
export const MAX_LABOUR_RANGE_DAYS = 62;
/** The most paid minutes a weekly overtime threshold may name: the whole week. */
export const MAX_OVERTIME_AFTER_MINUTES = 7 * 24 * 60;

const wholeMinor = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number of minor units (cents, pence)` })
    .int(`${what} must be a whole number of minor units (cents, pence)`)
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} can be at most ${max.toLocaleString('en-GB')}`);

/** POST /api/teams/{id}/staff/{staffId}/pay-rates */
export const PayRateInput = z.object({
  effectiveFrom: IsoDate,
  hourlyRateMinor: wholeMinor('hourlyRateMinor', MAX_HOURLY_RATE_MINOR),
});
export type PayRateInput = z.input<typeof PayRateInput>;

/** DELETE /api/teams/{id}/staff/{staffId}/pay-rates/{payRateId} */
export const PayRateParams = StaffParams.extend({ payRateId: z.uuid('Pay rate not found') });

export const PayRateDto = z.object({
  payRateId: z.uuid(),
  effectiveFrom: z.string(),
  hourlyRateMinor: z.number().int(),
});
export type PayRateDto = z.infer<typeof PayRateDto>;
export const PayRateList = z.object({ payRates: z.array(PayRateDto) });

/** GET and PUT /api/teams/{id}/labour-settings */
export const LabourSettings = z.object({
  weeklyBudgetMinor: wholeMinor('weeklyBudgetMinor', MAX_WEEKLY_BUDGET_MINOR).nullable(),
  overtimeAfterMinutes: z
    .number({ error: 'overtimeAfterMinutes must be a whole number of minutes' })
    .int('overtimeAfterMinutes must be a whole number of minutes')
    .min(0, 'overtimeAfterMinutes cannot be negative')
    .max(MAX_OVERTIME_AFTER_MINUTES, `overtimeAfterMinutes can be at most ${MAX_OVERTIME_AFTER_MINUTES}`)
    .nullable(),
  overtimeMultiplier: z
    .number({ error: 'overtimeMultiplier must be a number from 1 to 3' })
    .min(MIN_OVERTIME_MULTIPLIER, 'overtimeMultiplier must be a number from 1 to 3')
    .max(MAX_OVERTIME_MULTIPLIER, 'overtimeMultiplier must be a number from 1 to 3')
    // Hundredths at most: cost is integer arithmetic on the multiplier in hundredths.
    .refine(
      (m) => Math.abs(m * 100 - Math.round(m * 100)) < 1e-9,
      'overtimeMultiplier has at most two decimals',
    ),
});
export type LabourSettings = z.infer<typeof LabourSettings>;

/** GET /api/teams/{id}/labour?startDate&endDate */
export const LabourQuery = z
  .object({ startDate: IsoDate, endDate: IsoDate })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'startDate must be on or before endDate',
    path: ['endDate'],
  })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 < MAX_LABOUR_RANGE_DAYS, {
    message: `A range can cover at most ${MAX_LABOUR_RANGE_DAYS} days`,
    path: ['endDate'],
  });

const Minor = z.number().int();
export const LabourDto = z.object({
  currency: z.string(),
  days: z.array(z.object({ date: z.string(), minutes: z.number().int(), costMinor: Minor })),
  people: z.array(
    z.object({
      staffId: z.uuid(),
      staffName: z.string(),
      minutes: z.number().int(),
      overtimeMinutes: z.number().int(),
      costMinor: Minor,
      missingRate: z.boolean(),
    }),
  ),
  totals: z.object({ minutes: z.number().int(), overtimeMinutes: z.number().int(), costMinor: Minor }),
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      costMinor: Minor,
      budgetMinor: Minor.nullable(),
      overBudget: z.boolean(),
    }),
  ),
});
export type LabourDto = z.infer<typeof LabourDto>;
