import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import {
  Fragment,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  cellKey,
  chipColourClasses,
  formatHours,
  HEAD_ROW,
  indexCells,
  keyboardTarget,
} from '../../../lib/schedule-grid';
import type { GridRowSlot, StaffRowMarks } from '../../../lib/schedule-slots';
import { cn } from '../../../lib/utils';
import { useGridFocus } from '../hooks/use-grid-focus';
import { ChipBody, type GridActions } from './grid-chip';
import { type GridRow, StaffRow } from './staff-row';
import { WeekHead } from './week-head';

/**
 * Above this many rows only the rows in view (and a few either side) are drawn: a 500-person week
 * drawn whole is some 40,000 elements and stutters as it scrolls (see bench/grid-render.bench.ts).
 * Below it every row is in the page, so the browser's find-in-page sees every name.
 */
export const VIRTUALIZE_ABOVE = 60;
// One object for the life of the module: a new one each render makes dnd-kit rebuild its sensors.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_HELP =
  'Press Enter to edit this shift. Shift and an arrow key moves it to the next person or day; ' +
  'Alt, Shift and an arrow key copies it there. Drag with a pointer to move; hold Alt, Ctrl or Cmd as you drop to copy.';

const NO_ROWS: readonly GridRowSlot[] = [];

// Loaded only for a team over VIRTUALIZE_ABOVE, with the virtualiser.
const VirtualStaffRows = lazy(() => import('./virtual-staff-rows'));

/**
 * Staff down the side, the seven days across, each cell holding the day's entries. Admins click a
 * cell to add, a chip to edit, and drag chips between cells (Alt, Ctrl or Cmd held on drop copies),
 * or with a chip focused press Shift and an arrow to move it (Alt as well to copy). For admins the
 * table is an ARIA grid, one tab stop: the arrow keys walk the headings, coverage, open shifts' and
 * staff rows alike (hooks/use-grid-focus.ts). On a narrow screen the grid scrolls sideways with the
 * names kept in view. Large teams draw only the rows in view (VIRTUALIZE_ABOVE).
 */
