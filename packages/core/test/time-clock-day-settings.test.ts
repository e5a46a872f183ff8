import { describe, expect, it } from 'vitest';
import { DaySettings, DEFAULT_DAY_SETTINGS } from '../src/time-clock/day-settings.ts';

describe('day settings', () => {
  it('take the defaults and the bounds’ ends', () => {
    expect(DaySettings.parse(DEFAULT_DAY_SETTINGS)).toEqual(DEFAULT_DAY_SETTINGS);
    expect(
      DaySettings.safeParse({
        clockInEarlyMinutes: 0,
        lateAfterMinutes: 1,
        sickCoverOffers: 1,
        autoApproveSickCover: false,
      }).success,
    ).toBe(true);
    expect(
      DaySettings.safeParse({
        clockInEarlyMinutes: 240,
        lateAfterMinutes: 240,
        sickCoverOffers: 20,
        autoApproveSickCover: true,
      }).success,
    ).toBe(true);
  });

  it.each([
    ['clockInEarlyMinutes', -1],
    ['clockInEarlyMinutes', 241],
    ['clockInEarlyMinutes', 1.5],
    ['lateAfterMinutes', 0],
    ['lateAfterMinutes', 241],
    ['sickCoverOffers', 0],
    ['sickCoverOffers', 21],
    ['autoApproveSickCover', 'yes'],
    ['sickCoverOffers', '3'],
  ])('refuses %s = %j, naming it', (field, value) => {
    const result = DaySettings.safeParse({ ...DEFAULT_DAY_SETTINGS, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toContain(field);
  });
});
