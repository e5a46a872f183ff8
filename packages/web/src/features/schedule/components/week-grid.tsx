import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Lock, Plus, StickyNote } from 'lucide-react';
import {
  type KeyboardEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatDayOfMonth, formatLongDate, formatWeekday } from '../../../lib/dates';
import {
  cellKey,
  chipColourClasses,
  chipSentence,
  chipTimeText,
  formatHours,
  type GridMoveKey,
  indexCells,
  isDateLocked,
  keyboardTarget,
  overnightEndLabel,
  swatchClass,
} from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';

export type GridRow = { member: StaffDto; totalMinutes: number; contracted: number | null };

/**
 * Above this many rows only the rows in view (and a few either side) are drawn: a 500-person week
 * drawn whole is some 40,000 elements and stutters as it scrolls (see bench/grid-render.bench.ts).
 * Below it every row is in the page, so the browser's find-in-page sees every name.
 */
export const VIRTUALIZE_ABOVE = 60;
// About a busy row: two chips and the add area (bench/grid-render measures 75 px on average).
const ESTIMATED_ROW_HEIGHT = 75;
// One object for the life of the module: a new one each render makes dnd-kit rebuild its sensors.
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
const KEYBOARD_HELP =
  'Press Enter to edit this shift. Shift and an arrow key moves it to the next person or day; ' +
  'Alt, Shift and an arrow key copies it there. Drag with a pointer to move; hold Alt, Ctrl or Cmd as you drop to copy.';

/** What a row's cells and chips can do, for admins: stable across renders (see `latest`). */
type GridActions = {
  onAdd: (staffId: string, date: string) => void;
  onOpen: (shift: ShiftDto) => void;
  onKeyMove: (shift: ShiftDto, key: GridMoveKey, copy: boolean) => void;
};

type ChipProps = {
  shift: ShiftDto;
  /** The person's name, for the chip's spoken sentence. */
  name: string;
  isNext: boolean;
  actions: GridActions | null;
};

function ChipBody({ shift, isNext }: { shift: ShiftDto; isNext: boolean }) {
  return (
    <>
      <span className="flex items-center gap-1">
        {shift.isTimeOff ? (
          <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', swatchClass(shift))} />
        ) : null}
        <span className="font-semibold tabular-nums">{chipTimeText(shift)}</span>
        {shift.notes ? (
          <span title={shift.notes} className="ml-auto inline-flex">
            <StickyNote aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Notes: {shift.notes}</span>
          </span>
        ) : null}
      </span>
      {shift.isTimeOff ? <span className="block text-[11px] font-medium">Time off</span> : null}
      {overnightEndLabel(shift) ? (
        <span className="block text-[11px] font-medium">{overnightEndLabel(shift)}</span>
      ) : null}
      {shift.breakMinutes > 0 && (!shift.isTimeOff || shift.timeOffHours === null) && shift.startTime ? (
        <span className="block text-[11px] opacity-80">{shift.breakMinutes}m break</span>
      ) : null}
      {isNext ? <span className="block text-[11px] font-semibold uppercase">Next shift</span> : null}
    </>
  );
}

function Chip({ shift, name, isNext, actions }: ChipProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: shift.shiftId,
    data: { shift },
    disabled: !actions,
  });
  const className = cn(
    'block w-full rounded-md border px-1.5 py-1 text-left text-xs leading-tight shadow-xs',
    chipColourClasses(shift),
    isNext && 'ring-2 ring-primary ring-offset-1 ring-offset-card',
    isDragging && 'opacity-40',
  );
  if (!actions) {
    return (
      <div className={className} data-shift-chip="">
        <ChipBody shift={shift} isNext={isNext} />
      </div>
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!actions || !event.shiftKey || event.ctrlKey || event.metaKey || !MOVE_KEYS.has(event.key)) return;
    event.preventDefault();
    actions.onKeyMove(shift, event.key as GridMoveKey, event.altKey);
  }
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-shift-chip=""
      data-shift-id={shift.shiftId}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      // One tab stop for the whole grid (WeekGrid moves it with the arrow keys).
      tabIndex={-1}
      data-grid-item=""
      aria-label={chipSentence(shift, name, isNext)}
      aria-roledescription="draggable shift"
      onClick={() => actions.onOpen(shift)}
      className={cn(
        className,
        'cursor-pointer touch-manipulation hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:brightness-125',
      )}
    >
      <ChipBody shift={shift} isNext={isNext} />
    </button>
  );
}

