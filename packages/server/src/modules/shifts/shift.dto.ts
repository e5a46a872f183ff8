import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { type AdjustmentReason, adjustmentMinutes } from '@rotaboard/core/shifts/adjustments';
import { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';
import type { ShiftReadRow, ShiftRow } from './shift.repository.ts';

/**
 * An entry its member called in sick for. Sick is a kind of time off: an entry edited back into a
 * shift may keep the column (entries from before the edit cleared it) but is no longer sick time off.
 */
export const isSickEntry = (row: { sick: boolean; isTimeOff: boolean }): boolean => row.sick && row.isTimeOff;

/**
 * A shift as the client sees it; administrator-only notes are hidden from other viewers. Its
 * `workedMinutes` is real elapsed time in the team's zone (issue 41): the viewer's team access
 * carries the team, so the week read passes nothing more per row.
 */
export function toShiftDto(
  row: ShiftReadRow,
  viewer: { isAdmin: boolean; team: { timeZone: string } },
): ShiftDto {
  // Reasons were checked against AdjustmentReason when written; no copy per read (the week read maps
  // thousands of rows).
  const adjustments = row.attendanceAdjustments as {
    minutes: number;
    reason: AdjustmentReason;
    comment: string;
  }[];
  return {
    shiftId: row.id,
    staffId: row.staffId,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    notes: viewer.isAdmin || row.notesVisibleToAll ? row.notes : null,
    notesVisibleToAll: row.notesVisibleToAll,
    isTimeOff: row.isTimeOff,
    sick: isSickEntry(row),
    timeOffDays: row.timeOffDays,
    timeOffHours: row.timeOffHours,
    colour: row.colour,
    breakMinutes: row.breakMinutes,
    attendanceAdjustments: adjustments,
    attendanceAdjustmentMinutes: adjustmentMinutes(adjustments),
    workedMinutes: workedMinutes(row, viewer.team.timeZone),
  };
}

/** The shift's fields as audit rows name them (spec 2 §3, "shift"). */
export function shiftAuditValues(row: ShiftRow): Record<string, unknown> {
  return {
    shiftId: row.id,
    staffId: row.staffId,
    teamId: row.teamId,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    breakMinutes: row.breakMinutes,
    notes: row.notes,
    notesVisibleToAll: row.notesVisibleToAll,
    isTimeOff: row.isTimeOff,
    timeOffDays: row.timeOffDays,
    timeOffHours: row.timeOffHours,
    colour: row.colour,
    attendanceAdjustments: row.attendanceAdjustments,
  };
}
