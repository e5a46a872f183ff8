import { expect, test } from '@playwright/test';
import { signInThroughApi, snap, snapAll, uniqueEmail } from '../support/app.ts';

test('the shell: navigation, theme, phone menu, footer, redirects and the week', async ({ page }) => {
  await signInThroughApi(
    page,
    uniqueEmail('shell'),
    {
      firstName: 'Shay',
      lastName: 'Elle',
      teamName: 'Corner Café',
    },
    '/',
  );

  // Signed in, home goes to the schedule; unknown paths go home (and so on to the schedule).
  await expect(page).toHaveURL(/\/schedule$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page).toHaveTitle(/Rotaboard/);
  await expect(page.getByText('Shay Elle')).toBeVisible();
  await snapAll(page, 'schedule');

  await page.goto('/schedule/2026-12-31');
  await expect(page.getByText(/28 Dec/)).toBeVisible();
  await page.getByRole('button', { name: /Next week/ }).click();
  await expect(page).toHaveURL(/\/schedule\/2027-01-0\d/);

  // Theme toggle, stored as `theme`.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // Phone: the slide-in menu holds the navigation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await snap(page, 'mobile-menu');
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText(/stored in the European Union/)).toBeVisible();
  await snapAll(page, 'privacy');
  await page.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test('a network failure during the auth check lets the page through with the connection banner', async ({
  page,
}) => {
  await signInThroughApi(page, uniqueEmail('offline'), { firstName: 'Off', lastName: 'Line' });
  await page.route('**/api/auth/me', (route) => route.abort('connectionrefused'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(
    page.getByText('Unable to connect to the server. Reload this page to try again.'),
  ).toBeVisible();
  await snapAll(page, 'connection-banner');
});

test('signed-out visitors see only what exists and are sent to log in', async ({ page }) => {
  await page.goto('/schedule');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fschedule/);
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fstaff/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule' })).toHaveCount(0);
});
