import { expect, test } from '@playwright/test';
import { signInThroughUi, snapAll, uniqueEmail } from '../support/app.ts';

test('a returning user signs in and lands on the page they asked for', async ({ page }) => {
  const email = uniqueEmail('returning');
  await signInThroughUi(page, email, { firstName: 'Rhea', lastName: 'Turner' });

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page.getByText('You have been logged out')).toBeVisible();
  await snapAll(page, 'logout');

  // A signed-out visit to a signed-in page goes to /login and remembers where it was going.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fsettings/);
  await page.waitForTimeout(3_500); // past the e2e resend window (MAGIC_LINK_RESEND_SECONDS=3)
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('First name')).toHaveValue('Rhea');
  await snapAll(page, 'settings');
});

test('an unsafe return URL is ignored', async ({ page }) => {
  const email = uniqueEmail('unsafe');
  await signInThroughUi(page, email, { firstName: 'Una', lastName: 'Safe' });
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page.getByText('You have been logged out')).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('returnUrl'));
  await page.goto('/login?returnUrl=//evil.example/steal');
  await page.waitForTimeout(3_500);
  await signInThroughUi(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/schedule/);
});
