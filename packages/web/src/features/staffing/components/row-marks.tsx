import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { formatLongDate } from '../../../lib/dates';
import type { CellMarks, ShiftMarks, StaffRowMarks } from '../../../lib/schedule-slots';
import type { RowMarks } from '../utils/grid-marks';
import {
  AvailabilityNote,
  availabilityTone,
  type ProposalActions,
  ProposedChipView,
  RemovalMark,
  ViolationBadge,
} from './cell-marks';

/**
 * One person's marks (utils/grid-marks.ts) as the week grid draws them (lib/schedule-slots.ts): per day
 * a background, the broken rules and availability above the day's shifts and the proposed shifts below
 * them; per shift its outline, its strike-through and what a proposal says under it. `shiftOf` finds a
 * loaded shift (a removal names it).
 */
export function drawRowMarks(
  row: RowMarks,
  dates: readonly string[],
  name: string,
  shiftOf: (shiftId: string) => ShiftDto | undefined,
  actions: ProposalActions | null,
): StaffRowMarks {
  const cells = row.cells.map(
    (cell, column): CellMarks => ({
      tone: availabilityTone(cell.availability),
      above: (
        <>
          <ViolationBadge violations={cell.violations} />
          <AvailabilityNote marks={cell.availability} />
        </>
      ),
      below:
        cell.proposed.length > 0
          ? cell.proposed.map((proposed) => (
              <ProposedChipView
                key={proposed.changeId}
                chip={proposed}
                name={name}
                dateText={formatLongDate(dates[column]!)}
                actions={actions}
              />
            ))
          : undefined,
    }),
  );
  const shifts: Record<string, ShiftMarks> = {};
  for (const [shiftId, flag] of Object.entries(row.flagged)) shifts[shiftId] = { flag };
  for (const [shiftId, removal] of Object.entries(row.removals)) {
    const shift = shiftOf(shiftId);
    shifts[shiftId] = {
      ...shifts[shiftId],
      removing: removal.movedTo ? 'move' : 'remove',
      under: shift ? (
        <RemovalMark removal={removal} shift={shift} name={name} actions={actions} />
      ) : undefined,
    };
  }
  return { cells, shifts };
}

/** The loaded shifts a row's marks name (its removals'): when one of them changes, the row is drawn again. */
export function shiftsNamed(row: RowMarks, shiftOf: (shiftId: string) => ShiftDto | undefined) {
  return Object.keys(row.removals).map(shiftOf);
}
