import { useId } from 'react';
import { Select } from '../../../components/ui/select';
import { setSelectedTeamId, useSelectedTeam } from '../../../lib/teams';
import { cn } from '../../../lib/utils';

/** Chooses the team every page works on; hidden until the user belongs to a team. */
export function TeamSelector({ className }: { className?: string }) {
  const { teams, team } = useSelectedTeam();
  const id = useId();
  if (teams.length === 0) return null;
  return (
    <Select
      id={id}
      aria-label="Team"
      title={team?.teamName}
      value={team?.teamId ?? ''}
      onChange={(event) => setSelectedTeamId(event.target.value)}
      wrapperClassName={cn('w-full max-w-[200px] min-w-0', className)}
      className="h-9 text-sm"
    >
      {teams.map((option) => (
        <option key={option.teamId} value={option.teamId}>
          {option.teamName}
        </option>
      ))}
    </Select>
  );
}
