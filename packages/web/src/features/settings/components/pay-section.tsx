import type { UserDto } from '@rotaboard/core/contracts/users';
import { formatMoney } from '@rotaboard/core/labour/money';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { currentPayRateId, payRatesQueryOptions, sortPayRates } from '../../../lib/pay-rates';
import { teamToday, useTeamTimeZone } from '../../../lib/team-today';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { SettingsSection } from './settings-section';

/**
 * The signed-in person's own pay rates in their selected team (issue 43), read only: administrators
 * set them (Staff → Pay rates). Shown on Pro teams to someone on the team's staff list; nobody reads
 * anyone else's here.
 */
export function PaySection({ user }: { user: Pick<UserDto, 'id'> }) {
  const { team } = useSelectedTeam();
  const labour = Boolean(team && planAllows(team.ownerSubscriptionTier, 'labourCost'));
  const staff = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: labour });
  const me = staff.data?.find((member) => member.userId === user.id);
  if (!team || !labour || (staff.isSuccess && !me)) return null;
  return (
    <SettingsSection
      id="settings-pay"
      title="Pay"
      description={`Your hourly pay in ${team.teamName}, as your administrators set it. Each rate applies from its date until the next.`}
    >
      {me ? <OwnRates teamId={team.teamId} staffId={me.staffId} currency={team.currency} /> : <Spinner />}
    </SettingsSection>
  );
}

function OwnRates({ teamId, staffId, currency }: { teamId: string; staffId: string; currency: string }) {
  const today = teamToday(useTeamTimeZone(teamId));
  const rates = useQuery(payRatesQueryOptions(teamId, staffId));
  if (rates.isPending) return <Spinner />;
  if (rates.isError) {
    return (
      <p className="text-sm text-destructive">{errorMessage(rates.error, 'Your pay could not be loaded.')}</p>
    );
  }
  const sorted = sortPayRates(rates.data);
  if (sorted.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No pay rate is set for you yet: ask your administrator.</p>
    );
  }
  const currentId = currentPayRateId(sorted, today);
  return (
    <ul className="space-y-1 text-sm" aria-label="Your pay rates">
      {sorted.map((rate) => (
        <li key={rate.payRateId} className="flex flex-wrap gap-x-2">
          <span className="font-medium">{formatMoney(rate.hourlyRateMinor, currency)} an hour</span>
          <span className="text-muted-foreground">from {formatLongDate(rate.effectiveFrom)}</span>
          {rate.payRateId === currentId ? <span className="text-primary">(current)</span> : null}
          {rate.effectiveFrom > today ? <span className="text-muted-foreground">(to come)</span> : null}
        </li>
      ))}
    </ul>
  );
}
