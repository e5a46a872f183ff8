import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.join(here, '../test-results/screenshots');
mkdirSync(SCREENSHOT_DIR, { recursive: true });

let counter = 0;
/**
 * A new address per call, so tests never share an account or a resend window. Pro addresses are at
 * the domain the test server lists in PRO_EMAILS. The worker's process id keeps two workers that ask
 * in the same millisecond apart.
 */
export function uniqueEmail(prefix: string, plan: 'free' | 'pro' = 'free'): string {
  counter += 1;
  const domain = plan === 'pro' ? 'pro.example.com' : 'example.com';
  return `${prefix}.${Date.now().toString(36)}${process.pid.toString(36)}${counter}@${domain}`;
}

type OutboxEmail = { to: string; subject: string; links: string[]; text: string };

async function outbox(request: APIRequestContext): Promise<OutboxEmail[]> {
  return (await request.get('/dev/mail.json')).json();
}

/**
 * The ISO date of a date as the app writes it in full ('Friday, 20 November 2026'), at the end of a
 * text such as a day heading's title or a cell's label ('Add shift for Ava on Friday, 20 November 2026').
 */
export function isoDateOf(text: string): string {
  const match = /\w+day, (\d{1,2} \w+ \d{4})$/.exec(text);
  if (!match) throw new Error(`No full date at the end of "${text}"`);
  return new Date(`${match[1]} 12:00Z`).toISOString().slice(0, 10);
}

/** Waits for an email to `to` that `matches`, and returns it. */
async function awaitEmail(
  request: APIRequestContext,
  to: string,
  matches: (email: OutboxEmail) => boolean,
  description: string,
): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(request)).find((email) => email.to === to.toLowerCase() && matches(email));
        return found;
      },
      { message: `an email to ${to} ${description}` },
    )
    .toBeTruthy();
  return found!;
}

const linkStartingWith = (email: OutboxEmail, pathPrefix: string) =>
  email.links.find((link) => new URL(link).pathname.startsWith(pathPrefix));

/** Waits for an email to `to` with a link whose path starts with `pathPrefix`, and returns the link. */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
): Promise<string> {
  const email = await awaitEmail(
    request,
    to,
    (candidate) => linkStartingWith(candidate, pathPrefix) !== undefined,
    `with a ${pathPrefix} link`,
  );
  return linkStartingWith(email, pathPrefix)!;
}

/** Waits for an email to `to` whose subject matches, and returns it. */
export async function mailedEmail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<OutboxEmail> {
  return awaitEmail(request, to, (email) => subject.test(email.subject), `with subject ${subject}`);
}

/** How many emails went to `to` (to tell a new one from an old one). */
export async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  return (await outbox(request)).filter((email) => email.to === to.toLowerCase()).length;
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

/**
 * Signs in through the API, for the journeys that are about something else: the same link
 * (requested, then read from the dev outbox), traded for a session cookie with the call the verify
 * screen makes, and for a new account the profile and first team the profile form sends. The cookie
 * lands in the page's browser context (`page.request` shares its cookies). Then opens `landOn`: by
 * default where the screens land (/staff for a new account, /schedule otherwise).
 *
 * About three times cheaper than signInThroughUi (two page loads and a form fewer); the screens
 * themselves are the subject of sign-up, returning-user and sessions, which keep signInThroughUi.
 * Not reproduced: the one-off welcome alert a new account's first /staff shows (sign-up.spec).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  profile?: { firstName: string; lastName: string; teamName?: string },
  landOn: string = profile ? '/staff' : '/schedule',
): Promise<void> {
  const ok = async (response: APIResponse, what: string) => {
    expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
    return response;
  };
  await ok(await page.request.post('/api/auth/login', { data: { email } }), 'asking for a sign-in link');
  const link = await mailedLink(page.request, email, '/login/verify/');
  const token = new URL(link).pathname.split('/').pop();
  const verified = (await (
    await ok(await page.request.get(`/api/auth/verify/${token}`), 'trading the link for a session')
  ).json()) as { needsProfileCompletion: boolean; shouldPromptForTeamCreation: boolean };
  if (profile) {
    await ok(
      await page.request.put('/api/users/me', {
        data: { firstName: profile.firstName, lastName: profile.lastName },
      }),
      'completing the profile',
    );
    // As the profile form: a first team (named after the owner when left blank), owner on its staff.
    if (verified.shouldPromptForTeamCreation)
      await ok(
        await page.request.post('/api/teams', {
          data: { teamName: profile.teamName ?? '', ownerInStaffList: true },
        }),
        'creating the first team',
      );
  } else {
    expect(verified.needsProfileCompletion, `${email} has a profile to complete`).toBe(false);
  }
  await page.goto(landOn);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Adds a member of staff through the dialog on /staff. */
