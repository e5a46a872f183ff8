import type { TeamRole } from '../teams/permissions.ts';

/** Why the caller may not see or change a person's availability, or null when they may. */
export type AvailabilityRefusal = { code: 'FORBIDDEN'; message: string } | null;

/**
 * Availability is the person's own and their managers': the owner and administrators may read and
 * change anyone's on the team; a member of staff only their own row (issue 25).
 */
export function availabilityRefusal(
  role: TeamRole,
  callerStaffId: string | null,
  targetStaffId: string,
): AvailabilityRefusal {
  if (role === 'owner' || role === 'admin') return null;
  if (callerStaffId !== null && callerStaffId === targetStaffId) return null;
  return {
    code: 'FORBIDDEN',
    message: 'Only this member of staff and the team’s administrators can do this',
  };
}

type Entry = { startTime: string | null; endTime: string | null; kind: string };

/** One order for a person's availability, so a read shows the same list however it was sent. */
export function sortAvailability<
  W extends Entry & { weekday: number },
  D extends Entry & { date: string },
>(set: { weekly: W[]; dates: D[] }): { weekly: W[]; dates: D[] } {
  const byTime = (a: Entry, b: Entry) =>
    (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.kind.localeCompare(b.kind);
  return {
    weekly: [...set.weekly].sort((a, b) => a.weekday - b.weekday || byTime(a, b)),
    dates: [...set.dates].sort((a, b) => a.date.localeCompare(b.date) || byTime(a, b)),
  };
}
