import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Route, test } from '@playwright/test';
import { PUBLIC_PAGES } from '@rotaboard/core/site/public-pages';
import { expectNoSidewaysScroll, signInThroughApi, snap, uniqueEmail } from '../support/app.ts';

/** The heading each public page opens with. */
const HEADINGS: Record<string, string> = {
  '/': 'Staff rotas your team will actually use',
  '/pricing': 'Start for free, get more when you need it',
  '/features': 'Everything you need to run the rota',
  '/features/schedule': 'Build the week in minutes',
  '/features/leave': 'Holiday and sickness, on the same rota',
  '/features/attendance': 'From the rota to the payroll, without retyping',
  '/assistant': 'Change the rota by asking',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
};
const shotName = (path: string) => `site${path === '/' ? '-home' : path.replace(/\//g, '-')}`;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, theme);
}

test('every public page is complete HTML without JavaScript: content, title, description, canonical and social tags', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, title, description } of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Rotaboard`);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      `${title} · Rotaboard`,
    );
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${path}`);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/site/og-image.png`,
    );
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    // The signed-out navigation and the footer are there too, as plain links.
    await expect(
      page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' }),
    ).toHaveAttribute('href', '/privacy');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, `${path} at 360 px without JavaScript`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // The pricing table and the prices are in the HTML, from the one table in packages/core.
  await page.goto('/pricing');
  await expect(page.getByRole('row', { name: /Staff 100 500/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Audit report 7 days 2 years/ })).toBeVisible();
  await expect(page.getByTestId('pro-price')).toHaveText('$25');
  await expect(page.getByText('forever')).toBeVisible();
  // Sixteen feature cards, seven of them Pro.
  await page.goto('/features');
  await expect(page.getByTestId('feature-card')).toHaveCount(16);
  await expect(page.getByTestId('feature-card').getByText('Pro', { exact: true })).toHaveCount(7);
  // Real screens of the app (captured by site-images.spec.ts), each one arriving as the page scrolls.
  const shots = page.getByRole('region', { name: 'See it in the app' }).getByRole('img');
  await expect(shots).toHaveCount(4);
  for (const shot of await shots.all()) {
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // The phone menu opens without JavaScript.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Menu').click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }),
  ).toBeVisible();
  await context.close();
});

test('a signed-out visitor: Get Started opens sign-up, the region changes the Pro price, unknown paths go home', async ({
  page,
}) => {
  // A region chosen before the page's script has arrived (held back here) survives hydration.
  let holdScripts = true;
  await page.route('**/*.js', async (route: Route) => {
    if (holdScripts) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/pricing', { waitUntil: 'commit' });
  const region = page.getByLabel('Region and currency');
  await region.selectOption('UK');
  holdScripts = false;
  await expect(page.getByTestId('pro-price')).toHaveText('£19');
  await page.waitForLoadState('load');

  const pro = page.getByRole('link', { name: 'Get Started' }).last();
  await expect(pro).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
  await region.selectOption('EU');
  await expect(page.getByTestId('pro-price')).toHaveText('€22');
  await region.selectOption('US');
  await expect(page.getByTestId('pro-price')).toHaveText('$25');
  // The choice is kept, for this page and the app's.
  await region.selectOption('UK');
  await page.reload();
  await expect(page.getByTestId('pro-price')).toHaveText('£19');
  expect(await page.evaluate(() => localStorage.getItem('preferredRegion'))).toBe('UK');

  await pro.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Create your Rotaboard account' })).toBeVisible();

  await page.goto('/features/leave');
  await expect(page.getByText(/as a shift marked Time off/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/login');

  const response = await page.goto('/no/such/page');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/no\/such\/page$/);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: HEADINGS['/'] })).toBeVisible();
});

test('signed in on Free: Upgrade Now goes to the subscription, feature pages to the schedule, home to the schedule', async ({
  page,
}) => {
  await signInThroughApi(
    page,
    uniqueEmail('site.free'),
    {
      firstName: 'Fran',
      lastName: 'Free',
      teamName: 'Free Co',
    },
    '/pricing',
  );
  const upgrade = page.getByRole('link', { name: 'Upgrade Now' });
  await expect(upgrade).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/schedule');
  await upgrade.click();
  await expect(page).toHaveURL(/\/subscription$/);

  await page.goto('/features');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/schedule');
  await page.goto('/features/attendance');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/schedule');

  await page.goto('/');
  await expect(page).toHaveURL(/\/schedule$/);
});

test('signed in on Pro: no upgrade offered, Get Started goes to the schedule', async ({ page }) => {
  await signInThroughApi(
    page,
    uniqueEmail('site.pro', 'pro'),
    {
      firstName: 'Pat',
      lastName: 'Pro',
      teamName: 'Pro Co',
    },
    '/pricing',
  );
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(2);
  for (const link of await page.getByRole('link', { name: 'Get Started' }).all()) {
    await expect(link).toHaveAttribute('href', '/schedule');
  }
  await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveCount(0);
  await page.goto('/features/schedule');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/schedule');
});

/** Scrolls through the page so its lazy images load, for a whole-page screenshot. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** The first pill row's offset now and a little later. */
async function pillMovement(page: Page): Promise<[string, string]> {
  const row = page.locator('[data-pill-row="0"]');
  const first = await row.evaluate((el) => (el as HTMLElement).style.transform);
  await page.waitForTimeout(600);
  const second = await row.evaluate((el) => (el as HTMLElement).style.transform);
  return [first, second];
}

test('the banner and the demo move, pause on hover and with their buttons, and stand still for reduced motion', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByTestId('feature-pills');
  await banner.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('product-demo')).toHaveAttribute('data-playing', 'true');
  await page.mouse.move(0, 0);
  let [before, after] = await pillMovement(page);
  expect(after).not.toBe(before);
  // 18 pills, each twice (the copy hidden from assistive technology).
  await expect(banner.getByRole('listitem')).toHaveCount(18);

  await banner.hover();
  [before, after] = await pillMovement(page);
  expect(after).toBe(before);
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Pause the feature banner' }).click();
  await page.mouse.move(0, 0);
  [before, after] = await pillMovement(page);
  expect(after).toBe(before);

  await page.getByRole('button', { name: 'Pause the demo' }).click();
  await expect(page.getByTestId('product-demo')).toHaveAttribute('data-playing', 'false');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await page.getByTestId('feature-pills').scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  [before, after] = await pillMovement(page);
  expect(after).toBe(before);
  await expect(page.getByTestId('product-demo')).toHaveAttribute('data-playing', 'false');
  const animation = await page
    .locator('.demo-frame')
    .first()
    .evaluate((el) => getComputedStyle(el).animationName);
  expect(animation).toBe('none');
  await expect(page.getByRole('button', { name: 'Pause the demo' })).toHaveCount(0);
});

test('every public page: no horizontal overflow at 360 px, no WCAG 2.1 AA violations in either theme, screenshots', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const { path, title, description } of PUBLIC_PAGES) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] })).toBeVisible();
    // Hydrated, the page keeps the head it was served with.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle(`${title} · Rotaboard`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await loadLazyImages(page);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        results.violations.map((v) => `${path} (${theme}): ${v.id} — ${v.help} (${v.nodes.length})`),
      ).toEqual([]);
      await snap(page, shotName(path));
    }
    await setTheme(page, 'light');
    await page.setViewportSize({ width: 390, height: 844 });
    await loadLazyImages(page);
    await snap(page, shotName(path));
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, `${path} at 360 px`);
  }
  // The first screen of the home page, as a visitor lands on it (for the README).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await snap(page, 'site-home-first-screen', 'viewport');
});
