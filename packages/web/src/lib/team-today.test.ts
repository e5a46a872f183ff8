import { describe, expect, it } from 'vitest';
import { teamNow } from './team-today';

describe('teamNow', () => {
  // 2027-01-15 23:30 UTC: already the 16th in Tokyo, still the 15th in London and Los Angeles.
  const instant = new Date(Date.UTC(2027, 0, 15, 23, 30));

  it('is the date and time on the team’s clocks, not the browser’s', () => {
    expect(teamNow('Asia/Tokyo', instant)).toEqual({ today: '2027-01-16', time: '08:30' });
    expect(teamNow('Europe/London', instant)).toEqual({ today: '2027-01-15', time: '23:30' });
    expect(teamNow('America/Los_Angeles', instant)).toEqual({ today: '2027-01-15', time: '15:30' });
    expect(teamNow('UTC', instant)).toEqual({ today: '2027-01-15', time: '23:30' });
  });

  it('falls back to the browser’s clock without a zone, or with one the platform does not know', () => {
    const local = teamNow(null, instant);
    expect(local.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(teamNow('Mars/Olympus_Mons', instant)).toEqual(local);
  });
});
