import type { AssistantChangeItem } from '../contracts/assistant.ts';
import { type AssistantWeek, dayName, fullName, hm, timesOf } from './assistant-week.ts';

/**
 * The line shown beside each proposal, whichever engine proposed it (the built-in interpreter or the
 * model): apart from the interpreter because the server describes the model's changes too.
 */

/** One line saying what a change does, in the week's names: the reason a proposal shows beside it. */
export function describeChange(change: AssistantChangeItem, week: AssistantWeek): string {
  const name = (staffId: string | undefined) => {
    const p = week.staff.find((s) => s.staffId === staffId);
    return p ? fullName(p) : 'someone';
  };
  const entry = (shiftId: string) => week.entries.find((e) => e.shiftId === shiftId);
  switch (change.kind) {
    case 'create': {
      const s = change.shift;
      return s.isTimeOff
        ? `Time off for ${name(s.staffId)} on ${dayName(s.shiftDate)}${s.startTime && s.endTime ? ` ${hm(s.startTime)}–${hm(s.endTime)}` : ''}`
        : `Add ${name(s.staffId)} on ${dayName(s.shiftDate)} ${hm(s.startTime)}–${hm(s.endTime)}`;
    }
    case 'update': {
      const before = entry(change.shiftId);
      const from = before
        ? `${name(before.staffId)}'s ${dayName(before.shiftDate)} shift (${timesOf(before)})`
        : 'a shift';
      const to: string[] = [];
      if (change.shift.staffId) to.push(`to ${name(change.shift.staffId)}`);
      if (change.shift.shiftDate) to.push(`to ${dayName(change.shift.shiftDate)}`);
      if (change.shift.startTime || change.shift.endTime) {
        to.push(
          `${hm(change.shift.startTime ?? before?.startTime ?? null)}–${hm(change.shift.endTime ?? before?.endTime ?? null)}`,
        );
      }
      if (change.shift.breakMinutes !== undefined)
        to.push(`with a ${change.shift.breakMinutes} minute break`);
      return `Move ${from} ${to.join(', ')}`.trim();
    }
    case 'remove': {
      const before = entry(change.shiftId);
      return before
        ? `Remove ${name(before.staffId)}'s ${before.isTimeOff ? 'time off' : 'shift'} on ${dayName(before.shiftDate)}${before.isTimeOff ? '' : ` (${timesOf(before)})`}`
        : 'Remove a shift';
    }
    case 'day-note':
      return `Note on ${dayName(change.date)}: ${change.text}`;
  }
}
