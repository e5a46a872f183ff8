import { expect, type Page, test } from '@playwright/test';
import {
  addStaff,
  inviteStaff,
  joinByInvitation,
  mailedEmail,
  signInThroughApi,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';

async function addShift(page: Page, name: string, weekday: string, start: string, end: string) {
  await page.getByRole('button', { name: new RegExp(`^Add shift for ${name} on ${weekday}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add shift' })).toBeVisible();
  await dialog.getByLabel('Start time').fill(start);
  await dialog.getByLabel('End time').fill(end);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a Pro owner publishes a week, emails a change to a locked shift, and staff do not see unpublished days', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  const avaEmail = uniqueEmail('published.ava');
  await signInThroughApi(page, uniqueEmail('published.owner', 'pro'), {
    firstName: 'Priya',
    lastName: 'Patel',
    teamName: 'Pier Bakery',
  });
  await expect(page).toHaveURL(/\/staff$/);
  await addStaff(page, { first: 'Ava', last: 'Adams', email: avaEmail });

  // One shift this week, one next week.
  await page.goto('/schedule');
  await addShift(page, 'Ava Adams', 'Monday', '09:00', '17:00');
  await page.getByRole('button', { name: 'Next week', exact: true }).click();
  await addShift(page, 'Ava Adams', 'Tuesday', '10:00', '18:00');
  await expect(page.getByRole('button', { name: /10:00 to 18:00/ })).toBeVisible();
  await page.getByRole('button', { name: 'Previous week', exact: true }).click();

  // Publish this week: lock it (the dialog suggests the week's last day) and hide what follows.
  await page.getByRole('button', { name: 'Schedule lock' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Hide schedule after lock date from staff').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Locked until/)).toBeVisible();

  // Change the locked shift and tell Ava.
  await page.getByRole('button', { name: /09:00 to 17:00/ }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit shift' })).toBeVisible();
  await dialog.getByLabel('End time').fill('15:00');
  await dialog.getByLabel('Email Ava Adams about this change').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /09:00 to 15:00/ })).toBeVisible();
  const changed = await mailedEmail(page.request, avaEmail, /^Your Pier Bakery schedule changed$/);
  expect(changed.text).toContain('Before:');
  expect(changed.text).toContain('09:00');
  expect(changed.text).toContain('15:00');

  // Tell everyone on the week that it changed.
  // It asks first, saying who will be emailed.
  await page.getByRole('button', { name: 'Notify staff' }).click();
  const notify = page.getByRole('dialog', { name: 'Email staff about this week?' });
  await expect(notify).toContainText(`Ava Adams · ${avaEmail.toLowerCase()}`);
  await snapAll(page, 'schedule-notify-confirm');
  await notify.getByRole('button', { name: 'Email 1 person' }).click();
  await expect(page.getByText('Emailed 1 person about the changes')).toBeVisible();
  await mailedEmail(page.request, avaEmail, /^The Pier Bakery schedule for .+ was updated$/);

  // Ava joins and sees the published week, but not next week's unpublished shift.
  await page.goto('/staff');
  await inviteStaff(page, 'Ava Adams', avaEmail);

  const { context: avaContext, page: ava } = await joinByInvitation(
    browser,
    page,
    avaEmail,
    {
      firstName: 'Ava',
      lastName: 'Adams',
    },
    { viewport: { width: 390, height: 844 } },
  );
  await expect(ava).toHaveURL(/\/schedule/);
  await expect(ava.getByText('09:00–15:00')).toBeVisible();
  await ava.getByRole('button', { name: 'Next week', exact: true }).click();
  await expect(ava.getByText(/isn't published yet/)).toBeVisible();
  await expect(ava.getByText('10:00–18:00')).toHaveCount(0);
  // The lock itself is for administrators: staff see no lock markers.
  await expect(ava.getByText(/^Locked/)).toHaveCount(0);
  await expect(ava.getByRole('img', { name: /^Locked until/ })).toHaveCount(0);
  // Nor are they offered to start a team of their own from Manage Teams.
  await ava.goto('/teams');
  await expect(ava.getByRole('list', { name: 'Your teams' })).toBeVisible();
  await expect(ava.getByRole('button', { name: 'New team' })).toHaveCount(0);
  await snapAll(ava, 'schedule-unpublished-week');

  // The owner still sees next week in full.
  await page.goto('/schedule');
  await page.getByRole('button', { name: 'Next week', exact: true }).click();
  await expect(page.getByRole('button', { name: /10:00 to 18:00/ })).toBeVisible();
  await expect(page.getByText(/isn't published yet/)).toHaveCount(0);
  await ownerContext.close();
  await avaContext.close();
});