export function WeekGrid({
  dates,
  today,
  rows,
  shifts,
  notes,
  dayTotals,
  isAdmin,
  myStaffId,
  nextShiftId,
  lockedUntil,
  onAdd,
  onOpen,
  onDrop,
  onNote,
  onDelete,
  marks = null,
  nameMarks = null,
  dayMarks = null,
  rowsAbove = NO_ROWS,
  onOffer = null,
}: {
  dates: readonly string[];
  today: string;
  rows: readonly GridRow[];
  shifts: readonly ShiftDto[];
  notes: readonly DayNoteDto[];
  dayTotals: readonly number[];
  isAdmin: boolean;
  myStaffId: string | null;
  nextShiftId: string | null;
  lockedUntil: string | null;
  onAdd: (staffId: string, date: string) => void;
  onOpen: (shift: ShiftDto) => void;
  /** Moves or copies an entry; resolves to the id of the entry in its new cell, or null if refused. */
  onDrop: (shift: ShiftDto, staffId: string, date: string, copy: boolean) => Promise<string | null>;
  onNote: (date: string, note: DayNoteDto | null) => void;
  /** Deletes an entry (Delete on a focused chip); resolves to whether it was deleted. */
  onDelete?: (shift: ShiftDto) => Promise<boolean>;
  /**
   * Per person: what other features add to their week (broken rules, availability, an open
   * proposal's changes; administrators; features/staffing, handed in by the app).
   */
  marks?: ReadonlyMap<string, StaffRowMarks> | null;
  /** Beside a person's name (features/time-clock: clocked in now, or on a break). */
  nameMarks?: ReadonlyMap<string, ReactNode> | null;
  /** Drawn under each day's heading (the open proposal's day notes; features/staffing). */
  dayMarks?: ((date: string) => ReactNode) | null;
  /**
   * Rows of their own under the day headings, in order: the coverage (features/staffing) and the
   * open shifts (features/open-shifts). In an administrator's grid their cells carry `data-cell`
   * keys of the row's `key` and their buttons are grid items (tabindex -1, `data-grid-item`), so the
   * grid stays one tab stop.
   */
  rowsAbove?: readonly GridRowSlot[];
  /** Staff on Pro: Swap / Give away on their own future shifts (issue 27). */
  onOffer?: ((shift: ShiftDto) => void) | null;
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const [dragging, setDragging] = useState<ShiftDto | null>(null);
  const copyHeld = useRef(false);
  const cells = useMemo(() => indexCells(shifts), [shifts]);
  const staffIds = useMemo(() => rows.map((row) => row.member.staffId), [rows]);
  // The rows above the staff, in the order drawn: the arrow keys walk through them as through the staff.
  const aboveKeys = rowsAbove.map((row) => row.key).join(' ');
  const aboveRows = useMemo(() => [HEAD_ROW, ...(aboveKeys ? aboveKeys.split(' ') : [])], [aboveKeys]);

  // The page's callbacks change every render; the rows get stable ones that call the latest, so a
  // memoised row is not redrawn just because its parent was.
  const latest = useRef({
    onAdd,
    onOpen,
    onDrop,
    onNote,
    onDelete,
    onOffer,
    staffIds,
    aboveRows,
    dates,
    shifts,
  });
  useLayoutEffect(() => {
    latest.current = { onAdd, onOpen, onDrop, onNote, onDelete, onOffer, staffIds, aboveRows, dates, shifts };
  });
  const hasOffer = onOffer !== null;
  const offerAction = useMemo(
    () => (hasOffer ? (shift: ShiftDto) => latest.current.onOffer?.(shift) : null),
    [hasOffer],
  );

  const virtualized = rows.length > VIRTUALIZE_ABOVE;
  const headRows = aboveRows.length;
  // Brings a row into view, set by the virtualised rows while they are drawn.
  const scrollTo = useRef<((index: number) => void) | null>(null);
  const { tableRef, onGridKeyDown, focusEntryWhenDrawn } = useGridFocus({
    enabled: isAdmin,
    latest,
    scrollToRow: (index) => {
      if (index >= 0) scrollTo.current?.(index);
    },
  });

  const actions = useMemo<GridActions | null>(
    () =>
      isAdmin
        ? {
            onAdd: (staffId, date) => latest.current.onAdd(staffId, date),
            onOpen: (shift) => latest.current.onOpen(shift),
            onKeyMove: (shift, key, copy) => {
              const { staffIds: ids, dates: days } = latest.current;
              const target = keyboardTarget(
                ids,
                days,
                { staffId: shift.staffId, date: shift.shiftDate },
                key,
              );
              if (!target) return;
              void latest.current.onDrop(shift, target.staffId, target.date, copy).then((id) => {
                if (!id) return;
                const index = ids.indexOf(target.staffId);
                if (index >= 0) scrollTo.current?.(index);
                focusEntryWhenDrawn(id, cellKey(target.staffId, target.date));
              });
            },
          }
        : null,
    [isAdmin, focusEntryWhenDrawn],
  );
  const noteAction = useCallback(
    (date: string, note: DayNoteDto | null) => latest.current.onNote(date, note),
    [],
  );

  useEffect(() => {
    const track = (event: globalThis.KeyboardEvent | PointerEvent) => {
      copyHeld.current = event.altKey || event.ctrlKey || event.metaKey;
    };
    window.addEventListener('keydown', track);
    window.addEventListener('keyup', track);
    window.addEventListener('pointermove', track);
    return () => {
      window.removeEventListener('keydown', track);
      window.removeEventListener('keyup', track);
      window.removeEventListener('pointermove', track);
    };
  }, []);

  function onDragStart(event: DragStartEvent) {
    setDragging((event.active.data.current as { shift: ShiftDto }).shift);
  }
  function onDragEnd(event: DragEndEvent) {
    setDragging(null);
    const shift = (event.active.data.current as { shift: ShiftDto } | undefined)?.shift;
    const target = event.over?.data.current as { staffId: string; date: string } | undefined;
    if (!shift || !target) return;
    const copy = copyHeld.current;
    if (!copy && target.staffId === shift.staffId && target.date === shift.shiftDate) return;
    void onDrop(shift, target.staffId, target.date, copy);
  }

  const renderRow = (index: number, measure?: (node: Element | null) => void) => {
    const row = rows[index]!;
    return (
      <StaffRow
        key={row.member.staffId}
        row={row}
        entries={dates.map((date) => cells.get(cellKey(row.member.staffId, date)))}
        dates={dates}
        today={today}
        lockedUntil={lockedUntil}
        mine={row.member.staffId === myStaffId}
        nextShiftId={nextShiftId}
        actions={actions}
        onOffer={row.member.staffId === myStaffId ? offerAction : null}
        dropTargets={dragging !== null}
        index={index}
        headRows={headRows}
        measure={measure}
        marks={marks?.get(row.member.staffId)}
        nameMark={nameMarks?.get(row.member.staffId)}
      />
    );
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{ screenReaderInstructions: { draggable: KEYBOARD_HELP } }}
    >
      <div
        // On a phone three whole days show at a time, and a swipe stops at a day's edge (scroll snap,
        // less the sticky staff column); from `sm` up the week is at least 840 px wide as before.
        className="relative snap-x snap-mandatory scroll-pl-24 overflow-x-auto rounded-xl border border-border bg-card shadow-sm sm:snap-none sm:scroll-pl-48"
        data-testid="week-grid"
      >
        <table
          ref={tableRef}
          role={isAdmin ? 'grid' : undefined}
          aria-label={isAdmin ? 'Week schedule' : undefined}
          onKeyDown={onGridKeyDown}
          className="w-full min-w-[calc(6rem+7*((100vw-2rem-2px-6rem)/3))] table-fixed border-collapse text-sm sm:min-w-[840px]"
          aria-rowcount={rows.length + headRows + 1}
        >
          <caption className="sr-only">Shifts for each member of staff, by day</caption>
          <colgroup>
            <col className="w-24 sm:w-48" />
            {dates.map((date) => (
              <col key={date} />
            ))}
          </colgroup>
          <WeekHead
            dates={dates}
            today={today}
            lockedUntil={lockedUntil}
            notes={notes}
            onNote={isAdmin ? noteAction : null}
            dayMarks={dayMarks}
          />
          {rowsAbove.map((row, index) => (
            // The headings are row 1; the rows below them follow.
            <Fragment key={row.key}>{row.render(index + 2)}</Fragment>
          ))}
          <tbody data-staff-rows="">
            {virtualized ? (
              <Suspense fallback={null}>
                <VirtualStaffRows
                  count={rows.length}
                  keyOf={(index) => rows[index]?.member.staffId ?? index}
                  renderRow={renderRow}
                  tableRef={tableRef}
                  scrollTo={scrollTo}
                />
              </Suspense>
            ) : (
              rows.map((_, index) => renderRow(index))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t border-border bg-muted/40" aria-rowindex={rows.length + headRows + 1}>
              <th
                scope="row"
                className="sticky left-0 z-10 bg-muted px-3 py-2 text-left text-xs font-medium text-muted-foreground shadow-[1px_0_0_var(--border)]"
              >
                Day total
              </th>
              {dayTotals.map((minutes, index) => (
                <td
                  key={dates[index]}
                  className="border-l border-border/60 px-2 py-2 text-center text-xs tabular-nums"
                >
                  {formatHours(minutes)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      {isAdmin ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Tip: drag a shift to move it, holding Alt (or Ctrl or ⌘) as you drop to copy it. With a shift
          focused, <kbd className="font-sans font-medium">Shift</kbd> + arrow keys move it and{' '}
          <kbd className="font-sans font-medium">Alt</kbd> +{' '}
          <kbd className="font-sans font-medium">Shift</kbd> + arrow keys copy it.{' '}
          <kbd className="font-sans font-medium">Ctrl</kbd> + <kbd className="font-sans font-medium">Z</kbd>{' '}
          (⌘Z) undoes your last change.
        </p>
      ) : null}
      <DragOverlay>
        {dragging ? (
          <div className="w-32">
            <div
              className={cn(
                'rounded-md border px-1.5 py-1 text-left text-xs leading-tight shadow-lg',
                chipColourClasses(dragging),
              )}
            >
              <ChipBody shift={dragging} />
            </div>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
