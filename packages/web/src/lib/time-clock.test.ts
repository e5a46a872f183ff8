import { describe, expect, it } from 'vitest';
import {
  breakSecondsAt,
  clockedInWords,
  clockState,
  dayProgress,
  describeVariance,
  formatMinutes,
  formatStopwatch,
  groupByDay,
  minutesInWords,
  type OpenTimesheetDto,
  offeredShiftWords,
  type TimesheetDto,
  wallClockOf,
  workedSecondsAt,
} from './time-clock';

const row = (over: Partial<TimesheetDto> = {}): TimesheetDto => ({
  timesheetId: 't1',
  staffId: 's1',
  staffName: 'Sam',
  shiftId: 'sh1',
  date: '2026-03-10',
  clockInAt: '2026-03-10T09:00:00.000Z',
  clockOutAt: null,
  breakMinutes: 0,
  workedMinutes: 0,
  scheduledMinutes: 480,
  varianceMinutes: null,
  status: 'open',
  ...over,
});
const open = (over: Partial<OpenTimesheetDto> = {}): OpenTimesheetDto => ({
  ...row(),
  onBreak: false,
  breakStartedAt: null,
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('clockState', () => {
  it('is out without an open entry, working, or on a break', () => {
    expect(clockState(null)).toBe('out');
    expect(clockState(undefined)).toBe('out');
    expect(clockState(open())).toBe('working');
    expect(clockState(open({ onBreak: true, breakStartedAt: '2026-03-10T11:00:00.000Z' }))).toBe('break');
  });
});

describe('workedSecondsAt and breakSecondsAt', () => {
  it('counts from the clock-in, less the breaks taken', () => {
    expect(workedSecondsAt(open(), at('2026-03-10T10:30:15Z'))).toBe(5415);
    expect(workedSecondsAt(open({ breakMinutes: 30 }), at('2026-03-10T10:30:15Z'))).toBe(3615);
  });
  it('stands still during a break, which runs on its own', () => {
    // The server's minutes at the break's start stand (its breakMinutes counts the running break).
    const onBreak = open({
      onBreak: true,
      breakStartedAt: '2026-03-10T12:00:00.000Z',
      breakMinutes: 30,
      workedMinutes: 170,
    });
    expect(workedSecondsAt(onBreak, at('2026-03-10T12:20:00Z'))).toBe(170 * 60);
    expect(workedSecondsAt(onBreak, at('2026-03-10T12:40:00Z'))).toBe(170 * 60);
    expect(breakSecondsAt(onBreak, at('2026-03-10T12:20:05Z'))).toBe(1205);
    expect(breakSecondsAt(open(), at('2026-03-10T12:20:05Z'))).toBe(0);
  });
  it('never goes below zero (a browser clock behind the server) or fails on a bad time', () => {
    expect(workedSecondsAt(open(), at('2026-03-10T08:59:00Z'))).toBe(0);
    expect(workedSecondsAt(open({ clockInAt: 'nonsense' }), at('2026-03-10T10:00:00Z'))).toBe(0);
    expect(
      breakSecondsAt(
        open({ onBreak: true, breakStartedAt: '2026-03-10T13:00:00Z' }),
        at('2026-03-10T12:00:00Z'),
      ),
    ).toBe(0);
  });
});

describe('formatStopwatch, formatMinutes, minutesInWords', () => {
  it('reads as a stopwatch', () => {
    expect(formatStopwatch(0)).toBe('0:00');
    expect(formatStopwatch(5)).toBe('0:05');
    expect(formatStopwatch(729)).toBe('12:09');
    expect(formatStopwatch(3723)).toBe('1:02:03');
    expect(formatStopwatch(-4)).toBe('0:00');
  });
  it('reads as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(480)).toBe('8h');
    expect(formatMinutes(452)).toBe('7h 32m');
    expect(formatMinutes(-15)).toBe('15m');
  });
  it('says minutes in words', () => {
    expect(minutesInWords(0)).toBe('0 minutes');
    expect(minutesInWords(1)).toBe('1 minute');
    expect(minutesInWords(60)).toBe('1 hour');
    expect(minutesInWords(125)).toBe('2 hours 5 minutes');
    expect(minutesInWords(61.7)).toBe('1 hour 2 minutes');
  });
});

describe('describeVariance', () => {
  it('says over, under, as scheduled or unscheduled, in words as well as colour', () => {
    expect(describeVariance(12)).toEqual({ text: '+12m', words: '12 minutes over schedule', tone: 'over' });
    expect(describeVariance(-75)).toEqual({
      text: '−1h 15m',
      words: '1 hour 15 minutes under schedule',
      tone: 'under',
    });
    expect(describeVariance(0)).toEqual({ text: '±0', words: 'As scheduled', tone: 'even' });
    expect(describeVariance(null)).toEqual({ text: '—', words: 'Not scheduled', tone: 'none' });
  });
});

describe('groupByDay', () => {
  it('groups by day, oldest first, each by name then clock-in', () => {
    const days = groupByDay([
      row({ timesheetId: 'a', date: '2026-03-11', staffName: 'Zoe' }),
      row({ timesheetId: 'b', date: '2026-03-10', staffName: 'Sam', clockInAt: '2026-03-10T14:00:00Z' }),
      row({ timesheetId: 'c', date: '2026-03-10', staffName: 'Ana' }),
      row({ timesheetId: 'd', date: '2026-03-10', staffName: 'Sam', clockInAt: '2026-03-10T08:00:00Z' }),
    ]);
    expect(days.map((day) => [day.date, day.rows.map((r) => r.timesheetId)])).toEqual([
      ['2026-03-10', ['c', 'd', 'b']],
      ['2026-03-11', ['a']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});

describe('wallClockOf and clockedInWords', () => {
  it('reads an instant on the team’s wall clock, across midnight and zones', () => {
    expect(wallClockOf('2026-03-10T09:02:00Z', 'Europe/London')).toEqual({
      date: '2026-03-10',
      time: '09:02',
    });
    expect(wallClockOf('2026-07-10T23:30:00Z', 'Europe/London')).toEqual({
      date: '2026-07-11',
      time: '00:30',
    });
    expect(wallClockOf('2026-03-10T09:02:00Z', 'America/New_York')).toEqual({
      date: '2026-03-10',
      time: '05:02',
    });
  });
  it('says since when, or on a break', () => {
    const format = (time: string) => time;
    expect(clockedInWords({ clockInAt: '2026-03-10T09:02:00Z', onBreak: false }, 'UTC', format)).toBe(
      'Clocked in since 09:02',
    );
    expect(clockedInWords({ clockInAt: '2026-03-10T09:02:00Z', onBreak: true }, 'UTC', format)).toBe(
      'On a break',
    );
  });
});

describe("a person's day once clocked out", () => {
  const shifts = [{ shiftId: 'morning' }, { shiftId: 'evening' }];
  it('offers the shifts not yet clocked for, and names the latest finished entry', () => {
    const done = dayProgress(
      [
        row({ timesheetId: 'a', staffId: 's1', shiftId: 'morning', clockOutAt: '2026-03-10T12:00:00Z' }),
        row({ timesheetId: 'b', staffId: 's1', shiftId: null, clockOutAt: '2026-03-10T13:30:00Z' }),
        // A colleague's entry (administrators read everyone's) counts for nothing here.
        row({ timesheetId: 'c', staffId: 's2', shiftId: 'evening', clockOutAt: '2026-03-10T20:00:00Z' }),
      ],
      's1',
      shifts,
      '2026-03-10',
      'UTC',
    );
    expect(done.remaining).toEqual([{ shiftId: 'evening' }]);
    expect(done.lastFinished?.timesheetId).toBe('b');
  });

  it('has nothing finished before the first clock-out, and an open entry takes its shift', () => {
    const open = dayProgress(
      [row({ staffId: 's1', shiftId: 'morning', clockOutAt: null })],
      's1',
      shifts,
      '2026-03-10',
      'UTC',
    );
    expect(open).toEqual({ remaining: [{ shiftId: 'evening' }], lastFinished: null });
    expect(dayProgress([], 's1', shifts, '2026-03-10', 'UTC')).toEqual({
      remaining: shifts,
      lastFinished: null,
    });
  });

  it("names an overnight shift's entry finished today, never one finished yesterday", () => {
    const entries = [
      // Yesterday's day shift, done yesterday evening: not today's news.
      row({
        timesheetId: 'day',
        staffId: 's1',
        date: '2026-03-09',
        shiftId: 'x',
        clockOutAt: '2026-03-09T17:00:00Z',
      }),
      // Yesterday's night shift, clocked out at 01:05 today.
      row({
        timesheetId: 'night',
        staffId: 's1',
        date: '2026-03-09',
        shiftId: 'y',
        clockOutAt: '2026-03-10T01:05:00Z',
      }),
    ];
    expect(dayProgress(entries, 's1', [], '2026-03-10', 'UTC').lastFinished?.timesheetId).toBe('night');
    expect(dayProgress(entries.slice(0, 1), 's1', [], '2026-03-10', 'UTC').lastFinished).toBeNull();
    // Today is the team's: 23:30 UTC on the 9th is already the 10th in Tokyo.
    const late = [row({ timesheetId: 'late', staffId: 's1', clockOutAt: '2026-03-09T23:30:00Z' })];
    expect(dayProgress(late, 's1', [], '2026-03-10', 'Asia/Tokyo').lastFinished?.timesheetId).toBe('late');
    expect(dayProgress(late, 's1', [], '2026-03-10', 'UTC').lastFinished).toBeNull();
  });
});

describe('the shift the clock offers, in words', () => {
  it("says today for today's shift and yesterday for an overnight shift still running", () => {
    expect(offeredShiftWords({ shiftDate: '2026-03-10' }, '2026-03-10', '09:00–17:00')).toBe(
      'Your shift today: 09:00–17:00',
    );
    // Begun at 23:10 yesterday, on today's clock until 03:10.
    expect(offeredShiftWords({ shiftDate: '2026-03-09' }, '2026-03-10', '23:10–03:10')).toBe(
      'Your shift from yesterday: 23:10–03:10',
    );
    // Across a month's end: dates compare as dates.
    expect(offeredShiftWords({ shiftDate: '2026-02-28' }, '2026-03-01', '10:00 pm–6:00 am')).toBe(
      'Your shift from yesterday: 10:00 pm–6:00 am',
    );
  });
});
