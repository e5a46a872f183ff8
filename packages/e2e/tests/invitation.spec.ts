import { expect, test } from '@playwright/test';
import { addStaff, inviteStaff, mailedLink, signInThroughApi, snap, uniqueEmail } from '../support/app.ts';

test('an invitation opened where someone else is signed in waits for them to log out, then signs the invitee in', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, uniqueEmail('invite.owner'), {
    firstName: 'Omar',
    lastName: 'Owner',
    teamName: 'Lighthouse Deli',
  });
  const avaEmail = uniqueEmail('invite.ava');
  await addStaff(owner, { first: 'Ava', last: 'Adams', email: avaEmail });
  await inviteStaff(owner, 'Ava Adams', avaEmail);
  const link = await mailedLink(owner.request, avaEmail, '/invite/accept');

  // A shared phone: Bea is signed in when Ava opens her invitation.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await phone.newPage();
  const beaEmail = uniqueEmail('invite.bea');
  await signInThroughApi(page, beaEmail, { firstName: 'Bea', lastName: 'Baker', teamName: 'Bea Bakes' });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation not accepted' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${beaEmail.toLowerCase()}`)).toBeVisible();
  await snap(page, 'invite-other-account');

  // Logging out from there accepts it for Ava, signed in as herself.
  await page.getByRole('button', { name: 'Log out and accept' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
  await expect(page.getByText(avaEmail.toLowerCase()).first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ava');
  await expect(page.getByLabel('Last name')).toHaveValue('Adams');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await snap(page, 'invite-confirm-name');

  // She corrects her surname; the name is checked like any profile.
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Continue to your schedule' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('Last name').fill('Adams-Smith');
  await page.getByRole('button', { name: 'Continue to your schedule' }).click();
  await expect(page).toHaveURL(/\/schedule/);
  await expect(page.getByRole('list', { name: 'Your week' })).toBeVisible();
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.user).toMatchObject({ email: avaEmail.toLowerCase(), firstName: 'Ava', lastName: 'Adams-Smith' });

  // The link was single use.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Invitation not accepted' })).toBeVisible();
  await expect(other.getByText('This invitation link is not valid')).toBeVisible();
  await stranger.close();
  await phone.close();
  await ownerContext.close();
});
