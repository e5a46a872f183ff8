import { expect, test } from '@playwright/test';
import { fitsAt360, signInThroughUi, snapAll, uniqueEmail } from '../support/app.ts';

/**
 * Support tickets (issue 14, first part): a user opens a ticket, the agent sees it and replies, the
 * user's bell counts the unread reply and the thread shows it.
 */
test('a user opens a ticket, the agent replies, and the user sees the reply', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await signInThroughUi(page, uniqueEmail('support.user'), {
    firstName: 'Una',
    lastName: 'User',
    teamName: 'Bakery',
  });
  await page.goto('/support');
  await expect(page.getByText('Pro accounts get priority support')).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket' }).click();
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByText('Please fill in all fields').first()).toBeVisible();
  await page.getByLabel('Title').fill('Cannot find the lock');
  await page.getByLabel('Type').selectOption('Help');
  await page.getByLabel('Message').fill('Where do I lock next week?');
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Cannot find the lock', level: 1 })).toBeVisible();
  await expect(
    page.getByText('A support agent will respond to your message as soon as possible.'),
  ).toBeVisible();

  // The agent sees it, unread, with the user's id and details.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInThroughUi(agent, 'agent@support.example.com', { firstName: 'Sage', lastName: 'Support' });
  await agent.goto('/support');
  await expect(
    agent.getByText('you can respond to tickets and close them, but not create them'),
  ).toBeVisible();
  await expect(agent.getByRole('link', { name: 'New ticket' })).toHaveCount(0);
  const row = agent.getByRole('link', { name: /Cannot find the lock/ });
  await expect(row).toContainText('Unread');
  await expect(row).toContainText('User ID');
  await snapAll(agent, 'support-list');
  await row.click();
  await expect(agent.getByText('Una User')).toBeVisible();
  await agent.getByLabel('Reply').fill('Schedule → Schedule lock, then pick the date.');
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(agent.getByText('Message sent')).toBeVisible();

  // The user's bell counts the reply; opening the ticket reads it.
  await page.goto('/schedule');
  await expect(page.getByTestId('notification-count')).toHaveText('1');
  await page.goto('/support');
  await expect(page.getByRole('link', { name: /Cannot find the lock/ })).toContainText('Unread');
  await page.getByRole('link', { name: /Cannot find the lock/ }).click();
  await expect(page.getByText('Schedule → Schedule lock, then pick the date.')).toBeVisible();
  await expect(page.getByText('Support (Sage)')).toBeVisible();
  await snapAll(page, 'support-thread');
  await fitsAt360(page, 'support-thread');
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Ticket closed')).toBeVisible();
  await expect(page.getByText('This ticket is closed. Reopen it to send a message.')).toBeVisible();
  await agentContext.close();
});
