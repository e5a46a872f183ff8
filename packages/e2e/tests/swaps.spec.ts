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

/** Next week's Monday and Tuesday (ISO): in the future and in one week. */
function nextWeekDays(): [string, string] {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const dow = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = today + (7 - dow) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [iso(monday), iso(monday + 86_400_000)];
}

/**
 * Swaps (issue 27): Ava offers her Monday shift for Ben's Tuesday one from the schedule; Ben accepts
 * in his requests; the owner approves; the week shows the two shifts exchanged.
 */
test('a swap asked from the schedule, accepted by the colleague and approved exchanges the shifts', async ({
  browser,
  page,
}) => {
  // 100–120 s on a busy 2-core machine (three sign-ins, two invitations): three times that.
  test.setTimeout(360_000);
  await signInThroughApi(page, uniqueEmail('swaps.owner', 'pro'), {
    firstName: 'Rita',
    lastName: 'Reviewer',
    teamName: 'Harbour Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const avaEmail = uniqueEmail('swaps.ava');
  const benEmail = uniqueEmail('swaps.ben');
  await addStaff(page, { first: 'Ava', last: 'Adams', email: avaEmail });
  await inviteStaff(page, 'Ava Adams', avaEmail);
  await addStaff(page, { first: 'Ben', last: 'Bell', email: benEmail });
  await inviteStaff(page, 'Ben Bell', benEmail);
  const avaJoined = await joinByInvitation(browser, page, avaEmail, { firstName: 'Ava', lastName: 'Adams' });
  const benJoined = await joinByInvitation(browser, page, benEmail, { firstName: 'Ben', lastName: 'Bell' });
  const ava = avaJoined.page;
  const ben = benJoined.page;

  // The owner gives Ava Monday and Ben Tuesday.
  const [monday, tuesday] = nextWeekDays();
  const [team] = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const staff = (await (await page.request.get(`/api/teams/${team!.teamId}/staff`)).json()) as {
    staffId: string;
    firstName: string;
  }[];
  const idOf = (name: string) => staff.find((s) => s.firstName === name)!.staffId;
  for (const [name, shiftDate, startTime, endTime] of [
    ['Ava', monday, '09:00', '17:00'],
    ['Ben', tuesday, '10:00', '18:00'],
  ] as const) {
    const made = await page.request.post(`/api/teams/${team!.teamId}/shifts`, {
      data: { staffId: idOf(name), shiftDate, startTime, endTime },
    });
    expect(made.status()).toBe(201);
  }

  // Ava opens her own shift on the schedule: Swap, with Ben's Tuesday.
  await ava.goto(`/schedule/${monday}`);
  await ava.getByRole('button', { name: /Ava Adams, .*swap or give away/ }).click();
  const dialog = ava.getByRole('dialog', { name: 'Swap or give away' });
  await expect(dialog.getByRole('radio', { name: 'Swap' })).toBeChecked();
  // Nothing chosen: the rule's sentence.
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Pick a colleague’s shift to swap with')).toBeVisible();
  const benShift = dialog.getByRole('option', { name: /^Ben Bell · .*10:00/ });
  await dialog.getByLabel('Colleague’s shift').selectOption((await benShift.getAttribute('value'))!);
  await expectAccessible(ava, { screen: 'swap dialog', afterToasts: true });
  await snapAll(ava, 'swap-dialog', 'viewport');
  await fitsAt360(ava, 'swap-dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(ava.getByText('Request sent: Ben Bell answers first')).toBeVisible();

  // Ben is asked: by email, by the bell, and in his requests, with Accept / Decline.
  const asked = await mailedEmail(page.request, benEmail, /asks you about a shift/);
  expect(asked.text).toContain('a swap of');
  await ben.goto('/schedule');
  await expect(ben.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 });
  await ben.getByTestId('notification-bell').click();
  await ben.getByRole('menuitem', { name: /Harbour Cafe/ }).click();
  await expect(ben).toHaveURL(/\/requests\?status=awaiting_colleague$/);
  const asking = ben.getByTestId('request').filter({ hasText: 'Ava Adams' });
  await expect(asking).toContainText('Waiting for colleague');
  await expect(asking).toContainText('Swap:');
  await expectAccessible(ben, { screen: 'colleague asked', afterToasts: true });
  await snapAll(ben, 'swap-colleague');
  await fitsAt360(ben, 'swap-colleague');
  await asking.getByRole('button', { name: 'Accept' }).click();
  await expect(ben.getByText('Accepted: an administrator decides next')).toBeVisible();

  // The owner reviews it with both shifts described, and approves.
  await page.goto('/requests?status=pending');
  const card = page.getByTestId('request').filter({ hasText: 'Ava Adams' });
  await expect(card).toContainText(/Swap: .*09:00–17:00 for Ben Bell's .*10:00–18:00/);
  await expectAccessible(page, { screen: 'swap review', afterToasts: true });
  await snapAll(page, 'swap-review');
  await fitsAt360(page, 'swap-review');
  await card.getByRole('button', { name: 'Approve' }).click();
  const review = page.getByRole('dialog', { name: 'Approve request' });
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText("Approved Ava Adams's request")).toBeVisible();

  // The week shows them exchanged: Ben works Monday 09:00, Ava Tuesday 10:00.
  await page.goto(`/schedule/${monday}`);
  await expect(page.getByRole('button', { name: /^Ben Bell, .*09:00/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ava Adams, .*10:00/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ava Adams, .*09:00/ })).toHaveCount(0);
  await snapAll(page, 'swap-approved-week', 'viewport');
  await ava.goto(`/schedule/${monday}`);
  await expect(ava.getByRole('button', { name: /Ava Adams, .*10:00.*swap or give away/ })).toBeVisible();
  await fitsAt360(ava, 'swap-approved-agenda');
  const decided = await mailedEmail(page.request, avaEmail, /request was approved/);
  expect(decided.text).toContain('a swap of');

  await avaJoined.context.close();
  await benJoined.context.close();
});