function Cell({
  staffId,
  name,
  date,
  today,
  locked,
  children,
  onAdd,
  dropTarget,
}: {
  staffId: string;
  name: string;
  date: string;
  today: string;
  locked: boolean;
  children: React.ReactNode;
  onAdd?: (() => void) | undefined;
  dropTarget: boolean;
}) {
  const cell = useRef<HTMLTableCellElement>(null);
  return (
    <td
      ref={cell}
      data-cell={cellKey(staffId, date)}
      className={cn(
        'h-16 border-l border-border/60 p-1 align-top',
        date === today && 'bg-highlight/60',
        locked && 'bg-muted/60',
        'data-drop-over:bg-primary/10 data-drop-over:outline-2 data-drop-over:-outline-offset-2 data-drop-over:outline-primary data-drop-over:outline-dashed',
      )}
    >
      {dropTarget ? <DropTarget staffId={staffId} date={date} cell={cell} /> : null}
      <div className="flex h-full min-h-14 flex-col gap-1">
        {children}
        {onAdd ? (
          <button
            type="button"
            tabIndex={-1}
            data-grid-item=""
            onClick={onAdd}
            aria-label={`Add shift for ${name} on ${formatLongDate(date)}`}
            className="group flex min-h-6 flex-1 items-center justify-center rounded-md text-muted-foreground hover:bg-accent focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Plus
              aria-hidden="true"
              className="size-4 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100"
            />
          </button>
        ) : null}
      </div>
    </td>
  );
}

/**
 * Makes a cell a drop target while a chip is being dragged. Only then: each dnd-kit droppable
 * registers with the drag context, and every registration redraws every chip, which while
 * scrolling a large grid (rows coming into view) costs dropped frames. A child, so that switching
 * it on at drag start leaves the cell and the dragged chip mounted.
 */
function DropTarget({
  staffId,
  date,
  cell,
}: {
  staffId: string;
  date: string;
  cell: RefObject<HTMLTableCellElement | null>;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellKey(staffId, date), data: { staffId, date } });
  useLayoutEffect(() => {
    setNodeRef(cell.current);
    return () => setNodeRef(null);
  }, [setNodeRef, cell]);
  useLayoutEffect(() => {
    const node = cell.current;
    node?.toggleAttribute('data-drop-over', isOver);
    return () => node?.removeAttribute('data-drop-over');
  }, [isOver, cell]);
  return null;
}

type WeekHeadProps = {
  dates: readonly string[];
  today: string;
  lockedUntil: string | null;
  notes: readonly DayNoteDto[];
  onNote: ((date: string, note: DayNoteDto | null) => void) | null;
};

/** The days across the top, each with its lock mark and day notes. */
const WeekHead = memo(function WeekHead({ dates, today, lockedUntil, notes, onNote }: WeekHeadProps) {
  return (
    <thead>
      <tr className="border-b border-border" aria-rowindex={1}>
        <th
          scope="col"
          className="sticky left-0 z-10 bg-card px-3 py-3 text-left align-top text-xs font-medium tracking-wide text-muted-foreground uppercase shadow-[1px_0_0_var(--border)]"
        >
          Staff
        </th>
        {dates.map((date) => {
          const isToday = date === today;
          const locked = isDateLocked(date, lockedUntil);
          const dayNotes = notes.filter((note) => note.noteDate === date);
          return (
            <th
              key={date}
              scope="col"
              // The day's column heading is the grid's top row for the arrow keys (its notes).
              data-cell={cellKey(HEAD_ROW, date)}
              aria-current={isToday ? 'date' : undefined}
              className={cn(
                'snap-start px-1.5 py-2 text-center align-top font-medium',
                isToday && 'bg-highlight',
                locked && !isToday && 'bg-muted/60',
              )}
            >
              <div className="flex flex-col items-center">
                <abbr title={formatLongDate(date)} className="flex flex-col items-center no-underline">
                  <span className={cn('text-xs text-muted-foreground uppercase', isToday && 'text-primary')}>
                    {formatWeekday(date)}
                  </span>
                  <span
                    className={cn(
                      'mt-0.5 flex size-7 items-center justify-center rounded-full text-base',
                      isToday && 'bg-primary text-primary-foreground',
                    )}
                  >
                    {formatDayOfMonth(date)}
                  </span>
                </abbr>
                {locked ? (
                  <span className="mt-0.5 inline-flex items-center gap-0.5 text-[11px] font-normal text-muted-foreground">
                    <Lock aria-hidden="true" className="size-3" />
                    Locked
                  </span>
                ) : null}
                <div className="mt-1 grid w-full gap-1 text-left">
                  {dayNotes.map((note) =>
                    onNote ? (
                      <button
                        key={note.noteId}
                        type="button"
                        onClick={() => onNote(date, note)}
                        tabIndex={-1}
                        data-grid-item=""
                        aria-label={`Edit note: ${note.noteText}`}
                        className="rounded bg-amber-100 px-1 py-0.5 text-left text-[11px] font-normal break-words text-amber-950 hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:bg-amber-900/50 dark:text-amber-100"
                      >
                        {note.noteText}
                      </button>
                    ) : (
                      <p
                        key={note.noteId}
                        className="rounded bg-amber-100 px-1 py-0.5 text-[11px] font-normal break-words text-amber-950 dark:bg-amber-900/50 dark:text-amber-100"
                      >
                        {note.noteText}
                      </p>
                    ),
                  )}
                  {onNote ? (
                    <button
                      type="button"
                      onClick={() => onNote(date, null)}
                      tabIndex={-1}
                      data-grid-item=""
                      aria-label={`Add note for ${formatLongDate(date)}`}
                      className="mx-auto inline-flex items-center gap-0.5 rounded px-1 text-[11px] font-normal text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <Plus aria-hidden="true" className="size-3" />
                      Note
                    </button>
                  ) : null}
                </div>
              </div>
            </th>
          );
        })}
      </tr>
    </thead>
  );
});

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
  /** True while a chip is being dragged: the cells are drop targets then. */
  dropTargets: boolean;
  index: number;
  measure: ((node: Element | null) => void) | undefined;
};

