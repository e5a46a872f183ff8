import { expect, type Page, test } from '@playwright/test';
import { expectNoSidewaysScroll, signInThroughApi, snap, uniqueEmail } from '../support/app.ts';

/**
 * Issue 41 in the browser: a team keeps its own time zone, its "today" is that zone's today whatever
 * the viewer's clock says, someone abroad is told whose clocks the times are, and times follow the
 * viewer's region (12-hour in the US) unless they choose otherwise in Settings.
 */

type Team = { teamId: string; teamName: string; weekStartDay: number; timeZone: string; hash: string };

async function firstTeam(page: Page): Promise<Team> {
  const [team] = (await (await page.request.get('/api/teams')).json()) as Team[];
  expect(team, 'the owner has a team').toBeTruthy();
  return team!;
}

/** PUT /api/teams/{id} with the zone, as the team's settings save it. */
async function setTeamZone(page: Page, timeZone: string): Promise<void> {
  const team = await firstTeam(page);
  const response = await page.request.put(`/api/teams/${team.teamId}`, {
    data: { teamName: team.teamName, weekStartDay: team.weekStartDay, timeZone, hash: team.hash },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function addShift(page: Page, shiftDate: string, startTime: string, endTime: string): Promise<void> {
  const team = await firstTeam(page);
  const staff = (await (await page.request.get(`/api/teams/${team.teamId}/staff`)).json()) as {
    staffId: string;
  }[];
  const made = await page.request.post(`/api/teams/${team.teamId}/shifts`, {
    data: { staffId: staff[0]!.staffId, shiftDate, startTime, endTime },
  });
  expect(made.status(), await made.text()).toBe(201);
}

test.describe('a browser in Tokyo, a team in London', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('names the team’s zone beside the week, and Today is London’s today', async ({ page }) => {
    // Sunday 17 January 2027, 23:30 in London, is already Monday 18 January, 08:30, in Tokyo: the two
    // todays fall in different weeks (the team's weeks start on Monday).
    await page.clock.setFixedTime(new Date('2027-01-17T23:30:00Z'));
    await signInThroughApi(page, uniqueEmail('tz.tokyo'), { firstName: 'Kenji', lastName: 'Sato' });
    // A team made through the API without a zone is in UTC, the default; the owner moves it to London.
    expect((await firstTeam(page)).timeZone).toBe('UTC');
    await setTeamZone(page, 'Europe/London');

    await page.goto('/schedule');
    await expect(page.getByText('Times in Europe/London')).toBeVisible();
    const today = page.locator('th[aria-current="date"]');
    await expect(today.locator('abbr')).toHaveAttribute('title', 'Sunday, 17 January 2027');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('17');

    // Away to another week and back: Today lands on London's Sunday, not Tokyo's Monday.
    await page.goto('/schedule/2027-03-01');
    await expect(page.locator('th[aria-current="date"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(today.locator('abbr')).toHaveAttribute('title', 'Sunday, 17 January 2027');
    await snap(page, 'time-zones-abroad');

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByText('Times in Europe/London')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the schedule of a team in another zone at 360 px');
    await snap(page, 'time-zones-abroad', 'viewport');
  });

  test('the shift editor counts the real length on the night the clocks go forward', async ({ page }) => {
    await signInThroughApi(page, uniqueEmail('tz.editor'), { firstName: 'Rin', lastName: 'Abe' });
    await setTeamZone(page, 'Europe/London');
    // The week of Sunday 28 March 2027, when London's clocks go forward from 01:00 to 02:00.
    await page.goto('/schedule/2027-03-22');
    await page.getByRole('button', { name: 'Add shift for Rin Abe on Saturday, 27 March 2027' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Start time').fill('22:00');
    await dialog.getByLabel('End time').fill('06:00');
    // 22:00 to 06:00 across the change is 7 hours of real time, not 8.
    await expect(dialog.getByText('7h worked')).toBeVisible();
    // 01:30 never happens that night: said on the field before anything is saved.
    await dialog.getByLabel('Date').fill('2027-03-28');
    await dialog.getByLabel('Start time').fill('01:30');
    await expect(dialog.getByText(/^01:30 does not exist on 28 March 2027 in Europe\/London/)).toBeVisible();
    await expect(dialog.getByLabel('Start time')).toHaveAttribute('aria-invalid', 'true');
    await snap(page, 'time-zones-editor-gap');
    await dialog.getByLabel('Date').fill('2027-03-27');
    await dialog.getByLabel('Start time').fill('22:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The grid's totals are the server's worked minutes: the same 7 hours.
    await expect(page.getByRole('rowheader', { name: /Rin Abe/ })).toContainText('7h');
  });

  test('the owner changes the team’s time zone in its settings', async ({ page }) => {
    await signInThroughApi(
      page,
      uniqueEmail('tz.settings'),
      { firstName: 'Aiko', lastName: 'Mori', teamName: 'Harbour Cafe' },
      '/teams',
    );
    await setTeamZone(page, 'Asia/Tokyo');
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The browser is in Tokyo too: nothing to point out.
    await expect(page.getByText(/^Times in /)).toHaveCount(0);

    await page.goto('/teams');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    const zone = dialog.getByLabel('Time zone');
    await expect(zone).toHaveValue('Asia/Tokyo');
    // A name that is no zone is said under the field, as the name's problems are, and nothing is saved.
    await zone.fill('Mars/Olympus');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText(/is not a known time zone/)).toBeVisible();
    await expect(zone).toHaveAttribute('aria-invalid', 'true');
    await snap(dialog.page(), 'time-zones-team-settings-error');
    await zone.fill('America/New_York');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    expect((await firstTeam(page)).timeZone).toBe('America/New_York');

    await page.goto('/schedule');
    await expect(page.getByText('Times in America/New York')).toBeVisible();
  });

  test('a new team starts in the browser’s zone', async ({ page }) => {
    await signInThroughApi(
      page,
      uniqueEmail('tz.new', 'pro'),
      { firstName: 'Yui', lastName: 'Ito' },
      '/teams',
    );
    await page
      .getByRole('button', { name: /New team/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
    await dialog.getByLabel(/Team name/).fill('Tokyo Kitchen');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(dialog).toBeHidden();
    const teams = (await (await page.request.get('/api/teams')).json()) as Team[];
    expect(teams.find((team) => team.teamName === 'Tokyo Kitchen')?.timeZone).toBe('Asia/Tokyo');
  });
});

test.describe('a browser in the US', () => {
  test.use({ locale: 'en-US', timezoneId: 'UTC' });

  test('shows 12-hour times, and 24-hour once chosen in Settings', async ({ page }) => {
    // Wednesday 13 January 2027, in a UTC team viewed from a UTC browser: no zone to point out.
    await page.clock.setFixedTime(new Date('2027-01-13T10:00:00Z'));
    await signInThroughApi(page, uniqueEmail('tz.us'), { firstName: 'Jo', lastName: 'Miller' });
    await addShift(page, '2027-01-13', '09:00', '17:00');
    await addShift(page, '2027-01-14', '22:00', '06:30');

    await page.goto('/schedule');
    await expect(page.getByText(/^Times in /)).toHaveCount(0);
    const chips = page.locator('[data-shift-chip]');
    await expect(chips.filter({ hasText: '9:00 am–5:00 pm' })).toHaveCount(1);
    await expect(chips.filter({ hasText: '10:00 pm–6:30 am' })).toContainText('→ 6:30 am Fri');
    await expect(chips.first()).toHaveAccessibleName(/9:00 am to 5:00 pm/);
    await snap(page, 'time-zones-12-hour');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, 'the week with 12-hour times at 360 px');
    await snap(page, 'time-zones-12-hour', 'viewport');
    await page.goto('/schedule/2027-01-13?view=day');
    await expect(page.getByRole('button', { name: /9:00 am–5:00 pm/ })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the day view with 12-hour times at 360 px');
    await snap(page, 'time-zones-12-hour-day', 'viewport');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Time format' });
    await expect(section.getByRole('radio', { name: /Automatic/ })).toBeChecked();
    await section.getByText('24-hour').click();
    await expect(page.getByText('Times are shown on a 24-hour clock')).toBeVisible();
    await expect(section.getByRole('radio', { name: /24-hour/ })).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await snap(page, 'time-zones-settings', 'viewport');
    await page.setViewportSize({ width: 360, height: 740 });
    await section.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'Settings with the time format at 360 px');
    await snap(page, 'time-zones-settings', 'viewport');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto('/schedule');
    await expect(chips.filter({ hasText: '09:00–17:00' })).toHaveCount(1);
    await expect(chips.filter({ hasText: '22:00–06:30' })).toContainText('→ 06:30 Fri');
    // Kept on the account: a reload (or another device) shows the same.
    await page.reload();
    await expect(chips.filter({ hasText: '09:00–17:00' })).toHaveCount(1);
  });
});