export async function addStaff(
  page: Page,
  person: { first: string; last: string; role?: string; email?: string; admin?: boolean },
): Promise<void> {
  await page.getByRole('button', { name: 'Add staff' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(person.first);
  await dialog.getByLabel('Last name').fill(person.last);
  if (person.role) await dialog.getByLabel('Role').fill(person.role);
  if (person.email) await dialog.getByLabel(/^Email/).fill(person.email);
  if (person.admin) await dialog.getByLabel('Administrator').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Sends `name` an invitation from the ⋯ menu on /staff (the page must be there). */
export async function inviteStaff(page: Page, name: string, email: string): Promise<void> {
  await page
    .getByRole('button', { name: `Actions for ${name}` })
    .filter({ visible: true })
    .click();
  await page.getByRole('menuitem', { name: 'Invite' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

/**
 * The invitee, in a browser context of their own, opens the emailed invitation: the link signs them
 * in (it proved their address), they confirm the name the administrator entered (or correct it to
 * `profile`) and land on the schedule. Returns their context (for the caller to close) and page.
 */
export async function joinByInvitation(
  browser: Browser,
  inviter: Page,
  email: string,
  profile: { firstName: string; lastName: string },
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(await mailedLink(inviter.request, email, '/invite/accept'));
  await expect(page.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await page.getByLabel('First name').fill(profile.firstName);
  await page.getByLabel('Last name').fill(profile.lastName);
  await page.getByRole('button', { name: 'Continue to your schedule' }).click();
  await expect(page).toHaveURL(/\/schedule/);
  return { context, page };
}

/**
 * Saves a screenshot under test-results/screenshots, named after the screen, theme and width. The
 * whole page by default; `viewport` for pages that draw only what is in view (the large week grid),
 * where a whole-page capture would show the undrawn rows as blank space.
 */
export async function snap(page: Page, name: string, area: 'page' | 'viewport' = 'page'): Promise<void> {
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${theme}-${width}.png`),
    fullPage: area === 'page',
    // Colours fade over 150 ms after a theme switch (snapAll): a shot taken meanwhile showed the
    // reports' cards half way from dark to light. Transitions are run to their end first.
    animations: 'disabled',
  });
}

/** Screenshots of the current screen in light and dark, at desktop and phone width. */
export async function snapAll(page: Page, name: string, area: 'page' | 'viewport' = 'page'): Promise<void> {
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
      await snap(page, name, area);
    }
  }
  await setTheme('light');
  if (original) await page.setViewportSize(original);
}

/** The page is no wider than the screen: nothing to drag sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    screen: window.innerWidth,
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(
    widths.document,
    `${where}: the page is ${widths.document} px wide on a ${widths.screen} px screen`,
  ).toBeLessThanOrEqual(widths.screen);
  expect(widths.body, `${where}: the body is ${widths.body} px wide`).toBeLessThanOrEqual(widths.screen);
}

/**
 * The header's team selector has room for the selected team's whole name, up to its 200 px (spec 2:
 * names are cut at 200 px, not before). A wide header with a Pro administrator's eight links once
 * squeezed it to "R…".
 */
export async function expectTeamNameUncut(page: Page): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Team' });
  await expect(select).toBeVisible();
  const { name, needed, room } = await select.evaluate((element) => {
    const el = element as HTMLSelectElement;
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const name = el.selectedOptions[0]?.text ?? '';
    const inside = (width: number) =>
      ['padding-left', 'padding-right', 'border-left-width', 'border-right-width'].reduce(
        (left, side) => left - Number.parseFloat(style.getPropertyValue(side)),
        width,
      );
    return {
      name,
      needed: Math.min(context.measureText(name).width, inside(200)),
      room: inside(el.getBoundingClientRect().width),
    };
  });
  expect(room + 1, `room for the team name "${name}" in the header`).toBeGreaterThanOrEqual(needed);
}

/** The current screen at 360 px (the narrowest phone we support): nothing wider, and a screenshot. */
export async function fitsAt360(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, `${name} at 360 px`);
  await snap(page, name, 'viewport');
  if (original) await page.setViewportSize(original);
}
