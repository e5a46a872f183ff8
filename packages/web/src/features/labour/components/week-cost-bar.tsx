import { formatMoney } from '@rotaboard/core/labour/money';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { formatHours } from '../../../lib/schedule-grid';
import { cn } from '../../../lib/utils';
import { labourQueryOptions } from '../api/labour-api';
import { budgetText, peopleWithoutRate, weekBudgetState } from '../utils/budget-bar';

export type WeekCostProps = { teamId: string; dates: readonly string[] };

/**
 * Above the week grid (owner and administrators of Pro teams): what the week costs, a bar against the
 * weekly budget that turns red over it and says by how much, and who costs nothing for want of a rate,
 * each a link to their rates. The figures are the server's (`/labour`, core's rules); nothing is
 * summed here. Loaded on its own, after the week, so the schedule's first load does not carry it.
 */
export default function WeekCostBar({ teamId, dates }: WeekCostProps) {
  const start = dates[0]!;
  const query = useQuery(labourQueryOptions(teamId, start, dates[dates.length - 1]!));
  if (query.isError && !query.data) {
    return (
      <p className="mb-3 text-sm text-muted-foreground" role="status">
        The week's cost could not be read: {errorMessage(query.error, 'try again shortly')}.
      </p>
    );
  }
  const labour = query.data;
  if (!labour) return <div className="mb-3 h-[3.25rem]" aria-hidden="true" />;
  const state = weekBudgetState(labour, start);
  const money = (minor: number) => formatMoney(minor, labour.currency);
  const missing = peopleWithoutRate(labour);
  const over = state.kind === 'over';
  const weekMinutes = labour.days.reduce((sum, day) => sum + day.minutes, 0);
  return (
    <section
      aria-label="Labour cost"
      data-testid="week-cost"
      data-over-budget={over ? 'true' : 'false'}
      className="mb-3 rounded-lg border border-border bg-card px-3 py-2 text-sm"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-sm font-medium">Labour cost</h2>
        <p className="text-base font-semibold tabular-nums" data-testid="week-cost-total" aria-live="polite">
          {money(state.costMinor)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">{formatHours(weekMinutes)} paid</p>
        <p
          className={cn(
            'ml-auto text-xs tabular-nums',
            over ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
          data-testid="week-cost-budget"
          aria-live="polite"
        >
          {budgetText(state, labour.currency)}
        </p>
      </div>
      {state.kind === 'no-budget' ? null : (
        // The words beside it say the same (over by how much, or what is left): the bar is for the eye.
        <div
          aria-hidden="true"
          data-testid="week-cost-meter"
          className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', over ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${state.percent}%` }}
          />
        </div>
      )}
      {missing.length > 0 ? (
        <p className="mt-1.5 text-xs text-amber-800 dark:text-amber-200" data-testid="week-cost-missing">
          No pay rate:{' '}
          {missing.map((person, index) => (
            <Fragment key={person.staffId}>
              {index > 0 ? ', ' : null}
              <Link
                to={`/staff?payRates=${person.staffId}`}
                className="underline underline-offset-2 hover:text-foreground"
              >
                {person.staffName}
              </Link>
            </Fragment>
          ))}
        </p>
      ) : null}
    </section>
  );
}
