/**
 * The time clock, timesheets and day settings are the plans' "Time and attendance" row
 * (plans/plan-limits.ts feature `attendance`): Pro. The refusal names the plan that lifts it.
 */
export const TIME_CLOCK_FEATURE = 'attendance' as const;

export const TIME_CLOCK_IS_PRO =
  'The time clock and timesheets are part of the Pro plan. Upgrade to Pro to let staff clock in and out and approve what was worked.';
