import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { describe, expect, it } from 'vitest';
import {
  checkShiftForm,
  isTimed,
  type ShiftFormValues,
  shiftFormSchema,
  shiftFormValues,
  withTimeOffKind,
} from './shift-form';
import { wallClockProblem } from './zone-rules';

/** The editor's check once its zone rules are loaded (hooks/use-zone-rules.ts), for `zone`. */
const inZone = (zone: string) => (entry: Parameters<typeof wallClockProblem>[0]) =>
  wallClockProblem(entry, zone);

const STAFF = '3f2b8c1e-4a5d-4e6f-8a7b-9c0d1e2f3a4b';
const OTHER = '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const shift: ShiftDto = {
  shiftId: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
  staffId: STAFF,
  shiftDate: '2026-03-02',
  startTime: '08:30:00',
  endTime: '16:45:00',
  notes: 'Open up',
  notesVisibleToAll: false,
  isTimeOff: false,
  sick: false,
  timeOffDays: null,
  timeOffHours: null,
  colour: 3,
  breakMinutes: 30,
  attendanceAdjustments: [{ minutes: 15, reason: 'lateness', comment: 'Bus' }],
  attendanceAdjustmentMinutes: 15,
  workedMinutes: 450,
};

const fresh = (): ShiftFormValues => shiftFormValues(null, STAFF, '2026-03-04');

describe('shiftFormValues', () => {
  it('starts a new entry as a 09:00–17:00 shift for the person and day clicked', () => {
    expect(fresh()).toEqual({
      staffId: STAFF,
      shiftDate: '2026-03-04',
      isTimeOff: false,
      kind: 'exact',
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: '0',
      timeOffHours: '',
      timeOffDays: '',
      notes: '',
      notesVisibleToAll: true,
      colour: null,
      adjustments: [],
      notify: false,
    });
  });

  it('fills the form from an entry, ignoring the cell it was opened from', () => {
    const values = shiftFormValues(shift, OTHER, '2026-01-01');
    expect(values).toMatchObject({
      staffId: STAFF,
      shiftDate: '2026-03-02',
      startTime: '08:30',
      endTime: '16:45',
      breakMinutes: '30',
      notes: 'Open up',
      notesVisibleToAll: false,
      colour: 3,
      adjustments: [{ minutes: '15', reason: 'lateness', comment: 'Bus' }],
    });
  });

  it('reads the time off kind from the entry', () => {
    const days = { ...shift, isTimeOff: true, startTime: null, endTime: null, timeOffDays: 0.5 };
    expect(shiftFormValues(days, STAFF, '')).toMatchObject({ kind: 'days', timeOffDays: '0.5' });
    const hours = { ...shift, isTimeOff: true, timeOffHours: 2.5 };
    expect(shiftFormValues(hours, STAFF, '')).toMatchObject({ kind: 'hours', timeOffHours: '2.5' });
  });
});

describe('checkShiftForm', () => {
  it('turns a shift into the API body, with adjustments only for Pro', () => {
    const values = shiftFormValues(shift, STAFF, '');
    const free = checkShiftForm(values, false);
    expect(free).toMatchObject({
      success: true,
      input: { startTime: '08:30', endTime: '16:45', breakMinutes: 30, notes: 'Open up', colour: 3 },
    });
    expect(free.success && 'attendanceAdjustments' in free.input).toBe(false);
    const pro = checkShiftForm(values, true);
    expect(pro.success && pro.input.attendanceAdjustments).toEqual([
      { minutes: 15, reason: 'lateness', comment: 'Bus' },
    ]);
    expect(pro.success && pro.parsed.startTime).toBe('08:30:00');
  });

  it('sends no times for time off by days or hours, and no adjustments for time off', () => {
    const days = { ...fresh(), isTimeOff: true, kind: 'days' as const, timeOffDays: '0.75' };
    const result = checkShiftForm(
      { ...days, adjustments: [{ minutes: '5', reason: 'other', comment: '' }] },
      true,
    );
    expect(result).toMatchObject({
      success: true,
      input: {
        startTime: null,
        endTime: null,
        timeOffDays: 0.75,
        timeOffHours: null,
        attendanceAdjustments: [],
      },
    });
    const hours = checkShiftForm({ ...fresh(), isTimeOff: true, kind: 'hours', timeOffHours: '3.5' }, false);
    expect(hours).toMatchObject({ success: true, input: { timeOffHours: 3.5, timeOffDays: null } });
  });

  it("says what is wrong with the form's own fields", () => {
    expect(checkShiftForm({ ...fresh(), breakMinutes: '7' }, false)).toEqual({
      success: false,
      errors: { breakMinutes: 'Break minutes must be in steps of 5' },
    });
    expect(checkShiftForm({ ...fresh(), isTimeOff: true, kind: 'hours', timeOffHours: '' }, false)).toEqual({
      success: false,
      errors: { timeOffHours: 'Please enter a valid number of hours' },
    });
    // Core then reads it as time off with neither days nor hours, which needs times.
    expect(checkShiftForm({ ...fresh(), isTimeOff: true, kind: 'days' }, false)).toEqual({
      success: false,
      errors: {
        timeOffDays: 'Please select the number of days',
        startTime: 'Please select start and end times',
      },
    });
  });

  it("applies core's ShiftInput rules, each on its field", () => {
    const same = checkShiftForm({ ...fresh(), endTime: '09:00' }, false);
    expect(same).toEqual({
      success: false,
      errors: { endTime: 'The end time must differ from the start time' },
    });
    const noStart = checkShiftForm({ ...fresh(), startTime: '' }, false);
    expect(noStart).toEqual({
      success: false,
      errors: { startTime: 'A shift needs a start and an end time' },
    });
    const longBreak = checkShiftForm({ ...fresh(), breakMinutes: '480' }, false);
    expect(longBreak).toEqual({
      success: false,
      errors: { breakMinutes: 'The break must be shorter than the shift' },
    });
    expect(checkShiftForm({ ...fresh(), staffId: '' }, false)).toEqual({
      success: false,
      errors: { staffId: 'Choose a member of staff' },
    });
  });

  it('says a problem with no field of its own for the whole form', () => {
    const many = Array.from({ length: 21 }, () => ({ minutes: '5', reason: 'other' as const, comment: '' }));
    expect(checkShiftForm({ ...fresh(), adjustments: many }, true)).toEqual({
      success: false,
      errors: { root: 'At most 20 adjustments per shift' },
    });
  });
});

