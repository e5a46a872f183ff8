import { expect, test } from '@playwright/test';
import {
  addStaff,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  mailedEmail,
  signInThroughApi,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

/** Next week's Monday, Tuesday and Wednesday (ISO), so the range is in the future and in one week. */
function nextWeekDays(): [string, string, string] {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const dow = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = today + (7 - dow) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [iso(monday), iso(monday + 86_400_000), iso(monday + 2 * 86_400_000)];
}

/**
 * Requests (issue 13): a member of staff asks for three days off; the administrator's bell shows it
 * within seconds; they approve; the time off is in both people's weeks; the requester gets an email.
 */
test('staff ask for three days off, the admin is told at once, approves, and both weeks show it', async ({
  browser,
  page,
}) => {
  // 59 s with two workers on a quiet 2-core machine; 3× that.
  test.setTimeout(240_000);
  await signInThroughApi(page, uniqueEmail('requests.owner', 'pro'), {
    firstName: 'Rita',
    lastName: 'Reviewer',
    teamName: 'Harbour Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const avaEmail = uniqueEmail('requests.ava');
  await addStaff(page, { first: 'Ava', last: 'Adams', email: avaEmail });
  await inviteStaff(page, 'Ava Adams', avaEmail);
  const { context, page: ava } = await joinByInvitation(browser, page, avaEmail, {
    firstName: 'Ava',
    lastName: 'Adams',
  });

  await page.goto('/schedule');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');

  // Ava asks, through the form.
  const [monday, , wednesday] = nextWeekDays();
  await ava.getByRole('link', { name: 'Requests' }).first().click();
  await expect(ava.getByRole('heading', { name: 'Requests', level: 1 })).toBeVisible();
  await expect(ava.getByText('No requests yet')).toBeVisible();
  await ava.getByRole('button', { name: 'New request' }).click();
  const form = ava.getByRole('dialog', { name: 'New request for Harbour Cafe' });
  // "Other" needs details, with the spec's message; then back to time off.
  await form.getByText('Other', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Other' })).toBeChecked();
  await form.getByLabel('Date').fill(monday);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form.getByText('Please provide details for your request')).toBeVisible();
  await expectAccessible(ava, { screen: 'request form', afterToasts: true });
  await form.getByText('Time Off', { exact: true }).click();
  await form.getByRole('checkbox', { name: 'More than one day' }).check();
  await form.getByLabel('From').fill(monday);
  await form.getByLabel('To').fill(wednesday);
  await form.getByLabel(/^Details/).fill('Visiting family');
  await expect(form.getByText('15/500')).toBeVisible();
  await snapAll(ava, 'request-form', 'viewport');
  await fitsAt360(ava, 'request-form');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(form).toBeHidden();
  await expect(ava.getByTestId('request')).toContainText('Pending');

  // The owner's bell shows it within seconds (a live event, not the 3-minute poll).
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 });
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('menuitem', { name: /Harbour Cafe/ })).toContainText(
    '1 request waiting for review',
  );
  await snapAll(page, 'notification-bell', 'viewport');
  if (!(await page.getByRole('menuitem', { name: /Harbour Cafe/ }).isVisible())) {
    await page.getByTestId('notification-bell').click();
  }
  await page.getByRole('menuitem', { name: /Harbour Cafe/ }).click();
  await expect(page).toHaveURL(/\/requests\?status=pending$/);
  const card = page.getByTestId('request').filter({ hasText: 'Ava Adams' });
  await expect(card).toContainText('Visiting family');
  await expectAccessible(page, { screen: 'request queue', afterToasts: true });
  await snapAll(page, 'request-queue');
  await fitsAt360(page, 'request-queue');

  await card.getByRole('button', { name: 'Approve' }).click();
  const review = page.getByRole('dialog', { name: 'Approve request' });
  await review.getByLabel(/Comment for Ava Adams/).fill('Have a lovely time');
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText("Approved Ava Adams's request")).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);

  // The time off is in both weeks.
  const timeOff = /Ava Adams, .*time off/;
  await page.goto(`/schedule/${monday}`);
  await expect(page.getByRole('button', { name: timeOff })).toHaveCount(3);
  await ava.goto(`/schedule/${monday}`);
  // Staff read their week: the entries are not buttons for them.
  await expect(ava.getByTestId('week-grid').getByText('Time off', { exact: true })).toHaveCount(3);
  await snapAll(ava, 'request-approved-week', 'viewport');
  await ava.goto('/requests');
  await expect(ava.getByTestId('request')).toContainText('Approved');
  await expect(ava.getByTestId('request')).toContainText('Have a lovely time');

  const mail = await mailedEmail(page.request, avaEmail, /request was approved/);
  expect(mail.text).toContain('Have a lovely time');
  await context.close();
});
