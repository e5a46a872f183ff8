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
import { Lock, Plus, StickyNote } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDayOfMonth, formatLongDate, formatWeekday } from '../../../lib/dates';
import {
  cellEntries,
  chipColourClasses,
  chipTimeText,
  formatHours,
  isDateLocked,
  swatchClass,
} from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';

export type GridRow = { member: StaffDto; totalMinutes: number; contracted: number | null };

type ChipProps = {
  shift: ShiftDto;
  isNext: boolean;
  onOpen?: ((shift: ShiftDto) => void) | undefined;
  draggable: boolean;
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
      {shift.breakMinutes > 0 && (!shift.isTimeOff || shift.timeOffHours === null) && shift.startTime ? (
        <span className="block text-[11px] opacity-80">{shift.breakMinutes}m break</span>
      ) : null}
      {isNext ? <span className="block text-[11px] font-semibold uppercase">Next shift</span> : null}
    </>
  );
}

function Chip({ shift, isNext, onOpen, draggable }: ChipProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: shift.shiftId,
    data: { shift },
    disabled: !draggable,
  });
  const className = cn(
    'block w-full rounded-md border px-1.5 py-1 text-left text-xs leading-tight shadow-xs',
    chipColourClasses(shift),
    isNext && 'ring-2 ring-primary ring-offset-1 ring-offset-card',
    isDragging && 'opacity-40',
  );
  if (!onOpen) {
    return (
      <div className={className} data-shift-chip="">
        <ChipBody shift={shift} isNext={isNext} />
      </div>
    );
  }
  return (
    <button
      ref={setNodeRef}
      type="button"
      data-shift-chip=""
      {...attributes}
      {...listeners}
      // Only a pointer drags; Enter or Space opens the editor (where person and date can change).
      onKeyDown={undefined}
      aria-roledescription={draggable ? 'draggable shift' : undefined}
      onClick={() => onOpen(shift)}
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
}: {
  staffId: string;
  name: string;
  date: string;
  today: string;
  locked: boolean;
  children: React.ReactNode;
  onAdd?: (() => void) | undefined;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${staffId}|${date}`, data: { staffId, date } });
  return (
    <td
      ref={setNodeRef}
      className={cn(
        'h-16 border-l border-border/60 p-1 align-top',
        date === today && 'bg-highlight/60',
        locked && 'bg-muted/60',
        isOver && 'bg-primary/10 outline-2 -outline-offset-2 outline-primary outline-dashed',
      )}
    >
      <div className="flex h-full min-h-14 flex-col gap-1">
        {children}
        {onAdd ? (
          <button
            type="button"
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
 * Staff down the side, the seven days across, each cell holding the day's entries. Admins click a
 * cell to add, a chip to edit, and drag chips between cells (Alt, Ctrl or Cmd held on drop copies).
 * On a narrow screen the grid scrolls sideways with the names kept in view.
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
}: {
  dates: string[];
  today: string;
  rows: GridRow[];
  shifts: ShiftDto[];
  notes: DayNoteDto[];
  dayTotals: number[];
  isAdmin: boolean;
  myStaffId: string | null;
  nextShiftId: string | null;
  lockedUntil: string | null;
  onAdd: (staffId: string, date: string) => void;
  onOpen: (shift: ShiftDto) => void;
  onDrop: (shift: ShiftDto, staffId: string, date: string, copy: boolean) => void;
  onNote: (date: string, note: DayNoteDto | null) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragging, setDragging] = useState<ShiftDto | null>(null);
  const copyHeld = useRef(false);

  useEffect(() => {
    const track = (event: KeyboardEvent | PointerEvent) => {
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
    onDrop(shift, target.staffId, target.date, copy);
  }

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <div
        className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm"
        data-testid="week-grid"
      >
        <table className="w-full min-w-[840px] table-fixed border-collapse text-sm">
          <caption className="sr-only">Shifts for each member of staff, by day</caption>
          <colgroup>
            <col className="w-32 sm:w-48" />
            {dates.map((date) => (
              <col key={date} />
            ))}
          </colgroup>
          <thead>
            <tr className="border-b border-border">
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
                    aria-current={isToday ? 'date' : undefined}
                    className={cn(
                      'px-1.5 py-2 text-center align-top font-medium',
                      isToday && 'bg-highlight',
                      locked && !isToday && 'bg-muted/60',
                    )}
                  >
                    <div className="flex flex-col items-center">
                      <abbr title={formatLongDate(date)} className="flex flex-col items-center no-underline">
                        <span
                          className={cn('text-xs text-muted-foreground uppercase', isToday && 'text-primary')}
                        >
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
                          isAdmin ? (
                            <button
                              key={note.noteId}
                              type="button"
                              onClick={() => onNote(date, note)}
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
                        {isAdmin ? (
                          <button
                            type="button"
                            onClick={() => onNote(date, null)}
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
          <tbody>
            {rows.map(({ member, totalMinutes, contracted }) => {
              const mine = member.staffId === myStaffId;
              return (
                <tr
                  key={member.staffId}
                  className={cn('border-b border-border last:border-b-0', mine && 'bg-highlight/40')}
                  aria-current={mine ? 'true' : undefined}
                >
                  <th
                    scope="row"
                    className={cn(
                      'sticky left-0 z-10 bg-card px-3 py-2 text-left align-top font-normal shadow-[1px_0_0_var(--border)]',
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
                  {dates.map((date) => {
                    const entries = cellEntries(shifts, member.staffId, date);
                    return (
                      <Cell
                        key={date}
                        staffId={member.staffId}
                        name={member.fullName}
                        date={date}
                        today={today}
                        locked={isDateLocked(date, lockedUntil)}
                        onAdd={isAdmin ? () => onAdd(member.staffId, date) : undefined}
                      >
                        {entries.map((shift) => (
                          <Chip
                            key={shift.shiftId}
                            shift={shift}
                            isNext={shift.shiftId === nextShiftId}
                            draggable={isAdmin}
                            onOpen={isAdmin ? onOpen : undefined}
                          />
                        ))}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="border-t border-border bg-muted/40">
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
