import { expect, test } from '@playwright/test';
import { signInThroughApi, uniqueEmail } from '../support/app.ts';

test('the schedule lock dialog says why the server refused a lock, and stays open to try again', async ({
  page,
}) => {
  await signInThroughApi(
    page,
    uniqueEmail('lock.owner'),
    {
      firstName: 'Lena',
      lastName: 'Lock',
      teamName: 'Lock Street Deli',
    },
    '/schedule',
  );

  // The browser checks the date as the server does, so to see a refusal the request is changed on
  // its way: the real server answers a date out of range with its own sentence.
  let refused = false;
  await page.route('**/shifts/locked-until', async (route) => {
    if (route.request().method() !== 'PUT' || refused) return route.continue();
    refused = true;
    return route.continue({
      postData: JSON.stringify({ lockedUntil: '1800-01-01', hideScheduleAfterLock: false }),
    });
  });

  await page.getByRole('button', { name: 'Schedule lock' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Dates must be between 1900-01-01 and 2999-12-31');
  await expect(dialog).toBeVisible();

  // Saved the second time (the request goes through untouched): the message goes with the dialog.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Locked until/)).toBeVisible();
});
