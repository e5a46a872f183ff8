import { describe, expect, it } from 'vitest';
import { daySettingsFieldsOf, daySettingsFromFields, daySettingsServerErrors } from './day-settings-form';

describe('day settings form', () => {
  const saved = {
    clockInEarlyMinutes: 15,
    lateAfterMinutes: 10,
    sickCoverOffers: 3,
    autoApproveSickCover: true,
  };
  it('round-trips the saved settings', () => {
    expect(daySettingsFromFields(daySettingsFieldsOf(saved))).toEqual({ ok: true, settings: saved });
  });
  it('leaves the bounds to the server, but catches what is no whole number', () => {
    const fields = { ...daySettingsFieldsOf(saved), lateAfterMinutes: '999', sickCoverOffers: 'three' };
    expect(daySettingsFromFields(fields)).toEqual({
      ok: false,
      errors: { sickCoverOffers: 'Enter a whole number.' },
    });
    expect(daySettingsFromFields({ ...fields, sickCoverOffers: '3' })).toMatchObject({
      ok: true,
      settings: { lateAfterMinutes: 999 },
    });
    expect(daySettingsFromFields({ ...fields, sickCoverOffers: '2.5' })).toMatchObject({ ok: false });
  });
  it('puts the server’s words under the fields they name, and nothing for others', () => {
    expect(
      daySettingsServerErrors([
        {
          path: 'lateAfterMinutes',
          message: 'lateAfterMinutes must be a whole number of minutes from 1 to 240',
        },
        { path: 'somethingElse', message: 'x' },
      ]),
    ).toEqual({ lateAfterMinutes: 'lateAfterMinutes must be a whole number of minutes from 1 to 240' });
  });
});
