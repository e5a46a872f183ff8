import type { Db } from '../../db/db.ts';
import type { ShiftRow } from '../../db/rows.ts';
import type { Effects } from '../audit/command.ts';
import { shiftAuditValues } from './shift.dto.ts';
import { createShiftRepository, type NewShift } from './shift.repository.ts';

/**
 * Approved time off written into the schedule, inside the approving command (requests'
 * time-off-approval.ts has checked the clashes and the person's row is locked): the clashing entries
 * the reviewer chose to remove are deleted, the time-off entries written, each with its audit row, and
 * the change announced. The repository's writes keep the schedule's shared reads fresh.
 */
export async function replaceWithTimeOff(
  tx: Db,
  effects: Effects,
  change: { removed: readonly ShiftRow[]; entries: readonly NewShift[] },
): Promise<ShiftRow[]> {
  const shifts = createShiftRepository(tx);
  for (const existing of change.removed) {
    await shifts.delete(existing.id);
    effects.audit({
      entityType: 'shift',
      entityId: existing.id,
      action: 'DELETE',
      oldValues: shiftAuditValues(existing),
    });
  }
  const written = await shifts.insertMany([...change.entries]);
  for (const shift of written) {
    effects.audit({
      entityType: 'shift',
      entityId: shift.id,
      action: 'CREATE',
      newValues: shiftAuditValues(shift),
    });
  }
  const changed = [...change.removed, ...written];
  if (changed.length > 0) {
    effects.announce({
      kind: 'shifts',
      dates: changed.map((s) => s.shiftDate),
      ids: changed.map((s) => s.id),
    });
  }
  return written;
}
