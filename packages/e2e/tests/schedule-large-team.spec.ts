import { expect, type Page, test } from '@playwright/test';
import { isoDateOf, signInThroughApi, snapAll, uniqueEmail } from '../support/app.ts';

// Over the grid's VIRTUALIZE_ABOVE (60) and the Free plan's 100 staff, so the owner is on Pro.
const TEAM_SIZE = 150;
const pad = (n: number) => String(n).padStart(3, '0');

/** The ISO dates of the week on screen, read from the day headings ('Monday, 23 November 2026'). */
async function datesOnScreen(page: Page): Promise<string[]> {
  const titles = await page
    .locator('thead abbr[title]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
  return titles.map(isoDateOf);
}

test('a 150-person week draws only the rows in view, scrolls to the last person, and moves and copies shifts by keyboard', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, uniqueEmail('large.owner', 'pro'), {
    firstName: 'Hana',
    lastName: 'Hotel',
    teamName: 'Grand Hotel',
  });
  await expect(page).toHaveURL(/\/staff$/);

  // The team, filled through the API: the owner plus 149 people, and a shift for most of them.
  const [team] = await (await page.request.get('/api/teams')).json();
  const api = `/api/teams/${team.teamId}`;
  for (let n = 2; n <= TEAM_SIZE; n += 1) {
    const response = await page.request.post(`${api}/staff`, {
      data: { firstName: 'Person', lastName: pad(n), role: n % 2 ? 'Housekeeping' : 'Front desk' },
    });
    expect(response.status(), `adding Person ${pad(n)}`).toBe(201);
  }
  const staff: { staffId: string; fullName: string }[] = await (
    await page.request.get(`${api}/staff`)
  ).json();
  expect(staff).toHaveLength(TEAM_SIZE);

  await page.goto('/schedule');
  await expect(page.getByRole('row', { name: /Hana Hotel/ })).toBeVisible();
  const dates = await datesOnScreen(page);
  expect(dates).toHaveLength(7);
  // Everyone but the last two gets a shift on one weekday; those two are kept for the keyboard part.
  const bulk = staff.slice(0, -2);
  for (let i = 0; i < bulk.length; i += 10) {
    await Promise.all(
      bulk.slice(i, i + 10).map(async (member, j) => {
        const response = await page.request.post(`${api}/shifts`, {
          data: {
            staffId: member.staffId,
            shiftDate: dates[(i + j) % 5],
            startTime: (i + j) % 2 ? '07:00' : '14:00',
            endTime: (i + j) % 2 ? '15:00' : '22:00',
            breakMinutes: 30,
          },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
  const [mover, neighbour] = staff.slice(-2) as [
    { staffId: string; fullName: string },
    { staffId: string; fullName: string },
  ];
  const seeded = await page.request.post(`${api}/shifts`, {
    data: { staffId: mover.staffId, shiftDate: dates[0], startTime: '09:00', endTime: '17:00' },
  });
  expect(seeded.status()).toBe(201);

  await page.reload();
  const grid = page.getByTestId('week-grid');
  await expect(grid.getByRole('row', { name: /Hana Hotel/ })).toBeVisible();
  // Every row is counted for assistive technology, but only those near the viewport are drawn: the
  // heading, the day's labour cost and the open shifts (a Pro administrator always has both rows),
  // the staff, and the day totals.
  await expect(grid.getByRole('grid')).toHaveAttribute('aria-rowcount', String(TEAM_SIZE + 4));
  const drawn = await grid.locator('tbody tr[data-index]').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(40);
  await expect(grid.getByRole('row', { name: new RegExp(`^${mover.fullName}`) })).toHaveCount(0);
  await snapAll(page, 'schedule-large-team', 'viewport');

  // Scrolling to the end brings the last people in, with the day totals under them.
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  const moverRow = grid.getByRole('row', { name: new RegExp(`^${mover.fullName}`) });
  const neighbourRow = grid.getByRole('row', { name: new RegExp(`^${neighbour.fullName}`) });
  await expect(neighbourRow).toBeVisible();
  await expect(grid.getByRole('row', { name: /^Day total/ })).toBeVisible();
  expect(await grid.locator('tbody tr[data-index]').count()).toBeLessThan(40);
  await expect(grid.getByRole('row', { name: /Hana Hotel/ })).toHaveCount(0);

  // Keyboard: Shift+→ moves the Monday shift to Tuesday, and focus goes with it.
  const cellOf = (row: typeof moverRow, day: number) => row.getByRole('gridcell').nth(day);
  const chip = moverRow.getByRole('button', { name: /09:00 to 17:00/ });
  await expect(cellOf(moverRow, 0)).toContainText('09:00–17:00');
  await chip.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByText('Shift moved')).toBeVisible();
  await expect(cellOf(moverRow, 1)).toContainText('09:00–17:00');
  await expect(cellOf(moverRow, 0)).not.toContainText('09:00–17:00');
  await expect(cellOf(moverRow, 1).getByRole('button', { name: /09:00 to 17:00/ })).toBeFocused();
  await snapAll(page, 'schedule-keyboard-move', 'viewport');

  // Alt+Shift+↓ copies it to the next person, and focus goes to the copy.
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page.getByText('Shift added')).toBeVisible();
  const copy = cellOf(neighbourRow, 1).getByRole('button', { name: /09:00 to 17:00/ });
  await expect(copy).toBeVisible();
  await expect(cellOf(moverRow, 1)).toContainText('09:00–17:00');
  await expect(copy).toBeFocused();

  // The last row is the edge: Shift+↓ does nothing. Shift+↑ back onto the original clashes, and is refused.
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByText(`Clashes with ${mover.fullName}'s entry`)).toBeVisible();
  await expect(cellOf(neighbourRow, 1)).toContainText('09:00–17:00');
  await expect(moverRow.getByRole('button', { name: /09:00 to 17:00/ })).toHaveCount(1);

  // And the server agrees: one shift each, on Tuesday.
  const saved: { staffId: string; shiftDate: string }[] = await (
    await page.request.get(`${api}/shifts?startDate=${dates[0]}&endDate=${dates[6]}`)
  ).json();
  expect(saved.filter((s) => s.staffId === mover.staffId).map((s) => s.shiftDate)).toEqual([dates[1]]);
  expect(saved.filter((s) => s.staffId === neighbour.staffId).map((s) => s.shiftDate)).toEqual([dates[1]]);

  // Finding someone in a big team: the search narrows the rows and the day totals with them.
  await page.evaluate('window.scrollTo(0, 0)');
  const search = page.getByRole('searchbox', { name: 'Find staff' });
  await search.fill('person 15');
  await expect(page.getByText('1 of 150 shown')).toBeVisible();
  // (Person 001 to 149 don't match: the numbers are 015, 115 and so on.)
  await expect(grid.locator('tbody tr[data-index]')).toHaveCount(1);
  await expect(neighbourRow).toBeVisible();
  await expect(
    grid
      .getByRole('row', { name: /^Day total/ })
      .getByRole('gridcell')
      .nth(1),
  ).toHaveText('8h');
  await snapAll(page, 'schedule-find-staff');
  await search.fill('nobody here');
  await expect(page.getByText("No one on this week's rota matches “nobody here”.")).toBeVisible();
  await page.getByRole('button', { name: 'Show everyone' }).click();
  await expect(search).toHaveValue('');
  await expect(grid.getByRole('row', { name: /Hana Hotel/ })).toBeVisible();

  // Dragging works in the windowed grid too: the owner's Monday shift onto Person 003's Monday (not
  // Person 002's: they start at 07:00 on Tuesday, which the 11 h rest rule would warn about).
  const ownerChip = grid
    .getByRole('row', { name: /Hana Hotel/ })
    .getByRole('button', { name: /14:00 to 22:00/ });
  const person3Row = grid.getByRole('row', { name: /^Person 003/ });
  // Both rows mid-screen first: dnd-kit scrolls the page while the pointer is within a fifth of the
  // viewport's edge, and at the top of the page Person 003 sits in that band, so on a busy machine
  // (a slow pointer) the page scrolled the target away before the drop was seen.
  await grid
    .getByRole('row', { name: /Hana Hotel/ })
    .evaluate((row) => window.scrollBy(0, row.getBoundingClientRect().top - 200));
  await expect(person3Row).toBeInViewport({ ratio: 1 });
  const from = (await ownerChip.boundingBox())!;
  const to = (await cellOf(person3Row, 0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await expect(cellOf(person3Row, 0)).toHaveAttribute('data-drop-over');
  await page.mouse.up();
  await expect(cellOf(person3Row, 0)).toContainText('14:00–22:00');
  await expect(grid.getByRole('row', { name: /Hana Hotel/ })).not.toContainText('14:00–22:00');

  // Ctrl+Z undoes the last change: the shift goes back to the owner.
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Change undone')).toBeVisible();
  await expect(grid.getByRole('row', { name: /Hana Hotel/ })).toContainText('14:00–22:00');
  await expect(cellOf(person3Row, 0)).not.toContainText('14:00–22:00');
  // Once: a second Ctrl+Z has nothing left to undo.
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Change undone')).toHaveCount(1);
  await context.close();
});
