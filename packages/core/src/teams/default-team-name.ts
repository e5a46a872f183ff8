/** A blank team name becomes "{firstName}'s Team", or 'Team 1' when there is no first name (spec 1 §5). */
export function teamNameOrDefault(
  teamName: string | null | undefined,
  firstName: string | null | undefined,
): string {
  const trimmed = teamName?.trim();
  if (trimmed) return trimmed;
  const first = firstName?.trim();
  return first ? `${first}'s Team` : 'Team 1';
}
