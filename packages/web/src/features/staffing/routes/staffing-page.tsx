import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useSelectedTeam } from '../../../lib/teams';
import { AgentLog } from '../components/agent-log';
import { StaffingSettingsForm } from '../components/staffing-settings-form';

const DESCRIPTION = 'Coverage, staffing rules and the schedule agent’s log for your team.';

/** /staffing: coverage and rules of the selected team (Pro, owner and administrators), and the agent's log. */
export default function StaffingPage() {
  const { team, isAdmin, isOwner, isLoading, isError } = useSelectedTeam();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageMeta title="Staffing" description={DESCRIPTION} />
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            Staffing <Badge>Pro</Badge>
          </span>
        }
        description={team ? `Coverage and rules for ${team.teamName}.` : DESCRIPTION}
      />
      {isLoading ? (
        <PageSpinner />
      ) : !team ? (
        <EmptyState icon={ShieldCheck} title={isError ? 'Your teams could not be loaded' : 'No team yet'}>
          {isError ? 'Reload the page to try again.' : 'Create a team first; its staffing is set here.'}
        </EmptyState>
      ) : !isAdmin ? (
        // Staff never see the rules or the agent: not in the navigation, and here only this.
        <EmptyState icon={ShieldCheck} title="Only owners and administrators">
          The team's staffing rules and the schedule agent are set by its owner and administrators.{' '}
          <Link className="font-medium underline" to="/schedule">
            Back to the schedule
          </Link>
        </EmptyState>
      ) : !planAllows(team.ownerSubscriptionTier, 'staffingRules') ? (
        <UpgradePrompt isOwner={isOwner} />
      ) : (
        <div className="space-y-10">
          <StaffingSettingsForm teamId={team.teamId} isOwner={isOwner} />
          <section aria-labelledby="agent-log-heading" id="agent-log">
            <h2 id="agent-log-heading" className="mb-1 text-lg font-semibold tracking-tight">
              Agent's log
            </h2>
            <p className="mb-4 text-sm text-muted-foreground">
              Every run of the schedule agent, newest first. Open a run's week to see what it proposed.
            </p>
            <AgentLog teamId={team.teamId} />
          </section>
        </div>
      )}
    </div>
  );
}

/** Free: what Pro brings here, and the way to it (the plan is the owner's, so only they upgrade). */
function UpgradePrompt({ isOwner }: { isOwner: boolean }) {
  return (
    <EmptyState icon={Sparkles} title="Staffing rules and the schedule agent are part of Pro">
      <p>
        Set the coverage you need each day and limits such as rest between shifts; the week grid checks every
        shift against them, and the schedule agent fills the week for you to accept change by change.
      </p>
      {isOwner ? (
        <Link to="/subscription" className={`${buttonVariants()} mt-4`}>
          Upgrade to Pro
        </Link>
      ) : (
        <p className="mt-2">The team owner can upgrade the team to Pro.</p>
      )}
    </EmptyState>
  );
}
