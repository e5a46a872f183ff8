import { expect, test } from '@playwright/test';
import {
  addStaff,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  mailedEmail,
  signInThroughApi,
  snap,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';
import { sendOk, wallClock } from '../support/wall-clock.ts';

/**
 * A sick call covered by the rule engine (issue 44): a member calls in sick for her coming shift on
 * her phone; the one colleague who fits (the right role, free, no clash) is offered it by bell and
 * email, claims it, and it is in his week at once (the team's default: the first to claim gets it).
 */

const HOUR = 3_600_000;

test('a member calls in sick on her phone; the colleague who fits is offered the shift, claims it, and it is in his week', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signInThroughApi(page, uniqueEmail('sick.owner', 'pro'), {
    firstName: 'Olive',
    lastName: 'Owner',
    teamName: 'Corner Bistro',
  });
  const avaEmail = uniqueEmail('sick.ava');
  const benEmail = uniqueEmail('sick.ben');
  await addStaff(page, { first: 'Ava', last: 'Adams', role: 'Waiter', email: avaEmail });
  await addStaff(page, { first: 'Ben', last: 'Baker', role: 'Waiter', email: benEmail });
  await addStaff(page, { first: 'Cal', last: 'Cook', role: 'Chef' });
  await inviteStaff(page, 'Ava Adams', avaEmail);
  await inviteStaff(page, 'Ben Baker', benEmail);

  // Ava works from two hours from now for four hours; Olive is busy then (a clash), Cal is a chef:
  // Ben is the one who fits. One colleague is offered each sick call.
  const [team] = await (await page.request.get('/api/teams')).json();
  const zone: string = team.timeZone;
  const people: { staffId: string; fullName: string }[] = await (
    await page.request.get(`/api/teams/${team.teamId}/staff`)
  ).json();
  const id = (name: string) => people.find((p) => p.fullName === name)!.staffId;
  const startAt = Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR;
  const start = wallClock(startAt, zone);
  const end = wallClock(startAt + 4 * HOUR, zone);
  const shifts = `/api/teams/${team.teamId}/shifts`;
  for (const [name, from, to] of [
    ['Ava Adams', start.time, end.time],
    ['Olive Owner', wallClock(startAt - HOUR, zone).time, wallClock(startAt + 5 * HOUR, zone).time],
  ] as const) {
    await sendOk(page.request, 'post', shifts, {
      staffId: id(name),
      shiftDate: name === 'Ava Adams' ? start.date : wallClock(startAt - HOUR, zone).date,
      startTime: from,
      endTime: to,
      breakMinutes: 0,
    });
  }
  await sendOk(page.request, 'put', `/api/teams/${team.teamId}/day-settings`, {
    clockInEarlyMinutes: 15,
    lateAfterMinutes: 10,
    sickCoverOffers: 1,
    autoApproveSickCover: true,
  });

  // Both have joined (only colleagues with an account can claim, so only they are offered it).
  const ben = await joinByInvitation(browser, page, benEmail, { firstName: 'Ben', lastName: 'Baker' });

  // Ava, on her phone, calls in sick from her agenda.
  const ava = await joinByInvitation(
    browser,
    page,
    avaEmail,
    { firstName: 'Ava', lastName: 'Adams' },
    { viewport: { width: 390, height: 844 } },
  );
  await ava.page.goto(`/schedule/${start.date}`);
  const sickButton = ava.page.getByRole('button', { name: /^Call in sick for your / });
  await expect(sickButton).toHaveCount(1);
  await sickButton.click();
  const dialog = ava.page.getByRole('dialog', { name: 'Call in sick' });
  await dialog.getByLabel(/Note for your manager/).fill('Fever since last night');
  await expectAccessible(ava.page, { screen: 'sick call confirmation' });
  await snap(ava.page, 'sick-call-confirm', 'viewport');
  await dialog.getByRole('button', { name: 'Call in sick' }).click();
  const done = ava.page.getByRole('dialog', { name: 'Sick call recorded' });
  await expect(done.getByTestId('sick-call-outcome')).toContainText('offered to Ben Baker');
  await snap(ava.page, 'sick-call-outcome', 'viewport');
  await fitsAt360(ava.page, 'sick-call-outcome-360');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();
  // Her shift is now time off, called "Sick" ("Sick (time off)" to a screen reader), with nothing to
  // call in sick for.
  await expect(sickButton).toHaveCount(0);
  await expect(ava.page.getByText(/^Sick \(time off\) · /).first()).toBeVisible();

  // Ben is told by email and by the bell, which leads to the open shift; he claims it.
  await mailedEmail(page.request, benEmail, /./);
  // The bell is read when a page opens (and every few minutes).
  await ben.page.reload();
  // On a desktop too, a member has today's clock, above the week (no shift today: unscheduled).
  await expect(ben.page.getByTestId('time-clock')).toContainText('No shift today');
  await expect(ben.page.getByTestId('notification-count')).toHaveText('1', { timeout: 15_000 });
  await ben.page.getByTestId('notification-bell').click();
  const offer = ben.page.getByRole('menuitem', { name: /1 shift to cover/ });
  await expect(offer).toBeVisible();
  await snap(ben.page, 'sick-cover-bell', 'viewport');
  await offer.click();
  await expect(ben.page).toHaveURL(/\/schedule/);
  await ben.page.goto(`/schedule/${start.date}`);
  const card = ben.page.getByTestId('open-shifts-row').getByTestId('open-shift');
  await card.getByRole('button', { name: /^Claim open shift/ }).click();

  // At once his: in his week, and in the owner's, where Ava's is time off.
  const range = `${start.time}–${end.time}`;
  const benRow = ben.page
    .getByTestId('week-grid')
    .locator('tr')
    .filter({ has: ben.page.getByRole('rowheader', { name: /Ben Baker/ }) });
  await expect(benRow.getByText(range)).toBeVisible({ timeout: 15_000 });
  await snap(ben.page, 'sick-cover-claimed', 'viewport');
  await page.goto(`/schedule/${start.date}`);
  await expect(page.getByRole('button', { name: new RegExp(`^Ben Baker, .*${start.time}`) })).toHaveCount(1);
  const avaRow = page
    .getByTestId('week-grid')
    .locator('tr')
    .filter({ has: page.getByRole('rowheader', { name: /Ava Adams/ }) });
  // Ava's chip says Sick, styled as time off, and is read as sick time off; no note is shown.
  await expect(avaRow).toContainText('Sick');
  await expect(avaRow).not.toContainText('Fever');
  await expect(
    page.getByRole('button', { name: new RegExp(`^Ava Adams, .*sick \\(time off\\), ${start.time}`) }),
  ).toHaveCount(1);
  await expect(page.getByTestId('open-shifts-row')).toContainText('1/1 filled');
  // The week whole, cost bar drawn, down to Ben's row.
  await expect(page.getByTestId('week-cost-total')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 940 });
  await snap(page, 'sick-cover-week', 'viewport');
  // The day view's bar says it too, and is named as sick time off.
  await page.goto(`/schedule/${start.date}?view=day`);
  await expect(page.getByRole('button', { name: `Ava Adams: ${range} sick (time off)` })).toHaveText(
    `${range} · Sick`,
  );

  await ava.context.close();
  await ben.context.close();
});
