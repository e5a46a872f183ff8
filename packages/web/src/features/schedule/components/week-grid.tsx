import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { formatDayOfMonth, formatLongDate, formatWeekday } from '../../../lib/dates';
import { cn } from '../../../lib/utils';

/**
 * Staff down the side, the seven days across. Cells hold the day's shifts (none yet in the product);
 * on a narrow screen the grid scrolls sideways with the names kept in view.
 */
export function WeekGrid({ dates, today, staff }: { dates: string[]; today: string; staff: StaffDto[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
      <table className="w-full min-w-[720px] table-fixed border-collapse text-sm">
        <caption className="sr-only">Shifts for each member of staff, by day</caption>
        <colgroup>
          <col className="w-36 sm:w-48" />
          {dates.map((date) => (
            <col key={date} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b border-border">
            <th
              scope="col"
              className="sticky left-0 z-10 bg-card px-3 py-3 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase"
            >
              Staff
            </th>
            {dates.map((date) => {
              const isToday = date === today;
              return (
                <th
                  key={date}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  className={cn('px-2 py-2 text-center font-medium', isToday && 'bg-highlight')}
                >
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
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <tr key={member.staffId} className="border-b border-border last:border-b-0">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-card px-3 py-3 text-left align-top font-normal shadow-[1px_0_0_var(--border)]"
              >
                <span className="block truncate font-medium">{member.fullName}</span>
                {member.role ? (
                  <span className="block truncate text-xs text-muted-foreground">{member.role}</span>
                ) : null}
              </th>
              {dates.map((date) => (
                <td
                  key={date}
                  className={cn(
                    'h-16 border-l border-border/60 px-1.5 py-1.5 align-top',
                    date === today && 'bg-highlight/60',
                  )}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
