import { addDays, weekDates } from '@rotaboard/core/dates/week';
import { Globe, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatDateRange, formatLongDate } from '../../../lib/dates';
import { cn } from '../../../lib/utils';
import { PresenceList } from './presence-list';
import { DatePickerButton, WeekNavigation } from './week-navigation';

/**
 * The schedule's heading: the team, the lock (for administrators), the week or day shown, who else
 * is looking, and the controls to change view and move through the weeks.
 */
export function ScheduleHeader({
  teamName,
  teamId,
  userId,
  lockedUntil,
  phone,
  focus,
  today,
  foreignTimeZone,
  weekStartDay,
  dayView,
  compactTools,
}: {
  teamName: string | undefined;
  teamId: string | null;
  userId: string | null;
  /** Shown to administrators only: null for staff, who see unpublished days explained instead. */
  lockedUntil: string | null;
  phone: boolean;
  /** The day in view (its week in week view). */
  focus: string;
  today: string;
  /** The team's zone when the browser is in another one: its times are that zone's wall clocks. */
  foreignTimeZone: string | null;
  weekStartDay: number;
  dayView: boolean;
  /** The week tools as one menu, beside the navigation on a phone. */
  compactTools: ReactNode;
}) {
  const navigate = useNavigate();
  const dates = weekDates(focus, weekStartDay);
  const start = dates[0]!;
  const title = dayView ? formatLongDate(focus) : formatDateRange(start, dates[6]!);
  // An open agent proposal stays open from week to week (it can span several).
  const [searchParams] = useSearchParams();
  const proposal = searchParams.get('proposal');
  const kept = new URLSearchParams();
  if (dayView) kept.set('view', 'day');
  if (proposal) kept.set('proposal', proposal);
  const suffix = kept.toString() ? `?${kept.toString()}` : '';
  const goTo = (date: string) => navigate(`${date === today ? '/schedule' : `/schedule/${date}`}${suffix}`);

  // On a phone the heading and every control fit in two short rows, so the week starts within the
  // first fifth of the screen: the team's name is in the header's selector already, the lock is an
  // icon, presence sits beside the title and the week tools are one menu.
  return (
    <div className="mb-2 flex flex-col gap-1.5 sm:mb-4 sm:gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        {/* Every line here is drawn from the first paint (empty until its data comes), so the
            controls and the week never move down as the team, the lock or the viewers arrive. */}
        <p className="hidden min-h-5 items-center gap-3 text-sm text-muted-foreground sm:flex">
          <span className="truncate font-medium">{teamName}</span>
          {!phone && lockedUntil ? (
            <span className="flex shrink-0 items-center gap-1">
              <Lock aria-hidden="true" className="size-3.5" />
              Locked until {formatLongDate(lockedUntil)}
            </span>
          ) : null}
        </p>
        <div className="flex items-center gap-2">
          <h1 className="flex min-w-0 flex-1 items-center gap-1.5 text-xl font-semibold tracking-tight sm:text-3xl">
            {title}
            {phone && lockedUntil ? (
              <Lock
                role="img"
                aria-label={`Locked until ${formatLongDate(lockedUntil)}`}
                className="size-4 shrink-0 text-muted-foreground"
              />
            ) : null}
          </h1>
          {phone && teamId ? <PresenceList teamId={teamId} userId={userId} compact /> : null}
          {phone ? <DatePickerButton date={focus} onPick={goTo} /> : null}
        </div>
        {foreignTimeZone ? (
          // Shift times are the team's wall clocks: someone abroad reads 09:00 as 09:00 there.
          <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground sm:text-sm">
            <Globe aria-hidden="true" className="size-3.5 shrink-0" />
            <span>
              Times in{' '}
              <span className="font-medium text-foreground">{foreignTimeZone.replaceAll('_', ' ')}</span>
            </span>
          </p>
        ) : null}
        {!phone ? (
          <div className="mt-2 min-h-7">
            {teamId ? <PresenceList teamId={teamId} userId={userId} /> : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-1 sm:gap-2">
        <fieldset aria-label="View" className="flex rounded-md border border-input p-0.5">
          {(['Week', 'Day'] as const).map((label) => {
            const active = (label === 'Day') === dayView;
            return (
              <Button
                key={label}
                size="sm"
                variant={active ? 'secondary' : 'ghost'}
                aria-pressed={active}
                className={cn('h-8 px-2 sm:px-3')}
                onClick={() =>
                  navigate(
                    `${focus === today && label === 'Week' ? '/schedule' : `/schedule/${focus}`}${label === 'Day' ? '?view=day' : ''}`,
                  )
                }
              >
                {label}
              </Button>
            );
          })}
        </fieldset>
        <WeekNavigation
          date={focus}
          unit={dayView ? 'day' : 'week'}
          compact={phone}
          onPrevious={() => goTo(dayView ? addDays(focus, -1) : addDays(start, -7))}
          onNext={() => goTo(dayView ? addDays(focus, 1) : addDays(start, 7))}
          onToday={() => navigate(`/schedule${suffix}`)}
          onPick={goTo}
        />
        {phone ? compactTools : null}
      </div>
    </div>
  );
}
