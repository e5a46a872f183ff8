import { z } from 'zod';

/**
 * The response of GET and PUT /api/teams/{id}/schedule-agent: the shape of `StaffingSettings`
 * (schedule-agent.ts) without its transforms and defaults. Responses are encoded, and zod cannot run
 * ClockTime's or the role's one-way transforms backwards, so the answer is described with the plain
 * values the server itself stored (as availability-dto.ts does for availability).
 */
const RuleSettingDto = z.object({ value: z.number().nullable(), strict: z.boolean() });

export const StaffingSettingsDto = z.object({
  coverage: z.array(
    z.object({
      weekday: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
      breakMinutes: z.number().int(),
      staffCount: z.number().int(),
      role: z.string().nullable(),
    }),
  ),
  rules: z.object({
    minRestHours: RuleSettingDto,
    maxWeeklyHours: RuleSettingDto,
    maxConsecutiveDays: RuleSettingDto,
    minShiftHours: RuleSettingDto,
    maxShiftHours: RuleSettingDto,
  }),
});
export type StaffingSettingsDto = z.infer<typeof StaffingSettingsDto>;