/**
 * One person's week. Memoised on what it shows, so a change to one shift redraws one row: the
 * query cache keeps unchanged shifts as the same objects, which is what `sameRow` compares.
 */
const StaffRow = memo(function StaffRow({
  row: { member, totalMinutes, contracted },
  entries,
  dates,
  today,
  lockedUntil,
  mine,
  nextShiftId,
  actions,
  dropTargets,
  index,
  measure,
}: StaffRowProps) {
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
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
        <span className="block truncate font-medium">
          {member.fullName}
          {mine ? <span className="ml-1 text-xs font-normal text-primary">(you)</span> : null}
        </span>
        {member.role ? (
          <span className="block truncate text-xs text-muted-foreground">{member.role}</span>
        ) : null}
        <span className="mt-0.5 block text-xs tabular-nums text-muted-foreground">
          <span className="font-medium text-foreground">{formatHours(totalMinutes)}</span>
          {contracted !== null ? ` / ${contracted}h` : null}
        </span>
      </th>
      {dates.map((date, column) => (
        <Cell
          key={date}
          staffId={member.staffId}
          name={member.fullName}
          date={date}
          today={today}
          locked={isDateLocked(date, lockedUntil)}
          onAdd={actions ? () => actions.onAdd(member.staffId, date) : undefined}
          dropTarget={dropTargets}
        >
          {(entries[column] ?? []).map((shift) => (
            <Chip
              key={shift.shiftId}
              shift={shift}
              name={member.fullName}
              isNext={shift.shiftId === nextShiftId}
              actions={actions}
            />
          ))}
        </Cell>
      ))}
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
    before.dropTargets === after.dropTargets &&
    before.index === after.index &&
    before.measure === after.measure &&
    before.entries.length === after.entries.length &&
    before.entries.every((cell, column) => sameEntries(cell, after.entries[column]))
  );
}

