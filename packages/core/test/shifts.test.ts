import { describe, expect, it } from 'vitest';
import { adjustmentMinutes, normaliseAdjustment } from '../src/shifts/adjustments.ts';
import { chooseColour, defaultColour, effectiveColour, SHIFT_COLOURS } from '../src/shifts/colours.ts';
import {
  conflictWindow,
  entriesConflict,
  findConflict,
  type ScheduleEntry,
} from '../src/shifts/conflicts.ts';
import { formatAuditTime, formatDateGb, relativeTime } from '../src/shifts/display.ts';
import {
  formatTimeOffDays,
  formatTimeOffHours,
  parseBreakMinutes,
  switchTimeOffKind,
  timeOffDaysError,
  timeOffHoursError,
  timeOffKind,
} from '../src/shifts/time-off.ts';
import { isOvernight, minutesOfDay, normaliseTime, spanMinutes } from '../src/shifts/times.ts';
import { workedMinutes } from '../src/shifts/worked-minutes.ts';

const base = { staffId: 's1', isTimeOff: false, timeOffDays: null, timeOffHours: null };
const shift = (
  shiftDate: string,
  startTime: string,
  endTime: string,
  extra: Partial<ScheduleEntry> = {},
): ScheduleEntry => ({
  ...base,
  shiftDate,
  startTime,
  endTime,
  ...extra,
});
const dayOff = (shiftDate: string, timeOffDays: number): ScheduleEntry => ({
  ...base,
  shiftDate,
  startTime: null,
  endTime: null,
  isTimeOff: true,
  timeOffDays,
});
const hoursOff = (shiftDate: string, timeOffHours: number): ScheduleEntry => ({
  ...base,
  shiftDate,
  startTime: null,
  endTime: null,
  isTimeOff: true,
  timeOffHours,
});
const exactOff = (shiftDate: string, startTime: string, endTime: string): ScheduleEntry => ({
  ...base,
  shiftDate,
  startTime,
  endTime,
  isTimeOff: true,
});

describe('times', () => {
  it('appends seconds and refuses what is not a time', () => {
    expect(normaliseTime('09:00')).toBe('09:00:00');
    expect(normaliseTime('23:59:30')).toBe('23:59:30');
    expect(normaliseTime(' 07:05 ')).toBe('07:05:00');
    for (const bad of ['24:00', '9:00', '12:60', '12:00:60', '', null, 'noon'])
      expect(normaliseTime(bad)).toBeNull();
  });
  it('measures spans, overnight included', () => {
    expect(minutesOfDay('13:30:00')).toBe(810);
    expect(minutesOfDay('23:59')).toBe(1439);
    expect(minutesOfDay('00:00:00')).toBe(0);
    expect(minutesOfDay('9:05')).toBe(545);
    expect(spanMinutes('09:00:00', '17:30:00')).toBe(510);
    expect(isOvernight('22:00:00', '06:00:00')).toBe(true);
    expect(spanMinutes('22:00:00', '06:00:00')).toBe(480);
    expect(isOvernight('09:00:00', '17:00:00')).toBe(false);
  });
});

