import { expect, test } from '@playwright/test';
import { mailCount, mailedLink, snapAll, uniqueEmail } from '../support/app.ts';

test('a new user signs up through the emailed link, creates a team and lands on /staff with the welcome alert', async ({
  page,
}) => {
  const email = uniqueEmail('new.owner');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Staff rotas your team will actually use' })).toBeVisible();
  await snapAll(page, 'home');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Create your Rotaboard account' })).toBeVisible();

  await snapAll(page, 'login');

  // An empty address is refused with the spec's toast.
  await page.getByRole('button', { name: 'Continue' }).click();
  const emptyToast = page.getByText('Please enter your email address');
  await expect(emptyToast).toBeVisible();
  await expect(emptyToast).toBeHidden({ timeout: 15_000 });

  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/spam/i)).toBeVisible();
  await expect(page.getByText(/15 minutes/)).toBeVisible();
  // The resend button counts down as m:ss, then offers a new link.
  await expect(page.getByRole('button', { name: /Resend link in 0:0\d/ })).toBeDisabled();
  await snapAll(page, 'check-email');
  const resend = page.getByRole('button', { name: 'Resend link', exact: true });
  await expect(resend).toBeEnabled({ timeout: 10_000 });
  const before = await mailCount(page.request, email);
  await resend.click();
  await expect(page.getByText('New magic link sent to your email')).toBeVisible();
  await expect.poll(() => mailCount(page.request, email)).toBe(before + 1);

  await page.goto(await mailedLink(page.request, email, '/login/verify/'));
  await expect(page).toHaveURL(/\/login\?.*completeProfile=true/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  const includeMe = page.getByRole('checkbox', { name: 'Include me in the staff list' });
  await expect(includeMe).toBeChecked();

  // Both names are required.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await snapAll(page, 'profile');

  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Owens');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Rotaboard!' })).toBeVisible();
  // The team was named after the owner, who is on its staff list.
  await expect(page.getByRole('combobox', { name: 'Team' })).toContainText("Nadia's Team");
  await expect(page.getByText('Nadia Owens').filter({ visible: true })).toBeVisible();
  await snapAll(page, 'staff-welcome');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Rotaboard!' })).toBeHidden();
  await page.reload();
  await expect(page.getByText('Nadia Owens').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Rotaboard!' })).toBeHidden();
});

test('asking twice within the resend window still moves on to the check-email step', async ({ page }) => {
  const email = uniqueEmail('twice');
  // The e2e server's resend window is 3 s: the page is loaded and filled in before the first ask, so
  // only the click lies between the two (loading the page in between took longer on a busy machine).
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.request.post('/api/auth/login', { data: { email } });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('A magic link was already sent to your email. Please check your email.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to email' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
});

test('a used or unknown sign-in link is refused with a way back', async ({ page }) => {
  await page.goto('/login/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('Invalid magic link')).toBeVisible();
  await snapAll(page, 'verify-invalid');
  await page
    .getByRole('button', { name: 'Back to log in' })
    .or(page.getByRole('link', { name: 'Back to log in' }))
    .click();
  await expect(page).toHaveURL(/\/login/);
});
