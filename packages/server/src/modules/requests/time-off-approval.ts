import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { timeOffEntriesFor } from '@rotaboard/core/requests/requests';
import { conflictWindow, entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import type { Db } from '../../db/db.ts';
import type { Effects } from '../audit/command.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { replaceWithTimeOff } from '../shifts/time-off-entries.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import type { RequestRow } from './request.repository.ts';

/**
 * Approving time off, inside the review's command: one time-off entry per day, written in the same
 * transaction. Entries it would clash with are listed in a 409, or deleted when the reviewer asks
 * (`removeClashingShifts`). Every entry deleted and written has its audit row and is announced.
 */
export async function writeApprovedTimeOff(
  tx: Db,
  effects: Effects,
  row: RequestRow,
  removeClashingShifts: boolean,
): Promise<void> {
  const { teamId } = row;
  // Lock the person's row, as every schedule write does, so the clash check holds.
  const member = await staffDirectory(tx).lockInTeam(teamId, row.staffId);
  if (!member) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
  const entries = timeOffEntriesFor({ ...row, requestType: 'time_off' });
  const nearby = await scheduleReads(tx).listForStaff(
    row.staffId,
    conflictWindow(row.startDate).startDate,
    conflictWindow(row.endDate).endDate,
  );
  const candidates = entries.map((e) => ({
    ...e,
    staffId: row.staffId,
    isTimeOff: true,
    shiftId: null,
  }));
  const clashing = nearby.filter((existing) =>
    candidates.some((c) => entriesConflict(c, { ...existing, shiftId: existing.id })),
  );
  if (clashing.length > 0 && !removeClashingShifts) {
    throw new DomainError(
      ErrorCode.CONFLICT,
      `Approving this clashes with ${clashing.length === 1 ? 'an entry' : `${clashing.length} entries`} in ${member.firstName}'s schedule: ${clashing.map((c) => describeEntry(c)).join(', ')}`,
      {
        clashes: clashing.map((c) => ({
          shiftId: c.id,
          shiftDate: c.shiftDate,
          description: describeEntry(c),
        })),
      },
    );
  }
  await replaceWithTimeOff(tx, effects, {
    removed: clashing,
    entries: entries.map((e) => ({
      ...e,
      teamId,
      staffId: row.staffId,
      isTimeOff: true,
      notesVisibleToAll: true,
    })),
  });
}