describe('conflict rule', () => {
  it('clashes when timed shifts overlap, and not when they only touch', () => {
    expect(
      entriesConflict(shift('2026-11-23', '09:00', '17:00'), shift('2026-11-23', '16:00', '20:00')),
    ).toBe(true);
    expect(
      entriesConflict(shift('2026-11-23', '09:00', '17:00'), shift('2026-11-23', '10:00', '11:00')),
    ).toBe(true);
    expect(
      entriesConflict(shift('2026-11-23', '09:00', '17:00'), shift('2026-11-23', '17:00', '20:00')),
    ).toBe(false);
    expect(
      entriesConflict(shift('2026-11-23', '09:00', '17:00'), shift('2026-11-24', '09:00', '17:00')),
    ).toBe(false);
  });

  it('only compares entries of the same person, and never an entry with itself', () => {
    expect(
      entriesConflict(
        shift('2026-11-23', '09:00', '17:00'),
        shift('2026-11-23', '09:00', '17:00', { staffId: 's2' }),
      ),
    ).toBe(false);
    expect(
      entriesConflict(
        shift('2026-11-23', '09:00', '17:00', { shiftId: 'a' }),
        shift('2026-11-23', '10:00', '12:00', { shiftId: 'a' }),
      ),
    ).toBe(false);
  });

  it('ends an overnight shift the next day and checks that day', () => {
    const night = shift('2026-11-23', '22:00', '06:00');
    expect(entriesConflict(night, shift('2026-11-24', '05:00', '09:00'))).toBe(true);
    expect(entriesConflict(night, shift('2026-11-24', '06:00', '09:00'))).toBe(false);
    expect(entriesConflict(night, shift('2026-11-23', '20:00', '23:00'))).toBe(true);
    expect(entriesConflict(shift('2026-11-24', '05:00', '09:00'), night)).toBe(true);
  });

  it('never clashes for time off under a day, in hours, or as a time range', () => {
    const busy = shift('2026-11-23', '09:00', '17:00');
    expect(entriesConflict(hoursOff('2026-11-23', 4), busy)).toBe(false);
    expect(entriesConflict(dayOff('2026-11-23', 0.5), busy)).toBe(false);
    expect(entriesConflict(dayOff('2026-11-23', 0.75), busy)).toBe(false);
    expect(entriesConflict(exactOff('2026-11-23', '10:00', '12:00'), busy)).toBe(false);
    expect(entriesConflict(hoursOff('2026-11-23', 4), hoursOff('2026-11-23', 2))).toBe(false);
  });

  it('clashes a full day off with any entry that day', () => {
    const off = dayOff('2026-11-23', 1);
    expect(entriesConflict(off, shift('2026-11-23', '09:00', '10:00'))).toBe(true);
    expect(entriesConflict(off, hoursOff('2026-11-23', 2))).toBe(true);
    expect(entriesConflict(off, exactOff('2026-11-23', '10:00', '11:00'))).toBe(true);
    expect(entriesConflict(off, dayOff('2026-11-23', 0.5))).toBe(true);
    expect(entriesConflict(hoursOff('2026-11-23', 2), off)).toBe(true);
    expect(entriesConflict(off, shift('2026-11-24', '09:00', '10:00'))).toBe(false);
    expect(entriesConflict(off, shift('2026-11-22', '09:00', '17:00'))).toBe(false);
  });

  it('clashes a full day off with an overnight shift running into it', () => {
    expect(entriesConflict(dayOff('2026-11-24', 1), shift('2026-11-23', '22:00', '06:00'))).toBe(true);
    expect(entriesConflict(dayOff('2026-11-24', 1), shift('2026-11-23', '18:00', '23:59'))).toBe(false);
  });

  it('clashes multi-day time off with timed shifts on the adjacent days it covers', () => {
    const threeDays = dayOff('2026-11-23', 3);
    expect(entriesConflict(threeDays, shift('2026-11-24', '09:00', '17:00'))).toBe(true);
    expect(entriesConflict(threeDays, shift('2026-11-25', '09:00', '17:00'))).toBe(true);
    expect(entriesConflict(threeDays, shift('2026-11-26', '09:00', '17:00'))).toBe(false);
    expect(entriesConflict(threeDays, shift('2026-11-25', '22:00', '02:00'))).toBe(true);
    // Time off in hours on a covered later day is not a timed shift.
    expect(entriesConflict(threeDays, hoursOff('2026-11-24', 2))).toBe(false);
    // Two stretches of days off may not overlap.
    expect(entriesConflict(threeDays, dayOff('2026-11-25', 1))).toBe(true);
    expect(entriesConflict(threeDays, dayOff('2026-11-26', 1))).toBe(false);
  });

  it('finds the first clash among existing entries, and the window to look in', () => {
    const existing = [
      shift('2026-11-23', '06:00', '08:00', { shiftId: 'early' }),
      shift('2026-11-23', '12:00', '14:00', { shiftId: 'lunch' }),
    ];
    expect(findConflict(shift('2026-11-23', '13:00', '15:00'), existing)?.shiftId).toBe('lunch');
    expect(findConflict(shift('2026-11-23', '09:00', '11:00'), existing)).toBeNull();
    expect(conflictWindow('2026-11-23')).toEqual({ startDate: '2026-11-22', endDate: '2026-11-24' });
    expect(conflictWindow('2026-11-23', 3)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-26' });
  });
});

describe('time-off kinds', () => {
  const entry = {
    timeOffDays: 0.5,
    timeOffHours: 3,
    startTime: '09:00:00',
    endTime: '12:00:00',
    breakMinutes: 0,
  };
  it('derives the kind', () => {
    expect(timeOffKind({ timeOffDays: 1, timeOffHours: null })).toBe('days');
    expect(timeOffKind({ timeOffDays: null, timeOffHours: 2 })).toBe('hours');
    expect(timeOffKind({ timeOffDays: null, timeOffHours: null })).toBe('exact');
  });
  it('switches as the spec says', () => {
    expect(switchTimeOffKind(entry, 'exact')).toMatchObject({
      timeOffDays: null,
      timeOffHours: null,
      startTime: '09:00:00',
    });
    expect(switchTimeOffKind(entry, 'hours')).toMatchObject({ timeOffDays: null, timeOffHours: 3 });
    expect(switchTimeOffKind(entry, 'days')).toMatchObject({ timeOffDays: 0.5, timeOffHours: null });
    expect(switchTimeOffKind({ ...entry, timeOffDays: null }, 'days').timeOffDays).toBe(1);
  });
  it('validates hours: 0.25 to 24 in 0.25 steps, with the spec texts', () => {
    for (const ok of [0.25, 1, 7.5, 23.75, 24]) expect(timeOffHoursError(ok)).toBeNull();
    expect(timeOffHoursError(0)).toBe('Please enter a valid number of hours');
    expect(timeOffHoursError(-1)).toBe('Please enter a valid number of hours');
    expect(timeOffHoursError(null)).toBe('Please enter a valid number of hours');
    expect(timeOffHoursError(Number.NaN)).toBe('Please enter a valid number of hours');
    expect(timeOffHoursError(24.25)).toBe('Time off hours cannot exceed 24 hours');
    expect(timeOffHoursError(1.3)).toBe(
      'Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)',
    );
    expect(timeOffHoursError(0.1)).toBe(
      'Time off hours must be in 0.25 hour increments (e.g., 1.25, 2.5, 3.75)',
    );
  });
  it('validates days: 0.25, 0.5, 0.75 or 1', () => {
    for (const ok of [0.25, 0.5, 0.75, 1]) expect(timeOffDaysError(ok)).toBeNull();
    for (const bad of [0, 0.3, 1.5, 2, null])
      expect(timeOffDaysError(bad)).toBe('Please select the number of days');
  });
  it('validates break minutes: empty is 0, whole, 0 or more, steps of 5', () => {
    expect(parseBreakMinutes('')).toEqual({ value: 0 });
    expect(parseBreakMinutes(null)).toEqual({ value: 0 });
    expect(parseBreakMinutes('30')).toEqual({ value: 30 });
    expect(parseBreakMinutes(0)).toEqual({ value: 0 });
    expect(parseBreakMinutes(-5)).toHaveProperty('error');
    expect(parseBreakMinutes(7)).toEqual({ error: 'Break minutes must be in steps of 5' });
    expect(parseBreakMinutes(2.5)).toHaveProperty('error');
    expect(parseBreakMinutes('abc')).toHaveProperty('error');
  });
  it('displays hours and days', () => {
    expect(formatTimeOffHours(1)).toBe('1 Hour');
    expect(formatTimeOffHours(2.5)).toBe('2.5 Hours');
    expect(formatTimeOffDays(1)).toBe('1 Day');
    expect(formatTimeOffDays(0.5)).toBe('0.5 Days');
  });
});

describe('worked minutes and adjustments', () => {
  const day = { isTimeOff: false, timeOffHours: null, timeOffDays: null };
  it('is span − break − positive adjustments, never below 0', () => {
    expect(workedMinutes({ ...day, startTime: '09:00:00', endTime: '17:00:00', breakMinutes: 30 })).toBe(450);
    expect(
      workedMinutes({
        ...day,
        startTime: '09:00:00',
        endTime: '17:00:00',
        breakMinutes: 30,
        attendanceAdjustments: [{ minutes: 15 }, { minutes: -20 }, { minutes: 5 }],
      }),
    ).toBe(430);
    expect(workedMinutes({ ...day, startTime: '22:00:00', endTime: '06:00:00', breakMinutes: 0 })).toBe(480);
    expect(
      workedMinutes({
        ...day,
        startTime: '09:00:00',
        endTime: '10:00:00',
        breakMinutes: 30,
        attendanceAdjustments: [{ minutes: 60 }],
      }),
    ).toBe(0);
  });
  it('counts hours of time off as hours × 60, days as no minutes', () => {
    expect(
      workedMinutes({
        isTimeOff: true,
        startTime: null,
        endTime: null,
        breakMinutes: 0,
        timeOffHours: 2.5,
        timeOffDays: null,
      }),
    ).toBe(150);
    expect(
      workedMinutes({
        isTimeOff: true,
        startTime: null,
        endTime: null,
        breakMinutes: 0,
        timeOffHours: null,
        timeOffDays: 1,
      }),
    ).toBe(0);
    expect(
      workedMinutes({
        isTimeOff: true,
        startTime: '09:00:00',
        endTime: '13:00:00',
        breakMinutes: 15,
        timeOffHours: null,
        timeOffDays: null,
      }),
    ).toBe(225);
  });
  it('clamps adjustment minutes and cuts comments to 50 characters', () => {
    expect(normaliseAdjustment({ minutes: -10, reason: 'lateness' })).toEqual({
      minutes: 0,
      reason: 'lateness',
      comment: '',
    });
    expect(normaliseAdjustment({ minutes: 12.6, reason: 'sick', comment: 'x'.repeat(60) })).toEqual({
      minutes: 13,
      reason: 'sick',
      comment: 'x'.repeat(50),
    });
    expect(normaliseAdjustment({ minutes: 'abc', reason: 'other' }).minutes).toBe(0);
    expect(adjustmentMinutes([{ minutes: 10 }, { minutes: -5 }, { minutes: 20 }])).toBe(30);
  });
});

describe('colours', () => {
  it('has six colours and the defaults of the spec', () => {
    expect(SHIFT_COLOURS.map((c) => c.name)).toEqual(['Blue', 'Green', 'Red', 'Yellow', 'Purple', 'Brown']);
    expect(defaultColour(false)).toBe(0);
    expect(defaultColour(true)).toBe(1);
    expect(effectiveColour(null, false)).toBe(0);
    expect(effectiveColour(null, true)).toBe(1);
    expect(effectiveColour(4, true)).toBe(4);
  });
  it('clears the choice when the default is chosen again', () => {
    expect(chooseColour(0, false)).toBeNull();
    expect(chooseColour(1, true)).toBeNull();
    expect(chooseColour(1, false)).toBe(1);
    expect(chooseColour(2, true)).toBe(2);
  });
});

describe('display texts', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);
  it('says how long ago', () => {
    expect(ago(0)).toBe('just now');
    expect(ago(29)).toBe('just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(5 * 60)).toBe('5 minutes ago');
    expect(ago(3600)).toBe('1 hour ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(86_400)).toBe('1 day ago');
    expect(ago(3 * 86_400)).toBe('3 days ago');
    expect(ago(10 * 86_400)).toBe('12/11/2026');
  });
  it('formats dates the en-GB way', () => {
    expect(formatDateGb('2026-11-23')).toBe('23/11/2026');
    expect(formatAuditTime(new Date('2026-11-23T14:05:00Z'), 'UTC')).toBe('23 Nov 26, 14:05');
  });
});
