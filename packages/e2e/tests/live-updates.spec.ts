import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import {
  addStaff,
  inviteStaff,
  isoDateOf,
  joinByInvitation,
  SCREENSHOT_DIR,
  signInThroughApi,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';
import { startServer } from '../support/server.ts';

test('a shift added by the owner appears live for a member of staff, who sees who else is looking', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const avaEmail = uniqueEmail('live.ava');
  await signInThroughApi(owner, uniqueEmail('live.owner'), {
    firstName: 'Orla',
    lastName: 'Owner',
    teamName: 'Live Kitchen',
  });
  await expect(owner).toHaveURL(/\/staff$/);
  await addStaff(owner, { first: 'Ava', last: 'Adams', role: 'Barista', email: avaEmail });

  // Invite Ava, who signs up and opens this week's schedule.
  await inviteStaff(owner, 'Ava Adams', avaEmail);

  const { context: avaContext, page: ava } = await joinByInvitation(browser, owner, avaEmail, {
    firstName: 'Ava',
    lastName: 'Adams',
  });
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
  await expect(owner.getByRole('button', { name: /08:00 to 14:00/ })).toBeVisible();
  await expect(ava.getByText('08:00–14:00')).toBeVisible();
  await expect(ava.getByText('Nothing scheduled this week.')).toBeHidden();
  await snapAll(ava, 'live-updates-presence');

  // When the owner leaves, Ava's presence list empties.
  const ownerRequest = await request.newContext({
    baseURL: new URL(owner.url()).origin,
    storageState: await ownerContext.storageState(),
  });
  await ownerContext.close();
  await expect(avaPresence).toBeHidden();

  // The owner (from another device) removes Ava's access: her open schedule is told at once, and the
  // team's shifts leave her screen without a reload.
  const [team] = await (await ownerRequest.get('/api/teams')).json();
  const staff: { staffId: string; fullName: string }[] = await (
    await ownerRequest.get(`/api/teams/${team.teamId}/staff`)
  ).json();
  const avaRow = staff.find((row) => row.fullName === 'Ava Adams')!;
  expect(
    (
      await ownerRequest.delete(`/api/teams/${team.teamId}/access`, { data: { staffId: avaRow.staffId } })
    ).status(),
  ).toBe(200);
  await expect(ava.getByText('You no longer have access to this team')).toBeVisible();
  await expect(ava.getByText('08:00–14:00')).toBeHidden();
  await snapAll(ava, 'live-updates-access-removed');
  await ownerRequest.dispose();
  await avaContext.close();
});

test('when the server goes down the banner says so, and the live schedule recovers when it is back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A server of this test's own, since it is killed; its data directory outlives the restart.
  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rotaboard-e2e-restart-'));
  let server = await startServer(port, dataDir);
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await signInThroughApi(
      page,
      uniqueEmail('restart.owner'),
      {
        firstName: 'Rhea',
        lastName: 'Restart',
        teamName: 'Night Shift',
      },
      '/schedule',
    );
    const row = page.getByRole('row', { name: /Rhea Restart/ });
    await expect(row).toBeVisible();
    const banner = page.getByRole('alert').filter({ hasText: /connect/ });
    await expect(banner).toBeHidden();
    // The server goes down under an idle page: a request still on its way when it dies would fail,
    // and that is the outage message, not the blip this checks (the week's last reads can still be
    // out when its first row shows).
    await page.waitForLoadState('networkidle');

    await server.kill();
    await expect(banner).toHaveText(/There was a temporary connection issue. Your session is preserved./);
    await snapAll(page, 'connection-banner');

    server = await startServer(port, dataDir);
    // The hub retries 0, 2, 10 and 30 s after the drop, so it is back within about 45 s of it; then
    // the amber banner gives way.
    await expect(banner).toBeHidden({ timeout: 60_000 });

    // Live again: a change made elsewhere (here, straight through the API) appears without a reload.
    const [team] = await (await page.request.get('/api/teams')).json();
    const [me] = await (await page.request.get(`/api/teams/${team.teamId}/staff`)).json();
    const wednesday = await page
      .getByRole('button', { name: /^Add shift for Rhea Restart on Wednesday/ })
      .getAttribute('aria-label');
    const date = isoDateOf(wednesday!);
    const created = await page.request.post(`/api/teams/${team.teamId}/shifts`, {
      headers: { origin: server.url },
      data: { staffId: me.staffId, shiftDate: date, startTime: '22:00', endTime: '06:00' },
    });
    expect(created.status()).toBe(201);
    await expect(row.getByText('22:00–06:00')).toBeVisible();
  } finally {
    await context.close();
    await server.kill();
  }
});

test('an administrator editing a shift is told when the owner changes it meanwhile', async ({ browser }) => {
  // Two administrators need a Pro team (Free has none besides the owner).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const adaEmail = uniqueEmail('live.ada');
  await signInThroughApi(owner, uniqueEmail('live.pro', 'pro'), {
    firstName: 'Priya',
    lastName: 'Patel',
    teamName: 'Two Managers',
  });
  await expect(owner).toHaveURL(/\/staff$/);
  await addStaff(owner, { first: 'Ada', last: 'Admin', email: adaEmail, admin: true });
  await inviteStaff(owner, 'Ada Admin', adaEmail);

  const { context: adaContext, page: ada } = await joinByInvitation(browser, owner, adaEmail, {
    firstName: 'Ada',
    lastName: 'Admin',
  });
  await ada.goto('/schedule');

  await owner.goto('/schedule');
  await owner.getByRole('button', { name: /^Add shift for Ada Admin on Thursday/ }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('Start time').fill('07:00');
  await dialog.getByLabel('End time').fill('15:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Ada opens the shift and starts changing it…
  await ada.getByRole('button', { name: /07:00 to 15:00/ }).click();
  const adaDialog = ada.getByRole('dialog');
  await expect(adaDialog.getByRole('heading', { name: 'Edit shift' })).toBeVisible();
  await adaDialog.getByRole('textbox', { name: 'Notes' }).fill('Open the shop');
  // …while the owner changes it too.
  await owner.getByRole('button', { name: /07:00 to 15:00/ }).click();
  await dialog.getByLabel('End time').fill('13:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Ada is told, and her unsaved note is still there.
  await expect(
    adaDialog.getByText('This shift was just changed by Priya Patel. Saving will overwrite their change.'),
  ).toBeVisible();
  await expect(adaDialog.getByRole('textbox', { name: 'Notes' })).toHaveValue('Open the shop');
  await ada.setViewportSize({ width: 390, height: 700 });
  await adaDialog.getByRole('textbox', { name: 'Notes' }).scrollIntoViewIfNeeded();
  await ada.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-updates-editor-notice-scrolled-390.png') });
  await ownerContext.close();
  await adaContext.close();
});
