import { expect, test } from '@playwright/test';
import { mailedLink, signInThroughApi, snapAll, uniqueEmail } from '../support/app.ts';

test('a user changes their email address end to end', async ({ page }) => {
  const oldEmail = uniqueEmail('before');
  const newEmail = uniqueEmail('after');
  await signInThroughApi(page, oldEmail, { firstName: 'Cleo', lastName: 'Change' }, '/settings');

  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Pending change to ${newEmail}`)).toBeVisible();
  await snapAll(page, 'settings-pending-email');

  await page.goto(await mailedLink(page.request, newEmail, '/change-email/verify-new/'));
  await expect(page.getByText(oldEmail).first()).toBeVisible();
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await snapAll(page, 'change-email-verified');

  await page.goto(await mailedLink(page.request, oldEmail, '/change-email/confirm/'));
  await expect(page.getByText('Email address updated successfully!')).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Logout All Devices' })
      .or(page.getByRole('link', { name: 'Logout All Devices' })),
  ).toBeVisible();
  await snapAll(page, 'change-email-confirmed');

  await page.goto('/settings');
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await expect(page.getByText(`Pending change to ${newEmail}`)).toBeHidden();
});

test('a pending email change can be cancelled', async ({ page }) => {
  await signInThroughApi(page, uniqueEmail('canceller'), { firstName: 'Can', lastName: 'Cel' }, '/settings');
  const target = uniqueEmail('nowhere');
  await page.getByLabel('New email address').fill(target);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Pending change to ${target}`)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel change' }).click();
  await expect(page.getByText(`Pending change to ${target}`)).toBeHidden();
});

test('bad email-change links say so', async ({ page }) => {
  await page.goto('/change-email/verify-new/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Invalid verification link')).toBeVisible();
  await snapAll(page, 'change-email-invalid');
  await page.goto('/change-email/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Invalid confirmation link')).toBeVisible();
});
