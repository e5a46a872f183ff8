import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.join(here, '../test-results/screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

let counter = 0;
/**
 * A new address per call, so tests never share an account or a resend window. Pro addresses are at
 * the domain the test server lists in PRO_EMAILS.
 */
export function uniqueEmail(prefix: string, plan: 'free' | 'pro' = 'free'): string {
  counter += 1;
  const domain = plan === 'pro' ? 'pro.example.com' : 'example.com';
  return `${prefix}.${Date.now().toString(36)}${counter}@${domain}`;
}

type OutboxEmail = { to: string; subject: string; links: string[]; text: string };

/** Waits for an email to `to` with a link whose path starts with `pathPrefix`, and returns the link. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const emails: OutboxEmail[] = await (await request.get('/dev/mail.json')).json();
        for (const email of emails) {
          if (email.to !== to.toLowerCase()) continue;
          found = email.links.find((link) => new URL(link).pathname.startsWith(pathPrefix));
          if (found) return found;
        }
        return undefined;
      },
      { message: `an email to ${to} with a ${pathPrefix} link` },
    )
    .toBeTruthy();
  return found!;
}

/** How many emails went to `to` (to tell a new one from an old one). */
export async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const emails: OutboxEmail[] = await (await request.get('/dev/mail.json')).json();
  return emails.filter((email) => email.to === to.toLowerCase()).length;
}

/**
 * Signs in through the real screens: the login form, the emailed link, and (for a new account) the
 * profile form. Returns when the app has landed after sign-in.
 */
export async function signInThroughUi(
  page: Page,
  email: string,
  profile?: { firstName: string; lastName: string; teamName?: string },
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await mailedLink(page.request, email, '/login/verify/');
  await page.goto(link);
  if (profile) {
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    await page.getByLabel('First name').fill(profile.firstName);
    await page.getByLabel('Last name').fill(profile.lastName);
    if (profile.teamName !== undefined) await page.getByLabel('Team name').fill(profile.teamName);
    await page.getByRole('button', { name: 'Create Account' }).click();
  }
  await expect(page).not.toHaveURL(/\/login/);
}

/** Saves a screenshot under test-results/screenshots, named after the screen, theme and width. */
export async function snap(page: Page, name: string): Promise<void> {
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${theme}-${width}.png`), fullPage: true });
}

/** Screenshots of the current screen in light and dark, at desktop and phone width. */
export async function snapAll(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  // The app's theme store follows `storage` events (other tabs), so it switches itself, controls too.
  const setTheme = (value: 'light' | 'dark') =>
    page.evaluate((theme) => {
      localStorage.setItem('theme', theme);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: theme }));
    }, value);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(theme);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await snap(page, name);
    }
  }
  await setTheme('light');
  if (original) await page.setViewportSize(original);
}
