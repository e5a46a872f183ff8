import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/contracts/teams';
import { addDays, toIsoDate, weekDates } from '@rotaboard/core/dates/week';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, UsersRound } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateRange, isIsoDate } from '../../../lib/dates';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { WeekGrid } from '../components/week-grid';
import { WeekNavigation } from '../components/week-navigation';

/** Today as the viewer's calendar date, refreshed when the day changes under an open page. */
function useToday(): string {
  const [today, setToday] = useState(() => toIsoDate(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(toIsoDate(new Date())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

export function SchedulePage() {
  const { date: dateParam } = useParams();
  const navigate = useNavigate();
  const today = useToday();
  const { team, isLoading: teamLoading, isError: teamsError } = useSelectedTeam();
  const staffQuery = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: Boolean(team) });

  if (dateParam !== undefined && !isIsoDate(dateParam)) return <Navigate to="/schedule" replace />;

  const focus = dateParam ?? today;
  const dates = weekDates(focus, team?.weekStartDay ?? DEFAULT_WEEK_START_DAY);
  const start = dates[0]!;
  const end = dates[6]!;
  const range = formatDateRange(start, end);
  const goTo = (date: string) => navigate(date === today ? '/schedule' : `/schedule/${date}`);
  // Staff who left before this week began are not on its rota.
  const staff = (staffQuery.data ?? []).filter(
    (member) => !member.leavingDate || member.leavingDate >= start,
  );

  let body: ReactNode;
  if (teamLoading) {
    body = <PageSpinner label="Loading your team…" />;
  } else if (teamsError) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription>Your teams couldn't be loaded. Reload the page to try again.</AlertDescription>
      </Alert>
    );
  } else if (!team) {
    body = (
      <EmptyState icon={CalendarDays} title="You're not on a team yet">
        <p>
          Schedules belong to teams. When a team owner invites you by email, open the invitation and their
          team's rota will appear here.
        </p>
      </EmptyState>
    );
  } else if (staffQuery.isPending) {
    body = <PageSpinner label="Loading the schedule…" />;
  } else if (staffQuery.isError) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{errorMessage(staffQuery.error, 'Failed to load the schedule.')}</AlertDescription>
      </Alert>
    );
  } else if (staff.length === 0) {
    body = (
      <EmptyState icon={UsersRound} title="No one on the rota this week">
        <p>{team.teamName} has nobody on its staff list for this week yet.</p>
      </EmptyState>
    );
  } else {
    body = <WeekGrid dates={dates} today={today} staff={staff} />;
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <PageMeta title="Schedule" description="Your team's rota for the week." />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          {team ? (
            <p className="truncate text-sm font-medium text-muted-foreground">{team.teamName}</p>
          ) : null}
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{range}</h1>
        </div>
        <WeekNavigation
          date={focus}
          onPrevious={() => goTo(addDays(start, -7))}
          onNext={() => goTo(addDays(start, 7))}
          onToday={() => navigate('/schedule')}
          onPick={goTo}
        />
      </div>
      {body}
    </div>
  );
}

export default SchedulePage;
