import { expect, test } from '@playwright/test';
import {
  addStaff,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  signInThroughApi,
  snap,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

test('a member of staff sets a day unavailable in Settings, and the administrator sees it on the staff page', async ({
  browser,
}) => {
  // On the Free plan: availability is on every plan.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, uniqueEmail('avail.owner'), {
    firstName: 'Omar',
    lastName: 'Owner',
    teamName: 'Harbour Cafe',
  });
  const avaEmail = uniqueEmail('avail.ava');
  await addStaff(owner, { first: 'Ava', last: 'Adams', email: avaEmail });
  await inviteStaff(owner, 'Ava Adams', avaEmail);

  // Ava joins on her phone and opens Settings: nothing set yet.
  const { context: phone, page } = await joinByInvitation(
    browser,
    owner,
    avaEmail,
    { firstName: 'Ava', lastName: 'Adams' },
    { viewport: { width: 360, height: 740 } },
  );
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Availability' });
  await expect(section.getByText("No availability set — you're treated as available any time")).toBeVisible();

  // Wednesdays, the whole day, unavailable: from the keyboard.
  await section.getByRole('button', { name: 'Add a weekday' }).focus();
  await page.keyboard.press('Enter');
  const day = section.getByLabel('Day', { exact: true });
  await expect(day)
    .toBeFocused({ timeout: 1000 })
    .catch(() => day.focus());
  await day.selectOption('Wednesday');
  await expect(section.getByLabel('Kind', { exact: true })).toHaveValue('unavailable');
  // A lone start time is refused before anything is sent.
  await section.getByLabel('From', { exact: true }).fill('09:00');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(
    section.getByText('Give both a start and an end time, or neither for the whole day'),
  ).toBeVisible();
  await section.getByLabel('From', { exact: true }).fill('');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();
  await expect(section.getByText(/No availability set/)).toBeHidden();
  await fitsAt360(page, 'availability-settings');
  await expectAccessible(page, { include: ['section[aria-labelledby="settings-availability"]'] });
  // The section's top just below the sticky header.
  await page.evaluate(() => {
    document.getElementById('settings-availability')?.scrollIntoView();
    window.scrollBy(0, -80);
  });
  await snap(page, 'availability-settings-section', 'viewport');

  // Stored as the contract says.
  const staffList = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const teamId = staffList[0]!.teamId;
  const members = (await (await page.request.get(`/api/teams/${teamId}/staff?includeAll=true`)).json()) as {
    staffId: string;
    fullName: string;
  }[];
  const ava = members.find((m) => m.fullName === 'Ava Adams')!;
  const stored = await (
    await page.request.get(`/api/teams/${teamId}/staff/${ava.staffId}/availability`)
  ).json();
  expect(stored).toEqual({
    weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
    dates: [],
  });

  // The owner opens it from Ava's actions menu on the staff page.
  await owner.goto('/staff');
  await owner.getByRole('button', { name: 'Actions for Ava Adams' }).filter({ visible: true }).click();
  await owner.getByRole('menuitem', { name: 'Availability' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Availability — Ava Adams' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Day', { exact: true })).toHaveValue('3');
  await expect(dialog.getByLabel('Kind', { exact: true })).toHaveValue('unavailable');
  await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('');
  await snap(owner, 'availability-staff-dialog');
  await expectAccessible(owner, { include: ['[role="dialog"]'] });

  // The owner adds Christmas Eve afternoon for her, overnight-safe times as typed.
  await dialog.getByRole('button', { name: 'Add a date' }).click();
  await dialog.getByLabel('Date', { exact: true }).fill('2026-12-24');
  await dialog.getByLabel('From', { exact: true }).nth(1).fill('12:00');
  await dialog.getByLabel('To', { exact: true }).nth(1).fill('23:59');
  await dialog.getByRole('button', { name: 'Save availability' }).click();
  await expect(owner.getByText('Availability saved')).toBeVisible();
  await owner.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ava sees it in Settings after a reload.
  await page.reload();
  await expect(section.getByLabel('Date', { exact: true })).toHaveValue('2026-12-24');
  await expect(section.getByLabel('To', { exact: true }).nth(1)).toHaveValue('23:59');

  await phone.close();
  await ownerContext.close();
});
