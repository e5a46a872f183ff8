import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  addStaff,
  expectNoSidewaysScroll,
  inviteStaff,
  joinByInvitation,
  signInThroughApi,
  snap,
  uniqueEmail,
} from '../support/app.ts';

/**
 * Rotaboard on a phone (issue 11): no page wider than the screen at 360 and 390 px (or at desktop
 * width), the header and the schedule's toolbar within the first fifth of the screen, staff reading
 * their week as an agenda, and the shift editor usable with Save on screen.
 */
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
const DESKTOP = { width: 1280, height: 800 };

async function post(request: APIRequestContext, url: string, data: unknown) {
  const origin = new URL(url, 'http://localhost').origin;
  const response = await request.post(url, { data, headers: { origin: process.env.E2E_ORIGIN ?? origin } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

type World = { owner: Page; ava: Page; close: () => Promise<void>; monday: string };

/** An owner with a small staff list and a week of shifts, and Ava (staff, signed in on a phone). */
async function world(browser: Browser, baseURL: string): Promise<World> {
  const ownerContext = await browser.newContext({ viewport: DESKTOP });
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, uniqueEmail('phone.owner'), {
    firstName: 'Olive',
    lastName: 'Owner',
    teamName: 'Corner Café',
  });
  await expect(owner).toHaveURL(/\/staff$/);
  const avaEmail = uniqueEmail('phone.ava');
  await addStaff(owner, { first: 'Ava', last: 'Adams', role: 'Barista', email: avaEmail });
  await addStaff(owner, { first: 'Bartholomew', last: 'Featherstonehaugh-Smythe', role: 'Kitchen porter' });
  await inviteStaff(owner, 'Ava Adams', avaEmail);

  const [team] = await (await owner.request.get('/api/teams')).json();
  const people: { staffId: string; fullName: string }[] = await (
    await owner.request.get(`/api/teams/${team.teamId}/staff`)
  ).json();
  const id = (name: string) => people.find((p) => p.fullName.startsWith(name))!.staffId;
  // This week's Monday, as the server counts it (the team's week starts on Monday).
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const day = (n: number) => new Date(monday.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const shifts = `${baseURL}/api/teams/${team.teamId}/shifts`;
  for (let n = 0; n < 5; n++) {
    await post(owner.request, shifts, {
      staffId: id('Ava'),
      shiftDate: day(n),
      startTime: '09:00',
      endTime: '17:00',
      breakMinutes: 30,
      notes: n === 0 ? 'Delivery at 8' : null,
    });
  }
  await post(owner.request, shifts, {
    staffId: id('Ava'),
    shiftDate: day(5),
    isTimeOff: true,
    timeOffDays: 1,
  });
  await post(owner.request, shifts, {
    staffId: id('Bartholomew'),
    shiftDate: day(0),
    startTime: '22:00',
    endTime: '02:00',
  });
  await post(owner.request, shifts, {
    staffId: id('Olive'),
    shiftDate: day(2),
    startTime: '07:00',
    endTime: '15:00',
  });

  const { context: avaContext, page: ava } = await joinByInvitation(
    browser,
    owner,
    avaEmail,
    { firstName: 'Ava', lastName: 'Adams' },
    { viewport: PHONES[1] },
  );
  return {
    owner,
    ava,
    monday: day(0),
    close: async () => {
      await ownerContext.close();
      await avaContext.close();
    },
  };
}

test('every page fits the screen at 360 px, 390 px and desktop width', async ({ browser, baseURL }) => {
  // About 36 pages at three widths after a sign-up, an invitation and a week of shifts: ~2 minutes.
  test.setTimeout(420_000);
  const { owner, ava, close } = await world(browser, baseURL!);
  try {
    const signedIn = [
      '/schedule',
      '/schedule?view=day',
      '/staff',
      '/teams',
      '/settings',
      '/subscription',
      '/requests',
      '/staffing',
    ];
    const signedOut = [
      '/',
      '/login',
      '/privacy',
      '/terms',
      '/invite/accept',
      '/login/verify/not-a-real-token',
    ];
    for (const size of [...PHONES, DESKTOP]) {
      await owner.setViewportSize(size);
      for (const path of signedIn) {
        await owner.goto(path);
        await owner.locator('main h1').first().waitFor();
        await expectNoSidewaysScroll(owner, `${path} at ${size.width} px (owner)`);
        if (size !== DESKTOP) await snap(owner, `phone-fit${path.replace(/[/?=]+/g, '-')}`);
      }
      await ava.setViewportSize(size);
      await ava.goto('/schedule');
      await ava.locator('main h1').first().waitFor();
      await expectNoSidewaysScroll(ava, `/schedule at ${size.width} px (staff)`);
    }
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    for (const size of [...PHONES, DESKTOP]) {
      await page.setViewportSize(size);
      for (const path of signedOut) {
        await page.goto(path);
        await page.locator('main h1, main h2').first().waitFor();
        await expectNoSidewaysScroll(page, `${path} at ${size.width} px (signed out)`);
      }
    }
    // The mobile menu opens inside the screen.
    await page.setViewportSize(PHONES[0]!);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // It slides in from the right: measure where it comes to rest, not a frame of the animation.
    await menu.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await visitor.close();
  } finally {
    await close();
  }
});

test('on a phone: staff read an agenda, the toolbar stays in the first fifth, the editor fits', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { owner, ava, monday: weekStart, close } = await world(browser, baseURL!);
  try {
    // Ava's week as a list of days: her shifts, her time off, and who else works.
    await ava.goto('/schedule');
    const agenda = ava.getByRole('list', { name: 'Your week' });
    await expect(agenda).toBeVisible();
    const monday = agenda.getByRole('listitem').filter({ hasText: 'Monday' }).first();
    await expect(monday).toContainText('09:00–17:00');
    await expect(monday).toContainText('Delivery at 8');
    await expect(monday).toContainText('Also working');
    await expect(monday).toContainText('Bartholomew Featherstonehaugh-Smythe');
    await expect(monday).toContainText('→ 02:00 Tue');
    await expect(agenda.getByRole('listitem').filter({ hasText: 'Saturday' }).first()).toContainText(
      /time off/i,
    );
    await expect(ava.getByTestId('week-grid')).toHaveCount(0);
    await snap(ava, 'phone-staff-agenda');
    await ava.setViewportSize(PHONES[0]!);
    await snap(ava, 'phone-staff-agenda');

    // The owner on a phone: header and week tools within the first fifth of the screen.
    for (const size of PHONES) {
      await owner.setViewportSize(size);
      await owner.goto('/schedule');
      const grid = owner.getByTestId('week-grid');
      await expect(grid).toBeVisible();
      const top = await grid.evaluate((element) => element.getBoundingClientRect().top);
      expect(top, `the week starts ${top} px down a ${size.height} px screen`).toBeLessThanOrEqual(
        size.height / 5,
      );
      // Whole days: a day's column is wide enough to read a shift's times.
      const cell = grid.locator('td').filter({ hasText: '09:00–17:00' }).first();
      expect((await cell.boundingBox())!.width).toBeGreaterThanOrEqual(72);
      await snap(owner, 'phone-owner-week', 'viewport');
    }

    // The day view opens at the day's first shift. The world's shifts run Monday to Friday, so the day
    // is named: today is a Saturday or a Sunday on two days of every week, and an empty day has none.
    const wednesday = new Date(Date.parse(`${weekStart}T00:00:00Z`) + 2 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await owner.goto(`/schedule/${wednesday}?view=day`);
    await expect(owner.getByRole('heading', { name: /Wednesday/ }).first()).toBeVisible();
    await expect(owner.getByText('09:00–17:00').first()).toBeInViewport();
    await snap(owner, 'phone-owner-day', 'viewport');

    // The week tools on a phone: one button whose panel is fetched when first needed, inside the
    // screen, and closed with Escape back to the button.
    await owner.setViewportSize(PHONES[0]!);
    await owner.goto('/schedule');
    const tools = owner.getByRole('button', { name: 'Week tools' });
    await tools.click();
    const panel = owner.getByRole('dialog', { name: 'Week tools' });
    await expect(panel.getByRole('button', { name: 'Copy week to next week' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Schedule lock' })).toBeVisible();
    await panel.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(360);
    await snap(owner, 'phone-week-tools', 'viewport');
    await owner.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(tools).toBeFocused();

    // The editor on a phone: inside the screen, Save reachable, and it saves.
    await owner.setViewportSize(PHONES[0]!);
    await owner.goto('/schedule');
    await owner.getByRole('button', { name: /^Add shift for Ava Adams on Sunday/ }).click();
    const editor = owner.getByRole('dialog');
    await expect(editor).toBeVisible();
    const box = (await editor.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoSidewaysScroll(owner, 'the editor at 360 px');
    await editor.getByLabel('Start').fill('10:00');
    await editor.getByLabel('End').fill('14:00');
    await snap(owner, 'phone-editor', 'viewport');
    const save = editor.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await save.click();
    await expect(editor).toBeHidden();
    await expect(owner.getByRole('row', { name: /Ava Adams/ })).toContainText('10:00–14:00');
    // The confirmation toast sits inside the screen too.
    const toast = owner.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.x).toBeGreaterThanOrEqual(0);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(360);
    await snap(owner, 'phone-after-save', 'viewport');
  } finally {
    await close();
  }
});
