import { expect, test } from '@playwright/test';
import {
  addStaff,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  mailedEmail,
  signInThroughApi,
  snap,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

/** Next week's Monday and Tuesday (ISO): in the future, in one week (teams start weeks on Monday). */
function nextWeek(): { monday: string; tuesday: string } {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const dow = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = today + (7 - dow) * 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { monday: iso(monday), tuesday: iso(monday + 86_400_000) };
}

/**
 * Open shifts (issue 27): the owner posts one for a barista, two baristas claim it (one on a
 * desktop, one on a phone), the owner approves one: the shift is in her row, the other claim is
 * rejected and that person no longer sees the open shift.
 */
test('an admin posts an open shift, two staff claim it, the admin approves one', async ({
  browser,
  page,
}) => {
  // Three browsers and an invitation each: about two minutes on a busy 2-core machine; three times that.
  test.setTimeout(360_000);
  await signInThroughApi(page, uniqueEmail('open.owner', 'pro'), {
    firstName: 'Olga',
    lastName: 'Owner',
    teamName: 'Quay Bakery',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const samEmail = uniqueEmail('open.sam');
  const tiaEmail = uniqueEmail('open.tia');
  await addStaff(page, { first: 'Sam', last: 'Stone', role: 'Barista', email: samEmail });
  await addStaff(page, { first: 'Tia', last: 'Reed', role: 'barista', email: tiaEmail });
  await inviteStaff(page, 'Sam Stone', samEmail);
  await inviteStaff(page, 'Tia Reed', tiaEmail);
  const sam = await joinByInvitation(browser, page, samEmail, { firstName: 'Sam', lastName: 'Stone' });
  const tia = await joinByInvitation(
    browser,
    page,
    tiaEmail,
    { firstName: 'Tia', lastName: 'Reed' },
    {
      viewport: { width: 390, height: 844 },
    },
  );

  // The owner's week: a row of open shifts, empty so far.
  const { monday, tuesday } = nextWeek();
  await page.goto(`/schedule/${monday}`);
  const row = page.getByTestId('open-shifts-row');
  await expect(row).toContainText('None posted this week');

  // Posting, with the form's own checks first.
  await row
    .getByRole('button', { name: /^Post an open shift on / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Post an open shift' });
  await dialog.getByLabel('Date').fill(tuesday);
  await dialog.getByLabel('Start').fill('10:00');
  await dialog.getByLabel('End').fill('10:00');
  await dialog.getByLabel('People needed').fill('0');
  await dialog.getByRole('button', { name: 'Post open shift' }).click();
  await expect(dialog.getByText('The end time must differ from the start time')).toBeVisible();
  await expect(dialog.getByText('People needed must be 1 to 50')).toBeVisible();
  await expectAccessible(page, { screen: 'post open shift form', afterToasts: true });
  await dialog.getByLabel('End').fill('16:00');
  await dialog.getByLabel('People needed').fill('1');
  await dialog.getByLabel(/^Role/).fill('barista');
  await dialog.getByLabel(/^Notes/).fill('Market day');
  // Fixed fields are checked again as they change: no message, not marked invalid.
  await expect(dialog.getByLabel('End')).toHaveAttribute('aria-invalid', 'false');
  await expect(dialog.getByLabel('People needed')).toHaveAttribute('aria-invalid', 'false');
  await expect(dialog.getByText('People needed must be 1 to 50')).toHaveCount(0);
  await snap(page, 'open-shift-form', 'viewport');
  await dialog.getByRole('button', { name: 'Post open shift' }).click();
  await expect(dialog).toBeHidden();
  const card = row.getByTestId('open-shift');
  await expect(card).toContainText('10:00–16:00');
  await expect(card).toContainText('barista · 0/1 filled');
  await expect(card).toContainText('No claims yet');

  // Sam (desktop) claims it from the row in his week; Tia (phone) from the list above her agenda.
  await sam.page.goto(`/schedule/${monday}`);
  const samCard = sam.page.getByTestId('open-shifts-row').getByTestId('open-shift');
  await samCard.getByRole('button', { name: /^Claim open shift 10:00–16:00/ }).click();
  await expect(samCard).toContainText('Claimed — waiting for approval');
  await snap(sam.page, 'open-shift-claimed', 'viewport');

  await tia.page.goto(`/schedule/${monday}`);
  const list = tia.page.getByTestId('open-shifts-list');
  await expect(list.getByRole('heading', { name: 'Open shifts you can claim' })).toBeVisible();
  await expectAccessible(tia.page, { screen: 'open shifts on a phone', afterToasts: true });
  await list.getByRole('button', { name: /^Claim open shift/ }).click();
  await expect(list).toContainText('Claimed — waiting for approval');
  await expect(tia.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await snap(tia.page, 'open-shift-claim-phone', 'viewport');
  await fitsAt360(tia.page, 'open-shift-claim-360');

  // The owner hears of both (live: no reload) and decides from the row.
  await expect(
    card.getByRole('list', { name: 'Claims waiting for approval' }).getByRole('listitem'),
  ).toHaveCount(2, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('notification-count')).toHaveText('2', { timeout: 15_000 });
  await expectAccessible(page, { screen: 'open shift with claims', afterToasts: true });
  await snapAll(page, 'open-shift-claims', 'viewport');
  await fitsAt360(page, 'open-shift-claims-360');
  await card.getByRole('button', { name: /^Approve Sam Stone for/ }).click();
  await expect(card).toContainText('barista · 1/1 filled');
  await expect(card.getByRole('list', { name: 'Approved' })).toContainText('Sam Stone');
  await expect(card.getByRole('list', { name: 'Claims waiting for approval' })).toHaveCount(0);
  // The shift is in Sam's row.
  await expect(page.getByRole('button', { name: /^Sam Stone, .*10:00/ })).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await snap(page, 'open-shift-approved', 'viewport');

  // Sam sees his shift; Tia's claim was rejected and the open shift is gone from her week.
  await expect(sam.page.getByTestId('open-shifts-row')).toHaveCount(0, { timeout: 15_000 });
  await expect(sam.page.getByTestId('week-grid').getByText('10:00–16:00')).toBeVisible();
  await expect(tia.page.getByTestId('open-shifts-list')).toHaveCount(0, { timeout: 15_000 });
  await tia.page.reload();
  await expect(tia.page.getByRole('heading', { name: 'Open shifts you can claim' })).toHaveCount(0);
  await mailedEmail(page.request, tiaEmail, /claim on an open shift in Quay Bakery was rejected/);
  await mailedEmail(page.request, samEmail, /claim on an open shift in Quay Bakery was approved/);

  // Deleting asks first.
  await row.getByRole('button', { name: /^Delete open shift 10:00–16:00/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this open shift?' });
  await expect(confirm).toContainText('Shifts already approved from it stay on the rota.');
  await confirm.getByRole('button', { name: 'Delete open shift' }).click();
  await expect(row.getByTestId('open-shift')).toHaveCount(0);
  await expect(row).toContainText('None posted this week');
  await expect(page.getByRole('button', { name: /^Sam Stone, .*10:00/ })).toHaveCount(1);

  await sam.context.close();
  await tia.context.close();
});
