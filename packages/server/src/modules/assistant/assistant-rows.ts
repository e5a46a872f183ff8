import type { AssistantEntry } from '@rotaboard/core/assistant/assistant-week';
import type { AgentChange } from '@rotaboard/core/contracts/proposals';
import type { ShiftRow } from '../../db/rows.ts';

/** A shift row as the assistant's week holds it. */
export function toEntry(row: ShiftRow): AssistantEntry {
  return {
    shiftId: row.id,
    staffId: row.staffId,
    shiftDate: row.shiftDate,
    startTime: row.startTime,
    endTime: row.endTime,
    breakMinutes: row.breakMinutes ?? 0,
    isTimeOff: row.isTimeOff,
  };
}

/** The dates a proposal's changes touch (its range is the week's and these). */
export function changeDates(changes: readonly AgentChange[]): string[] {
  return changes.flatMap((c) =>
    c.kind === 'create'
      ? [c.shift.shiftDate]
      : c.kind === 'update' && c.shift.shiftDate
        ? [c.shift.shiftDate]
        : c.kind === 'day-note'
          ? [c.date]
          : [],
  );
}
