import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughUi, uniqueEmail } from '../support/app.ts';

/** WCAG 2.1 A and AA violations on the current page, in both themes; none is acceptable. */
async function expectNoViolations(page: Page, screen: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => {
      localStorage.setItem('theme', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
    }, theme);
    // Colours change with a transition (`transition-colors`): axe measuring contrast during one can see
    // a colour between the two themes (the likely cause of a contrast failure seen once, on a loaded
    // machine, on /support in dark). Wait for those to end; looping animations (spinners) are not
    // transitions and are not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const summary = results.violations.map(
      (v) => `${screen} (${theme}): ${v.id} — ${v.help} (${v.nodes.length})`,
    );
    expect(summary).toEqual([]);
  }
}

test('signed-out screens have no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'home');
  await page.goto('/login');
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expectNoViolations(page, 'login');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'privacy');
});

test('signed-in screens have no accessibility violations', async ({ page }) => {
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
    await expectNoViolations(page, path);
  }
  // The demo payment provider's checkout, reached as a user reaches it.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectNoViolations(page, 'demo checkout');
});
