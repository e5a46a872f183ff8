import { expect, type Page, test } from '@playwright/test';
import {
  addStaff,
  expectNoSidewaysScroll,
  isoDateOf,
  signInThroughApi,
  snap,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';

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

/** The Monday three weeks on: a week nobody has touched, with no day in the past (the agent fills it). */
function emptyMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The focused element: its name, and the row of the grid cell it is in ('head', 'coverage', 'open-shifts' or a staff id). */
const gridFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const cell = element?.closest<HTMLElement>('[data-cell]')?.dataset.cell ?? '';
    return {
      name: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
      row: cell.slice(0, cell.indexOf('|')),
      cell,
      inGrid: Boolean(element?.closest('[role="grid"]')),
    };
  });

test("a Pro administrator's week with coverage, an open shift and a proposal is one tab stop, and the arrows reach every row", async ({
  page,
  baseURL,
}) => {
  // The agent's solver runs in it: up to about 20 s on a busy 2-core machine.
  test.setTimeout(240_000);
  await signInThroughApi(page, uniqueEmail('keys.pro', 'pro'), {
    firstName: 'Pia',
    lastName: 'Pro',
    teamName: 'Grid Keys',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const teamPath = `/api/teams/${team!.teamId}`;
  const headers = { origin: baseURL! };
  const post = (url: string, data: object) => page.request.post(`${teamPath}${url}`, { data, headers });
  for (const [firstName, lastName] of [
    ['Ava', 'Adams'],
    ['Ben', 'Brown'],
  ]) {
    expect((await post('/staff', { firstName, lastName })).status()).toBe(201);
  }
  // Coverage (one person 09:00–17:00 every day), an open shift on Monday, and the agent's proposal.
  const coverage = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    startTime: '09:00',
    endTime: '17:00',
    breakMinutes: 30,
    staffCount: 1,
    role: null,
  }));
  // The rules left as they are by default.
  const saved = await page.request.put(`${teamPath}/schedule-agent`, { data: { coverage }, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const monday = emptyMonday();
  const sunday = new Date(Date.parse(`${monday}T12:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await post('/open-shifts', { shiftDate: monday, startTime: '12:00', endTime: '18:00', breakMinutes: 0 })
    ).status(),
  ).toBe(201);
  const run = await post('/schedule-agent/runs', { startDate: monday, endDate: sunday, mode: 'fill' });
  expect(run.status(), await run.text()).toBe(201);
  const { proposalId } = (await run.json()) as { proposalId: string };

  await page.goto(`/schedule/${monday}?proposal=${proposalId}`);
  const grid = page.getByRole('grid', { name: 'Week schedule' });
  await expect(grid).toBeVisible();
  await expect(page.getByTestId('coverage-row')).toContainText('09:00–17:00 0/1');
  await expect(page.getByTestId('open-shifts-row').getByTestId('open-shift')).toHaveCount(1);
  await expect(grid.getByRole('button', { name: /^Accept proposed shift/ }).first()).toBeVisible();

  // Exactly one element of the grid is in the tab order…
  const tabbable = await grid.evaluate(
    (table) =>
      [...table.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex]')].filter(
        (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
      ).length,
  );
  expect(tabbable).toBe(1);
  // …and Tab meets it once from either side: in, out, back with Shift+Tab, out again.
  await tabUntil(page, (f) => f.inGrid, 80);
  const entry = await gridFocus(page);
  expect(entry.name).toMatch(/^Add note for Monday/);
  await page.keyboard.press('Tab');
  expect((await gridFocus(page)).inGrid).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect((await gridFocus(page)).name).toBe(entry.name);
  await page.keyboard.press('Shift+Tab');
  expect((await gridFocus(page)).inGrid).toBe(false);
  await page.keyboard.press('Tab');
  expect((await gridFocus(page)).name).toBe(entry.name);

  // Down Monday's column: the heading, the day's labour cost (a Pro administrator's, issue 43), the
  // coverage, the open shift and its + , then the staff.
  const visited: Awaited<ReturnType<typeof gridFocus>>[] = [entry];
  for (let press = 0; press < 20; press++) {
    await page.keyboard.press('ArrowDown');
    const at = await gridFocus(page);
    if (at.name === visited.at(-1)?.name) break;
    visited.push(at);
  }
  const rows = visited.map((at) => at.row);
  const kinds = [
    ...new Set(
      rows.map((row) => (['head', 'labour', 'coverage', 'open-shifts'].includes(row) ? row : 'staff')),
    ),
  ];
  expect(kinds).toEqual(['head', 'labour', 'coverage', 'open-shifts', 'staff']);
  expect(visited.every((at) => at.inGrid && at.cell.endsWith(`|${monday}`))).toBe(true);
  const names = visited.map((at) => at.name);
  expect(names).toContainEqual(expect.stringMatching(/^Labour cost on Monday/));
  expect(names).toContainEqual(expect.stringMatching(/^Delete open shift 12:00–18:00 on Monday/));
  expect(names).toContainEqual(expect.stringMatching(/^Post an open shift on Monday/));
  expect(names).toContainEqual(expect.stringMatching(/^Accept proposed shift/));
  expect(names).toContainEqual(expect.stringMatching(/^Add shift for Ben Brown on Monday/));
  // Still one tab stop after walking: the last cell focused, where Tab comes back to.
  expect(await grid.locator('[tabindex="0"]').count()).toBe(1);

  // Back up to the coverage row; End and Home go along it.
  for (let press = 0; press < 20 && (await gridFocus(page)).row !== 'coverage'; press++) {
    await page.keyboard.press('ArrowUp');
  }
  expect((await gridFocus(page)).cell).toBe(`coverage|${monday}`);
  const coverageCell = grid.locator(`[data-cell="coverage|${monday}"]`);
  await expect(coverageCell).toBeFocused();
  await snap(page, 'schedule-grid-keys-coverage', 'viewport');
  await page.keyboard.press('End');
  expect((await gridFocus(page)).cell).toBe(`coverage|${sunday}`);
  await page.keyboard.press('Home');
  await expect(coverageCell).toBeFocused();

  // Enter acts on the focused item: + in the open shifts' row posts one on that day.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect((await gridFocus(page)).name).toMatch(/^Post an open shift on Monday/);
  await snap(page, 'schedule-grid-keys-open-shift', 'viewport');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Post an open shift' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // At 360 px: the grid scrolls inside itself, the focused cell's ring in view.
  await page.setViewportSize({ width: 360, height: 740 });
  await coverageCell.focus();
  await expect(coverageCell).toBeFocused();
  await expectNoSidewaysScroll(page, 'the keyboard grid at 360 px');
  await coverageCell.scrollIntoViewIfNeeded();
  await snap(page, 'schedule-grid-keys-coverage', 'viewport');
  await page.setViewportSize({ width: 1280, height: 800 });
});
