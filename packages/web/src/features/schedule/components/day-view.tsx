import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { StickyNote } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { formatLongDate } from '../../../lib/dates';
import {
  barLayout,
  cellKey,
  chipColourClasses,
  chipTimeText,
  indexCells,
  overnightTail,
  timeOffLabel,
} from '../../../lib/schedule-grid';
import { formatClock, useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import type { GridRow } from './staff-row';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21];

type Bar = { shift: ShiftDto; left: number; width: number; fromDayBefore: boolean };

/**
 * One day as a 00:00–24:00 timeline: people as rows, entries as positioned bars, and the morning
 * part of overnight shifts that began the day before (so 22:00–06:00 shows on both days).
 */
export function DayView({
  date,
  rows,
  shifts,
  myStaffId,
  notes = [],
  onOpen,
}: {
  date: string;
  /** The team's notes; the ones for this day show above the timeline. */
  notes?: readonly DayNoteDto[];
  rows: readonly GridRow[];
  /** Entries of this day and the day before (for overnight shifts). */
  shifts: readonly ShiftDto[];
  myStaffId: string | null;
  onOpen?: ((shift: ShiftDto) => void) | undefined;
}) {
  const hour12 = useHour12();
  const cells = useMemo(() => indexCells(shifts), [shifts]);
  const dayBefore = addDays(date, -1);
  const barsOf = (staffId: string): Bar[] => [
    ...(cells.get(cellKey(staffId, dayBefore)) ?? []).flatMap((shift) => {
      const tail = overnightTail(shift);
      return tail ? [{ shift, ...tail, fromDayBefore: true }] : [];
    }),
    ...(cells.get(cellKey(staffId, date)) ?? []).map((shift) => ({
      shift,
      ...barLayout(shift),
      fromDayBefore: false,
    })),
  ];
  const rowsWithBars = rows.map((row) => ({ ...row, bars: barsOf(row.member.staffId) }));
  const nothingScheduled = rowsWithBars.every((row) => row.bars.length === 0);
  // The timeline is a whole day wide; on a narrow screen it opens scrolled to the first shift
  // rather than at midnight, where there is usually nothing to see.
  const scroller = useRef<HTMLDivElement>(null);
  const firstStart = Math.min(
    ...rowsWithBars.flatMap((row) => row.bars.filter((bar) => !bar.fromDayBefore).map((bar) => bar.left)),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new day scrolls again even when its first shift starts at the same time
  useEffect(() => {
    const element = scroller.current;
    if (!element || !Number.isFinite(firstStart)) return;
    const label = element.querySelector<HTMLElement>('[data-staff-column]')?.offsetWidth ?? 0;
    const timeline = element.scrollWidth - label;
    element.scrollLeft = Math.max(0, (firstStart / 100) * timeline - 16);
  }, [date, firstStart]);
  const dayNotes = notes.filter((note) => note.noteDate === date);
  return (
    <>
      {dayNotes.map((note) => (
        <p
          key={note.noteId}
          className="mb-3 flex items-start gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm break-words whitespace-pre-line"
        >
          <StickyNote aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            <span className="sr-only">Note for the day: </span>
            {note.noteText}
          </span>
        </p>
      ))}
      {nothingScheduled ? (
        <p className="mb-3 text-sm text-muted-foreground">Nothing scheduled on {formatLongDate(date)}.</p>
      ) : null}
      <div
        ref={scroller}
        className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm"
        data-testid="day-view"
      >
        <div className="min-w-[720px]">
          <div className="grid grid-cols-[8rem_1fr] border-b sm:grid-cols-[12rem_1fr]">
            <div
              data-staff-column
              className="sticky left-0 z-10 bg-card px-3 py-2 text-xs font-medium text-muted-foreground uppercase"
            >
              Staff
            </div>
            <div className="relative h-8" aria-hidden="true">
              {HOURS.map((hour) => (
                <span
                  key={hour}
                  className="absolute top-2 -translate-x-1/2 text-xs text-muted-foreground tabular-nums first:translate-x-0"
                  style={{ left: `${(hour / 24) * 100}%` }}
                >
                  {formatClock(`${String(hour).padStart(2, '0')}:00`, hour12)}
                </span>
              ))}
            </div>
          </div>
          <ul>
            {rowsWithBars.map(({ member, bars }) => {
              const mine = member.staffId === myStaffId;
              return (
                <li
                  key={member.staffId}
                  className={cn(
                    'grid grid-cols-[8rem_1fr] border-b last:border-b-0 sm:grid-cols-[12rem_1fr]',
                    mine && 'bg-highlight/40',
                  )}
                >
                  <div
                    className={cn(
                      'sticky left-0 z-10 truncate bg-card px-3 py-3 text-sm font-medium shadow-[1px_0_0_var(--border)]',
                      mine && 'bg-highlight',
                    )}
                  >
                    {member.fullName}
                  </div>
                  <div className="relative h-12">
                    {HOURS.map((hour) => (
                      <span
                        key={hour}
                        aria-hidden="true"
                        className="absolute inset-y-0 border-l border-border/60"
                        style={{ left: `${(hour / 24) * 100}%` }}
                      />
                    ))}
                    {bars.map(({ shift, left, width, fromDayBefore }) => {
                      const from = fromDayBefore ? `, from ${formatLongDate(dayBefore)}` : '';
                      const off = timeOffLabel(shift);
                      const label = `${member.fullName}: ${chipTimeText(shift, hour12)}${off ? ` ${off.spoken.toLowerCase()}` : ''}${from}`;
                      const text = `${fromDayBefore ? '← ' : ''}${chipTimeText(shift, hour12)}${off ? ` · ${off.text}` : ''}`;
                      const className = cn(
                        'absolute top-2 bottom-2 overflow-hidden rounded-md border px-1.5 text-left text-xs leading-7 whitespace-nowrap',
                        chipColourClasses(shift),
                      );
                      const style = { left: `${left}%`, width: `max(${width}%, 2.5rem)` };
                      return onOpen ? (
                        <button
                          key={`${shift.shiftId}${from}`}
                          type="button"
                          aria-label={label}
                          title={label}
                          onClick={() => onOpen(shift)}
                          className={cn(
                            className,
                            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                          )}
                          style={style}
                        >
                          {text}
                        </button>
                      ) : (
                        <div
                          key={`${shift.shiftId}${from}`}
                          title={label}
                          className={className}
                          style={style}
                        >
                          {text}
                        </div>
                      );
                    })}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </>
  );
}
