import { toIsoDate } from '@rotaboard/core/dates/week';
import { useEffect, useState } from 'react';

/** Today as the viewer's calendar date, and the time as HH:MM. */
function readNow(): { today: string; time: string } {
  const now = new Date();
  return {
    today: toIsoDate(now),
    time: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
  };
}

/** Today and the time, refreshed each minute, so the day changes under an open page. */
export function useToday(): { today: string; time: string } {
  const [value, setValue] = useState(readNow);
  useEffect(() => {
    const timer = setInterval(() => setValue(readNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return value;
}
