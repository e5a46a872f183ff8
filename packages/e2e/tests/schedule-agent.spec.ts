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

/** The Monday three weeks on: a week nobody has touched, with no day in the past. */
function emptyMonday(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const addCell = (page: Page, name: string, weekday: string) =>
  page.getByRole('button', { name: new RegExp(`^Add shift for ${name} on ${weekday}`) });

/**
 * Issue 25 in the week grid: a Pro administrator sets coverage and rules, runs the agent on an empty
 * week, accepts some proposed shifts, rejects one and undoes; a member of staff marks a weekday
 * unavailable and the next run proposes nothing for them that day; the Rules panel shows a rule the
 * administrator broke by hand, and a strict rule refuses a hand edit with its sentence. Issue 43: with
 * pay rates and a weekly budget the proposal bar says what the week costs before and after, against
 * the budget; with the team's "Schedule agent" switch off, Fill with agent is not offered.
 */
test('an administrator fills an empty week with the agent, accepts, rejects and undoes, and the rules show in the grid', async ({
  browser,
  baseURL,
}) => {
  // 60 s with two workers on a quiet 2-core machine (the solver runs in it too); 3× that.
  test.setTimeout(240_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ownerContext.newPage();
  await signInThroughApi(page, uniqueEmail('agent.owner', 'pro'), {
    firstName: 'Odile',
    lastName: 'Owner',
    teamName: 'Agent Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = (await (await page.request.get('/api/teams')).json()) as { teamId: string }[];
  const teamPath = `/api/teams/${team!.teamId}`;
  const headers = { origin: baseURL! };
  const post = (url: string, data: object) => page.request.post(`${teamPath}${url}`, { data, headers });

  // Six staff: Ana (who will sign in) through the staff page, the others through the API.
  const anaEmail = uniqueEmail('agent.ana');
  await addStaff(page, { first: 'Ana', last: 'Diaz', email: anaEmail });
  await inviteStaff(page, 'Ana Diaz', anaEmail);
  for (const [firstName, lastName] of [
    ['Ben', 'Ng'],
    ['Cara', 'Lund'],
    ['Dev', 'Rao'],
    ['Eve', 'Moss'],
    ['Finn', 'Hale'],
  ]) {
    expect((await post('/staff', { firstName, lastName })).status()).toBe(201);
  }
  const members = (await (await page.request.get(`${teamPath}/staff?includeAll=true`)).json()) as {
    staffId: string;
    fullName: string;
  }[];
  const staffId = (name: string) => members.find((member) => member.fullName === name)!.staffId;
  // Everyone's pay rate (Ana a little dearer) and a weekly budget the agent's plan fits: 14 shifts of
  // 7.5 paid hours at about 12.00 are about 1,300.00.
  for (const member of members) {
    const rate = await post(`/staff/${member.staffId}/pay-rates`, {
      effectiveFrom: '2026-01-01',
      hourlyRateMinor: member.fullName === 'Ana Diaz' ? 1500 : 1200,
    });
    expect(rate.status()).toBe(201);
  }
  const labourSettings = { weeklyBudgetMinor: 150_000, overtimeAfterMinutes: null, overtimeMultiplier: 1.5 };
  expect(
    (await page.request.put(`${teamPath}/labour-settings`, { data: labourSettings, headers })).status(),
  ).toBe(200);

  // Coverage and rules (the settings screen is its own journey): two people 07:00–15:00 every day.
  const settings = {
    coverage: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      startTime: '07:00',
      endTime: '15:00',
      breakMinutes: 30,
      staffCount: 2,
      role: null,
    })),
    rules: {
      minRestHours: { value: 11, strict: true },
      maxWeeklyHours: { value: 48, strict: false },
      maxConsecutiveDays: { value: 6, strict: false },
      minShiftHours: { value: 3, strict: false },
      maxShiftHours: { value: 12, strict: false },
    },
  };
  expect((await page.request.put(`${teamPath}/schedule-agent`, { data: settings, headers })).status()).toBe(
    200,
  );

  const monday = emptyMonday();
  const sunday = plusDays(monday, 6);
  const weekShifts = async () =>
    (await (await page.request.get(`${teamPath}/shifts?startDate=${monday}&endDate=${sunday}`)).json()) as {
      staffId: string;
      shiftDate: string;
    }[];

  await page.goto(`/schedule/${monday}`);
  const coverage = page.getByTestId('coverage-row');
  await expect(coverage).toContainText('07:00–15:00 0/2');
  await expect(page.getByRole('button', { name: 'Rules', exact: true })).toBeVisible();

  // The agent, on the week on screen, filling empty slots.
  await page.getByRole('button', { name: 'Fill with agent' }).click();
  let dialog = page.getByRole('dialog', { name: 'Fill with agent' });
  await expect(dialog.getByLabel('From', { exact: true })).toHaveValue(monday);
  await expect(dialog.getByLabel('To', { exact: true })).toHaveValue(sunday);
  await expect(dialog.getByRole('radio', { name: /Fill empty slots/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Run the agent' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]proposal=/);
  const bar = page.getByTestId('proposal-bar');
  await expect(bar).toContainText(/\d+ to add/);
  await expect(bar).toContainText('Coverage 0/14 →');
  // The cost, before and after, within the budget (so not in the danger colour).
  const cost = bar.locator('[data-proposal-cost]');
  await expect(cost).toContainText(/^Cost: .+0\.00 → .+ of .+1,500\.00 budget$/);
  await expect(bar.locator('[data-over-budget]')).toHaveCount(0);
  const proposed = page.locator('[data-proposed-change]');
  expect(await proposed.count()).toBeGreaterThanOrEqual(10);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agent-proposals.png') });
  await expectAccessible(page, { include: ['[data-testid="week-grid"]', '[data-testid="proposal-bar"]'] });

  // At 360 px: nothing wider than the screen, the bar and its buttons in reach.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'the proposal at 360 px');
  await expect(bar.getByRole('button', { name: 'Accept all' })).toBeInViewport();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agent-proposals-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // And in the dark theme.
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'agent-proposals-dark.png') });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  // Accept two from the grid (the second from the keyboard), reject one, then undo the accepts.
  await page
    .getByRole('button', { name: /^Accept proposed shift/ })
    .first()
    .click();
  await expect(bar).toContainText('1 accepted');
  const accept = page.getByRole('button', { name: /^Accept proposed shift/ }).first();
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toContainText('2 accepted');
  await expect.poll(async () => (await weekShifts()).length).toBe(2);
  await page
    .getByRole('button', { name: /^Reject proposed shift/ })
    .first()
    .click();
  await expect(bar).toContainText('1 rejected');
  // A reload keeps the proposal open (its id is in the address).
  await page.reload();
  await expect(bar).toContainText('2 accepted');
  await bar.getByRole('button', { name: 'Undo accepted' }).click();
  await expect(page.getByText('Undid 2 accepted changes')).toBeVisible();
  await expect.poll(async () => (await weekShifts()).length).toBe(0);
  await bar.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(bar).toBeHidden();
  expect(page.url()).not.toContain('proposal=');

  // Ana marks Wednesdays unavailable in Settings.
  const { context: anaContext, page: ana } = await joinByInvitation(browser, page, anaEmail, {
    firstName: 'Ana',
    lastName: 'Diaz',
  });
  await ana.goto('/settings');
  const section = ana.getByRole('region', { name: 'Availability' });
  await section.getByRole('button', { name: 'Add a weekday' }).click();
  await section.getByLabel('Day', { exact: true }).selectOption('Wednesday');
  await expect(section.getByLabel('Kind', { exact: true })).toHaveValue('unavailable');
  await section.getByRole('button', { name: 'Save availability' }).click();
  await expect(ana.getByText('Availability saved')).toBeVisible();
  // Staff see none of the rules or the agent.
  await ana.goto(`/schedule/${monday}`);
  await expect(ana.getByTestId('week-grid')).toBeVisible();
  await expect(ana.getByRole('button', { name: 'Fill with agent' })).toHaveCount(0);
  await expect(ana.getByTestId('coverage-row')).toHaveCount(0);
  await anaContext.close();

  // The administrator sees it shaded, and the next run proposes nothing for Ana that Wednesday.
  await page.reload();
  const anaRow = page.getByRole('row', { name: /Ana Diaz/ });
  await expect(anaRow.getByText('Unavailable all day')).toBeVisible();
  await page.getByRole('button', { name: 'Fill with agent' }).click();
  dialog = page.getByRole('dialog', { name: 'Fill with agent' });
  await dialog.getByRole('button', { name: 'Run the agent' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(bar).toContainText(/\d+ to add/);
  const proposalId = new URL(page.url()).searchParams.get('proposal');
  const proposal = (await (await page.request.get(`${teamPath}/proposals/${proposalId}`)).json()) as {
    changes: { kind: string; shift?: { staffId: string; shiftDate: string } }[];
  };
  const wednesday = plusDays(monday, 2);
  expect(proposal.changes.length).toBeGreaterThan(0);
  expect(
    proposal.changes.filter(
      (change) => change.shift?.staffId === staffId('Ana Diaz') && change.shift.shiftDate === wednesday,
    ),
  ).toEqual([]);
  await bar.getByRole('button', { name: 'Reject all' }).click();
  await expect(bar).toContainText(/\d+ rejected/);
  await bar.getByRole('button', { name: 'Close', exact: true }).click();

  // A 14 h shift by hand: not strict, so saved, and the Rules panel says what it breaks.
  await addCell(page, 'Ben Ng', 'Monday').click();
  let editor = page.getByRole('dialog');
  await editor.getByLabel('Start time').fill('06:00');
  await editor.getByLabel('End time').fill('20:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const rulesButton = page.getByRole('button', { name: /^Rules: 1 broken$/ });
  await expect(rulesButton).toBeVisible();
  await expect(page.getByRole('row', { name: /Ben Ng/ }).locator('[data-violation="warning"]')).toHaveCount(
    1,
  );
  await rulesButton.click();
  const panel = page.getByRole('dialog', { name: 'Rules this week' });
  await expect(panel).toContainText('is 14 h (06:00–20:00); the maximum is 12 h');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'violations-panel.png') });
  await expectAccessible(page, { include: ['[role="dialog"]'] });
  // Its link opens the shift.
  await panel.getByRole('button', { name: /^Open the shift/ }).click();
  editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Start time')).toHaveValue('06:00');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // 04:00 the next day leaves 8 h of rest: the strict rule refuses it with its sentence.
  await addCell(page, 'Ben Ng', 'Tuesday').click();
  editor = page.getByRole('dialog');
  await editor.getByLabel('Start time').fill('04:00');
  await editor.getByLabel('End time').fill('10:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toContainText('between shifts');
  await expect(editor).toContainText('the minimum is 11 h');
  await page.keyboard.press('Escape');
  expect((await weekShifts()).filter((shift) => shift.staffId === staffId('Ben Ng'))).toHaveLength(1);

  // The team's "Schedule agent" switch off: no Fill with agent (the rules stay), and a run answers 409.
  const current = (await (await page.request.get(teamPath)).json()) as {
    teamName: string;
    weekStartDay: number;
    hash: string;
  };
  const switchOff = await page.request.put(teamPath, {
    data: {
      teamName: current.teamName,
      weekStartDay: current.weekStartDay,
      scheduleAgentEnabled: false,
      hash: current.hash,
    },
    headers,
  });
  expect(switchOff.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Rules/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fill with agent' })).toHaveCount(0);
  const refused = await post('/schedule-agent/runs', { startDate: monday, endDate: sunday });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain('"Schedule agent"');

  await ownerContext.close();
});
