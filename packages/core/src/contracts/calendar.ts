import { z } from 'zod';

/** `GET /api/calendar/feed` and `POST /api/calendar/feed/reset` (issue 27): the secret feed address. */
export const CalendarFeedDto = z.object({
  url: z
    .string()
    .nullable()
    .describe(
      '{PUBLIC_URL}/calendar/{token}.ics: anyone with it can read the feed. Given only when the address is made (the first ask, a reset): the server keeps nothing that can make it again (issue 45), so afterwards null',
    ),
  createdAt: z.iso.datetime().describe('When the current address was made'),
});
export type CalendarFeedDto = z.infer<typeof CalendarFeedDto>;

/** `GET /calendar/{file}`: the secret address's last segment; anything but `{token}.ics` is a 404 (feedTokenOf). */
export const CalendarFeedParams = z.object({ file: z.string() });
