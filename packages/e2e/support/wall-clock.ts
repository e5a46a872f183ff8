import { type APIRequestContext, expect } from '@playwright/test';

/**
 * For journeys that happen "now" (issue 44: clocking in, sick calls): shifts are placed around the real
 * time on the team's wall clock, so they run whatever hour the suite runs at.
 */

/** An instant on a zone's wall clock: its date and HH:MM. */
export function wallClock(at: number, zone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A write through the API that must succeed; its answer. */
export async function sendOk(
  request: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: unknown,
): Promise<unknown> {
  const response = await request[method](url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}
