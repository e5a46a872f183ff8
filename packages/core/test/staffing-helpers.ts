import type { AvailabilityInput } from '../src/contracts/availability.ts';
import { Availability } from '../src/contracts/availability.ts';
import { StaffingSettings, type StaffingSettingsInput } from '../src/contracts/schedule-agent.ts';
import type { StaffingEntry, StaffingStaff } from '../src/staffing/timeline.ts';
import type { StaffingContext } from '../src/staffing/validate.ts';

export const ana: StaffingStaff = { staffId: 'ana', name: 'Ana', role: 'Barista', leavingDate: null };
export const ben: StaffingStaff = { staffId: 'ben', name: 'Ben', role: 'Chef', leavingDate: null };

let counter = 0;
/** A shift of Ana's unless told otherwise; `HH:MM` times, no break. */
export function shift(
  shiftDate: string,
  startTime: string,
  endTime: string,
  extra: Partial<StaffingEntry> = {},
): StaffingEntry {
  counter += 1;
  return {
    shiftId: `s${counter}`,
    staffId: 'ana',
    shiftDate,
    startTime,
    endTime,
    breakMinutes: 0,
    isTimeOff: false,
    ...extra,
  };
}

/** A team context with the default rules unless `settings` says otherwise; Mondays start the week; UTC. */
export function context(
  entries: StaffingEntry[],
  options: {
    settings?: StaffingSettingsInput;
    availability?: Record<string, AvailabilityInput>;
    weekStartDay?: number;
    staff?: StaffingStaff[];
    /** The team's zone; absent is UTC. */
    timeZone?: string;
  } = {},
): StaffingContext {
  return {
    settings: StaffingSettings.parse(options.settings ?? {}),
    staff: options.staff ?? [ana, ben],
    entries,
    availability: new Map(
      Object.entries(options.availability ?? {}).map(([id, value]) => [id, Availability.parse(value)]),
    ),
    weekStartDay: options.weekStartDay ?? 1,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  };
}

/** Every rule off except the ones given. */
export const only = (rules: StaffingSettingsInput['rules']): StaffingSettingsInput => ({
  rules: {
    minRestHours: { value: null, strict: false },
    maxWeeklyHours: { value: null, strict: false },
    maxConsecutiveDays: { value: null, strict: false },
    minShiftHours: { value: null, strict: false },
    maxShiftHours: { value: null, strict: false },
    ...rules,
  },
});
