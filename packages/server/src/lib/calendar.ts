/** Today's date on the server's calendar (UTC), as `YYYY-MM-DD`: for leaving dates and history windows. */
export function todayUtc(): string {
  const now = Date.now();
  // Asked several times by every request: the string is made again only when the day has changed
  // (or the clock moved back, as tests move it).
  if (now < today.from || now >= today.from + DAY_MS) {
    today.from = now - (now % DAY_MS);
    today.date = new Date(today.from).toISOString().slice(0, 10);
  }
  return today.date;
}

export const DAY_MS = 86_400_000;
const today = { from: Number.NEGATIVE_INFINITY, date: '' };
