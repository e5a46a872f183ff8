import type { UserDto } from '@rotaboard/core/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { AvailabilityEditor } from '../../../components/availability-editor';
import { Spinner } from '../../../components/ui/spinner';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { SettingsSection } from './settings-section';

/**
 * The signed-in person's own availability in their selected team (issue 25, every plan). Shown only
 * when they are on that team's staff list: an owner who is not on it has nobody to set it for.
 */
export function AvailabilitySection({ user }: { user: Pick<UserDto, 'id'> }) {
  const { team } = useSelectedTeam();
  const staff = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: Boolean(team) });
  const me = staff.data?.find((member) => member.userId === user.id);
  if (!team || (staff.isSuccess && !me)) return null;
  return (
    <SettingsSection
      id="settings-availability"
      title="Availability"
      description={`When you can't work, or would rather work, in ${team.teamName}. Your administrators see it when they plan the rota.`}
    >
      {me ? (
        <AvailabilityEditor teamId={team.teamId} staffId={me.staffId} label="Your availability" />
      ) : (
        <Spinner />
      )}
    </SettingsSection>
  );
}
