import type { AvailabilityKind } from '@rotaboard/core/contracts/availability';
import type { ProposalChangeDto, ProposalDto, ProposedShift } from '@rotaboard/core/contracts/proposals';
import type { StaffingViolation, ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { dayOfWeek } from '@rotaboard/core/dates/week';
import { formatClockRange } from '@rotaboard/core/time/format';
import { formatDayMonth, formatWeekday } from '../../../lib/dates';
import { updatedShift } from '../../../lib/proposal-changes';
import type { StaffAvailability } from '../api/week-staffing-api';

/**
 * What the staffing rules, availability and an open proposal add to the week grid, worked out per
 * person and day: pure, so the grid only draws it. Types only from the contracts (first load).
 */

/**
 * A `create` change of a proposal, as the grid draws it: a dashed chip in its cell. An `update` (the
 * assistant's) is drawn the same way at the shift's new place, saying where it moves from.
 */
export type ProposedChip = {
  changeId: string;
  shift: ProposedShift;
  reason: string;
  state: ProposalChangeDto['state'];
  failure: string | null;
  /** For an update: the shift as it is now ("Fri 5 Dec 2026 09:00–17:00"); null for a new shift. */
  movedFrom: string | null;
};

/**
 * A `remove` change, drawn on the chip of the shift it would delete; or, for an `update`, the mark on
 * the shift as it is now, saying where it goes (its Accept / Reject are on the chip at the new place).
 */
export type ProposedRemoval = {
  changeId: string;
  reason: string;
  state: ProposalChangeDto['state'];
  failure: string | null;
  /** For an update: where the shift goes ("Sat 6 Dec 2026 09:00–17:00"); null for a removal. */
  movedTo: string | null;
};

/** The shape of a loaded shift an update needs to draw its new place. */
export type LoadedShift = Pick<
  ShiftDto,
  'staffId' | 'shiftDate' | 'startTime' | 'endTime' | 'breakMinutes' | 'isTimeOff'
>;

/** "Fri 6 Mar 09:00–17:00": short, as it sits in a narrow cell. */
const placeText = (
  shift: { shiftDate: string; startTime: string | null; endTime: string | null },
  hour12: boolean,
) =>
  `${formatWeekday(shift.shiftDate)} ${formatDayMonth(shift.shiftDate)} ${shift.startTime ? formatClockRange(shift.startTime, shift.endTime, hour12) : '(day off)'}`;

export type AvailabilityMark = { kind: AvailabilityKind; startTime: string | null; endTime: string | null };

export type CellMarks = {
  /** Broken rules touching this person on this day (an entry of theirs, or the day itself). */
  violations: StaffingViolation[];
  availability: AvailabilityMark[];
  proposed: ProposedChip[];
};

/** One person's marks: per day in the order of the week's dates, and removals by shift id. */
export type RowMarks = {
  cells: CellMarks[];
  removals: Record<string, ProposedRemoval>;
  /** Ids of this person's shifts that break a rule, strict or not (their chips are outlined). */
  flagged: Record<string, 'strict' | 'warning'>;
};

const isoWeekday = (date: string) => dayOfWeek(date) || 7;

function emptyRow(days: number): RowMarks {
  return {
    cells: Array.from({ length: days }, () => ({ violations: [], availability: [], proposed: [] })),
    removals: {},
    flagged: {},
  };
}

/** A proposal's changes still to act on, or failed: accepted ones are real shifts, rejected ones gone. */
export function visibleChange(change: { state: ProposalChangeDto['state'] }): boolean {
  return change.state === 'pending' || change.state === 'failed';
}

/**
 * The marks of every person with something to show this week (others absent). `dates` are the week's
 * dates in order; `availability` as the team read answers it; `proposal` the open proposal, if any;
 * `staffIdOf` whose a loaded shift is (a removal names only the shift); `shiftOf` the loaded shift
 * itself (an update names the shift and the fields it changes). Day notes are drawn under the day
 * headings instead (proposedNotes).
 */
export function gridMarks(
  dates: readonly string[],
  validation: ValidatePeriodResult | undefined,
  availability: readonly StaffAvailability[] | undefined,
  proposal: ProposalDto | undefined,
  staffIdOf: (shiftId: string) => string | undefined,
  shiftOf: (shiftId: string) => LoadedShift | undefined = () => undefined,
  /** Times on a 12-hour clock (useHour12). */
  hour12 = false,
): Map<string, RowMarks> {
  const rows = new Map<string, RowMarks>();
  const column = new Map(dates.map((date, index) => [date, index]));
  const rowOf = (staffId: string) => {
    let row = rows.get(staffId);
    if (!row) {
      row = emptyRow(dates.length);
      rows.set(staffId, row);
    }
    return row;
  };

  for (const violation of validation?.violations ?? []) {
    const days = violation.dates.filter((date) => column.has(date));
    if (days.length === 0) continue;
    const row = rowOf(violation.staffId);
    for (const date of days) row.cells[column.get(date)!]!.violations.push(violation);
    for (const shiftId of violation.shiftIds) {
      // A strict break outranks a warning on the same shift.
      if (violation.strict || !row.flagged[shiftId])
        row.flagged[shiftId] = violation.strict ? 'strict' : 'warning';
    }
  }

  for (const person of availability ?? []) {
    dates.forEach((date, index) => {
      const marks: AvailabilityMark[] = [
        ...person.weekly.filter((entry) => entry.weekday === isoWeekday(date)),
        ...person.dates.filter((entry) => entry.date === date),
      ].map(({ kind, startTime, endTime }) => ({ kind, startTime, endTime }));
      if (marks.length > 0) rowOf(person.staffId).cells[index]!.availability.push(...marks);
    });
  }

  for (const change of proposal?.changes ?? []) {
    if (!visibleChange(change)) continue;
    const failure = change.failure ?? null;
    if (change.kind === 'create') {
      const index = column.get(change.shift.shiftDate);
      if (index === undefined) continue;
      rowOf(change.shift.staffId).cells[index]!.proposed.push({
        changeId: change.changeId,
        shift: change.shift,
        reason: change.reason,
        state: change.state,
        failure,
        movedFrom: null,
      });
    } else if (change.kind === 'update') {
      // Drawn where the shift goes (dashed, with Accept / Reject) and marked where it is now; either
      // end outside the loaded week is simply not drawn there (the list names the change whole).
      const before = shiftOf(change.shiftId);
      if (!before) continue;
      const after = updatedShift(before, change);
      const from = column.get(before.shiftDate);
      if (from !== undefined)
        rowOf(before.staffId).removals[change.shiftId] = {
          changeId: change.changeId,
          reason: change.reason,
          state: change.state,
          failure,
          movedTo: placeText(after, hour12),
        };
      const to = column.get(after.shiftDate);
      if (to !== undefined)
        rowOf(after.staffId).cells[to]!.proposed.push({
          changeId: change.changeId,
          shift: after,
          reason: change.reason,
          state: change.state,
          failure,
          movedFrom: placeText(before, hour12),
        });
    } else if (change.kind === 'remove') {
      // A removal names only the shift; one not in the loaded week is not drawn (the bar lists it).
      const staffId = staffIdOf(change.shiftId);
      if (!staffId) continue;
      rowOf(staffId).removals[change.shiftId] = {
        changeId: change.changeId,
        reason: change.reason,
        state: change.state,
        failure,
        movedTo: null,
      };
    }
  }
  return rows;
}

/** A `day-note` change (the assistant's), drawn dashed under its day's heading with Accept / Reject. */
export type ProposedNote = {
  changeId: string;
  date: string;
  /** The note's new text; empty when the change clears the day's note. */
  text: string;
  reason: string;
  state: ProposalChangeDto['state'];
  failure: string | null;
};

/** The open proposal's day notes still to act on (or failed) on the week's `dates`, in their order. */
export function proposedNotes(dates: readonly string[], proposal: ProposalDto | undefined): ProposedNote[] {
  const shown = new Set(dates);
  return (proposal?.changes ?? []).flatMap((change) =>
    change.kind === 'day-note' && visibleChange(change) && shown.has(change.date)
      ? [
          {
            changeId: change.changeId,
            date: change.date,
            text: change.text,
            reason: change.reason,
            state: change.state,
            failure: change.failure ?? null,
          },
        ]
      : [],
  );
}

const signatures = new WeakMap<RowMarks, string>();
const signatureOf = (marks: RowMarks) => {
  let signature = signatures.get(marks);
  if (signature === undefined) {
    signature = JSON.stringify(marks);
    signatures.set(marks, signature);
  }
  return signature;
};

/**
 * Keeps the previous object of each row whose marks did not change, so the grid's memoised rows
 * redraw only the people whose marks did (the week is checked again after every edit).
 */
export function keepUnchangedRows(
  previous: ReadonlyMap<string, RowMarks>,
  next: Map<string, RowMarks>,
): Map<string, RowMarks> {
  for (const [staffId, marks] of next) {
    const before = previous.get(staffId);
    if (before && signatureOf(before) === signatureOf(marks)) next.set(staffId, before);
  }
  return next;
}

/** "Unavailable all day", "Unavailable 12:00–23:59", "Prefers 07:00–15:00" ('7:00 am–3:00 pm': `hour12`). */
export function availabilityText(mark: AvailabilityMark, hour12 = false): string {
  const what = mark.kind === 'unavailable' ? 'Unavailable' : 'Prefers to work';
  return mark.startTime && mark.endTime
    ? `${what} ${formatClockRange(mark.startTime, mark.endTime, hour12)}`
    : `${what} all day`;
}

/** "07:00–15:00 1/2" (with the role when the slot asks for one), as the coverage row shows a slot. */
export function coverageText(
  slot: {
    startTime: string;
    endTime: string;
    role: string | null;
    assigned: number;
    needed: number;
  },
  hour12 = false,
): string {
  return `${formatClockRange(slot.startTime, slot.endTime, hour12)}${slot.role ? ` ${slot.role}` : ''} ${slot.assigned}/${slot.needed}`;
}
