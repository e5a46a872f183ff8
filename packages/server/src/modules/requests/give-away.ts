import type { Db } from '../../db/db.ts';
import type { ShiftRow } from '../../db/rows.ts';
import { openShifts } from '../../db/schema.ts';
import type { Effects } from '../audit/command.ts';

/**
 * An approved give-away to anyone becomes an open shift of one (issue 27), written in the approval's
 * transaction (the shift command's) with its audit row among that command's effects. Only this insert lives here: the open-shifts module owns reading
 * open shifts and claiming them.
 */
export async function openShiftFromGiveAway(
  tx: Db,
  effects: Effects,
  input: { teamId: string; requestId: string; shift: ShiftRow; approvedBy: string },
) {
  const { shift } = input;
  const [row] = await tx
    .insert(openShifts)
    .values({
      teamId: input.teamId,
      shiftDate: shift.shiftDate,
      startTime: shift.startTime!,
      endTime: shift.endTime!,
      breakMinutes: shift.breakMinutes,
      role: null,
      // Notes meant for administrators stay with them: staff will read the open shift.
      notes: shift.notesVisibleToAll ? shift.notes : null,
      staffCount: 1,
      createdBy: input.approvedBy,
      fromRequestId: input.requestId,
    })
    .returning();
  effects.audit({
    teamId: input.teamId,
    entityType: 'open_shift',
    entityId: row!.id,
    action: 'CREATE',
    changedBy: input.approvedBy,
    newValues: {
      openShiftId: row!.id,
      shiftDate: row!.shiftDate,
      startTime: row!.startTime,
      endTime: row!.endTime,
      breakMinutes: row!.breakMinutes,
      staffCount: row!.staffCount,
      fromRequestId: input.requestId,
    },
  });
  return row!;
}
