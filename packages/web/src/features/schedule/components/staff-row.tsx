import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { memo, type ReactNode } from 'react';
import { formatHours } from '../../../lib/schedule-grid';
import type { StaffRowMarks } from '../../../lib/schedule-slots';
import { cn } from '../../../lib/utils';
import { Cell } from './grid-cell';
import { Chip, type GridActions } from './grid-chip';

export type GridRow = { member: StaffDto; totalMinutes: number; contracted: number | null };

type StaffRowProps = {
  row: GridRow;
  /** The row's entries per date, in the order of `dates`. */
  entries: readonly (readonly ShiftDto[] | undefined)[];
  dates: readonly string[];
  today: string;
  lockedUntil: string | null;
  mine: boolean;
  nextShiftId: string | null;
  actions: GridActions | null;
  /** Staff's own row: opens Swap / Give away on one of their future shifts (issue 27). */
  onOffer: ((shift: ShiftDto) => void) | null;
  /** True while a chip is being dragged: the cells are drop targets then. */
  dropTargets: boolean;
  index: number;
  /** Rows above the staff in the grid (the day headings, and the coverage row when shown). */
  headRows: number;
  measure: ((node: Element | null) => void) | undefined;
  /**
   * What other features add to this person's week (features/staffing: broken rules, availability and
   * proposed changes; administrators only).
   */
  marks: StaffRowMarks | undefined;
  /** Beside the name (features/time-clock: clocked in now, or on a break; administrators only). */
  nameMark?: ReactNode;
};

/**
 * One person's week. Memoised on what it shows, so a change to one shift redraws one row: the
 * query cache keeps unchanged shifts as the same objects, which is what `sameRow` compares.
 */
export const StaffRow = memo(function StaffRow({
  row: { member, totalMinutes, contracted },
  entries,
  dates,
  today,
  lockedUntil,
  mine,
  nextShiftId,
  actions,
  onOffer,
  dropTargets,
  index,
  headRows,
  measure,
  marks,
  nameMark,
}: StaffRowProps) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + headRows + 1}
      className={cn('border-b border-border', mine && 'bg-highlight/40')}
      aria-current={mine ? 'true' : undefined}
    >
      <th
        scope="row"
        className={cn(
          'sticky left-0 z-10 bg-card px-2 py-2 text-left align-top font-normal shadow-[1px_0_0_var(--border)] sm:px-3',
          mine && 'bg-highlight',
        )}
      >
        <span className="flex min-w-0 items-center">
          <span className="block truncate font-medium">
            {member.fullName}
            {mine ? <span className="ml-1 text-xs font-normal text-primary">(you)</span> : null}
          </span>
          {nameMark}
        </span>
        {member.role ? (
          <span className="block truncate text-xs text-muted-foreground">{member.role}</span>
        ) : null}
        <span className="mt-0.5 block text-xs tabular-nums text-muted-foreground">
          <span className="font-medium text-foreground">{formatHours(totalMinutes)}</span>
          {contracted !== null ? ` / ${contracted}h` : null}
        </span>
      </th>
      {dates.map((date, column) => {
        const cell = marks?.cells[column];
        return (
          <Cell
            key={date}
            staffId={member.staffId}
            name={member.fullName}
            date={date}
            today={today}
            locked={isDateLocked(date, lockedUntil)}
            onAdd={actions ? () => actions.onAdd(member.staffId, date) : undefined}
            dropTarget={dropTargets}
            tone={cell?.tone}
          >
            {cell?.above}
            {(entries[column] ?? []).map((shift) => {
              const shiftMarks = marks?.shifts[shift.shiftId];
              const chip = (
                <Chip
                  key={shift.shiftId}
                  shift={shift}
                  name={member.fullName}
                  isNext={shift.shiftId === nextShiftId}
                  actions={actions}
                  onOffer={onOffer && !shift.isTimeOff && shift.shiftDate >= today ? onOffer : null}
                  flag={shiftMarks?.flag}
                  removing={shiftMarks?.removing}
                />
              );
              if (!shiftMarks?.under) return chip;
              return (
                <div key={shift.shiftId} className="flex flex-col gap-1">
                  {chip}
                  {shiftMarks.under}
                </div>
              );
            })}
            {cell?.below}
          </Cell>
        );
      })}
    </tr>
  );
}, sameRow);

function sameRow(before: StaffRowProps, after: StaffRowProps): boolean {
  return (
    before.row.member === after.row.member &&
    before.row.totalMinutes === after.row.totalMinutes &&
    before.row.contracted === after.row.contracted &&
    before.dates === after.dates &&
    before.today === after.today &&
    before.lockedUntil === after.lockedUntil &&
    before.mine === after.mine &&
    before.nextShiftId === after.nextShiftId &&
    before.actions === after.actions &&
    before.onOffer === after.onOffer &&
    before.dropTargets === after.dropTargets &&
    before.index === after.index &&
    before.headRows === after.headRows &&
    before.measure === after.measure &&
    before.marks === after.marks &&
    before.nameMark === after.nameMark &&
    before.entries.length === after.entries.length &&
    before.entries.every((cell, column) => sameEntries(cell, after.entries[column]))
  );
}

function sameEntries(a: readonly ShiftDto[] | undefined, b: readonly ShiftDto[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((shift, i) => shift === b[i]);
}
