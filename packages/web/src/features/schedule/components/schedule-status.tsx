import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { CalendarDays, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';

/**
 * What the schedule shows instead of the week while there is no week to show: the team or the week
 * loading, failing, no team, nobody on the rota, or nobody matching the search. Null once the week
 * can be drawn.
 */
export function scheduleStatus({
  teamLoading,
  teamsError,
  team,
  staffQuery,
  shiftsQuery,
  staff,
  rows,
  search,
  onShowEveryone,
}: {
  teamLoading: boolean;
  teamsError: boolean;
  team: { teamName: string } | null | undefined;
  staffQuery: { isPending: boolean; isError: boolean; error: unknown };
  shiftsQuery: { isPending: boolean; isError: boolean; error: unknown };
  staff: readonly StaffDto[];
  rows: readonly unknown[];
  search: string;
  onShowEveryone: () => void;
}): ReactNode {
  if (teamLoading) {
    // Each wait is its own element (a key), so one that starts lower down is a new spinner, not a
    // moved one (layout shift).
    return <PageSpinner key="team" label="Loading your team…" />;
  }
  if (teamsError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>Your teams couldn't be loaded. Reload the page to try again.</AlertDescription>
      </Alert>
    );
  }
  if (!team) {
    return (
      <EmptyState icon={CalendarDays} title="You're not on a team yet">
        <p>
          Schedules belong to teams. When a team owner invites you by email, open the invitation and their
          team's rota will appear here.
        </p>
      </EmptyState>
    );
  }
  if (staffQuery.isPending || shiftsQuery.isPending) {
    return <PageSpinner key="schedule" label="Loading the schedule…" />;
  }
  if (staffQuery.isError || shiftsQuery.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          {errorMessage(staffQuery.error ?? shiftsQuery.error, 'Failed to load the schedule.')}
        </AlertDescription>
      </Alert>
    );
  }
  if (staff.length === 0) {
    return (
      <EmptyState icon={UsersRound} title="No one on the rota this week">
        <p>{team.teamName} has nobody on its staff list for this week yet.</p>
      </EmptyState>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
        No one on this week's rota matches “{search.trim()}”.{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={onShowEveryone}
        >
          Show everyone
        </button>
      </p>
    );
  }
  return null;
}
