import { expect, type Page, test } from '@playwright/test';
import { addStaff, mailCount, mailedLink, signInThroughApi, snapAll, uniqueEmail } from '../support/app.ts';

/** The staff names in the order the page shows them. */
async function staffOrder(page: Page): Promise<string[]> {
  const handles = page.getByRole('button', { name: /^Reorder / }).filter({ visible: true });
  return (await handles.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Reorder /, ''),
  );
}

/** Adds someone and checks they are listed. */
async function addListedStaff(
  page: Page,
  person: { first: string; last: string; role: string; email?: string },
) {
  await addStaff(page, person);
  await expect(page.getByText(`${person.first} ${person.last}`).filter({ visible: true })).toBeVisible();
}

test('an owner builds a staff list and invites someone, who joins and sees the schedule but not staff management', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const page = await ownerContext.newPage();
  const inviteeEmail = uniqueEmail('invitee');
  await signInThroughApi(page, uniqueEmail('staff.owner'), {
    firstName: 'Orla',
    lastName: 'Owner',
    teamName: 'Harbour Café',
  });
  await expect(page).toHaveURL(/\/staff$/);

  await addListedStaff(page, { first: 'Ava', last: 'Adams', role: 'Barista' });
  await addListedStaff(page, { first: 'Ben', last: 'Brown', role: 'Chef' });
  await addListedStaff(page, { first: 'Cara', last: 'Cole', role: 'Manager', email: inviteeEmail });
  await expect(page.getByText(/4 of 100 staff/)).toBeVisible();
  expect(await staffOrder(page)).toEqual(['Orla Owner', 'Ava Adams', 'Ben Brown', 'Cara Cole']);
  await snapAll(page, 'staff-list');

  // Search narrows by name or role, case-insensitively.
  await page.getByLabel('Search staff').fill('CHEF');
  await expect(page.getByText('Ben Brown').filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Ava Adams').filter({ visible: true })).toHaveCount(0);
  await page.getByLabel('Search staff').fill('');

  // Reorder with the keyboard: lift Cara, move her up twice, drop. The order is saved.
  const cara = page.getByRole('button', { name: 'Reorder Cara Cole' }).filter({ visible: true });
  await cara.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => staffOrder(page)).toEqual(['Orla Owner', 'Cara Cole', 'Ava Adams', 'Ben Brown']);
  await page.reload();
  await expect.poll(() => staffOrder(page)).toEqual(['Orla Owner', 'Cara Cole', 'Ava Adams', 'Ben Brown']);

  // Drag with the mouse: Ben to the top of the hired staff (above Cara).
  const ben = page.getByRole('button', { name: 'Reorder Ben Brown' }).filter({ visible: true });
  const target = page.getByRole('button', { name: 'Reorder Cara Cole' }).filter({ visible: true });
  const from = (await ben.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => staffOrder(page)).toEqual(['Orla Owner', 'Ben Brown', 'Cara Cole', 'Ava Adams']);

  // Invite Cara.
  await page.getByRole('button', { name: 'Actions for Cara Cole' }).filter({ visible: true }).click();
  await page.getByRole('menuitem', { name: 'Invite' }).click();
  const inviteDialog = page.getByRole('dialog');
  await expect(inviteDialog.getByLabel('Email address')).toHaveValue(inviteeEmail);
  await snapAll(page, 'staff-invite-dialog');
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible();
  await expect(page.getByText('Invited').filter({ visible: true }).first()).toBeVisible();

  // Cara opens the emailed link in her own browser, which joins her and signs her in.
  const caraContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const caraPage = await caraContext.newPage();
  await caraPage.goto(await mailedLink(page.request, inviteeEmail, '/invite/accept'));
  await expect(caraPage.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await expect(caraPage.getByText(inviteeEmail).first()).toBeVisible();
  await expect(caraPage.getByRole('main').getByText('Harbour Café')).toBeVisible();
  // The link signed her in: she confirms the name the owner typed and goes straight to her schedule.
  await expect(caraPage.getByLabel('First name')).toHaveValue('Cara');
  await expect(caraPage.getByLabel('Last name')).toHaveValue('Cole');
  await snapAll(caraPage, 'invite-accepted');
  await caraPage.getByRole('button', { name: 'Continue to your schedule' }).click();
  await expect(caraPage).toHaveURL(/\/schedule/);
  // No second email to ask for: the invitation was the only one she got.
  expect(await mailCount(page.request, inviteeEmail)).toBe(1);
  expect(await caraPage.evaluate(() => localStorage.getItem('selectedTeamId'))).toBeTruthy();
  await expect(caraPage.getByRole('combobox', { name: 'Team' })).toContainText('Harbour Café');
  await expect(caraPage.getByRole('list', { name: 'Your week' })).toBeVisible();

  // Staff cannot manage staff: no Staff link, and /staff sends them back to the schedule.
  await caraPage.getByRole('button', { name: 'Open menu' }).click();
  await expect(caraPage.getByRole('dialog').getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(caraPage.getByRole('dialog').getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await caraPage.keyboard.press('Escape');
  await caraPage.goto('/staff');
  await expect(caraPage).toHaveURL(/\/schedule/);
  await snapAll(caraPage, 'staff-member-schedule');

  // The owner sees Cara has joined.
  await page.reload();
  await expect(page.getByText('Joined').filter({ visible: true }).first()).toBeVisible();
  await ownerContext.close();
  await caraContext.close();
});

test('an invitation link without a token says so', async ({ page }) => {
  await page.goto('/invite/accept');
  await expect(page.getByText('Invalid invitation link. No token provided.')).toBeVisible();
  await page.goto('/invite-accept?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(
    page.getByText('There was a problem processing your invitation. The link may be invalid or has expired.'),
  ).toBeVisible();
  await snapAll(page, 'invite-error');
});

test('an owner manages teams: creates on Pro limits, edits, and deletes with a typed confirmation', async ({
  page,
}) => {
  await signInThroughApi(
    page,
    uniqueEmail('teams.owner'),
    {
      firstName: 'Tess',
      lastName: 'Teams',
      teamName: 'First Team',
    },
    '/teams',
  );
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('First Team')).toBeVisible();
  await snapAll(page, 'teams');

  // Free allows one team: a second is refused with the plan's message.
  await page.getByRole('button', { name: 'New team' }).click();
  await page.getByRole('dialog').getByLabel('Team name').fill('Second Team');
  await page.getByRole('dialog').getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText(/Free plan includes 1 team/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Edit the name and week start.
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Team name').fill('Renamed Team');
  await edit.getByLabel('Week starts on').selectOption({ label: 'Sunday' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Renamed Team' })).toBeVisible();

  // Delete needs the exact name typed.
  await page
    .getByRole('button', { name: /^Delete team/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog');
  const destroy = confirm.getByRole('button', { name: 'Delete team permanently' });
  await expect(destroy).toBeDisabled();
  await confirm.getByLabel('Type the team name to confirm').fill('Renamed');
  await expect(destroy).toBeDisabled();
  await confirm.getByLabel('Type the team name to confirm').fill('Renamed Team');
  await snapAll(page, 'teams-delete-confirm');
  await destroy.click();
  await expect(page.getByRole('main').getByText('Renamed Team')).toHaveCount(0);
  await expect(page.getByText('No teams yet')).toBeVisible();
});
