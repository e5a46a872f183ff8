import { expect, test } from '@playwright/test';
import {
  addStaff,
  expectNoSidewaysScroll,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  mailedEmail,
  signInThroughApi,
  snap,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';
import { sendOk, wallClock } from '../support/wall-clock.ts';

/**
 * The day itself (issue 44): a member clocks in and out on a phone, with a break, the owner sees her
 * clocked in on the week grid, corrects her timesheet with a reason and approves it, and the payroll
 * counts the approved time as worked.
 */

const MINUTE = 60_000;

test('a member clocks in and out on a phone; the owner sees it live, edits with a reason, approves, and payroll counts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInThroughApi(page, uniqueEmail('clock.owner', 'pro'), {
    firstName: 'Olive',
    lastName: 'Owner',
    teamName: 'Harbour Café',
  });
  const avaEmail = uniqueEmail('clock.ava');
  await addStaff(page, { first: 'Ava', last: 'Adams', role: 'Barista', email: avaEmail });
  await inviteStaff(page, 'Ava Adams', avaEmail);

  // Ava's shift began three hours ago and runs four (overnight if the clock says so): now is in its
  // window, and the first 2½ hours of it are in the past, for the owner's correction below.
  const [team] = await (await page.request.get('/api/teams')).json();
  const zone: string = team.timeZone;
  const people: { staffId: string; fullName: string }[] = await (
    await page.request.get(`/api/teams/${team.teamId}/staff`)
  ).json();
  const avaId = people.find((p) => p.fullName === 'Ava Adams')!.staffId;
  const startAt = Math.floor((Date.now() - 180 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const start = wallClock(startAt, zone);
  const end = wallClock(startAt + 240 * MINUTE, zone);
  await sendOk(page.request, 'post', `/api/teams/${team.teamId}/shifts`, {
    staffId: avaId,
    shiftDate: start.date,
    startTime: start.time,
    endTime: end.time,
    breakMinutes: 0,
  });

  // Ava, on her phone: today's clock above her shifts.
  const ava = await joinByInvitation(
    browser,
    page,
    avaEmail,
    { firstName: 'Ava', lastName: 'Adams' },
    { viewport: { width: 390, height: 844 } },
  );
  const clock = ava.page.getByTestId('time-clock');
  await expect(clock).toHaveAttribute('data-state', 'out');
  await expect(clock.getByRole('button', { name: 'Clock in' })).toBeVisible();
  await snap(ava.page, 'time-clock-out', 'viewport');

  // The owner's week, on a desktop: nobody clocked in yet.
  await page.goto('/schedule');
  await expect(page.getByTestId('week-grid')).toBeVisible();
  await expect(page.getByTestId('clocked-in-marker')).toHaveCount(0);

  // Clock in: the time runs; the owner's grid marks her, live.
  await clock.getByRole('button', { name: 'Clock in' }).click();
  await expect(clock).toHaveAttribute('data-state', 'working');
  await expect(clock).toContainText(/Clocked in since \d{2}:\d{2}/);
  const elapsed = clock.getByTestId('time-clock-elapsed');
  const first = await elapsed.textContent();
  await expect(elapsed).not.toHaveText(first ?? '', { timeout: 5_000 });
  await expect(clock.getByTestId('time-clock-status')).toHaveAttribute('aria-live', 'polite');
  const marker = page.getByRole('rowheader', { name: /Ava Adams/ }).getByTestId('clocked-in-marker');
  await expect(marker).toHaveText(/Clocked in since \d{2}:\d{2}/, { timeout: 15_000 });
  await expect(ava.page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(ava.page, { screen: 'time clock on a phone', afterToasts: true });
  await snap(ava.page, 'time-clock-working', 'viewport');
  await fitsAt360(ava.page, 'time-clock-working-360');
  await snap(page, 'time-clock-grid-marker', 'viewport');

  // A break: the clock says so, here and on the owner's grid.
  await clock.getByRole('button', { name: 'Start break' }).click();
  await expect(clock).toHaveAttribute('data-state', 'break');
  await expect(clock).toContainText('On a break');
  await expect(marker).toHaveText('On a break', { timeout: 15_000 });
  await snap(ava.page, 'time-clock-break', 'viewport');
  await clock.getByRole('button', { name: 'End break' }).click();
  await expect(clock).toHaveAttribute('data-state', 'working');

  // Clock out: the clock is back to Clock in, and she is gone from the owner's grid.
  await clock.getByRole('button', { name: 'Clock out' }).click();
  await expect(clock).toHaveAttribute('data-state', 'out');
  // Her shift is done: the clock says when she left and what she worked, not "Your shift today".
  await expect(clock).toContainText(/Clocked out at \d{2}:\d{2} · \d+m worked/);
  await expect(marker).toHaveCount(0, { timeout: 15_000 });
  await expectNoSidewaysScroll(ava.page, 'the agenda after clocking out');

  // Clocked in elsewhere meanwhile (another phone): her tap is refused in the server's words, and the
  // clock shows where she stands. Without a shift left to attach to, that entry is unscheduled.
  const elsewhere = await ava.page.request.post(`/api/teams/${team.teamId}/time-clock/clock-in`, {
    data: {},
  });
  expect(elsewhere.status()).toBe(201);
  expect((await elsewhere.json()).shiftId).toBeNull();
  await clock.getByRole('button', { name: 'Clock in' }).click();
  await expect(clock.getByRole('alert')).toHaveText(
    'You are already clocked in: clock out before clocking in again.',
  );
  await expect(clock).toHaveAttribute('data-state', 'working');
  await expect(clock).toContainText('Not on a scheduled shift');
  await snap(ava.page, 'time-clock-refused', 'viewport');
  await clock.getByRole('button', { name: 'Clock out' }).click();
  await expect(clock).toHaveAttribute('data-state', 'out');
  await expect(clock.getByRole('alert')).toHaveCount(0);

  // The owner's timesheets: Ava's entry waits, a few minutes worked against four hours scheduled.
  await page.goto('/timesheets');
  await expect(page.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeVisible();
  // From the shift's own date: run early on a Monday, it began in last week (the page opens at this one).
  await page.getByLabel('From', { exact: true }).fill(start.date);
  const rows = page.getByTestId('timesheet-row').filter({ hasText: 'Ava Adams' });
  await expect(rows).toHaveCount(2);
  const row = rows.filter({ hasNotText: 'unscheduled' });
  const unscheduled = rows.filter({ hasText: 'unscheduled' });
  await expect(row).toHaveAttribute('data-status', 'pending');
  // The unscheduled minute is not pay: rejected.
  await expect(unscheduled.getByTestId('timesheet-variance')).toContainText('Not scheduled');
  await unscheduled.getByRole('button', { name: /^Reject the timesheet of Ava Adams, \w+day, / }).click();
  await expect(unscheduled).toHaveAttribute('data-status', 'rejected');
  await expect(unscheduled.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expect(row).toContainText('Pending');
  await expect(row.getByTestId('timesheet-variance')).toContainText('under schedule');

  // She forgot to clock in at the start: the owner corrects it, and must say why.
  await row
    .getByRole('button', { name: /^Edit the timesheet of Ava Adams, \w+day, .* from \d{2}:\d{2}$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit timesheet' });
  const clockIn = wallClock(startAt, zone);
  const clockOut = wallClock(startAt + 150 * MINUTE, zone);
  await dialog.getByLabel('Clock-in date').fill(clockIn.date);
  await dialog.getByLabel('Clock-in time').fill(clockIn.time);
  await dialog.getByLabel('Clock-out date').fill(clockOut.date);
  await dialog.getByLabel('Clock-out time').fill(clockOut.time);
  await dialog.getByLabel('Break (minutes)').fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Say why the times are changed.')).toBeVisible();
  await expect(dialog.getByLabel('Reason for the change')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Reason for the change').fill('Forgot to clock in; seen on the till log');
  await snap(page, 'timesheet-edit', 'viewport');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // 2 h 30 m less a 15-minute break: 2 h 15 m worked, 1 h 45 m under the four scheduled.
  await expect(row.getByTestId('timesheet-worked')).toHaveText('2h 15m');
  await expect(row.getByTestId('timesheet-variance')).toContainText('1 hour 45 minutes under schedule');

  // Approve all pending, after a confirmation.
  await page.getByRole('button', { name: /^Approve all pending \(1\)/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve all pending timesheets?' });
  await confirm.getByRole('button', { name: 'Approve all' }).click();
  await expect(row).toHaveAttribute('data-status', 'approved');
  await expect(row).toContainText('Approved');
  await expect(page.getByRole('button', { name: /^Approve all pending/ })).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, { screen: 'timesheets', afterToasts: true });
  await snapAll(page, 'timesheets');
  await fitsAt360(page, 'timesheets-360');

  // The payroll counts what was worked: 2.25 hours on Ava's day, from her timesheet.
  const payroll = await (
    await page.request.get(
      `/api/teams/${team.teamId}/reports/payroll?startDate=${clockIn.date}&endDate=${clockIn.date}`,
    )
  ).json();
  const day = payroll.days.find((d: { staffName: string }) => d.staffName === 'Ava Adams');
  expect(day).toMatchObject({ workedMinutes: 135, source: 'timesheet' });
  await page.goto('/reports/payroll');
  // Run early on the 1st, the shift's day is last month's (the report opens at this month).
  await page.getByLabel('From', { exact: true }).fill(clockIn.date);
  const payrollRow = page.getByRole('row').filter({ hasText: 'Ava Adams' });
  await expect(payrollRow).toContainText('2.25');
  await snap(page, 'timesheets-payroll', 'viewport');

  // Staff have no Timesheets page.
  await ava.page.goto('/timesheets');
  await expect(ava.page.getByRole('heading', { name: 'Timesheets', level: 1 })).toHaveCount(0);
  await ava.context.close();
});

/** Day settings (issue 44): the owner reads and saves them; the server's refusal shows under its field. */
test('the owner sets the day settings; a bad value is named under its field', async ({ page }) => {
  await signInThroughApi(page, uniqueEmail('clock.settings', 'pro'), {
    firstName: 'Dee',
    lastName: 'Owner',
    teamName: 'Night Market',
  });
  // No one has clocked in yet: the page says so, and what will fill it.
  await page.getByRole('link', { name: 'Timesheets' }).first().click();
  await expect(page.getByRole('heading', { name: 'No timesheets for these dates' })).toBeVisible();
  await fitsAt360(page, 'timesheets-empty-360');

  await page.goto('/teams');
  await page.getByRole('button', { name: 'Day settings' }).click();
  const dialog = page.getByRole('dialog', { name: /Day settings for/ });
  await expect(dialog.getByLabel('Clock in early (minutes)')).toHaveValue('15');
  await expect(dialog.getByLabel('Late after (minutes)')).toHaveValue('10');
  await expect(dialog.getByLabel('Colleagues offered a sick call')).toHaveValue('3');
  await expect(dialog.getByRole('switch', { name: /first to claim/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await dialog.getByLabel('Late after (minutes)').fill('0');
  await dialog.getByLabel('Colleagues offered a sick call').fill('many');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a whole number.')).toBeVisible();
  await dialog.getByLabel('Colleagues offered a sick call').fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The server's bound, in its words, under the field it names.
  const late = dialog.getByLabel('Late after (minutes)');
  await expect(late).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/lateAfterMinutes|Late after/i).last()).toBeVisible();
  await snap(page, 'day-settings-error', 'viewport');
  await late.fill('20');
  await dialog.getByRole('switch', { name: /first to claim/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const [team] = await (await page.request.get('/api/teams')).json();
  expect(await (await page.request.get(`/api/teams/${team.teamId}/day-settings`)).json()).toEqual({
    clockInEarlyMinutes: 15,
    lateAfterMinutes: 20,
    sickCoverOffers: 2,
    autoApproveSickCover: false,
  });
  await page.getByRole('button', { name: 'Day settings' }).click();
  await expect(dialog.getByLabel('Late after (minutes)')).toHaveValue('20');
  await fitsAt360(page, 'day-settings-360');
});

/** On Free the time clock is Pro's: no Timesheets link, no day settings, the page says what lifts it. */
test('a Free team has no timesheets, day settings or time clock, and is told Pro has them', async ({
  page,
}) => {
  await signInThroughApi(page, uniqueEmail('clock.free'), {
    firstName: 'Fay',
    lastName: 'Free',
    teamName: 'Small Kiosk',
  });
  await expect(page.getByRole('link', { name: 'Reports' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Timesheets' })).toHaveCount(0);
  await page.goto('/timesheets');
  await expect(page.getByText('Timesheets and the time clock are part of the Pro plan.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans and upgrade' })).toBeVisible();
  await page.goto('/teams');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Day settings' })).toHaveCount(0);
  const [team] = await (await page.request.get('/api/teams')).json();
  const refused = await page.request.get(`/api/teams/${team.teamId}/day-settings`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('Pro');
});

test('an owner who works clocks in too; a member phones in sick and the owner marks her off from the shift editor; the colleague who fits is offered it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signInThroughApi(page, uniqueEmail('clock.manager', 'pro'), {
    firstName: 'Olive',
    lastName: 'Owner',
    teamName: 'Dockside Deli',
  });
  const avaEmail = uniqueEmail('clock.sick.ava');
  const benEmail = uniqueEmail('clock.sick.ben');
  await addStaff(page, { first: 'Ava', last: 'Adams', role: 'Waiter', email: avaEmail });
  await addStaff(page, { first: 'Ben', last: 'Baker', role: 'Waiter', email: benEmail });
  await inviteStaff(page, 'Ava Adams', avaEmail);
  await inviteStaff(page, 'Ben Baker', benEmail);

  // Olive works now (an hour in, three to go); Ava from the next whole hour but one, for four hours.
  const [team] = await (await page.request.get('/api/teams')).json();
  const zone: string = team.timeZone;
  const people: { staffId: string; fullName: string }[] = await (
    await page.request.get(`/api/teams/${team.teamId}/staff`)
  ).json();
  const id = (name: string) => people.find((p) => p.fullName === name)!.staffId;
  const oliveFrom = Math.floor((Date.now() - 60 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  const avaFrom = Math.ceil((Date.now() + 120 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE;
  const today = wallClock(Date.now(), zone).date;
  for (const [name, from, minutes] of [
    ['Olive Owner', oliveFrom, 240],
    ['Ava Adams', avaFrom, 240],
  ] as const) {
    await sendOk(page.request, 'post', `/api/teams/${team.teamId}/shifts`, {
      staffId: id(name),
      shiftDate: wallClock(from, zone).date,
      startTime: wallClock(from, zone).time,
      endTime: wallClock(from + minutes * MINUTE, zone).time,
      breakMinutes: 0,
    });
  }
  // Only colleagues with an account can claim, so only they are offered a cover: Ben joins.
  const ben = await joinByInvitation(browser, page, benEmail, { firstName: 'Ben', lastName: 'Baker' });

  // The owner's week: her own clock above the grid, on the day she works.
  await page.goto(`/schedule/${today}`);
  const clock = page.getByTestId('time-clock');
  await expect(clock).toHaveAttribute('data-state', 'out');
  await clock.getByRole('button', { name: 'Clock in' }).click();
  await expect(clock).toHaveAttribute('data-state', 'working');
  await expect(
    page.getByRole('rowheader', { name: /Olive Owner/ }).getByTestId('clocked-in-marker'),
  ).toHaveText(/Clocked in since \d{2}:\d{2}/, { timeout: 15_000 });
  await snap(page, 'time-clock-owner', 'viewport');
  await clock.getByRole('button', { name: 'Clock out' }).click();
  await expect(clock).toHaveAttribute('data-state', 'out');

  // Ava phones: the owner opens her shift and marks her off sick.
  const avaStart = wallClock(avaFrom, zone);
  await page.goto(`/schedule/${avaStart.date}`);
  await page.getByRole('button', { name: new RegExp(`^Ava Adams, .*${avaStart.time}`) }).click();
  const editor = page.getByRole('dialog', { name: 'Edit shift' });
  await editor.getByRole('button', { name: 'Mark off sick' }).click();
  await expect(editor).toBeHidden();
  const sick = page.getByRole('dialog', { name: 'Mark off sick' });
  await expect(sick).toContainText(`Ava Adams will be marked off sick for the ${avaStart.time}`);
  await sick.getByLabel(/^Note/).fill('Phoned at 7: fever');
  await expectAccessible(page, { screen: 'mark off sick' });
  await sick.getByRole('button', { name: 'Mark off sick' }).click();
  const done = page.getByRole('dialog', { name: 'Sick call recorded' });
  await expect(done.getByTestId('sick-call-outcome')).toHaveText(
    'The shift has been offered to Ben Baker. The first to claim it takes it.',
  );
  await snap(page, 'sick-call-by-manager', 'viewport');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();
  const avaRow = page
    .getByTestId('week-grid')
    .locator('tr')
    .filter({ has: page.getByRole('rowheader', { name: /Ava Adams/ }) });
  await expect(avaRow).toContainText(/Sick|Time off/);
  await expect(page.getByTestId('open-shifts-row')).toContainText('0/1 filled');
  await mailedEmail(page.request, benEmail, /^Can you cover a shift in Dockside Deli\?$/);
  await ben.context.close();
});

test('an owner clocked in without a shift today keeps the clock on the week to clock out, and reads when she left', async ({
  page,
}) => {
  await signInThroughApi(page, uniqueEmail('clock.unscheduled', 'pro'), {
    firstName: 'Uma',
    lastName: 'Owner',
    teamName: 'Quay Kitchen',
  });
  const [team] = await (await page.request.get('/api/teams')).json();
  const today = wallClock(Date.now(), team.timeZone).date;
  // No shift anywhere this week: clocked in as unscheduled time (another device, or an entry left
  // open), she is on the list of who is clocked in.
  await sendOk(page.request, 'post', `/api/teams/${team.teamId}/time-clock/clock-in`, {});

  await page.goto(`/schedule/${today}`);
  const clock = page.getByTestId('time-clock');
  await expect(clock).toHaveAttribute('data-state', 'working');
  await expect(clock).toContainText('Not on a scheduled shift');
  await clock.getByRole('button', { name: 'Clock out' }).click();
  // The clock stays, and says when she left (it goes with the page: she has no shift today).
  await expect(clock).toHaveAttribute('data-state', 'out');
  await expect(clock).toContainText(/Clocked out at \d{2}:\d{2}/);
  await snapAll(page, 'time-clock-owner-unscheduled', 'viewport');
  await fitsAt360(page, 'time-clock-owner-unscheduled-360');
});
