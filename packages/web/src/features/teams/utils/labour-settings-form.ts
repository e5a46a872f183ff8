import type { LabourSettings } from '@rotaboard/core/contracts/labour';
import { MAX_WEEKLY_BUDGET_MINOR } from '@rotaboard/core/labour/money';
import { minorToInput, parseMoneyInput } from '../../../lib/money-input';

/** The settings form's fields as typed: money and hours as text, so nothing passes through a float. */
export type LabourSettingsFields = { budget: string; overtimeAfterHours: string; multiplier: string };
export type LabourSettingsErrors = Partial<Record<keyof LabourSettingsFields, string>>;

/** The most hours overtime may start after: the whole week. */
const MAX_HOURS = 168;

export function fieldsOf(settings: LabourSettings, currency: string): LabourSettingsFields {
  const after = settings.overtimeAfterMinutes;
  return {
    budget: settings.weeklyBudgetMinor === null ? '' : minorToInput(settings.weeklyBudgetMinor, currency),
    overtimeAfterHours: after === null ? '' : minutesToHours(after),
    multiplier: String(settings.overtimeMultiplier),
  };
}

/** 2250 → "37.5", 2400 → "40"; minutes that are no whole hundredth of an hour as "37:20". */
function minutesToHours(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return String(hours);
  // Minutes as hours to two decimals where exact (15 → .25), else kept as hours:minutes.
  return (rest * 100) % 60 === 0
    ? `${hours}.${String((rest * 100) / 60).padStart(2, '0')}`.replace(/0$/, '')
    : `${hours}:${String(rest).padStart(2, '0')}`;
}

/** "37.5", "37:30" or "40" hours as whole minutes; null when blank; a message when not whole minutes. */
export function parseHours(
  text: string,
): { ok: true; minutes: number | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, minutes: null };
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (clock) return bounded(Number(clock[1]) * 60 + Number(clock[2]));
  const decimal = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!decimal) return { ok: false, message: 'Enter hours such as 40 or 37.5' };
  const hundredths = Number(decimal[1]) * 100 + Number((decimal[2] ?? '').padEnd(2, '0'));
  // Hundredths of an hour are whole minutes only in steps of 5 (0.05 h = 3 min).
  if ((hundredths * 60) % 100 !== 0)
    return { ok: false, message: 'Enter whole minutes, such as 37.5 or 37:20' };
  return bounded((hundredths * 60) / 100);
}

function bounded(minutes: number): { ok: true; minutes: number } | { ok: false; message: string } {
  return minutes > MAX_HOURS * 60
    ? { ok: false, message: `At most ${MAX_HOURS} hours, the whole week` }
    : { ok: true, minutes };
}

/** The form's fields as the PUT body, or the message of each field that is wrong. */
export function settingsFromFields(
  fields: LabourSettingsFields,
  currency: string,
): { ok: true; settings: LabourSettings } | { ok: false; errors: LabourSettingsErrors } {
  const errors: LabourSettingsErrors = {};
  const budget =
    fields.budget.trim() === '' ? null : parseMoneyInput(fields.budget, currency, MAX_WEEKLY_BUDGET_MINOR);
  if (budget && !budget.ok) errors.budget = budget.message;
  const after = parseHours(fields.overtimeAfterHours);
  if (!after.ok) errors.overtimeAfterHours = after.message;
  const multiplierText = fields.multiplier.trim();
  const multiplier = Number(multiplierText);
  if (!/^\d(\.\d{1,2})?$/.test(multiplierText) || multiplier < 1 || multiplier > 3) {
    errors.multiplier = 'A number from 1 to 3, such as 1.5, with at most two decimals';
  }
  if (Object.keys(errors).length > 0 || (budget && !budget.ok) || !after.ok) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      weeklyBudgetMinor: budget ? budget.minor : null,
      overtimeAfterMinutes: after.minutes,
      overtimeMultiplier: multiplier,
    },
  };
}