describe('withTimeOffKind', () => {
  const values = { timeOffDays: '', timeOffHours: '4', startTime: '09:00', endTime: '17:00' };

  it('defaults days to one and clears the hours', () => {
    expect(withTimeOffKind(values, 'days')).toEqual({ kind: 'days', timeOffDays: '1', timeOffHours: '' });
  });

  it('keeps the hours when switching to hours, and clears both for exact times', () => {
    expect(withTimeOffKind(values, 'hours')).toEqual({ kind: 'hours', timeOffDays: '', timeOffHours: '4' });
    expect(withTimeOffKind({ ...values, timeOffDays: '0.5' }, 'exact')).toEqual({
      kind: 'exact',
      timeOffDays: '',
      timeOffHours: '',
    });
  });

  it('decides which entries have times', () => {
    expect(isTimed({ isTimeOff: false, kind: 'days' })).toBe(true);
    expect(isTimed({ isTimeOff: true, kind: 'exact' })).toBe(true);
    expect(isTimed({ isTimeOff: true, kind: 'hours' })).toBe(false);
  });
});

describe('shiftFormSchema', () => {
  it('resolves to the API body, or to issues on the fields that show them', () => {
    const ok = shiftFormSchema(false).safeParse(fresh());
    expect(ok.success && ok.data).toMatchObject({ staffId: STAFF, startTime: '09:00', breakMinutes: 0 });
    const bad = shiftFormSchema(false).safeParse({ ...fresh(), breakMinutes: '-5', endTime: '09:00' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['breakMinutes', 'Break minutes must be a whole number of 0 or more'],
      ['endTime', 'The end time must differ from the start time'],
    ]);
  });
});

describe("times the clocks skip in the team's zone", () => {
  const night = (startTime: string, endTime: string, shiftDate = '2027-03-28'): ShiftFormValues => ({
    ...fresh(),
    shiftDate,
    startTime,
    endTime,
  });

  it('names a start the clocks go forward over on the start field', () => {
    const result = checkShiftForm(night('01:30', '06:00'), false, inZone('Europe/London'));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors.startTime).toMatch(/^01:30 does not exist on 28 March 2027/);
    expect(
      wallClockProblem({ shiftDate: '2027-03-28', startTime: '01:30', endTime: '06:00' }, 'Europe/London'),
    ).toMatchObject({ field: 'startTime' });
  });

  it('names an overnight end on the next day on the end field', () => {
    const problem = wallClockProblem(
      { shiftDate: '2027-03-27', startTime: '22:00', endTime: '01:15' },
      'Europe/London',
    );
    expect(problem?.field).toBe('endTime');
    expect(problem?.message).toMatch(/^01:15 does not exist on 28 March 2027/);
  });

  it('lets the same times through in UTC, on other nights, and without a zone', () => {
    expect(checkShiftForm(night('01:30', '06:00'), false, inZone('UTC')).success).toBe(true);
    expect(
      checkShiftForm(night('01:30', '06:00', '2027-03-21'), false, inZone('Europe/London')).success,
    ).toBe(true);
    expect(checkShiftForm(night('01:30', '06:00'), false).success).toBe(true);
  });

  it('says nothing about half-typed values', () => {
    expect(
      wallClockProblem({ shiftDate: '', startTime: '01:30', endTime: null }, 'Europe/London'),
    ).toBeNull();
    expect(
      wallClockProblem({ shiftDate: '2027-03-28', startTime: '01:', endTime: null }, 'Europe/London'),
    ).toBeNull();
  });
});
