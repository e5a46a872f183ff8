import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  addStaff,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  signInThroughApi,
  snap,
  uniqueEmail,
} from '../support/app.ts';

/**
 * The calendar feed (issue 27, every plan): a member copies their secret address from Settings →
 * Calendar, the feed at it holds their shift, and a reset makes the old address 404.
 */
test('a member copies their calendar address, reads their shift from it, and resets it', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, uniqueEmail('cal.owner'), {
    firstName: 'Omar',
    lastName: 'Owner',
    teamName: 'Harbour Cafe',
  });
  const avaEmail = uniqueEmail('cal.ava');
  await addStaff(owner, { first: 'Ava', last: 'Adams', email: avaEmail });
  await inviteStaff(owner, 'Ava Adams', avaEmail);
  const { context, page } = await joinByInvitation(
    browser,
    owner,
    avaEmail,
    { firstName: 'Ava', lastName: 'Adams' },
    { permissions: ['clipboard-read', 'clipboard-write'] },
  );

  // Omar gives Ava a shift tomorrow.
  const [team] = (await (await owner.request.get('/api/teams')).json()) as { teamId: string }[];
  const staff = (await (await owner.request.get(`/api/teams/${team!.teamId}/staff`)).json()) as {
    staffId: string;
    firstName: string;
  }[];
  const ava = staff.find((s) => s.firstName === 'Ava')!;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const made = await owner.request.post(`/api/teams/${team!.teamId}/shifts`, {
    data: {
      staffId: ava.staffId,
      shiftDate: tomorrow,
      startTime: '09:00',
      endTime: '17:00',
      notes: 'Open up',
    },
  });
  expect(made.status()).toBe(201);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Calendar' });
  const address = section.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Calendar address copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());

  // The feed, fetched as a calendar app would (the request context sends no cookie to it that matters).
  const feed = await page.request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain('SUMMARY:Harbour Cafe');
  expect(text).toContain(`DTSTART:${tomorrow.replaceAll('-', '')}T090000`);
  expect(text).toContain('DESCRIPTION:Open up');

  await page.evaluate(() => {
    document.getElementById('settings-calendar')?.scrollIntoView();
    window.scrollBy(0, -80);
  });
  await snap(page, 'calendar-settings', 'viewport');
  await fitsAt360(page, 'calendar-settings');
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="settings-calendar"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id} — ${v.help} (${v.nodes.length})`)).toEqual([]);

  // Reset, confirmed: a new address, and the old one is gone.
  await section.getByRole('button', { name: 'Reset address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your calendar address?' });
  await expect(dialog.getByText('The current address stops working at once')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset address' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(copied);
  const fresh = await address.inputValue();
  expect((await page.request.get(copied)).status()).toBe(404);
  expect((await page.request.get(fresh)).status()).toBe(200);

  // Once the page is left, the address is not shown again (issue 45: the server keeps only its hash),
  // and it goes on working; a new one can be made.
  await page.reload();
  await expect(section.getByText(/shown once then/)).toBeVisible();
  await expect(address).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Make a new address' })).toBeVisible();
  expect((await page.request.get(fresh)).status()).toBe(200);
  await page.evaluate(() => {
    document.getElementById('settings-calendar')?.scrollIntoView();
    window.scrollBy(0, -80);
  });
  await snap(page, 'calendar-settings-shown-once', 'viewport');

  await context.close();
  await ownerContext.close();
});
