import { expect, type Page, test } from '@playwright/test';
import {
  addStaff,
  inviteStaff,
  isoDateOf,
  joinByInvitation,
  signInThroughApi,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';

const cell = (page: Page, name: string, weekday: string) =>
  page.getByRole('button', { name: new RegExp(`^Add shift for ${name} on ${weekday}`) });

async function openAdd(page: Page, name: string, weekday: string) {
  await cell(page, name, weekday).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add shift' })).toBeVisible();
  return dialog;
}

test('an owner builds a week and a member of staff sees it read-only', async ({ browser }) => {
  // The longest journey: 72 s with two workers on a quiet 2-core machine; 3× that.
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  const avaEmail = uniqueEmail('ava');
  await signInThroughApi(page, uniqueEmail('schedule.owner'), {
    firstName: 'Orla',
    lastName: 'Owner',
    teamName: 'Harbour Café',
  });
  await expect(page).toHaveURL(/\/staff$/);
  await addStaff(page, { first: 'Ava', last: 'Adams', role: 'Barista', email: avaEmail });
  await addStaff(page, { first: 'Ben', last: 'Brown', role: 'Chef' });

  await page.goto('/schedule');
  await expect(page).toHaveTitle('Schedule · Rotaboard');
  await expect(page.getByRole('row', { name: /Ava Adams/ })).toBeVisible();

  // A shift with a break.
  let dialog = await openAdd(page, 'Ava Adams', 'Monday');
  await dialog.getByLabel('Start time').fill('09:00');
  await dialog.getByLabel('End time').fill('17:00');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await expect(dialog.getByText('7h 30m worked')).toBeVisible();
  await snapAll(page, 'schedule-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /09:00 to 17:00/ })).toBeVisible();
  await expect(page.getByText('30m break')).toBeVisible();
  await expect(page.getByText('7.5h').first()).toBeVisible();

  // Time off: a whole day, hours, and exact times.
  dialog = await openAdd(page, 'Ava Adams', 'Tuesday');
  await dialog.getByRole('radio', { name: 'Time off' }).check({ force: true });
  await dialog.getByRole('radio', { name: 'Days' }).check();
  // The time-off editor says so and shows only what time off has: no break for days, no attendance.
  await expect(dialog.getByRole('heading', { name: 'Add time off' })).toBeVisible();
  await expect(dialog.getByLabel('Break (minutes)')).toHaveCount(0);
  await expect(dialog.getByText('Attendance adjustments')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Days' })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /1 Day/ })).toBeVisible();

  dialog = await openAdd(page, 'Ava Adams', 'Wednesday');
  await dialog.getByRole('radio', { name: 'Time off' }).check({ force: true });
  await dialog.getByRole('radio', { name: 'Hours' }).check();
  await dialog.getByRole('spinbutton', { name: 'Hours' }).fill('2.3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/0.25 hour increments/)).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Hours' }).fill('2.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /2.5 Hours/ })).toBeVisible();

  dialog = await openAdd(page, 'Ava Adams', 'Thursday');
  await dialog.getByRole('radio', { name: 'Time off' }).check({ force: true });
  await dialog.getByRole('radio', { name: 'Exact times' }).check();
  await dialog.getByLabel('Start time').fill('10:00');
  await dialog.getByLabel('End time').fill('12:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /time off, 10:00 to 12:00/ })).toBeVisible();

  // A clash is refused before saving.
  dialog = await openAdd(page, 'Ava Adams', 'Monday');
  await dialog.getByLabel('Start time').fill('12:00');
  await dialog.getByLabel('End time').fill('20:00');
  await expect(dialog.getByText(/^Clashes with Ava Adams's shift/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Drag Monday's shift to Friday.
  const chip = page.getByRole('button', { name: /09:00 to 17:00/ });
  const target = cell(page, 'Ava Adams', 'Friday');
  const from = (await chip.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  // The cell under the pointer is marked as the drop target.
  await expect(page.locator('td[data-drop-over]')).toHaveCount(1);
  await page.mouse.up();
  await expect(page.getByText('Shift moved')).toBeVisible();
  await expect(page.locator('td[data-drop-over]')).toHaveCount(0);
  const fridayIndex = await page
    .getByRole('columnheader')
    .evaluateAll((els) => els.findIndex((el) => el.textContent?.startsWith('Fri')));
  await expect(
    page
      .getByRole('row', { name: /Ava Adams/ })
      .getByRole('gridcell')
      .nth(fridayIndex - 1),
  ).toContainText('09:00–17:00');

  // An overnight shift: Thursday night into Friday morning.
  dialog = await openAdd(page, 'Ben Brown', 'Thursday');
  await dialog.getByLabel('Start time').fill('22:00');
  await dialog.getByLabel('End time').fill('06:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /22:00 to 06:00/ })).toBeVisible();

  // A day note.
  await page.getByRole('button', { name: /^Add note for Monday/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Note').fill('Delivery at 8');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Delivery at 8')).toBeVisible();

  // Lock the week.
  await page.getByRole('button', { name: 'Schedule lock' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Locked until')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Locked until/)).toBeVisible();
  await expect(page.getByText('Locked', { exact: true }).first()).toBeVisible();
  // The README shows this screen: let the toasts go first.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await snapAll(page, 'schedule-grid');

  // Editing a chip shows its history.
  await page.getByRole('button', { name: /09:00 to 17:00/ }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit shift' })).toBeVisible();
  await dialog.getByRole('button', { name: 'History' }).click();
  await expect(dialog.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
  await expect(dialog.getByText('Created', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The day view, on Friday: Ava's day shift, and the morning of Ben's overnight shift from Thursday.
  const fridayTitle = await page.locator('thead abbr[title^="Friday"]').getAttribute('title');
  const friday = isoDateOf(fridayTitle!);
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  await expect(page).toHaveURL(/view=day/);
  await page.goto(`/schedule/${friday}?view=day`);
  await expect(page.getByRole('heading', { name: /^Friday, / })).toBeVisible();
  const dayView = page.getByTestId('day-view');
  await expect(dayView.getByRole('button', { name: 'Ava Adams: 09:00–17:00' })).toBeVisible();
  await expect(dayView.getByRole('button', { name: /^Ben Brown: 22:00–06:00, from Thursday/ })).toBeVisible();
  await snapAll(page, 'schedule-day-view');
  // Saturday has nothing, and says so.
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByText(/^Nothing scheduled on Saturday, /)).toBeVisible();
  await page.getByRole('button', { name: 'Week', exact: true }).click();

  // Invite Ava, who signs up and sees the week read-only.
  await page.goto('/staff');
  await inviteStaff(page, 'Ava Adams', avaEmail);

  const { context: avaContext, page: ava } = await joinByInvitation(
    browser,
    page,
    avaEmail,
    {
      firstName: 'Ava',
      lastName: 'Adams',
    },
    { viewport: { width: 390, height: 844 } },
  );
  await expect(ava).toHaveURL(/\/schedule/);
  await expect(ava.getByText('09:00–17:00')).toBeVisible();
  await expect(ava.getByText('Delivery at 8')).toBeVisible();
  // On her phone, her week is an agenda; on a wider screen, the grid with her row marked.
  await expect(ava.getByRole('list', { name: 'Your week' })).toBeVisible();
  await ava.setViewportSize({ width: 1280, height: 800 });
  await expect(ava.getByText('(you)')).toBeVisible();
  await expect(ava.getByRole('button', { name: /^Add shift for/ })).toHaveCount(0);
  await expect(ava.getByRole('button', { name: 'Schedule lock' })).toHaveCount(0);
  await expect(ava.getByRole('button', { name: /^Add note for/ })).toHaveCount(0);
  await snapAll(ava, 'schedule-staff-view');
  await ownerContext.close();
  await avaContext.close();
});

test("the viewer's next shift is marked without moving the rows below it, however late its answer comes", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInThroughApi(page, uniqueEmail('next.mark'), {
    firstName: 'Nia',
    lastName: 'Next',
    teamName: 'Next Mark',
  });
  await expect(page).toHaveURL(/\/staff$/);
  await addStaff(page, { first: 'Ola', last: 'Other' });

  // A shift for Nia tomorrow: her next one whatever the time of day.
  const tomorrow = await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  });
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${tomorrow}T12:00:00Z`),
  );
  await page.goto(`/schedule/${tomorrow}`);
  const dialog = await openAdd(page, 'Nia Next', weekday);
  await dialog.getByLabel('Start time').fill('09:00');
  await dialog.getByLabel('End time').fill('17:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const mark = page.getByText('Next shift', { exact: true });
  await expect(mark).toBeVisible();

  // Which shift is next has its own request, asked once the staff list names the viewer: held back
  // here until the grid is drawn, as a slow answer is. Its mark arriving then must move nothing (it
  // once added a line to the chip, and every row below Nia's moved down: bench/README.md).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/shifts/next?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(page.getByRole('row', { name: /Ola Other/ })).toBeVisible();
  await expect(mark).toHaveCount(0);
  release();
  await expect(mark).toBeVisible();
  // A shift is reported after the frame that drew it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  await context.close();
});
