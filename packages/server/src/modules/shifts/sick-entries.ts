import type { Db } from '../../db/db.ts';
import type { ShiftRow } from '../../db/rows.ts';
import type { Effects } from '../audit/command.ts';
import { shiftAuditValues } from './shift.dto.ts';
import { createShiftRepository, type NewShift } from './shift.repository.ts';

/**
 * The schedule's writes of a sick call (issue 44, modules/sick-calls), made inside the caller's team
 * command as approved time off is (time-off-entries.ts): the caller has checked who may act and locked
 * the person's row. Each write has its audit row and is announced; the repository's writes keep the
 * schedule's shared reads fresh.
 */

/** The audit fields of an entry, with whether it was called in sick (not in every entry's audit row). */
const sickAuditValues = (row: ShiftRow) => ({ ...shiftAuditValues(row), sick: row.sick });

/**
 * The shift becomes time off marked sick, in place (its id, date, times and break stay: the time off
 * is the hours the person was to work), audited as an update naming `sick` and the caller's note.
 */
export async function markCalledInSick(
  tx: Db,
  effects: Effects,
  shift: ShiftRow,
  note: string | null,
): Promise<ShiftRow> {
  const after = await createShiftRepository(tx).update(shift.id, {
    isTimeOff: true,
    sick: true,
    timeOffDays: null,
    timeOffHours: null,
  });
  effects.auditUpdate({
    entityType: 'shift',
    entityId: shift.id,
    before: sickAuditValues(shift),
    // The note is the sick call's, kept in its audit row only (not on the schedule, which staff read).
    after: { ...sickAuditValues(after), ...(note ? { sickNote: note } : {}) },
  });
  effects.announce({ kind: 'shifts', dates: [after.shiftDate], ids: [after.id] });
  return after;
}

/**
 * A sick cover's shift for the colleague who claimed it, approved at once (the team's
 * `autoApproveSickCover`): the claim has locked the person's row and checked the conflict rule and the
 * strict staffing rules, as an approval by an administrator would through the shift service.
 */
export async function writeCoverShift(tx: Db, effects: Effects, values: NewShift): Promise<ShiftRow> {
  const [row] = await createShiftRepository(tx).insertMany([values]);
  effects.audit({
    entityType: 'shift',
    entityId: row!.id,
    action: 'CREATE',
    newValues: shiftAuditValues(row!),
  });
  effects.announce({ kind: 'shifts', dates: [row!.shiftDate], ids: [row!.id] });
  return row!;
}
