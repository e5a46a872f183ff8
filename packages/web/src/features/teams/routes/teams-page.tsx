import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { Building2, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { isTeamAdmin, isTeamOwner, setSelectedTeamId, useSelectedTeam } from '../../../lib/teams';
import { DaySettingsDialog } from '../components/day-settings-dialog';
import { DeleteTeamDialog } from '../components/delete-team-dialog';
import { LabourSettingsDialog } from '../components/labour-settings-dialog';
import { TeamCard, type TeamRole } from '../components/team-card';
import { TeamFormDialog } from '../components/team-form-dialog';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; team: TeamDto }
  | { kind: 'delete'; team: TeamDto }
  | { kind: 'labour'; team: TeamDto }
  | { kind: 'day'; team: TeamDto }
  | null;

/** /teams (Manage Teams): every team the user belongs to, and the owner's and admins' tools for them. */
export function TeamsPage() {
  const { user } = useAuth();
  const { teams, team: selected, isLoading, isError } = useSelectedTeam();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DialogState>(null);
  // The dialog keeps its team while it closes.
  const [lastTeam, setLastTeam] = useState<TeamDto | null>(null);

  function open(next: DialogState) {
    if (next && next.kind !== 'create') setLastTeam(next.team);
    setDialog(next);
  }
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };

  const roleOf = (team: TeamDto): TeamRole =>
    isTeamOwner(team, user?.id) ? 'Owner' : isTeamAdmin(team, user?.id) ? 'Admin' : 'Member';

  // Staff (members of other people's teams only) are not offered to start a team from here: the
  // button is for people who run teams. Someone with no team at all still gets it (empty state).
  const managesATeam = teams.some((team) => roleOf(team) !== 'Member');
  const newTeamButton = (
    <Button onClick={() => open({ kind: 'create' })}>
      <Plus aria-hidden="true" />
      New team
    </Button>
  );

  let body: ReactNode;
  if (isLoading) {
    body = <PageSpinner label="Loading your teams…" />;
  } else if (isError) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription>Your teams couldn't be loaded. Reload the page to try again.</AlertDescription>
      </Alert>
    );
  } else if (teams.length === 0) {
    body = (
      <EmptyState icon={Building2} title="No teams yet">
        <p>Create a team to start building rotas, or ask a team owner to invite you to theirs.</p>
        <div className="mt-5 flex justify-center">{newTeamButton}</div>
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label="Your teams" className="space-y-3">
        {teams.map((team) => {
          const role = roleOf(team);
          return (
            <TeamCard
              key={team.teamId}
              team={team}
              role={role}
              isSelected={selected?.teamId === team.teamId}
              onOpenSchedule={() => {
                setSelectedTeamId(team.teamId);
                navigate('/schedule');
              }}
              onEdit={role === 'Member' ? undefined : () => open({ kind: 'edit', team })}
              onLabour={
                role !== 'Member' && planAllows(team.ownerSubscriptionTier, 'labourCost')
                  ? () => open({ kind: 'labour', team })
                  : undefined
              }
              onDaySettings={
                role !== 'Member' && planAllows(team.ownerSubscriptionTier, 'attendance')
                  ? () => open({ kind: 'day', team })
                  : undefined
              }
              onDelete={role === 'Owner' ? () => open({ kind: 'delete', team }) : undefined}
            />
          );
        })}
      </ul>
    );
  }

  const dialogTeam = dialog && dialog.kind !== 'create' ? dialog.team : lastTeam;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageMeta title="Teams" description="Manage the teams you own or belong to." />
      <PageHeader
        title="Teams"
        description="The teams you own or belong to. Open one to work on its schedule."
        actions={managesATeam ? newTeamButton : null}
      />
      {body}
      <TeamFormDialog open={dialog?.kind === 'create'} onOpenChange={close} isOwner />
      {dialogTeam ? (
        <>
          <TeamFormDialog
            open={dialog?.kind === 'edit'}
            onOpenChange={close}
            team={dialogTeam}
            isOwner={isTeamOwner(dialogTeam, user?.id)}
          />
          {planAllows(dialogTeam.ownerSubscriptionTier, 'labourCost') ? (
            <LabourSettingsDialog team={dialogTeam} open={dialog?.kind === 'labour'} onOpenChange={close} />
          ) : null}
          {planAllows(dialogTeam.ownerSubscriptionTier, 'attendance') ? (
            <DaySettingsDialog team={dialogTeam} open={dialog?.kind === 'day'} onOpenChange={close} />
          ) : null}
          <DeleteTeamDialog team={dialogTeam} open={dialog?.kind === 'delete'} onOpenChange={close} />
        </>
      ) : null}
    </div>
  );
}

export default TeamsPage;
