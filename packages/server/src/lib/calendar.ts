/** Today's date on the server's calendar (UTC), as `YYYY-MM-DD`: for leaving dates and history windows. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;
