import { z } from 'zod';

/** `GET /api/calendar/feed` and `POST /api/calendar/feed/reset` (issue 27): the secret feed address. */
export const CalendarFeedDto = z.object({
  url: z.string().describe('{PUBLIC_URL}/calendar/{token}.ics: anyone with it can read the feed'),
});
export type CalendarFeedDto = z.infer<typeof CalendarFeedDto>;

/** `GET /calendar/{file}`: the secret address's last segment; anything but `{token}.ics` is a 404 (feedTokenOf). */
export const CalendarFeedParams = z.object({ file: z.string() });
