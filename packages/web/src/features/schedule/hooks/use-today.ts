import { useTeamToday } from '../../../lib/team-today';

/**
 * Today and the time on the team's clocks (issue 41), refreshed each minute so the day changes under
 * an open page. `zone` is the team's; until the team is known the browser's date stands in.
 */
export function useToday(zone: string | null | undefined): { today: string; time: string } {
  return useTeamToday(zone);
}
