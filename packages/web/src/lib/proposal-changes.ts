import type { ProposalChangeDto, ProposalDto, ProposedShift } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { hhmm } from '@rotaboard/core/shifts/times';
import { formatShortDate } from './dates';
import { chipTimeText } from './schedule-grid';

/**
 * A proposal's changes in words, for the schedule's proposal bar and the assistant's panel (two
 * features, so it lives here). Types only from the contracts: the schedule's first load has no zod.
 */

type ChangeState = ProposalChangeDto['state'];
type Outcome = { state: ChangeState; failure?: string | null | undefined; reason: string; changeId: string };

/**
 * The assistant's two change kinds (issue 26): `update` names a shift and the fields it changes;
 * `day-note` sets a day's note. Spelled here as the contract gives them, so the web reads them
 * whether or not the core contract it was built against lists them yet.
 */
export type UpdateChange = Outcome & {
  kind: 'update';
  shiftId: string;
  shift: Partial<ProposedShift>;
};
export type DayNoteChange = Outcome & { kind: 'day-note'; date: string; text: string };
export type AnyProposalChange = ProposalChangeDto | UpdateChange | DayNoteChange;
export type AnyProposal = Omit<ProposalDto, 'changes'> & { changes: AnyProposalChange[] };

const span = (shift: Pick<ProposedShift, 'startTime' | 'endTime'>) =>
  `${hhmm(shift.startTime)}–${hhmm(shift.endTime)}`;

/** What a proposed shift says in words: "09:00–17:00" or "time off". */
const proposedTime = (shift: Pick<ProposedShift, 'startTime' | 'endTime' | 'isTimeOff'>) =>
  shift.isTimeOff ? 'time off' : span(shift);

/** The shift an `update` would leave: the loaded shift with the change's fields over it. */
export function updatedShift(
  before: Pick<ShiftDto, 'staffId' | 'shiftDate' | 'startTime' | 'endTime' | 'breakMinutes' | 'isTimeOff'>,
  change: Pick<UpdateChange, 'shift'>,
): ProposedShift {
  return {
    staffId: change.shift.staffId ?? before.staffId,
    shiftDate: change.shift.shiftDate ?? before.shiftDate,
    startTime: change.shift.startTime ?? before.startTime ?? '00:00',
    endTime: change.shift.endTime ?? before.endTime ?? '00:00',
    breakMinutes: change.shift.breakMinutes ?? before.breakMinutes,
    isTimeOff: change.shift.isTimeOff ?? before.isTimeOff,
  };
}

/**
 * One change in a sentence: "Add 09:00–17:00 for Ava Okafor on Mon 1 Dec 2026", "Move Ben Hughes's
 * 09:00–17:00 on Fri 5 Dec 2026 to Sat 6 Dec 2026", "Remove …", "Day note on …: “Stocktake”".
 * `shifts` are the loaded shifts (an update or removal names only its shift's id).
 */
export function describeChange(
  change: AnyProposalChange,
  staffName: (staffId: string) => string,
  shifts: ReadonlyMap<string, ShiftDto>,
): string {
  switch (change.kind) {
    case 'create':
      return `Add ${proposedTime(change.shift)} for ${staffName(change.shift.staffId)} on ${formatShortDate(change.shift.shiftDate)}`;
    case 'remove': {
      const shift = shifts.get(change.shiftId);
      return shift
        ? `Remove ${chipTimeText(shift)} of ${staffName(shift.staffId)} on ${formatShortDate(shift.shiftDate)}`
        : 'Remove a shift outside the week on screen';
    }
    case 'update': {
      const shift = shifts.get(change.shiftId);
      if (!shift) return 'Change a shift outside the week on screen';
      const after = updatedShift(shift, change);
      const what = `${staffName(shift.staffId)}'s ${chipTimeText(shift)} on ${formatShortDate(shift.shiftDate)}`;
      const parts: string[] = [];
      if (after.staffId !== shift.staffId) parts.push(`to ${staffName(after.staffId)}`);
      if (after.shiftDate !== shift.shiftDate) parts.push(`to ${formatShortDate(after.shiftDate)}`);
      if (hhmm(after.startTime) !== hhmm(shift.startTime) || hhmm(after.endTime) !== hhmm(shift.endTime))
        parts.push(`as ${span(after)}`);
      if (after.breakMinutes !== shift.breakMinutes) parts.push(`with a ${after.breakMinutes} min break`);
      return parts.length > 0 ? `Move ${what} ${parts.join(' ')}` : `Keep ${what} as it is`;
    }
    case 'day-note':
      return change.text.trim()
        ? `Day note on ${formatShortDate(change.date)}: “${change.text}”`
        : `Clear the day note on ${formatShortDate(change.date)}`;
  }
}

/** Changes still to decide (pending) or that failed, and may be accepted again. */
export function isOpenChange(change: { state: ChangeState }): boolean {
  return change.state === 'pending' || change.state === 'failed';
}

/** Accepting these deletes or overwrites something (a removal, a move, a replaced note): ask first. */
export function changesSomethingExisting(change: AnyProposalChange): boolean {
  return change.kind !== 'create';
}
