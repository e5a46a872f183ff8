import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  expectNoSidewaysScroll,
  SCREENSHOT_DIR,
  signInThroughApi,
  snap,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

/** The Monday three weeks on: a week nobody has touched, with no day in the past. */
function emptyMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const MESSAGE = "Give Ava Monday and Tuesday 9 to 5 and move Ben's Friday shift to Saturday";

/**
 * Issue 26 in the browser: a Pro administrator asks the assistant in plain English, sees the three
 * changes it proposes in its panel and dashed in the grid, rejects one, accepts two (real shifts in
 * the grid) and undoes them (gone again); a proposed day note is accepted from under its day's
 * heading; the panel passes axe and fits a 360 px phone as a sheet.
 */
test('an administrator asks the assistant for changes, rejects one, accepts two and undoes them', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughApi(page, uniqueEmail('assistant.owner', 'pro'), {
    firstName: 'Asha',
    lastName: 'Owner',
    teamName: 'Assistant Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const teamPath = `/api/teams/${team!.teamId}`;
  const post = (url: string, data: object) =>
    page.request.post(`${teamPath}${url}`, { data, headers: { origin: baseURL! } });
  const person = async (firstName: string, lastName: string) => {
    const response = await post('/staff', { firstName, lastName });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { staffId: string }).staffId;
  };
  const ava = await person('Ava', 'Okafor');
  const ben = await person('Ben', 'Hughes');
  const monday = emptyMonday();
  const [tuesday, friday, saturday, sunday] = [1, 4, 5, 6].map((days) => plusDays(monday, days));
  expect(
    (
      await post('/shifts', {
        staffId: ben,
        shiftDate: friday,
        startTime: '09:00',
        endTime: '17:00',
        breakMinutes: 30,
      })
    ).status(),
  ).toBe(201);
  const weekShifts = async () =>
    (
      (await (await page.request.get(`${teamPath}/shifts?startDate=${monday}&endDate=${sunday}`)).json()) as {
        staffId: string;
        shiftDate: string;
        isTimeOff: boolean;
      }[]
    )
      .map((shift) => `${shift.staffId === ava ? 'Ava' : 'Ben'} ${shift.shiftDate}`)
      .sort();

  await page.goto(`/schedule/${monday}`);
  await expect(page.getByTestId('week-grid')).toBeVisible();
  const opener = page.getByRole('button', { name: 'Assistant', exact: true });
  await opener.click();
  const panel = page.getByRole('complementary', { name: 'Schedule assistant' });
  await expect(panel).toBeVisible();
  const box = panel.getByLabel('Message to the assistant');
  await expect(box).toBeFocused();
  await expect(panel.getByTestId('assistant-usage')).toHaveText(
    /^0 of 300 messages this month, resets \d+ \w+$/,
  );

  // An empty message is refused in the panel, with nothing sent.
  await box.press('Enter');
  await expect(panel.getByText('Type what you would like changed, or pick an example.')).toBeVisible();
  // An example fills the box; Shift+Enter is a new line, not a send.
  await panel.getByRole('button', { name: "Move Ben's Friday shift to Saturday" }).click();
  await expect(box).toHaveValue("Move Ben's Friday shift to Saturday");
  await expect(box).toBeFocused();
  await box.press('Shift+Enter');
  await expect(box).toHaveValue("Move Ben's Friday shift to Saturday\n");
  await expect(panel.getByTestId('assistant-usage')).toHaveText(/^0 of 300/);

  // The message, sent with Enter: the reply says who answered, and three changes are proposed.
  await box.fill(MESSAGE);
  await box.press('Enter');
  const log = panel.getByRole('log', { name: 'Conversation with the assistant' });
  await expect(log.locator('[data-turn="user"] p')).toHaveText(MESSAGE);
  await expect(log.locator('[data-turn="assistant"]')).toContainText('Built-in assistant', {
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/[?&]proposal=/);
  const list = panel.getByTestId('assistant-proposal');
  await expect(list.locator('[data-assistant-change]')).toHaveCount(3);
  await expect(list).toContainText(/Add 09:00–17:00 for Ava Okafor on Mon/);
  await expect(list).toContainText(/Add 09:00–17:00 for Ava Okafor on Tue/);
  await expect(list).toContainText(/Move Ben Hughes's 09:00–17:00 on Fri .* to Sat/);
  await expect(panel.getByTestId('assistant-usage')).toHaveText(/^1 of 300/);
  await expect(box).toBeFocused();
  // In the grid: two new shifts and the moved one, dashed, and Ben's Friday marked as moving.
  const grid = page.getByTestId('week-grid');
  await expect(grid.locator('[data-proposed-change]')).toHaveCount(3);
  await expect(grid.locator('[data-proposed-move]')).toHaveCount(1);
  await expect(grid.getByRole('row', { name: /Ben Hughes/ })).toContainText('Moved from');
  // The proposal bar would list the same changes again: the panel is the list while it is open.
  await expect(page.getByTestId('proposal-bar')).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'assistant-proposal.png') });
  await expectAccessible(page, { include: ['[data-testid="assistant-panel"]', '[data-testid="week-grid"]'] });

  // Reject Ava's Tuesday, accept the other two (one of them from the keyboard).
  await list.getByRole('button', { name: /^Reject: Add 09:00–17:00 for Ava Okafor on Tue/ }).click();
  await expect(list.locator('[data-assistant-change="rejected"]')).toHaveCount(1);
  await expect(list.getByRole('heading', { name: /Proposed changes/ })).toBeFocused();
  await list.getByRole('button', { name: /^Accept: Add 09:00–17:00 for Ava Okafor on Mon/ }).click();
  await expect(list.locator('[data-assistant-change="accepted"]')).toHaveCount(1);
  // The list's buttons are disabled until that accept has settled, which then moves focus to the
  // heading: wait for it, or the focus below lands on a disabled button and the Enter is lost.
  await expect(list.getByRole('heading', { name: /Proposed changes/ })).toBeFocused();
  const acceptMove = list.getByRole('button', { name: /^Accept: Move Ben Hughes's/ });
  await expect(acceptMove).toBeEnabled();
  await acceptMove.focus();
  await page.keyboard.press('Enter');
  await expect(list.locator('[data-assistant-change="accepted"]')).toHaveCount(2);
  await expect.poll(weekShifts).toEqual([`Ava ${monday}`, `Ben ${saturday}`]);
  // The grid shows them as real shifts: nothing dashed is left, Ben's shift is on Saturday.
  await expect(grid.locator('[data-proposed-change]')).toHaveCount(0);
  await expect(grid.locator('[data-proposed-move]')).toHaveCount(0);
  await expect(grid.getByRole('button', { name: /Ava Okafor.*09:00.*17:00/ })).toHaveCount(1);
  await expect(list.getByRole('button', { name: 'Accept all' })).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'assistant-accepted.png') });

  // Undo: the two accepted changes are gone, Ben's shift is back on Friday, Tuesday never came.
  await list.getByRole('button', { name: 'Undo accepted' }).click();
  await expect(page.getByText('Undid 2 accepted changes')).toBeVisible();
  await expect.poll(weekShifts).toEqual([`Ben ${friday}`]);
  await expect(list).toContainText('The accepted changes were undone.');
  expect(await weekShifts()).not.toContain(`Ava ${tuesday}`);

  // A day note is proposed under its day's heading, dashed, and accepted there from the grid.
  await box.fill('Note on Wednesday: Stocktake at 8');
  await box.press('Enter');
  await expect(list.locator('[data-assistant-change]')).toHaveCount(1);
  await expect(list).toContainText(/Day note on Wed .*Stocktake at 8/);
  const heading = grid.locator('thead');
  const proposedNote = heading.locator('[data-proposed-change]');
  await expect(proposedNote).toHaveCount(1);
  await expect(proposedNote).toContainText('Stocktake at 8');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'assistant-day-note.png') });
  await proposedNote.getByRole('button', { name: /^Accept proposed note for .*: Stocktake at 8$/ }).click();
  // The newest toast: the two accepted above say the same, and may still be showing.
  await expect(page.locator('[data-sonner-toast][data-front="true"]')).toContainText('Accepted 1 change');
  await expect(heading.getByRole('button', { name: 'Edit note: Stocktake at 8' })).toBeVisible();
  await expect(proposedNote).toHaveCount(0);
  await expect(list.locator('[data-assistant-change="accepted"]')).toHaveCount(1);

  // At 360 px the panel is a sheet from the bottom, with the conversation kept, nothing wider.
  await page.setViewportSize({ width: 360, height: 740 });
  const sheet = page.getByRole('dialog', { name: 'Schedule assistant' });
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('[data-turn="user"] p').first()).toHaveText(MESSAGE);
  await expectNoSidewaysScroll(page, 'the assistant at 360 px');
  const sheetBox = await sheet.boundingBox();
  expect(sheetBox!.width).toBeLessThanOrEqual(360);
  await expect(sheet.getByLabel('Message to the assistant')).toBeInViewport();
  await snap(page, 'assistant-sheet', 'viewport');
  await expectAccessible(page, { include: ['[role="dialog"]'] });
  await sheet.getByRole('button', { name: 'Close the assistant' }).click();
  await expect(sheet).toBeHidden();
  await context.close();
});

/** Free: the toolbar's Assistant shows what Pro adds instead of the message box. */
test('a Free team sees the Pro upgrade hint instead of the message box', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughApi(
    page,
    uniqueEmail('assistant.free'),
    {
      firstName: 'Fay',
      lastName: 'Free',
      teamName: 'Free Cafe',
    },
    '/schedule',
  );
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Schedule assistant' });
  await expect(panel.getByTestId('assistant-pro-hint')).toContainText(
    'The schedule assistant is part of Pro',
  );
  await expect(panel.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/subscription');
  await expect(panel.getByLabel('Message to the assistant')).toHaveCount(0);
  await expectAccessible(page, { include: ['[data-testid="assistant-panel"]'] });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'assistant-free.png') });
  // Escape closes it and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Assistant', exact: true })).toBeFocused();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Week tools' }).click();
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Schedule assistant' });
  await expect(sheet.getByTestId('assistant-pro-hint')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Free hint at 360 px');
  await context.close();
});
