import type { DaySettings } from './time-clock';

/**
 * The day settings form (issue 44, features/teams): numbers as typed, so the server's bounds and its
 * words apply (a 400 names the field and is shown under it). Only what is not a whole number at all is
 * caught here.
 */
export type DaySettingsFields = {
  clockInEarlyMinutes: string;
  lateAfterMinutes: string;
  sickCoverOffers: string;
  autoApproveSickCover: boolean;
};
export type DaySettingsNumberField = Exclude<keyof DaySettingsFields, 'autoApproveSickCover'>;
export type DaySettingsErrors = Partial<Record<keyof DaySettingsFields, string>>;

export const DAY_SETTINGS_NUMBER_FIELDS: readonly DaySettingsNumberField[] = [
  'clockInEarlyMinutes',
  'lateAfterMinutes',
  'sickCoverOffers',
];

export function daySettingsFieldsOf(settings: DaySettings): DaySettingsFields {
  return {
    clockInEarlyMinutes: String(settings.clockInEarlyMinutes),
    lateAfterMinutes: String(settings.lateAfterMinutes),
    sickCoverOffers: String(settings.sickCoverOffers),
    autoApproveSickCover: settings.autoApproveSickCover,
  };
}

export function daySettingsFromFields(
  fields: DaySettingsFields,
): { ok: true; settings: DaySettings } | { ok: false; errors: DaySettingsErrors } {
  const errors: DaySettingsErrors = {};
  const numbers: Partial<Record<DaySettingsNumberField, number>> = {};
  for (const field of DAY_SETTINGS_NUMBER_FIELDS) {
    const text = fields[field].trim();
    if (!/^-?\d{1,6}$/.test(text)) errors[field] = 'Enter a whole number.';
    else numbers[field] = Number(text);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      clockInEarlyMinutes: numbers.clockInEarlyMinutes ?? 0,
      lateAfterMinutes: numbers.lateAfterMinutes ?? 0,
      sickCoverOffers: numbers.sickCoverOffers ?? 0,
      autoApproveSickCover: fields.autoApproveSickCover,
    },
  };
}

/** The server's 400 details (`{path, message}`) as errors under the fields they name. */
export function daySettingsServerErrors(
  details: readonly { path: string; message: string }[],
): DaySettingsErrors {
  const errors: DaySettingsErrors = {};
  for (const { path, message } of details) {
    const field = path.split('.')[0] as keyof DaySettingsFields;
    if (field in { clockInEarlyMinutes: 1, lateAfterMinutes: 1, sickCoverOffers: 1, autoApproveSickCover: 1 })
      errors[field] = message;
  }
  return errors;
}
