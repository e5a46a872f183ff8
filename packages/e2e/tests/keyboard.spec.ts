import { expect, type Page, test } from '@playwright/test';
import { addStaff, isoDateOf, signInThroughApi, snapAll, uniqueEmail } from '../support/app.ts';

/** What has focus: its accessible name (aria-label, else its text), and whether it is in the grid. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      name: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
      inGrid: Boolean(element?.closest('[role="grid"]')),
      id: element?.id ?? '',
    };
  });

/** Presses Tab until `done` says so, at most `limit` times; returns how many presses it took. */
async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 40) {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (done(await focused(page))) return presses;
  }
  throw new Error(`Not reached in ${limit} presses of Tab`);
}

test('an administrator builds, deletes and restores a shift with the keyboard alone', async ({ page }) => {
  await signInThroughApi(page, uniqueEmail('keys.owner'), {
    firstName: 'Kira',
    lastName: 'Keys',
    teamName: 'Keyboard Café',
  });
  await expect(page).toHaveURL(/\/staff$/);
  await addStaff(page, { first: 'Ava', last: 'Adams' });
  await addStaff(page, { first: 'Ben', last: 'Brown' });
  await page.goto('/schedule');
  await expect(page.getByRole('grid', { name: 'Week schedule' })).toBeVisible();

  // The grid is one tab stop: Tab reaches it once, and the next Tab leaves it.
  await tabUntil(page, (f) => f.inGrid);
  const entry = await focused(page);
  expect(entry.name).toMatch(/^Add note for Monday/);
  await page.keyboard.press('Tab');
  expect((await focused(page)).inGrid).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).name).toBe(entry.name);

  // Arrows move between cells: down from the day's heading to Kira, then Ava; across to Wednesday.
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).name).toMatch(/^Add shift for Kira Keys on Monday/);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).name).toMatch(/^Add shift for Ava Adams on Monday/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const wednesday = (await focused(page)).name;
  expect(wednesday).toMatch(/^Add shift for Ava Adams on Wednesday/);
  await page.keyboard.press('End');
  expect((await focused(page)).name).toMatch(/^Add shift for Ava Adams on Sunday/);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect((await focused(page)).name).toBe(wednesday);

  // Enter opens the editor; type the times, Tab to Save and press Enter.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add shift' })).toBeVisible();
  const startId = await dialog.getByLabel('Start time').getAttribute('id');
  await tabUntil(page, (f) => f.id === startId, 15);
  await page.keyboard.type('0900AM');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0500PM');
  await tabUntil(page, (f) => f.name === 'Save', 25);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const chip = page.getByRole('button', { name: /^Ava Adams, Wednesday \d+ \w+, 09:00 to 17:00$/ });
  await expect(chip).toBeVisible();
  await snapAll(page, 'schedule-keyboard-built', 'viewport');

  // Focus comes back to the cell; ↑ reaches the new shift, whose name reads as a sentence.
  expect((await focused(page)).name).toBe(wednesday);
  await page.keyboard.press('ArrowUp');
  await expect(chip).toBeFocused();

  // Delete removes it at once, with Undo; focus stays in the cell.
  await page.keyboard.press('Delete');
  await expect(page.getByText('Shift deleted')).toBeVisible();
  await expect(chip).toHaveCount(0);
  await expect.poll(async () => (await focused(page)).name).toBe(wednesday);
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Change undone')).toBeVisible();
  await expect(chip).toBeVisible();
});

test('copying a week leaves time off behind unless asked to copy it', async ({ page, baseURL }) => {
  await signInThroughApi(page, uniqueEmail('copy.owner'), {
    firstName: 'Cory',
    lastName: 'Copier',
    teamName: 'Copy Shop',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = await (await page.request.get('/api/teams')).json();
  const [me] = await (await page.request.get(`/api/teams/${team.teamId}/staff`)).json();
  await page.goto('/schedule');
  const monday = isoDateOf(
    (await page
      .getByRole('button', { name: /^Add shift for Cory Copier on Monday/ })
      .getAttribute('aria-label'))!,
  );
  const post = (data: object) =>
    page.request.post(`/api/teams/${team.teamId}/shifts`, { data, headers: { origin: baseURL! } });
  expect(
    (await post({ staffId: me.staffId, shiftDate: monday, startTime: '09:00', endTime: '17:00' })).status(),
  ).toBe(201);
  const tuesday = new Date(Date.parse(`${monday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  expect(
    (await post({ staffId: me.staffId, shiftDate: tuesday, isTimeOff: true, timeOffDays: 1 })).status(),
  ).toBe(201);
  await page.reload();

  await page.getByRole('button', { name: 'Copy week to next week' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy week to next week?' });
  await expect(dialog.getByRole('checkbox', { name: /Copy time off too/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Copy week' }).click();
  await expect(page.getByText(/^Copied 1 entry to the week of/)).toBeVisible();
  await page.getByRole('button', { name: 'Next week', exact: true }).click();
  await expect(page.getByRole('button', { name: /Cory Copier, Monday .*, 09:00 to 17:00/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /time off/ })).toHaveCount(0);
});
