import { expect, test } from '@playwright/test';
import { signInThroughUi, snapAll, uniqueEmail } from '../support/app.ts';

test('an expired session shows the expired message on the next request', async ({ page, context }) => {
  await signInThroughUi(page, uniqueEmail('expiring'), { firstName: 'Ezra', lastName: 'Pired' });
  await page.goto('/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Ezra');
  await page.getByLabel('First name').fill('Ezra2');
  // The server no longer knows this browser (as when a session runs out).
  await context.clearCookies();
  // The next request tells the app: the save, or one the page happened to make first (a minute's
  // "next shift" refetch, the live hub), in which case the app is already on its way to /login and
  // the button is gone. Either way the outcome below is what counts.
  await page
    .getByRole('button', { name: 'Save changes' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login\?expired=true/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  // The failed save says nothing of its own: the expired message is the one explanation.
  await expect(page.getByText('Please log in to continue')).toHaveCount(0);
  await snapAll(page, 'login-expired');
});

test('logging out of all devices signs out a second browser', async ({ browser }) => {
  const email = uniqueEmail('two.devices');
  const laptop = await browser.newContext();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const a = await laptop.newPage();
  const b = await phone.newPage();
  await signInThroughUi(a, email, { firstName: 'Dev', lastName: 'Ices' });
  await a.waitForTimeout(3_500);
  await signInThroughUi(b, email);
  await b.goto('/settings');
  await expect(b.getByLabel('First name')).toHaveValue('Dev');

  await a.goto('/settings');
  await a.getByRole('button', { name: 'Log out of all devices' }).click();
  await a
    .getByRole('dialog')
    .getByRole('button', { name: /Log out/ })
    .click();
  await expect(a).toHaveURL(/\/logout\/all$/);
  await expect(a.getByText('You have been logged out of all devices')).toBeVisible();
  await snapAll(a, 'logout-all');

  // The other browser's session is gone too: its next visit asks it to sign in.
  await b.reload();
  await expect(b).toHaveURL(/\/login/);
  await expect(b.getByLabel('Email address')).toBeVisible();
  await laptop.close();
  await phone.close();
});
