import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays } from '@rotaboard/core/dates/week';
import { findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { inputOf, shiftCalls, useInvalidateSchedule } from '../api/schedule-api';
import type { ShiftChange } from '../components/shift-editor-dialog';
import { useLastChangeUndo } from './use-last-change-undo';

/**
 * What the week's admin does to entries outside the editor (drag, keyboard move or copy, Delete),
 * and the Undo offered after every change, the editor's included.
 */
export function useShiftActions({
  teamId,
  weekStart,
  allStaff,
  allShifts,
}: {
  teamId: string;
  weekStart: string;
  allStaff: readonly StaffDto[];
  /** The week's entries and a day either side (overnight shifts clash across the week's edges). */
  allShifts: readonly ShiftDto[];
}) {
  const invalidate = useInvalidateSchedule(teamId);
  const offerUndo = useLastChangeUndo(`${teamId}|${weekStart}`, () => void invalidate());
  const calls = shiftCalls(teamId);
  const nameOf = (staffId: string) => allStaff.find((m) => m.staffId === staffId)?.fullName ?? 'someone';

  /** Offers to undo a change: the toast's Undo, or Ctrl+Z. */
  function onChanged(change: ShiftChange) {
    if (change.kind === 'create') {
      offerUndo('Shift added', () => calls.remove(change.after.shiftId));
    } else if (change.kind === 'update') {
      offerUndo('Shift updated', () => calls.update(change.before.shiftId, inputOf(change.before)));
    } else {
      offerUndo('Shift deleted', () => calls.create(inputOf(change.before)));
    }
  }

  /** Delete on a focused chip: gone at once, with Undo (the toast, or Ctrl+Z). */
  async function onDelete(shift: ShiftDto) {
    try {
      await calls.remove(shift.shiftId);
      onChanged({ kind: 'delete', before: shift });
      void invalidate();
      return true;
    } catch (error) {
      showApiError(error, 'Failed to delete the shift.');
      return false;
    }
  }

  /** A drag or keyboard move: resolves to the entry's id in its new cell, or null when refused. */
  async function onDrop(shift: ShiftDto, staffId: string, date: string, copy: boolean) {
    const candidate = { ...shift, staffId, shiftDate: date, shiftId: copy ? null : shift.shiftId };
    const clash = findConflict(candidate, allShifts);
    if (clash && clash.shiftDate >= addDays(weekStart, -1)) {
      toast.error(`Clashes with ${nameOf(clash.staffId)}'s entry on ${describeEntry(clash)}`);
      return null;
    }
    const input = { ...inputOf(shift), staffId, shiftDate: date };
    try {
      if (copy) {
        const created = await calls.create(input);
        onChanged({ kind: 'create', after: created });
        return created.shiftId;
      }
      const after = await calls.update(shift.shiftId, input);
      offerUndo('Shift moved', () => calls.update(after.shiftId, inputOf(shift)));
      return after.shiftId;
    } catch (error) {
      showApiError(error, copy ? 'Failed to copy the shift.' : 'Failed to move the shift.');
      void invalidate();
      return null;
    }
  }

  return { onChanged, onDelete, onDrop, invalidate };
}
