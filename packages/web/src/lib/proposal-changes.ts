import type { ProposalChangeDto, ProposedShift } from '@rotaboard/core/contracts/proposals';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { hhmm } from '@rotaboard/core/shifts/times';
import { formatClockRange } from '@rotaboard/core/time/format';
import { formatShortDate, formatWeekday } from './dates';

/** "Mon 14 Dec 2026": the assistant is asked in weekdays, so its changes say them. */
const day = (date: string) => `${formatWeekday(date)} ${formatShortDate(date)}`;

import { chipTimeText } from './schedule-grid';

/**
 * A proposal's changes in words, for the schedule's proposal bar and the assistant's panel (two
 * features, so it lives here). Types only from the contracts: the schedule's first load has no zod.
 * Kinds: the agent's `create` and `remove`, the assistant's `update` and `day-note` too.
 */

type ChangeState = ProposalChangeDto['state'];
type UpdateChange = Extract<ProposalChangeDto, { kind: 'update' }>;

const span = (shift: Pick<ProposedShift, 'startTime' | 'endTime'>, hour12: boolean) =>
  formatClockRange(shift.startTime, shift.endTime, hour12);

/**
 * What a proposed shift says in words: "09:00–17:00", "time off 12:00–16:00" or "a day off"
 * ('9:00 am–5:00 pm' on a 12-hour clock: `hour12`, from useHour12).
 */
export function proposedTime(
  shift: Pick<ProposedShift, 'startTime' | 'endTime' | 'isTimeOff'>,
  hour12 = false,
): string {
  if (!shift.isTimeOff) return span(shift, hour12);
  return shift.startTime && shift.endTime ? `time off ${span(shift, hour12)}` : 'a day off';
}

/** The shift an `update` would leave: the loaded shift with the change's fields over it. */
export function updatedShift(
  before: Pick<ShiftDto, 'staffId' | 'shiftDate' | 'startTime' | 'endTime' | 'breakMinutes' | 'isTimeOff'>,
  change: Pick<UpdateChange, 'shift'>,
): ProposedShift {
  return {
    staffId: change.shift.staffId ?? before.staffId,
    shiftDate: change.shift.shiftDate ?? before.shiftDate,
    // `null` is a value here (time off for the whole day has no times), so only a missing field keeps.
    startTime: change.shift.startTime !== undefined ? change.shift.startTime : before.startTime,
    endTime: change.shift.endTime !== undefined ? change.shift.endTime : before.endTime,
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
  change: ProposalChangeDto,
  staffName: (staffId: string) => string,
  shifts: ReadonlyMap<string, ShiftDto>,
  hour12 = false,
): string {
  switch (change.kind) {
    case 'create':
      return `Add ${proposedTime(change.shift, hour12)} for ${staffName(change.shift.staffId)} on ${day(change.shift.shiftDate)}`;
    case 'remove': {
      const shift = shifts.get(change.shiftId);
      return shift
        ? `Remove ${chipTimeText(shift, hour12)} of ${staffName(shift.staffId)} on ${day(shift.shiftDate)}`
        : 'Remove a shift outside the week on screen';
    }
    case 'update': {
      const shift = shifts.get(change.shiftId);
      if (!shift) return 'Change a shift outside the week on screen';
      const after = updatedShift(shift, change);
      const what = `${staffName(shift.staffId)}'s ${chipTimeText(shift, hour12)} on ${day(shift.shiftDate)}`;
      const parts: string[] = [];
      if (after.staffId !== shift.staffId) parts.push(`to ${staffName(after.staffId)}`);
      if (after.shiftDate !== shift.shiftDate) parts.push(`to ${day(after.shiftDate)}`);
      if (
        after.isTimeOff !== shift.isTimeOff ||
        hhmm(after.startTime) !== hhmm(shift.startTime) ||
        hhmm(after.endTime) !== hhmm(shift.endTime)
      )
        parts.push(`as ${proposedTime(after, hour12)}`);
      if (after.breakMinutes !== shift.breakMinutes) parts.push(`with a ${after.breakMinutes} min break`);
      return parts.length > 0 ? `Move ${what} ${parts.join(' ')}` : `Keep ${what} as it is`;
    }
    case 'day-note':
      return change.text.trim()
        ? `Day note on ${day(change.date)}: “${change.text}”`
        : `Clear the day note on ${day(change.date)}`;
  }
}

/** Changes still to decide (pending) or that failed, and may be accepted again. */
export function isOpenChange(change: { state: ChangeState }): boolean {
  return change.state === 'pending' || change.state === 'failed';
}

/** Accepting these deletes or overwrites something (a removal, a move, a replaced note): ask first. */
export function changesSomethingExisting(change: { kind: ProposalChangeDto['kind'] }): boolean {
  return change.kind !== 'create';
}
