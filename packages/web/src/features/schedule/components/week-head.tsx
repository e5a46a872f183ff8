import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { Lock, Plus } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { formatDayOfMonth, formatLongDate, formatWeekday } from '../../../lib/dates';
import { cellKey } from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';
import { HEAD_ROW } from '../utils/grid-keyboard';

type WeekHeadProps = {
  dates: readonly string[];
  today: string;
  lockedUntil: string | null;
  notes: readonly DayNoteDto[];
  onNote: ((date: string, note: DayNoteDto | null) => void) | null;
  /** Drawn under a day's notes by another feature (the open proposal's day notes, features/staffing). */
  dayMarks?: ((date: string) => ReactNode) | null;
};

/** The days across the top, each with its lock mark, day notes and what `dayMarks` adds under them. */
export const WeekHead = memo(function WeekHead({
  dates,
  today,
  lockedUntil,
  notes,
  onNote,
  dayMarks = null,
}: WeekHeadProps) {
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
                  {dayMarks?.(date)}
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