function sameEntries(a: readonly ShiftDto[] | undefined, b: readonly ShiftDto[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((shift, i) => shift === b[i]);
}

/** The `data-cell` key's stand-in for a staff id on the day headings' row. */
const HEAD_ROW = 'head';

/** The focusable things of a cell, in order: its entries, then its add button. */
function itemsOf(cell: Element): HTMLElement[] {
  return [...cell.querySelectorAll<HTMLElement>('[data-grid-item]')];
}

/** A row of empty space standing in for the rows scrolled out of view. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr>
      <td colSpan={8} aria-hidden="true" style={{ height, padding: 0 }} />
    </tr>
  );
}

/**
 * Staff down the side, the seven days across, each cell holding the day's entries. Admins click a
 * cell to add, a chip to edit, and drag chips between cells (Alt, Ctrl or Cmd held on drop copies),
 * or with a chip focused press Shift and an arrow to move it (Alt as well to copy). On a narrow
 * screen the grid scrolls sideways with the names kept in view. Large teams draw only the rows in
 * view (VIRTUALIZE_ABOVE).
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
}) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const [dragging, setDragging] = useState<ShiftDto | null>(null);
  const copyHeld = useRef(false);
  const cells = useMemo(() => indexCells(shifts), [shifts]);
  const staffIds = useMemo(() => rows.map((row) => row.member.staffId), [rows]);

  // The page's callbacks change every render; the rows get stable ones that call the latest, so a
  // memoised row is not redrawn just because its parent was.
  const latest = useRef({ onAdd, onOpen, onDrop, onNote, onDelete, staffIds, dates, shifts });
  useLayoutEffect(() => {
    latest.current = { onAdd, onOpen, onDrop, onNote, onDelete, staffIds, dates, shifts };
  });

  // After a keyboard move the chip is focused again in its new cell, once the data shows it there
  // (a moved chip is briefly still in its old cell, until the week is fetched again).
  // Also used to focus a cell's first (or last) item once its row is drawn, or once a deleted chip
  // has gone (`skip`).
  const [pendingFocus, setPendingFocus] = useState<{
    cell: string;
    shiftId: string | null;
    at?: 'first' | 'last';
    skip?: string;
  } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const virtualized = rows.length > VIRTUALIZE_ABOVE;
  const [scrollMargin, setScrollMargin] = useState(0);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 6,
    scrollMargin,
    enabled: virtualized,
    getItemKey: (index) => rows[index]?.member.staffId ?? index,
  });
  // Where the rows begin on the page (below the header, notices and day notes), for the virtualizer.
  useLayoutEffect(() => {
    const body = tableRef.current?.tBodies[0];
    if (!virtualized || !body) return;
    const measure = () => setScrollMargin(body.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (tableRef.current?.tHead) observer.observe(tableRef.current.tHead);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [virtualized]);

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
                if (virtualized && index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
                setPendingFocus({ shiftId: id, cell: cellKey(target.staffId, target.date) });
              });
            },
          }
        : null,
    [isAdmin, virtualized, virtualizer],
  );
  const noteAction = useCallback(
    (date: string, note: DayNoteDto | null) => latest.current.onNote(date, note),
    [],
  );

  useEffect(() => {
    if (!pendingFocus) return;
    const cell = tableRef.current?.querySelector<HTMLElement>(
      `[data-cell="${CSS.escape(pendingFocus.cell)}"]`,
    );
    if (!cell) return;
    const items = itemsOf(cell).filter((item) => item.dataset.shiftId !== pendingFocus.skip);
    const target = pendingFocus.shiftId
      ? items.find((item) => item.dataset.shiftId === pendingFocus.shiftId)
      : pendingFocus.at === 'last'
        ? items.at(-1)
        : items[0];
    if (!target) return;
    focusItem(target);
    setPendingFocus(null);
  });

  // The grid is one tab stop (the ARIA grid pattern): exactly one item has tabindex 0, the one last
  // focused while it is drawn, else the first. Set on the DOM, so moving focus redraws no row.
  const activeCell = useRef<{ cell: string; shiftId: string | null } | null>(null);
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || !isAdmin) return;
    const stops = table.querySelectorAll<HTMLElement>('[data-grid-item][tabindex="0"]');
    if (stops.length === 1) return;
    const remembered = activeCell.current;
    const cell = remembered
      ? table.querySelector<HTMLElement>(`[data-cell="${CSS.escape(remembered.cell)}"]`)
      : null;
    const target =
      (cell &&
        (itemsOf(cell).find((item) => (item.dataset.shiftId ?? null) === remembered?.shiftId) ??
          itemsOf(cell)[0])) ??
      table.querySelector<HTMLElement>('[data-grid-item]');
    for (const stop of stops) stop.tabIndex = -1;
    if (target) target.tabIndex = 0;
  });

  // Focus arriving any way (a click, a screen reader, the keyboard) makes that item the tab stop. A
  // native listener: `focusin` bubbles where a focus handler would not.
  useEffect(() => {
    const table = tableRef.current;
    if (!table) return;
    const onFocusIn = (event: FocusEvent) => {
      const item = event.target as HTMLElement;
      if (item.matches('[data-grid-item]')) rove(item);
    };
    table.addEventListener('focusin', onFocusIn);
    return () => table.removeEventListener('focusin', onFocusIn);
  });

  function rove(item: HTMLElement) {
    const table = tableRef.current;
    if (!table) return;
    for (const stop of table.querySelectorAll<HTMLElement>('[data-grid-item][tabindex="0"]')) {
      if (stop !== item) stop.tabIndex = -1;
    }
    item.tabIndex = 0;
    const cell = item.closest<HTMLElement>('[data-cell]');
    if (cell?.dataset.cell)
      activeCell.current = { cell: cell.dataset.cell, shiftId: item.dataset.shiftId ?? null };
  }

  function focusItem(item: HTMLElement) {
    rove(item);
    item.focus();
    item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /** Arrow keys between cells (and between the entries of one cell), Home and End, Delete. */
  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const item = event.target as HTMLElement;
    if (event.defaultPrevented || !isAdmin || !item.matches('[data-grid-item]')) return;
    if (event.altKey || event.metaKey || event.shiftKey) return;
    const cell = item.closest<HTMLElement>('[data-cell]');
    const key = cell?.dataset.cell;
    if (!cell || !key) return;
    const [staffId, date] = key.split('|') as [string, string];
    const { staffIds: ids, dates: days } = latest.current;
    // The headings' row is row -1, above the first person.
    const row = staffId === HEAD_ROW ? -1 : ids.indexOf(staffId);
    const column = days.indexOf(date);
    const items = itemsOf(cell);
    const position = items.indexOf(item);
    let next: { row: number; column: number; at: 'first' | 'last' } | null = null;
    switch (event.key) {
      case 'ArrowRight':
        next = { row, column: column + 1, at: 'first' };
        break;
      case 'ArrowLeft':
        next = { row, column: column - 1, at: 'first' };
        break;
      case 'ArrowDown':
        if (position < items.length - 1) {
          event.preventDefault();
          focusItem(items[position + 1]!);
          return;
        }
        next = { row: row + 1, column, at: 'first' };
        break;
      case 'ArrowUp':
        if (position > 0) {
          event.preventDefault();
          focusItem(items[position - 1]!);
          return;
        }
        next = { row: row - 1, column, at: 'last' };
        break;
      case 'Home':
        next = { row: event.ctrlKey ? -1 : row, column: 0, at: 'first' };
        break;
      case 'End':
        next = { row: event.ctrlKey ? ids.length - 1 : row, column: days.length - 1, at: 'first' };
        break;
      case 'Delete':
      case 'Backspace': {
        const shift = latest.current.shifts.find((entry) => entry.shiftId === item.dataset.shiftId);
        const remove = latest.current.onDelete;
        if (!shift || !remove) return;
        event.preventDefault();
        void remove(shift).then((deleted) => {
          if (deleted) setPendingFocus({ cell: key, shiftId: null, skip: shift.shiftId });
        });
        return;
      }
      default:
        return;
    }
    if (event.ctrlKey && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    if (next.row < -1 || next.row >= ids.length || next.column < 0 || next.column >= days.length) return;
    const target = cellKey(next.row === -1 ? HEAD_ROW : ids[next.row]!, days[next.column]!);
    const drawn = tableRef.current?.querySelector<HTMLElement>(`[data-cell="${CSS.escape(target)}"]`);
    const items2 = drawn ? itemsOf(drawn) : [];
    const found = next.at === 'last' ? items2.at(-1) : items2[0];
    if (found) {
      focusItem(found);
      return;
    }
    // A row not drawn yet (a large team): bring it into view, then focus once it is there.
    if (virtualized) virtualizer.scrollToIndex(next.row, { align: 'auto' });
    setPendingFocus({ cell: target, shiftId: null, at: next.at });
  }

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

  const items = virtualized
    ? virtualizer.getVirtualItems()
    : rows.map((_, index) => ({ index, start: 0, end: 0 }));
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = virtualized && first ? first.start - scrollMargin : 0;
  const paddingBottom = virtualized && last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

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
          aria-rowcount={rows.length + 2}
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
          />
          <tbody>
            <Spacer height={paddingTop} />
            {items.map(({ index }) => {
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
                  dropTargets={dragging !== null}
                  index={index}
                  measure={virtualized ? virtualizer.measureElement : undefined}
                />
              );
            })}
            <Spacer height={paddingBottom} />
          </tbody>
          <tfoot>
            <tr className="border-t border-border bg-muted/40" aria-rowindex={rows.length + 2}>
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
              <ChipBody shift={dragging} isNext={false} />
            </div>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
