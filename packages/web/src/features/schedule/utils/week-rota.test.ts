import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { describe, expect, it } from 'vitest';
import { weekRota } from './week-rota';

const dates = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];

function member(
  staffId: string,
  firstName: string,
  role: string,
  leavingDate: string | null = null,
): StaffDto {
  return {
    staffId,
    teamId: 'team',
    userId: null,
    firstName,
    lastName: 'Smith',
    fullName: `${firstName} Smith`,
    role,
    email: null,
    isAdmin: false,
    isOwner: false,
    inviteStatus: 'not_invited',
    invitedAt: null,
    joinedAt: null,
    leavingDate,
    displayOrder: 0,
    hash: 'h',
  };
}

function entry(staffId: string, shiftDate: string, workedMinutes: number): ShiftDto {
  return {
    shiftId: `${staffId}-${shiftDate}`,
    staffId,
    shiftDate,
    startTime: '09:00:00',
    endTime: '17:00:00',
    notes: null,
    notesVisibleToAll: true,
    isTimeOff: false,
    sick: false,
    timeOffDays: null,
    timeOffHours: null,
    colour: null,
    breakMinutes: 0,
    attendanceAdjustments: [],
    attendanceAdjustmentMinutes: 0,
    workedMinutes,
  };
}

const ann = member('ann', 'Ann', 'Barista');
const bob = member('bob', 'Bob', 'Chef');
const gone = member('gone', 'Gil', 'Chef', '2026-03-01');
const leaving = member('leaving', 'Lea', 'Chef', '2026-03-04');
const shifts = [
  entry('ann', '2026-03-01', 480), // the day before the week: held for the clash check, not counted
  entry('ann', '2026-03-02', 480),
  entry('ann', '2026-03-03', 240),
  entry('bob', '2026-03-03', 300),
  entry('bob', '2026-03-09', 480), // the day after
];
const hours = [
  { entryId: '1', staffId: 'ann', hoursPerWeek: 30, effectiveFrom: '2026-01-01' },
  { entryId: '2', staffId: 'ann', hoursPerWeek: 20, effectiveFrom: '2026-03-02' },
  { entryId: '3', staffId: 'bob', hoursPerWeek: 40, effectiveFrom: '2026-04-01' },
];

describe('weekRota', () => {
  it("leaves out those who left before the week, keeps those leaving during it, and totals the week's hours", () => {
    const rota = weekRota([ann, bob, gone, leaving], shifts, hours, dates, '');
    expect(rota.staff.map((m) => m.staffId)).toEqual(['ann', 'bob', 'leaving']);
    expect(rota.weekShifts).toHaveLength(3);
    expect(rota.rows).toEqual([
      { member: ann, totalMinutes: 720, contracted: 20 },
      { member: bob, totalMinutes: 300, contracted: null },
      { member: leaving, totalMinutes: 0, contracted: null },
    ]);
    expect(rota.totalsByDay).toEqual([480, 540, 0, 0, 0, 0, 0]);
  });

  it('shows only the people matching the search, and totals the days over them', () => {
    const rota = weekRota([ann, bob], shifts, hours, dates, ' chef ');
    expect(rota.staff).toHaveLength(2);
    expect(rota.rows.map((row) => row.member.staffId)).toEqual(['bob']);
    expect(rota.totalsByDay).toEqual([0, 300, 0, 0, 0, 0, 0]);
  });
});
