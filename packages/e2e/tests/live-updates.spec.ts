import { expect, type Page, test } from '@playwright/test';
import { mailedLink, signInThroughUi, snapAll, uniqueEmail } from '../support/app.ts';

async function addStaff(page: Page, person: { first: string; last: string; role: string; email?: string }) {
  await page.getByRole('button', { name: 'Add staff' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(person.first);
  await dialog.getByLabel('Last name').fill(person.last);
  await dialog.getByLabel('Role').fill(person.role);
  if (person.email) await dialog.getByLabel(/^Email/).fill(person.email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a shift added by the owner appears live for a member of staff, who sees who else is looking', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const avaEmail = uniqueEmail('live.ava');
  await signInThroughUi(owner, uniqueEmail('live.owner'), {
    firstName: 'Orla',
    lastName: 'Owner',
    teamName: 'Live Kitchen',
  });
  await expect(owner).toHaveURL(/\/staff$/);
  await owner.getByRole('button', { name: 'Dismiss' }).click();
  await addStaff(owner, { first: 'Ava', last: 'Adams', role: 'Barista', email: avaEmail });

  // Invite Ava, who signs up and opens this week's schedule.
  await owner.getByRole('button', { name: 'Actions for Ava Adams' }).filter({ visible: true }).click();
  await owner.getByRole('menuitem', { name: 'Invite' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${avaEmail}`)).toBeVisible();

  const avaContext = await browser.newContext();
  const ava = await avaContext.newPage();
  await ava.goto(await mailedLink(owner.request, avaEmail, '/invite/accept'));
  await expect(ava.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await ava.goto('/login');
  await signInThroughUi(ava, avaEmail, { firstName: 'Ava', lastName: 'Adams' });
  await expect(ava).toHaveURL(/\/schedule/);
  await expect(ava.getByText('Nothing scheduled this week.')).toBeVisible();

  await owner.goto('/schedule');
  await expect(owner.getByRole('row', { name: /Ava Adams/ })).toBeVisible();

  // Each sees the other on the same team, and not themselves.
  const avaPresence = ava.getByTestId('presence');
  await expect(avaPresence).toContainText('Also viewing: Orla Owner');
  await expect(avaPresence).not.toContainText('Ava Adams');
  await expect(avaPresence.getByTitle('Orla Owner', { exact: true })).toHaveText('OO');
  await expect(owner.getByTestId('presence')).toContainText('Also viewing: Ava Adams');

  // The owner adds a shift; it appears for Ava without a reload.
  await owner.getByRole('button', { name: /^Add shift for Ava Adams on Wednesday/ }).click();
  const dialog = owner.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add shift' })).toBeVisible();
  await dialog.getByLabel('Start time').fill('08:00');
  await dialog.getByLabel('End time').fill('14:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('button', { name: /08:00–14:00/ })).toBeVisible();
  await expect(ava.getByText('08:00–14:00')).toBeVisible();
  await expect(ava.getByText('Nothing scheduled this week.')).toBeHidden();
  await snapAll(ava, 'live-updates-presence');

  // When the owner leaves, Ava's presence list empties.
  await ownerContext.close();
  await expect(avaPresence).toBeHidden();
  await avaContext.close();
});
