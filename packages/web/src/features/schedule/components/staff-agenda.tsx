import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import {
  chipColourClasses,
  chipTimeText,
  formatDuration,
  overnightEndLabel,
  timeOffLabel,
} from '../../../lib/schedule-grid';
import { useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';

const byStart = (a: ShiftDto, b: ShiftDto) => (a.startTime ?? '').localeCompare(b.startTime ?? '');

function EntryCard({ shift, hour12 }: { shift: ShiftDto; hour12: boolean }) {
  const ends = overnightEndLabel(shift, hour12);
  const off = timeOffLabel(shift);
  return (
    <div className={cn('rounded-lg border px-3 py-2 text-sm', chipColourClasses(shift))}>
      <p className="font-semibold tabular-nums">
        {off ? (
          <>
            {/* "Sick" to the eye, "Sick (time off)" to a screen reader: a sick call is still time off. */}
            {off.text}
            {off.aside ? <span className="sr-only">{off.aside}</span> : null}
            {` · ${chipTimeText(shift, hour12)}`}
          </>
        ) : (
          chipTimeText(shift, hour12)
        )}
        {ends ? <span className="ml-1.5 font-normal">{ends}</span> : null}
      </p>
      {!shift.isTimeOff && shift.breakMinutes > 0 ? (
        <p className="text-xs">{formatDuration(shift.breakMinutes)} break</p>
      ) : null}
      {shift.notes ? <p className="mt-1 text-xs break-words whitespace-pre-line">{shift.notes}</p> : null}
    </div>
  );
}

/**
 * A member of staff's week on a phone: one entry per day with their own shifts and time off, and
 * below, who else works that day. Seven columns do not fit a phone; a list of days reads top to bottom
 * like a diary. (Administrators keep the grid: they build the week, not just read it.)
 */
export function StaffAgenda({
  dates,
  shifts,
  notes,
  staff,
  myStaffId,
  today,
  onOffer = null,
  shiftAction = null,
}: {
  dates: string[];
  shifts: ShiftDto[];
  notes: DayNoteDto[];
  staff: StaffDto[];
  myStaffId: string | null;
  today: string;
  /** On Pro: Swap / Give away on one's own future shifts (issue 27). */
  onOffer?: ((shift: ShiftDto) => void) | null;
  /** On Pro, under one's own upcoming shifts: "Call in sick" (issue 44). */
  shiftAction?: ((shift: ShiftDto) => ReactNode) | null;
}) {
  const hour12 = useHour12();
  const nameOf = new Map(staff.map((member) => [member.staffId, member.fullName]));
  return (
    <ul aria-label="Your week" className="flex flex-col gap-3">
      {dates.map((date) => {
        const onDay = shifts.filter((shift) => shift.shiftDate === date).sort(byStart);
        const mine = onDay.filter((shift) => shift.staffId === myStaffId);
        const others = onDay.filter((shift) => shift.staffId !== myStaffId && !shift.isTimeOff);
        const isToday = date === today;
        return (
          <li
            key={date}
            className={cn(
              'rounded-xl border border-border bg-card p-3',
              isToday && 'border-primary/60 ring-1 ring-primary/30',
            )}
            aria-current={isToday ? 'date' : undefined}
          >
            <h2 className="mb-2 flex items-baseline justify-between gap-2 text-sm font-semibold">
              <span>{formatLongDate(date)}</span>
              {isToday ? <span className="text-xs font-medium text-primary">Today</span> : null}
            </h2>
            {notes
              .filter((note) => note.noteDate === date)
              .map((note) => (
                <p
                  key={note.noteId}
                  className="mb-2 rounded-md bg-muted px-2 py-1 text-xs break-words whitespace-pre-line"
                >
                  <span className="font-medium">Note: </span>
                  {note.noteText}
                </p>
              ))}
            {myStaffId ? (
              mine.length > 0 ? (
                <div className="flex flex-col gap-2">
                  {mine.map((shift) => {
                    const offer = onOffer && !shift.isTimeOff && shift.shiftDate >= today;
                    const extra = shiftAction?.(shift) ?? null;
                    if (!offer && !extra)
                      return <EntryCard key={shift.shiftId} shift={shift} hour12={hour12} />;
                    return (
                      <div key={shift.shiftId} className="flex flex-col gap-1">
                        <EntryCard shift={shift} hour12={hour12} />
                        <div className="flex flex-wrap gap-2">
                          {offer ? (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-haspopup="dialog"
                              aria-label={`Swap or give away your ${chipTimeText(shift, hour12)} shift on ${formatLongDate(date)}`}
                              onClick={() => onOffer(shift)}
                            >
                              Swap or give away
                            </Button>
                          ) : null}
                          {extra}
                        </div>
                      </div>
                    );
                  })}
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Not working</p>
              )
            ) : null}
            {others.length > 0 ? (
              <div className={cn(myStaffId && 'mt-3 border-t border-border pt-2')}>
                <h3 className="text-xs font-medium text-muted-foreground">
                  {myStaffId ? 'Also working' : 'Working'}
                </h3>
                <ul className="mt-1 flex flex-col gap-0.5 text-sm">
                  {others.map((shift) => {
                    const ends = overnightEndLabel(shift, hour12);
                    return (
                      <li key={shift.shiftId} className="flex justify-between gap-3">
                        <span className="min-w-0 break-words">{nameOf.get(shift.staffId) ?? 'Someone'}</span>
                        <span className="shrink-0 text-right tabular-nums text-muted-foreground">
                          {chipTimeText(shift, hour12)}
                          {ends ? <span className="block text-xs">{ends}</span> : null}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
