import { describe, expect, it } from 'vitest';
import {
  barLayout,
  cellKey,
  chipSentence,
  chipTimeText,
  dayTotals,
  formatDuration,
  formatHours,
  indexCells,
  keyboardTarget,
  nextShiftId,
  overnightEndLabel,
  overnightTail,
  staffTotals,
  timeOffLabel,
} from './schedule-grid';

const base = {
  startTime: null,
  endTime: null,
  isTimeOff: false,
  timeOffDays: null,
  timeOffHours: null,
};

describe('schedule grid helpers', () => {
  it('describes chips', () => {
    expect(chipTimeText({ ...base, startTime: '09:00:00', endTime: '17:30:00' })).toBe('09:00–17:30');
    expect(chipTimeText({ ...base, isTimeOff: true, timeOffDays: 1 })).toBe('1 Day');
    expect(chipTimeText({ ...base, isTimeOff: true, timeOffHours: 2.5 })).toBe('2.5 Hours');
  });

  it('formats totals', () => {
    expect(formatHours(2250)).toBe('37.5h');
    expect(formatHours(480)).toBe('8h');
    expect(formatHours(465)).toBe('7.75h');
    expect(formatDuration(450)).toBe('7h 30m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(0)).toBe('0m');
  });

  it('totals per person and per day', () => {
    const shifts = [
      { staffId: 'a', shiftDate: '2026-11-23', workedMinutes: 450 },
      { staffId: 'a', shiftDate: '2026-11-24', workedMinutes: 480 },
      { staffId: 'b', shiftDate: '2026-11-23', workedMinutes: 60 },
    ];
    expect(staffTotals(shifts).get('a')).toBe(930);
    expect(dayTotals(shifts, ['2026-11-23', '2026-11-24', '2026-11-25'])).toEqual([510, 480, 0]);
    expect(dayTotals(shifts, ['2026-11-23'], new Set(['b']))).toEqual([60]);
  });

  it('orders a cell by start time', () => {
    const shifts = [
      { staffId: 'a', shiftDate: 'd', startTime: '18:00:00', id: 2 },
      { staffId: 'a', shiftDate: 'd', startTime: '08:00:00', id: 1 },
      { staffId: 'b', shiftDate: 'd', startTime: '08:00:00', id: 3 },
    ];
    const cells = indexCells(shifts);
    expect(cells.get(cellKey('a', 'd'))?.map((s) => s.id)).toEqual([1, 2]);
    expect(cells.get(cellKey('b', 'd'))?.map((s) => s.id)).toEqual([3]);
    expect(cells.get(cellKey('a', 'e'))).toBeUndefined();
  });

  it('puts whole-day time off (no start time) first in a cell', () => {
    const shifts = [
      { staffId: 'a', shiftDate: 'd', startTime: '08:00:00', id: 1 },
      { staffId: 'a', shiftDate: 'd', startTime: null, id: 2 },
    ];
    expect(
      indexCells(shifts)
        .get(cellKey('a', 'd'))
        ?.map((s) => s.id),
    ).toEqual([2, 1]);
  });

  it('moves a chip by keyboard to the neighbouring cell, stopping at the edges', () => {
    const staff = ['a', 'b', 'c'];
    const dates = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const from = { staffId: 'b', date: '2026-11-24' };
    expect(keyboardTarget(staff, dates, from, 'ArrowUp')).toEqual({ staffId: 'a', date: '2026-11-24' });
    expect(keyboardTarget(staff, dates, from, 'ArrowDown')).toEqual({ staffId: 'c', date: '2026-11-24' });
    expect(keyboardTarget(staff, dates, from, 'ArrowLeft')).toEqual({ staffId: 'b', date: '2026-11-23' });
    expect(keyboardTarget(staff, dates, from, 'ArrowRight')).toEqual({ staffId: 'b', date: '2026-11-25' });
    expect(keyboardTarget(staff, dates, { staffId: 'a', date: '2026-11-23' }, 'ArrowUp')).toBeNull();
    expect(keyboardTarget(staff, dates, { staffId: 'c', date: '2026-11-25' }, 'ArrowDown')).toBeNull();
    expect(keyboardTarget(staff, dates, { staffId: 'a', date: '2026-11-23' }, 'ArrowLeft')).toBeNull();
    expect(keyboardTarget(staff, dates, { staffId: 'c', date: '2026-11-25' }, 'ArrowRight')).toBeNull();
    // A chip whose person is not on this week's rota has nowhere to go.
    expect(keyboardTarget(staff, dates, { staffId: 'x', date: '2026-11-23' }, 'ArrowDown')).toBeNull();
  });

  it('lays out bars on the day line', () => {
    expect(barLayout({ ...base, startTime: '06:00:00', endTime: '12:00:00' })).toEqual({
      left: 25,
      width: 25,
    });
    expect(barLayout({ ...base, startTime: '18:00:00', endTime: '02:00:00' })).toEqual({
      left: 75,
      width: 25,
    });
    expect(barLayout({ ...base, isTimeOff: true, timeOffDays: 0.5 })).toEqual({ left: 0, width: 50 });
    expect(barLayout({ ...base, isTimeOff: true, timeOffHours: 6 })).toEqual({ left: 0, width: 25 });
  });

  it('shows the morning part of an overnight entry on the next day', () => {
    expect(overnightTail({ ...base, startTime: '22:00:00', endTime: '06:00:00' })).toEqual({
      left: 0,
      width: 25,
    });
    // Exact-times time off runs overnight the same way.
    expect(overnightTail({ ...base, isTimeOff: true, startTime: '20:00:00', endTime: '03:00:00' })).toEqual({
      left: 0,
      width: 12.5,
    });
    expect(overnightTail({ ...base, startTime: '09:00:00', endTime: '17:00:00' })).toBeNull();
    expect(overnightTail({ ...base, isTimeOff: true, timeOffDays: 1 })).toBeNull();
    expect(overnightTail({ ...base, isTimeOff: true, timeOffHours: 4 })).toBeNull();
    expect(overnightTail(base)).toBeNull();
  });

  it('finds the next shift', () => {
    const shifts = [
      { shiftId: '1', staffId: 'a', shiftDate: '2026-11-23', startTime: '08:00:00', isTimeOff: false },
      { shiftId: '2', staffId: 'a', shiftDate: '2026-11-23', startTime: '18:00:00', isTimeOff: false },
      { shiftId: '3', staffId: 'a', shiftDate: '2026-11-24', startTime: '08:00:00', isTimeOff: false },
    ];
    expect(nextShiftId(shifts, 'a', '2026-11-23', '12:00')).toBe('2');
    expect(nextShiftId(shifts, 'a', '2026-11-25', '00:00')).toBeNull();
    expect(nextShiftId(shifts, null, '2026-11-23', '00:00')).toBeNull();
  });
});

describe('overnightEndLabel', () => {
  const entry = { shiftDate: '2026-11-24', isTimeOff: false };
  it('says where an overnight shift ends', () => {
    expect(overnightEndLabel({ ...entry, startTime: '22:00:00', endTime: '02:00:00' })).toBe('→ 02:00 Wed');
    expect(
      overnightEndLabel({ ...entry, shiftDate: '2026-11-29', startTime: '23:00', endTime: '07:30' }),
    ).toBe('→ 07:30 Mon');
  });
  it('is null for a shift that ends on its own day, and for time off', () => {
    expect(overnightEndLabel({ ...entry, startTime: '09:00', endTime: '17:00' })).toBeNull();
    expect(overnightEndLabel({ ...entry, startTime: null, endTime: null, isTimeOff: true })).toBeNull();
  });
});

describe('chipSentence', () => {
  const shift = {
    shiftDate: '2026-11-16',
    startTime: '09:00:00',
    endTime: '17:00:00',
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    breakMinutes: 30,
    notes: null,
  };
  it('reads a shift as a sentence', () => {
    expect(chipSentence(shift, 'Ava Adams')).toBe(
      'Ava Adams, Monday 16 November, 09:00 to 17:00, 30 minute break',
    );
  });
  it('says where an overnight shift ends, notes, and the next shift', () => {
    expect(
      chipSentence(
        { ...shift, startTime: '22:00', endTime: '02:00', breakMinutes: 0, notes: 'Keys' },
        'Bo',
        true,
      ),
    ).toBe('Bo, Monday 16 November, 22:00 to 02:00 (ends Tuesday), notes: Keys, your next shift');
  });
  it('reads time off by its kind', () => {
    const off = { ...shift, isTimeOff: true, startTime: null, endTime: null, breakMinutes: 0 };
    expect(chipSentence({ ...off, timeOffDays: 1 }, 'Ava')).toBe('Ava, Monday 16 November, time off, 1 Day');
    expect(chipSentence({ ...off, timeOffHours: 2.5 }, 'Ava')).toBe(
      'Ava, Monday 16 November, time off, 2.5 Hours',
    );
    expect(
      chipSentence(
        { ...shift, isTimeOff: true, startTime: '10:00', endTime: '12:00', breakMinutes: 0 },
        'Ava',
      ),
    ).toBe('Ava, Monday 16 November, time off, 10:00 to 12:00');
  });
  it('reads a shift called in sick as sick time off, its times and break kept', () => {
    expect(chipSentence({ ...shift, isTimeOff: true, sick: true }, 'Ava')).toBe(
      'Ava, Monday 16 November, sick (time off), 09:00 to 17:00, 30 minute break',
    );
  });
});

describe('timeOffLabel', () => {
  it('names time off, and a sick call as Sick', () => {
    expect(timeOffLabel({ isTimeOff: false, sick: false })).toBeNull();
    expect(timeOffLabel({ isTimeOff: true, sick: false })).toEqual({
      text: 'Time off',
      aside: '',
      spoken: 'Time off',
    });
    expect(timeOffLabel({ isTimeOff: true, sick: true })).toEqual({
      text: 'Sick',
      aside: ' (time off)',
      spoken: 'Sick (time off)',
    });
  });
  it('reads an entry without the field (a week cached before it) as plain time off', () => {
    expect(timeOffLabel({ isTimeOff: true })?.spoken).toBe('Time off');
  });
  it('never calls a shift sick: only time off is', () => {
    expect(timeOffLabel({ isTimeOff: false, sick: true })).toBeNull();
  });
});

describe('on a 12-hour clock', () => {
  const shift = {
    shiftDate: '2026-11-24',
    startTime: '22:00:00',
    endTime: '06:30:00',
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    breakMinutes: 0,
    notes: null,
  };
  it('writes every shift time with am and pm, and time off in days or hours as before', () => {
    expect(chipTimeText({ ...base, startTime: '09:00:00', endTime: '17:30:00' }, true)).toBe(
      '9:00 am–5:30 pm',
    );
    expect(chipTimeText({ ...base, isTimeOff: true, timeOffDays: 1 }, true)).toBe('1 Day');
    expect(overnightEndLabel(shift, true)).toBe('→ 6:30 am Wed');
    expect(chipSentence(shift, 'Bo', false, true)).toBe(
      'Bo, Tuesday 24 November, 10:00 pm to 6:30 am (ends Wednesday)',
    );
  });
  it('keeps the 24-hour text byte for byte when not asked', () => {
    expect(chipTimeText({ ...base, startTime: '09:00:00', endTime: '17:30:00' }, false)).toBe('09:00–17:30');
    expect(overnightEndLabel(shift, false)).toBe('→ 06:30 Wed');
  });
});
