import { expect, test } from '@playwright/test';
import { addStaff, fitsAt360, signInThroughApi, snapAll, uniqueEmail } from '../support/app.ts';

/**
 * Plans and billing with the demo provider (issue 12): a Free owner reaches the staff limit, upgrades
 * through the demo checkout, adds the person, then cancels in the demo portal and sees when Pro ends.
 */
test('a Free owner hits the staff limit, upgrades, adds staff, cancels and sees the end date', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughApi(page, uniqueEmail('billing.owner'), {
    firstName: 'Bea',
    lastName: 'Baker',
    teamName: 'Corner Bakery',
  });
  await expect(page).toHaveURL(/\/staff$/);

  // The team up to the Free plan's 100, through the API: the owner and 99 more.
  const [team] = await (await page.request.get('/api/teams')).json();
  const existing = (await (await page.request.get(`/api/teams/${team.teamId}/staff`)).json()).length;
  for (let n = existing + 1; n <= 100; n += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, 101 - n) }, async (_, i) => {
        const response = await page.request.post(`/api/teams/${team.teamId}/staff`, {
          data: { firstName: 'Baker', lastName: String(n + i).padStart(3, '0') },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
  await page.reload();
  await expect(page.getByText('100 of 100 staff')).toBeVisible();

  // The 101st is refused, naming the limit, with the way to lift it.
  await page.getByRole('button', { name: 'Add staff' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Nina');
  await dialog.getByLabel('Last name').fill('New');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The Free plan allows up to 100 staff per team');
  await dialog.getByRole('link', { name: 'See plans and upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await expect(page.getByRole('table')).toContainText('Leave report maximum range');
  await snapAll(page, 'subscription-free');
  await fitsAt360(page, 'subscription-free');

  // Upgrade in pounds through the demo checkout.
  await page.getByLabel('Currency').selectOption({ label: 'United Kingdom (GBP)' });
  await expect(page.getByText('£19/mo')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?session=/);
  await expect(page.getByTestId('checkout-price')).toHaveText('£19');
  await expect(page.getByText('no money moves')).toBeVisible();
  await snapAll(page, 'demo-checkout');
  await fitsAt360(page, 'demo-checkout');
  await page.getByRole('button', { name: 'Pay £19' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText('Welcome to Pro! Your subscription is active.')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByTestId('subscription-status')).toContainText('Pro renews on');
  await expect(page.getByTestId('pro-badge')).toBeVisible();
  await snapAll(page, 'subscription-pro');

  // Now the 101st joins.
  await page.goto('/staff');
  await addStaff(page, { first: 'Nina', last: 'New' });
  await expect(page.getByText('101 of 500 staff')).toBeVisible();

  // Cancel in the demo portal: Pro stays until the period end, which both pages show.
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-portal\?session=/);
  await expect(page.getByTestId('portal-status')).toContainText('Renews on');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByTestId('portal-status')).toContainText('Pro ends on');
  const endDate = (await page.getByTestId('portal-status').textContent())!.match(
    /Pro ends on (\d+ \w+ \d{4})/,
  )![1]!;
  await snapAll(page, 'demo-portal');
  await fitsAt360(page, 'demo-portal');
  await page.getByRole('link', { name: 'Return to Rotaboard' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-status')).toHaveText(
    `Pro is cancelled and ends on ${endDate}.`,
  );
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
});
