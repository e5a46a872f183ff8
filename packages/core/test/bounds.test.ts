import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IsoDate } from '../src/contracts/common.ts';
import { DayNoteInput } from '../src/contracts/day-notes.ts';
import { HistoryQuery, ShiftInput } from '../src/contracts/shifts.ts';
import { CreateStaffInput, StaffOrderInput } from '../src/contracts/staff.ts';
import { CreateTeamInput } from '../src/contracts/teams.ts';
import { UpdateProfileInput } from '../src/contracts/users.ts';
import { isCalendarDate } from '../src/dates/week.ts';
import { cutText, isDateInRange, textProblem } from '../src/input/bounds.ts';
import { normaliseAdjustment } from '../src/shifts/adjustments.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const shift = (extra: Record<string, unknown>) => ({
  staffId: '6f1c1a52-0d1f-4b7a-9a57-1f0b3f8d1c11',
  shiftDate: '2026-11-23',
  startTime: '09:00',
  endTime: '17:00',
  ...extra,
});

describe('text bounds', () => {
  it('refuses NUL and other control characters, and line breaks in one-line fields only', () => {
    expect(textProblem('Ann\u0000', { multiline: false })).toMatch(/control characters/);
    expect(textProblem('Ann\u0007', { multiline: true })).toMatch(/control characters/);
    expect(textProblem('Ann\u0085', { multiline: true })).toMatch(/control characters/);
    expect(textProblem('line one\nline two', { multiline: false })).toMatch(/line breaks/);
    expect(textProblem('line one\r\nline two\tend', { multiline: true })).toBeNull();
    expect(textProblem('Zoë 👩‍🍳 Łódź', { multiline: false })).toBeNull();
  });

  it('refuses unpaired surrogates, which PostgreSQL cannot store', () => {
    expect(textProblem('\ud800', { multiline: true })).toMatch(/not valid text/);
    expect(textProblem('a\udc00b', { multiline: true })).toMatch(/not valid text/);
    expect(textProblem('\ud83d\ude00', { multiline: true })).toBeNull();
  });

  it('cuts text by characters, never leaving half an emoji behind', () => {
    const text = `${'a'.repeat(49)}😀tail`;
    expect(cutText(text, 50)).toBe(`${'a'.repeat(49)}😀`);
    expect(textProblem(cutText(text, 50), { multiline: false })).toBeNull();
    expect(normaliseAdjustment({ minutes: 5, reason: 'other', comment: text }).comment).toBe(
      `${'a'.repeat(49)}😀`,
    );
  });

  it('puts the field name in the message of every text contract', () => {
    expect(firstMessage(UpdateProfileInput.safeParse({ firstName: 'A\u0000', lastName: 'B' }))).toBe(
      'First name cannot contain control characters or line breaks',
    );
    expect(firstMessage(CreateStaffInput.safeParse({ firstName: 'Al', role: 'Chef\u0000' }))).toBe(
      'Role cannot contain control characters or line breaks',
    );
    expect(firstMessage(CreateTeamInput.safeParse({ teamName: 'Bakery\n' + 'x' }))).toBe(
      'Team name cannot contain control characters or line breaks',
    );
    expect(
      firstMessage(DayNoteInput.safeParse({ noteDate: '2026-11-23', noteText: 'Delivery \u0000' })),
    ).toBe('A note cannot contain control characters');
    expect(DayNoteInput.safeParse({ noteDate: '2026-11-23', noteText: 'Delivery\nat 9' }).success).toBe(true);
    expect(firstMessage(ShiftInput.safeParse(shift({ notes: 'keys\u0000' })))).toBe(
      'Notes cannot contain control characters',
    );
    expect(
      firstMessage(
        ShiftInput.safeParse(
          shift({ attendanceAdjustments: [{ minutes: 5, reason: 'other', comment: '\ud800' }] }),
        ),
      ),
    ).toBe('The adjustment comment contains characters that are not valid text');
  });
});

describe('date bounds', () => {
  it('takes dates from 1900 to 2999 only', () => {
    expect(isDateInRange('1900-01-01')).toBe(true);
    expect(isDateInRange('2999-12-31')).toBe(true);
    expect(isDateInRange('1899-12-31')).toBe(false);
    expect(isDateInRange('3000-01-01')).toBe(false);
    for (const date of ['0000-01-01', '9999-12-31', '1899-12-31']) {
      expect(firstMessage(IsoDate.safeParse(date))).toBe('Dates must be between 1900-01-01 and 2999-12-31');
    }
    expect(IsoDate.safeParse('+010000-01-01').success).toBe(false);
    expect(IsoDate.safeParse('2026-02-30').success).toBe(false);
    expect(IsoDate.safeParse('2028-02-29').success).toBe(true);
  });
});

describe('number bounds', () => {
  it('keeps a break shorter than its shift and within a day', () => {
    expect(firstMessage(ShiftInput.safeParse(shift({ breakMinutes: 2_147_483_650 })))).toBe(
      'Break minutes can be at most 1440',
    );
    expect(firstMessage(ShiftInput.safeParse(shift({ breakMinutes: 1e20 })))).toBe(
      'Break minutes can be at most 1440',
    );
    expect(firstMessage(ShiftInput.safeParse(shift({ breakMinutes: 480 })))).toBe(
      'The break must be shorter than the shift',
    );
    expect(ShiftInput.safeParse(shift({ breakMinutes: 475 })).success).toBe(true);
    // An overnight shift of 8 hours takes a break of up to 7 h 55.
    expect(
      ShiftInput.safeParse(shift({ startTime: '22:00', endTime: '06:00', breakMinutes: 475 })).success,
    ).toBe(true);
  });

  it('keeps an adjustment within a day, still clamping negatives to 0', () => {
    for (const minutes of [1441, 2_147_483_650, 1e20]) {
      expect(
        firstMessage(ShiftInput.safeParse(shift({ attendanceAdjustments: [{ minutes, reason: 'sick' }] }))),
      ).toBe('An adjustment can be at most 1440 minutes (one day)');
    }
    const parsed = ShiftInput.parse(
      shift({
        attendanceAdjustments: [
          { minutes: -1e20, reason: 'sick' },
          { minutes: 1440, reason: 'other' },
        ],
      }),
    );
    expect(parsed.attendanceAdjustments.map((a) => a.minutes)).toEqual([0, 1440]);
  });

  it('bounds paging offsets and list sizes', () => {
    expect(HistoryQuery.safeParse({ offset: '1e20' }).success).toBe(false);
    expect(HistoryQuery.safeParse({ offset: '9007199254740993' }).success).toBe(false);
    expect(HistoryQuery.parse({ offset: '40' }).offset).toBe(40);
    const ids = Array.from({ length: 1001 }, () => '6f1c1a52-0d1f-4b7a-9a57-1f0b3f8d1c11');
    expect(StaffOrderInput.safeParse({ staffIds: ids }).success).toBe(false);
  });
});

describe('isCalendarDate (the browser) and IsoDate (the server)', () => {
  it('agree on dates, near-dates and junk', () => {
    const near = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
      )
      .map(
        ([y, m, d]) =>
          `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      );
    const value = fc.oneof(
      near,
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '2028-02-29',
        '2100-02-29',
        '2000-02-29',
        '1899-12-31',
        '1900-01-01',
        '2999-12-31',
        '3000-01-01',
        ' 2026-11-24',
        '2026-11-24T00:00',
      ),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(isCalendarDate(v)).toBe(IsoDate.safeParse(v).success);
      }),
      { numRuns: 5000, seed: 20_261_124 },
    );
  });
});
