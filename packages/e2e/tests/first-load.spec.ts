import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PUBLIC_PAGES } from '@rotaboard/core/site/public-pages';
import { SCREENSHOT_DIR, signInThroughApi, uniqueEmail } from '../support/app.ts';

// The signed-out pages arrive prerendered and React hydrates them (decision 0004). A first render in
// the browser that differs from the HTML is a hydration mismatch, which React logs as an error; a
// failed request is logged too (the 401 of a session check nobody needed was one). Neither may happen.

/** Everything the browser logs as an error while `page` is open. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

/** Opens `url` in a fresh page and waits until it is live (hydrated) and quiet. */
async function openLive(context: BrowserContext, url: string, live: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/me')) asked.push(request.url());
  });
  await page.goto(url);
  await live(page);
  await page.waitForLoadState('networkidle');
  return { page, errors, asked };
}

const loginIsLive = (page: Page) => expect(page.getByLabel('Email address')).toBeEditable();

test('the sign-in page is in the HTML before any script runs', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle('Log in · Rotaboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Rotaboard' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/login$/);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, 'first-load-login-no-script-360.png'),
    fullPage: true,
  });
  await context.close();
});

test('signed-out pages hydrate without a mismatch or a failed request, in both themes, and never ask who is signed in', async ({
  browser,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme, viewport: { width: 390, height: 844 } });
    const visits: [string, (page: Page) => Promise<void>][] = [
      ['/login', loginIsLive],
      ['/login?expired=true&returnUrl=%2Fstaff', loginIsLive],
      ...PUBLIC_PAGES.map(
        (page) =>
          [page.path, (p: Page) => expect(p.locator('#root[data-page]')).toBeVisible()] as [
            string,
            (page: Page) => Promise<void>,
          ],
      ),
    ];
    for (const [url, live] of visits) {
      const { page, errors, asked } = await openLive(context, url, live);
      expect(errors, `${url} (${colorScheme})`).toEqual([]);
      expect(asked, `${url} (${colorScheme})`).toEqual([]);
      if (url.startsWith('/login?expired')) {
        // What the query string says follows hydration.
        await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
      }
      await page.close();
    }
    await context.close();
  }
});

test('the sign-up choice made on a public page shows once the login page is live, without a mismatch', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Create your Rotaboard account' })).toBeVisible();
  await loginIsLive(page);
  // And a switch back is remembered as before.
  await page.getByRole('button', { name: 'Sign in instead' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Rotaboard' })).toBeVisible();
  await page.reload();
  await loginIsLive(page);
  await expect(page.getByRole('heading', { name: 'Sign in to Rotaboard' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a sign-in link and an invitation hydrate, then say what became of them', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/login/verify/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Invalid magic link' })).toBeVisible();
  await page.goto('/invite/accept?token=not-a-real-token');
  await expect(page.getByText('Invitation not accepted')).toBeVisible();
  // The one error each: the server's 400 for the bad token, which the page then explains.
  expect(errors.filter((error) => !/\b400\b/.test(error))).toEqual([]);
});

test('a signed-in visitor gets the app itself, which asks who they are and moves on', async ({ page }) => {
  await signInThroughApi(page, uniqueEmail('first-load'), { firstName: 'Fay', lastName: 'Load' });
  const errors = watchErrors(page);
  const html = await page.request.get('/login');
  expect(await html.text()).not.toContain('data-prerendered');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/(schedule|staff)/);
  expect(errors).toEqual([]);
});
