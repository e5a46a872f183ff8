import type { ProposedShift, ProposedShiftFields } from '@rotaboard/core/contracts/proposals';
import { ShiftInput } from '@rotaboard/core/contracts/shifts';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { ShiftRow } from '../../db/rows.ts';

/**
 * A proposal's shift changes as the shift service takes them: a create's shift, an update's fields
 * over the shift as it is, and, for undo, a shift put back as it was kept when accepting replaced it.
 * Pure; a change today's bounds refuse is said in words (the change fails), never a 500.
 */

/** The input that puts a removed shift back; a row today's bounds refuse is said so, not thrown as a 500. */
export function restoreInput(before: ReturnType<typeof snapshot>) {
  const parsed = ShiftInput.safeParse(before);
  if (!parsed.success)
    throw new DomainError(ErrorCode.CONFLICT, 'The removed shift cannot be put back as it was');
  return parsed.data;
}

/** A removed shift as ShiftInput takes it back, so undo recreates it as it was (a new id). */
export function snapshot(row: ShiftRow) {
  return {
    staffId: row.staffId,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    notes: row.notes,
    notesVisibleToAll: row.notesVisibleToAll,
    isTimeOff: row.isTimeOff,
    timeOffDays: row.timeOffDays,
    timeOffHours: row.timeOffHours,
    colour: row.colour,
    breakMinutes: row.breakMinutes,
    attendanceAdjustments: row.attendanceAdjustments,
  };
}

/** A create's shift as the shift service takes it: whole-day time off when time off has no times. */
export function proposedInput(shift: ProposedShift) {
  const isTimeOff = shift.isTimeOff ?? false;
  const wholeDay = isTimeOff && (shift.startTime === null || shift.endTime === null);
  const parsed = ShiftInput.safeParse({
    ...shift,
    isTimeOff,
    startTime: wholeDay ? null : shift.startTime,
    endTime: wholeDay ? null : shift.endTime,
    timeOffDays: wholeDay ? 1 : null,
  });
  if (!parsed.success) throw new DomainError(ErrorCode.VALIDATION, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The shift `before` with an update's fields set (time off without times: the whole day). */
export function updatedInput(before: ShiftRow, fields: ProposedShiftFields) {
  const merged = { ...snapshot(before), ...fields };
  const isTimeOff = merged.isTimeOff;
  const wholeDay = isTimeOff && (merged.startTime === null || merged.endTime === null);
  const parsed = ShiftInput.safeParse({
    ...merged,
    timeOffDays: wholeDay
      ? before.isTimeOff
        ? (before.timeOffDays ?? 1)
        : 1
      : isTimeOff
        ? merged.timeOffDays
        : null,
    timeOffHours: isTimeOff && !wholeDay ? merged.timeOffHours : null,
    startTime: wholeDay ? null : merged.startTime,
    endTime: wholeDay ? null : merged.endTime,
  });
  if (!parsed.success) throw new DomainError(ErrorCode.VALIDATION, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** A shift as accepting an update or a removal kept it, for undo to put back. */
export type ShiftSnapshot = ReturnType<typeof snapshot>;
