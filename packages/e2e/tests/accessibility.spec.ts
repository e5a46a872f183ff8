import { expect, test } from '@playwright/test';
import { signInThroughUi, uniqueEmail } from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

test('signed-out screens have no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, { screen: 'home', bothThemes: true });
  await page.goto('/login');
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expectAccessible(page, { screen: 'login', bothThemes: true });
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, { screen: 'privacy', bothThemes: true });
});

test('signed-in screens have no accessibility violations', async ({ page }) => {
  // Every signed-in screen in both themes: 61 s with two workers on a quiet 2-core machine; 3× that.
  test.setTimeout(240_000);
  await signInThroughUi(page, uniqueEmail('a11y'), { firstName: 'Ally', lastName: 'Access' });
  for (const [path, ready] of [
    ['/staff', 'Staff'],
    ['/schedule', null],
    ['/settings', 'Settings'],
    ['/subscription', 'Subscription'],
    ['/requests', 'Requests'],
    ['/support', 'Support'],
    ['/support/new', 'New ticket'],
    // On Free: the upgrade prompt naming Pro.
    ['/staffing', 'Staffing'],
  ] as const) {
    await page.goto(path);
    if (ready) await expect(page.getByRole('heading', { name: ready, level: 1 })).toBeVisible();
    else await expect(page.getByRole('grid')).toBeVisible();
    await expectAccessible(page, { screen: path, bothThemes: true });
  }
  // The demo payment provider's checkout, reached as a user reaches it.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectAccessible(page, { screen: 'demo checkout', bothThemes: true });
});
