import { describe, expect, it } from 'vitest';
import type { TimesheetDto } from '../../../lib/time-clock';
import { editFieldsOf, editFromFields, instantOf, type TimesheetEditFields } from './timesheet-edit';

const fields = (over: Partial<TimesheetEditFields> = {}): TimesheetEditFields => ({
  inDate: '2026-03-10',
  inTime: '09:00',
  outDate: '2026-03-10',
  outTime: '17:00',
  breakMinutes: '30',
  reason: 'Forgot to clock out',
  ...over,
});

describe('instantOf', () => {
  it('names the instant of a wall-clock time in the team’s zone', () => {
    expect(instantOf('2026-07-10', '09:00', 'Europe/London')).toBe('2026-07-10T08:00:00.000Z');
    expect(instantOf('2026-01-10', '09:00', 'Europe/London')).toBe('2026-01-10T09:00:00.000Z');
    expect(instantOf('', '09:00', 'UTC')).toBeNull();
    expect(instantOf('2026-01-10', '9', 'UTC')).toBeNull();
  });
});

describe('editFromFields', () => {
  it('gives the edit in instants', () => {
    expect(editFromFields(fields(), 'Europe/London')).toEqual({
      ok: true,
      edit: {
        clockInAt: '2026-03-10T09:00:00.000Z',
        clockOutAt: '2026-03-10T17:00:00.000Z',
        breakMinutes: 30,
        reason: 'Forgot to clock out',
      },
    });
  });
  it('takes an overnight entry', () => {
    const parsed = editFromFields(
      fields({ inTime: '22:00', outDate: '2026-03-11', outTime: '06:00' }),
      'UTC',
    );
    expect(parsed.ok).toBe(true);
  });
  it('names each field that is wrong', () => {
    expect(editFromFields(fields({ outTime: '08:00' }), 'UTC')).toEqual({
      ok: false,
      errors: { outTime: 'Clock-out must be after clock-in.' },
    });
    expect(editFromFields(fields({ reason: '  ' }), 'UTC')).toEqual({
      ok: false,
      errors: { reason: 'Say why the times are changed.' },
    });
    expect(editFromFields(fields({ reason: 'x'.repeat(501) }), 'UTC')).toMatchObject({
      errors: { reason: 'At most 500 characters.' },
    });
    expect(editFromFields(fields({ breakMinutes: '-5' }), 'UTC')).toMatchObject({
      errors: { breakMinutes: 'Whole minutes, 0 or more.' },
    });
    expect(editFromFields(fields({ breakMinutes: '2.5' }), 'UTC')).toMatchObject({
      errors: { breakMinutes: 'Whole minutes, 0 or more.' },
    });
    expect(editFromFields(fields({ breakMinutes: '480' }), 'UTC')).toMatchObject({
      errors: { breakMinutes: 'The break must be shorter than the time clocked.' },
    });
    expect(editFromFields(fields({ inDate: '' }), 'UTC')).toMatchObject({
      errors: { inTime: 'Enter the clock-in date and time.' },
    });
  });
  it('takes an empty break as none', () => {
    expect(editFromFields(fields({ breakMinutes: '' }), 'UTC')).toMatchObject({
      ok: true,
      edit: { breakMinutes: 0 },
    });
  });
});

describe('editFieldsOf', () => {
  it('fills the form on the team’s clocks; an open entry’s clock-out is now', () => {
    const row: TimesheetDto = {
      timesheetId: 't',
      staffId: 's',
      staffName: 'Sam',
      shiftId: null,
      date: '2026-07-10',
      clockInAt: '2026-07-10T08:00:00.000Z',
      clockOutAt: null,
      breakMinutes: 15,
      workedMinutes: 0,
      scheduledMinutes: null,
      varianceMinutes: null,
      status: 'open',
    };
    expect(editFieldsOf(row, 'Europe/London', Date.parse('2026-07-10T15:30:00Z'))).toEqual({
      inDate: '2026-07-10',
      inTime: '09:00',
      outDate: '2026-07-10',
      outTime: '16:30',
      breakMinutes: '15',
      reason: '',
    });
  });
});
