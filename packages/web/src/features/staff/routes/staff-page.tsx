import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { readStorage, removeStorage } from '../../../lib/storage';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { StaffList } from '../components/staff-list';
import { StaffWelcomeAlert } from '../components/staff-welcome-alert';

export function StaffPage() {
  const { team, isLoading: teamLoading } = useSelectedTeam();
  const [showWelcome, setShowWelcome] = useState(
    () => readStorage(STORAGE_KEYS.showStaffWelcomeAlert) === 'true',
  );
  const staffQuery = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: Boolean(team) });

  function dismissWelcome() {
    removeStorage(STORAGE_KEYS.showStaffWelcomeAlert);
    setShowWelcome(false);
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageMeta title="Staff" description="The people on your team's staff list." />
      <PageHeader
        title="Staff"
        description={team ? `Everyone on the staff list of ${team.teamName}.` : 'Everyone on your team.'}
      />
      {showWelcome ? <StaffWelcomeAlert onDismiss={dismissWelcome} /> : null}
      {teamLoading || (team && staffQuery.isPending) ? <PageSpinner label="Loading staff…" /> : null}
      {staffQuery.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {errorMessage(staffQuery.error, 'Failed to load the staff list.')}
          </AlertDescription>
        </Alert>
      ) : null}
      {staffQuery.data ? (
        staffQuery.data.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-muted-foreground">
              {staffQuery.data.length} {staffQuery.data.length === 1 ? 'person' : 'people'}
            </p>
            <StaffList staff={staffQuery.data} />
          </>
        ) : (
          <EmptyState icon={UsersRound} title="No staff yet">
            <p>Nobody is on this team's staff list yet. The people you add will appear here.</p>
          </EmptyState>
        )
      ) : null}
    </div>
  );
}

export default StaffPage;
