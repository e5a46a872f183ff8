import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { describe, expect, it } from 'vitest';
import { changesSomethingExisting, describeChange, isOpenChange, updatedShift } from './proposal-changes';

const friday = {
  shiftId: 'fri',
  staffId: 'ben',
  shiftDate: '2026-03-06',
  startTime: '09:00:00',
  endTime: '17:00:00',
  breakMinutes: 30,
  isTimeOff: false,
  timeOffDays: null,
  timeOffHours: null,
} as unknown as ShiftDto;
const shifts = new Map([['fri', friday]]);
const names: Record<string, string> = { ava: 'Ava Okafor', ben: 'Ben Hughes' };
const name = (id: string) => names[id] ?? 'someone';
const open = { reason: 'asked', state: 'pending' as const };

describe('describeChange', () => {
  it('says what each kind of change does', () => {
    expect(
      describeChange(
        {
          ...open,
          changeId: 'a',
          kind: 'create',
          shift: {
            staffId: 'ava',
            shiftDate: '2026-03-02',
            startTime: '09:00',
            endTime: '17:00',
            breakMinutes: 0,
          },
        },
        name,
        shifts,
      ),
    ).toBe('Add 09:00–17:00 for Ava Okafor on Mon 2 Mar 2026');
    expect(
      describeChange(
        {
          ...open,
          changeId: 't',
          kind: 'create',
          shift: {
            staffId: 'ava',
            shiftDate: '2026-03-03',
            startTime: null,
            endTime: null,
            breakMinutes: 0,
            isTimeOff: true,
          },
        },
        name,
        shifts,
      ),
    ).toBe('Add a day off for Ava Okafor on Tue 3 Mar 2026');
    expect(
      describeChange(
        {
          ...open,
          changeId: 't',
          kind: 'create',
          shift: {
            staffId: 'ava',
            shiftDate: '2026-03-03',
            startTime: '12:00',
            endTime: '16:00',
            breakMinutes: 0,
            isTimeOff: true,
          },
        },
        name,
        shifts,
      ),
    ).toBe('Add time off 12:00–16:00 for Ava Okafor on Tue 3 Mar 2026');
    expect(
      describeChange(
        { ...open, changeId: 'm', kind: 'update', shiftId: 'fri', shift: { shiftDate: '2026-03-07' } },
        name,
        shifts,
      ),
    ).toBe("Move Ben Hughes's 09:00–17:00 on Fri 6 Mar 2026 to Sat 7 Mar 2026");
    expect(
      describeChange(
        {
          ...open,
          changeId: 'g',
          kind: 'update',
          shiftId: 'fri',
          shift: { staffId: 'ava', startTime: '10:00', breakMinutes: 0 },
        },
        name,
        shifts,
      ),
    ).toBe("Move Ben Hughes's 09:00–17:00 on Fri 6 Mar 2026 to Ava Okafor as 10:00–17:00 with a 0 min break");
    expect(describeChange({ ...open, changeId: 'r', kind: 'remove', shiftId: 'fri' }, name, shifts)).toBe(
      'Remove 09:00–17:00 of Ben Hughes on Fri 6 Mar 2026',
    );
    expect(describeChange({ ...open, changeId: 'r', kind: 'remove', shiftId: 'other' }, name, shifts)).toBe(
      'Remove a shift outside the week on screen',
    );
    expect(
      describeChange({ ...open, changeId: 'u', kind: 'update', shiftId: 'other', shift: {} }, name, shifts),
    ).toBe('Change a shift outside the week on screen');
    expect(
      describeChange(
        { ...open, changeId: 'n', kind: 'day-note', date: '2026-03-07', text: 'Stocktake' },
        name,
        shifts,
      ),
    ).toBe('Day note on Sat 7 Mar 2026: “Stocktake”');
    expect(
      describeChange(
        { ...open, changeId: 'n', kind: 'day-note', date: '2026-03-07', text: ' ' },
        name,
        shifts,
      ),
    ).toBe('Clear the day note on Sat 7 Mar 2026');
  });
});

describe('updatedShift', () => {
  it('lays the change’s fields over the loaded shift', () => {
    expect(updatedShift(friday, { shift: { shiftDate: '2026-03-07', endTime: '18:00' } })).toEqual({
      staffId: 'ben',
      shiftDate: '2026-03-07',
      startTime: '09:00:00',
      endTime: '18:00',
      breakMinutes: 30,
      isTimeOff: false,
    });
  });
});

describe('change states and kinds', () => {
  it('keeps pending and failed changes open, and asks before anything but an addition', () => {
    expect(isOpenChange({ state: 'pending' })).toBe(true);
    expect(isOpenChange({ state: 'failed' })).toBe(true);
    expect(isOpenChange({ state: 'accepted' })).toBe(false);
    expect(isOpenChange({ state: 'rejected' })).toBe(false);
    expect(changesSomethingExisting({ kind: 'remove' })).toBe(true);
    expect(changesSomethingExisting({ kind: 'day-note' })).toBe(true);
    expect(changesSomethingExisting({ kind: 'create' })).toBe(false);
  });
});
