import { describe, expect, it } from 'vitest';
import {
  AGENT_LOG_PAGE_SIZE,
  copyDaySlots,
  copyTargets,
  coverageChange,
  describeDays,
  formatSolverTime,
  formFieldOf,
  logPageOf,
  roleSuggestions,
  runsPastMidnight,
  type SlotValues,
  slotsReplaced,
} from './staffing-form';

const slot = (
  weekday: number,
  startTime: string,
  endTime: string,
  role: string | null = null,
): SlotValues => ({
  weekday,
  startTime,
  endTime,
  breakMinutes: 30,
  staffCount: 2,
  role,
});

describe('copyTargets', () => {
  it('copies Monday to Tuesday–Friday, and any day to the other weekdays or every other day', () => {
    expect(copyTargets(1, 'weekdays')).toEqual([2, 3, 4, 5]);
    expect(copyTargets(3, 'weekdays')).toEqual([1, 2, 4, 5]);
    expect(copyTargets(6, 'weekdays')).toEqual([1, 2, 3, 4, 5]);
    expect(copyTargets(7, 'all')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(copyTargets(1, '6')).toEqual([6]);
    expect(copyTargets(6, '6')).toEqual([]);
  });
});

describe('copyDaySlots', () => {
  it("replaces the target days' slots with copies of the source day's, leaving other days alone", () => {
    const slots = [
      slot(1, '07:00', '15:00'),
      slot(1, '15:00', '23:00', 'Chef'),
      slot(2, '09:00', '17:00'),
      slot(6, '10:00', '16:00'),
    ];
    const copied = copyDaySlots(slots, 1, [2, 3]);
    expect(copied.filter((s) => s.weekday === 1)).toEqual(slots.slice(0, 2));
    expect(copied.filter((s) => s.weekday === 2)).toEqual([
      { ...slots[0], weekday: 2 },
      { ...slots[1], weekday: 2 },
    ]);
    expect(copied.filter((s) => s.weekday === 3)).toHaveLength(2);
    expect(copied.filter((s) => s.weekday === 6)).toEqual([slots[3]]);
    expect(copied).toHaveLength(7);
    // The input is not changed.
    expect(slots[2]!.weekday).toBe(2);
  });

  it('copying an empty day clears the targets', () => {
    expect(copyDaySlots([slot(2, '09:00', '17:00')], 1, [2])).toEqual([]);
  });

  it('counts the slots a copy would replace', () => {
    const slots = [slot(1, '07:00', '15:00'), slot(2, '09:00', '17:00'), slot(3, '09:00', '17:00')];
    expect(slotsReplaced(slots, [2, 3, 4])).toBe(2);
    expect(slotsReplaced(slots, [5])).toBe(0);
  });
});

describe('describeDays', () => {
  it('names a run of days as a range, and scattered days one by one', () => {
    expect(describeDays([5, 3, 2, 4])).toBe('Tue–Fri');
    expect(describeDays([1, 3])).toBe('Mon, Wed');
    expect(describeDays([6, 7])).toBe('Sat, Sun');
    expect(describeDays([])).toBe('');
  });
});

describe('runsPastMidnight', () => {
  it('is true only when both times are set and the end is before the start', () => {
    expect(runsPastMidnight('22:00', '06:00')).toBe(true);
    expect(runsPastMidnight('07:00', '15:00')).toBe(false);
    expect(runsPastMidnight('07:00', '07:00')).toBe(false);
    expect(runsPastMidnight('22:00', '')).toBe(false);
    expect(runsPastMidnight(undefined, '06:00')).toBe(false);
  });
});

describe('roleSuggestions', () => {
  it('lists each role once ignoring case, as first spelled, without blanks, in order', () => {
    expect(
      roleSuggestions([
        { role: 'Chef' },
        { role: ' barista ' },
        { role: '' },
        { role: 'chef' },
        { role: 'Barista' },
      ]),
    ).toEqual(['barista', 'Chef']);
  });
});

describe('formFieldOf', () => {
  it("maps the server's error paths onto the fields the screen draws", () => {
    expect(formFieldOf('coverage.2.endTime', 3)).toBe('coverage.2.endTime');
    expect(formFieldOf('coverage.2', 3)).toBe('coverage.2');
    expect(formFieldOf('rules.minRestHours.value', 0)).toBe('rules.minRestHours.value');
    expect(formFieldOf('rules.maxShiftHours.strict', 0)).toBe('rules.maxShiftHours.strict');
    expect(formFieldOf('rules.minShiftHours', 0)).toBe('rules.minShiftHours.value');
  });

  it('gives null for paths the screen has no field for', () => {
    expect(formFieldOf('coverage.3.endTime', 3)).toBeNull();
    expect(formFieldOf('coverage.x.endTime', 3)).toBeNull();
    expect(formFieldOf('coverage', 3)).toBeNull();
    expect(formFieldOf('coverage.0.colour', 3)).toBeNull();
    expect(formFieldOf('rules.lunch.value', 0)).toBeNull();
    expect(formFieldOf('', 0)).toBeNull();
  });
});

describe('the agent log wording', () => {
  it('says coverage before and after, and solver times', () => {
    expect(coverageChange({ needed: 40, filled: 12 }, { needed: 40, filled: 38 })).toBe(
      '12 of 40 → 38 of 40',
    );
    expect(formatSolverTime(850)).toBe('850 ms');
    expect(formatSolverTime(1234)).toBe('1.2 s');
    expect(formatSolverTime(61_400)).toBe('61 s');
  });

  it('reads the page from the address, never below 1 nor past the last offset the API reads', () => {
    expect(logPageOf(null)).toBe(1);
    expect(logPageOf('3')).toBe(3);
    expect(logPageOf('2.7')).toBe(2);
    expect(logPageOf('0')).toBe(1);
    expect(logPageOf('-4')).toBe(1);
    expect(logPageOf('abc')).toBe(1);
    expect(logPageOf('1e12')).toBe(1_000_000 / AGENT_LOG_PAGE_SIZE + 1);
  });
});
