import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { barLayout, chipColourClasses, chipTimeText } from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';
import type { GridRow } from './week-grid';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21];

/** One day as a 00:00–24:00 timeline: people as rows, entries as positioned bars. */
export function DayView({
  date,
  rows,
  shifts,
  myStaffId,
  onOpen,
}: {
  date: string;
  rows: GridRow[];
  shifts: ShiftDto[];
  myStaffId: string | null;
  onOpen?: ((shift: ShiftDto) => void) | undefined;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm" data-testid="day-view">
      <div className="min-w-[720px]">
        <div className="grid grid-cols-[8rem_1fr] border-b sm:grid-cols-[12rem_1fr]">
          <div className="sticky left-0 z-10 bg-card px-3 py-2 text-xs font-medium text-muted-foreground uppercase">
            Staff
          </div>
          <div className="relative h-8" aria-hidden="true">
            {HOURS.map((hour) => (
              <span
                key={hour}
                className="absolute top-2 -translate-x-1/2 text-xs text-muted-foreground tabular-nums first:translate-x-0"
                style={{ left: `${(hour / 24) * 100}%` }}
              >
                {String(hour).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
        <ul>
          {rows.map(({ member }) => {
            const entries = shifts.filter((s) => s.staffId === member.staffId && s.shiftDate === date);
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
                  {entries.map((shift) => {
                    const { left, width } = barLayout(shift);
                    const label = `${member.fullName}: ${chipTimeText(shift)}${shift.isTimeOff ? ' time off' : ''}`;
                    const className = cn(
                      'absolute top-2 bottom-2 overflow-hidden rounded-md border px-1.5 text-left text-xs leading-7 whitespace-nowrap',
                      chipColourClasses(shift),
                    );
                    const style = { left: `${left}%`, width: `max(${width}%, 2.5rem)` };
                    return onOpen ? (
                      <button
                        key={shift.shiftId}
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
                        {chipTimeText(shift)}
                        {shift.isTimeOff ? ' · Time off' : ''}
                      </button>
                    ) : (
                      <div key={shift.shiftId} title={label} className={className} style={style}>
                        {chipTimeText(shift)}
                        {shift.isTimeOff ? ' · Time off' : ''}
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
  );
}
