import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  addStaff,
  expectNoSidewaysScroll,
  inviteStaff,
  joinByInvitation,
  SCREENSHOT_DIR,
  signInThroughApi,
  uniqueEmail,
} from '../support/app.ts';
import { expectAccessible } from '../support/axe.ts';

/** One coverage slot's fields, by the group the screen names it ("Monday slot 1"). */
async function fillSlot(
  page: Page,
  name: string,
  slot: { start: string; end: string; breakMinutes: number; people: number; role?: string },
) {
  const group = page.getByRole('group', { name });
  await group.getByLabel('Start').fill(slot.start);
  await group.getByLabel('End').fill(slot.end);
  await group.getByLabel('Break (min)').fill(String(slot.breakMinutes));
  await group.getByLabel('People').fill(String(slot.people));
  if (slot.role) await group.getByLabel('Role').fill(slot.role);
}

const rule = (page: Page, label: string) => page.getByRole('group', { name: label });

test('an owner on Pro sets coverage and rules, saves, and sees them again after a reload; staff cannot reach it', async ({
  page,
  browser,
}) => {
  // 69 s with two workers on a quiet 2-core machine; 3× that.
  test.setTimeout(240_000);
  await signInThroughApi(page, uniqueEmail('staffing.owner', 'pro'), {
    firstName: 'Olive',
    lastName: 'Owner',
    teamName: 'Dockside Diner',
  });
  // A chef to suggest as a slot's role, and a member of staff who will try the page.
  await addStaff(page, { first: 'Carl', last: 'Cook', role: 'Chef' });
  const samEmail = uniqueEmail('staffing.sam');
  await addStaff(page, { first: 'Sam', last: 'Server', role: 'Waiter', email: samEmail });
  await inviteStaff(page, 'Sam Server', samEmail);

  // From the navigation; nothing set yet, so the defaults and the empty states.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staffing' }).click();
  await expect(page).toHaveURL(/\/staffing$/);
  await expect(page.getByRole('heading', { name: /Staffing/, level: 1 })).toBeVisible();
  await expect(page.getByText(/No coverage yet\. Coverage says how many people you need/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The agent has not run yet' })).toBeVisible();
  await expect(rule(page, 'Minimum rest between shifts').getByLabel('Hours')).toHaveValue('11');
  // No rule blocks a hand edit until someone chooses strict (issue 41), and the page says so.
  await expect(rule(page, 'Minimum rest between shifts').getByRole('switch')).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByText(/Until you save, every rule only warns/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  // Monday: an early shift of two, and a night shift of one chef that runs past midnight.
  await page.getByRole('button', { name: 'Add a slot on Monday' }).click();
  await expect(page.getByRole('group', { name: 'Monday slot 1' }).getByLabel('Start')).toBeFocused();
  await fillSlot(page, 'Monday slot 1', { start: '07:00', end: '15:00', breakMinutes: 30, people: 2 });
  await page.getByRole('button', { name: 'Add a slot on Monday' }).click();
  await fillSlot(page, 'Monday slot 2', {
    start: '22:00',
    end: '06:00',
    breakMinutes: 0,
    people: 1,
    role: 'Chef',
  });
  await expect(page.getByRole('group', { name: 'Monday slot 2' })).toContainText(
    'Runs past midnight: it ends the next day.',
  );
  // The team's roles are offered for the role field.
  await expect(page.locator('datalist option[value="Chef"]')).toHaveCount(1);
  await expect(page.locator('datalist option[value="Waiter"]')).toHaveCount(1);

  // Copied to Tuesday–Friday (the defaults of the copy helper), then one of Friday's removed, asked first.
  await expect(page.getByLabel('Copy the slots of')).toHaveValue('1');
  await page.getByRole('button', { name: 'Copy slots' }).click();
  await expect(page.getByText("Copied Monday's slots to Tue–Fri")).toBeVisible();
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(page.getByRole('group', { name: `${day} slot 1` }).getByLabel('Start')).toHaveValue('07:00');
    await expect(page.getByRole('group', { name: `${day} slot 2` }).getByLabel('Role')).toHaveValue('Chef');
  }
  await expect(page.getByRole('group', { name: 'Saturday slot 1' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Friday slot 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this slot?' });
  await expect(confirm).toContainText('Friday 22:00–06:00, 1 person');
  await confirm.getByRole('button', { name: 'Remove slot' }).click();
  await expect(page.getByRole('group', { name: 'Friday slot 2' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Friday slot 1' })).toBeVisible();

  // Rules: 40 h a week, now strict; no shortest shift.
  await rule(page, 'Maximum hours a week').getByLabel('Hours').fill('40');
  await rule(page, 'Maximum hours a week').getByRole('switch', { name: 'Block hand edits (strict)' }).click();
  await rule(page, 'Shortest shift').getByLabel('Off').click();
  await expect(rule(page, 'Shortest shift')).toContainText('No limit');

  // A bad value is refused before anything is sent, with the contract's message at the field.
  const rest = rule(page, 'Minimum rest between shifts');
  await rest.getByLabel('Hours').fill('60');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(
    rest.getByText('minRestHours must be 0 to 48 (whole minutes), or null for no limit'),
  ).toBeVisible();
  await expect(rest.getByLabel('Hours')).toHaveAttribute('aria-invalid', 'true');
  await rest.getByLabel('Hours').fill('10');

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/staffing$/);
  await expect(rest.getByLabel('Hours')).toHaveValue('10');

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Staffing settings saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  // Stored as the contract says.
  const teams = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const stored = (await (await page.request.get(`/api/teams/${teams[0]!.teamId}/schedule-agent`)).json()) as {
    coverage: unknown[];
    rules: unknown;
  };
  const early = { startTime: '07:00', endTime: '15:00', breakMinutes: 30, staffCount: 2, role: null };
  const night = { startTime: '22:00', endTime: '06:00', breakMinutes: 0, staffCount: 1, role: 'Chef' };
  expect(stored.coverage).toHaveLength(9);
  expect(stored.coverage).toEqual(
    expect.arrayContaining([
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, ...early })),
      ...[1, 2, 3, 4].map((weekday) => ({ weekday, ...night })),
    ]),
  );
  expect(stored.rules).toEqual({
    // The journey never turns rest's strict switch on, and no rule is strict until chosen (issue 41).
    minRestHours: { value: 10, strict: false },
    maxWeeklyHours: { value: 40, strict: true },
    maxConsecutiveDays: { value: 6, strict: false },
    minShiftHours: { value: null, strict: false },
    maxShiftHours: { value: 12, strict: false },
  });

  // After a reload the screen shows what was saved.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Thursday slot 2' }).getByLabel('End')).toHaveValue('06:00');
  await expect(page.getByRole('group', { name: 'Friday slot 1' }).getByLabel('People')).toHaveValue('2');
  await expect(page.getByRole('group', { name: 'Friday slot 2' })).toHaveCount(0);
  await expect(rule(page, 'Maximum hours a week').getByLabel('Hours')).toHaveValue('40');
  await expect(rule(page, 'Maximum hours a week').getByRole('switch')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(rule(page, 'Minimum rest between shifts').getByLabel('Hours')).toHaveValue('10');
  await expect(rule(page, 'Shortest shift').getByLabel('Off')).toBeChecked();

  await expectNoSidewaysScroll(page, 'staffing at 1280 px');
  await expectAccessible(page, { screen: 'staffing', bothThemes: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'staffing-settings.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'staffing at 360 px');
  await expectAccessible(page, { screen: 'staffing at 360 px', bothThemes: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'staffing-settings-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Sam, a member of staff: no Staffing in the navigation, and the address says who it is for.
  const { context: samContext, page: sam } = await joinByInvitation(browser, page, samEmail, {
    firstName: 'Sam',
    lastName: 'Server',
  });
  await expect(
    sam.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }),
  ).toBeVisible();
  await expect(
    sam.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staffing' }),
  ).toHaveCount(0);
  await sam.goto('/staffing');
  await expect(sam.getByRole('heading', { name: 'Only owners and administrators' })).toBeVisible();
  await expect(sam.getByRole('group', { name: /slot/ })).toHaveCount(0);
  await expect(sam.getByText('Minimum rest between shifts')).toHaveCount(0);
  await samContext.close();
});

test('a Free owner is shown what Pro brings, with the way to upgrade', async ({ page }) => {
  await signInThroughApi(page, uniqueEmail('staffing.free'), {
    firstName: 'Fred',
    lastName: 'Free',
    teamName: 'Corner Kiosk',
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staffing' }).click();
  await expect(
    page.getByRole('heading', { name: 'Staffing rules and the schedule agent are part of Pro' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});
