import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  addStaff,
  expectTeamNameUncut,
  fitsAt360,
  inviteStaff,
  joinByInvitation,
  SCREENSHOT_DIR,
  signInThroughApi,
  snap,
  snapAll,
  uniqueEmail,
} from '../support/app.ts';

/** Dates of the current month (the report pages open on "This month"). */
function thisMonth(day: number): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const enGb = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Clicks Download CSV and returns the file's rows (header row as keys) and its name. */
async function downloadCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const file = path.join(SCREENSHOT_DIR, '..', download.suggestedFilename());
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0), 'UTF-8 byte-order mark').toBe(0xfeff);
  return {
    name: download.suggestedFilename(),
    rows: parse(text, { bom: true, columns: true }) as Record<string, string>[],
  };
}

/**
 * Reports (issue 15): a Pro owner opens each report, filters it, sees its chart, downloads the CSV
 * (rows checked against what was scheduled), and every report page fits a 360 px phone.
 */
test('an owner runs the payroll, leave, adjustments and audit reports, on screen, as charts and as CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInThroughApi(page, uniqueEmail('reports.owner', 'pro'), {
    firstName: 'Rhea',
    lastName: 'Ports',
    teamName: 'Report Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = await (await page.request.get('/api/teams')).json();
  const api = (url: string, data: object) =>
    page.request.post(`/api/teams/${team.teamId}${url}`, { data, headers: { origin: baseURL! } });
  const person = async (firstName: string, lastName: string) => {
    const res = await api('/staff', { firstName, lastName });
    expect(res.status()).toBe(201);
    return (await res.json()).staffId as string;
  };
  const ann = await person('Ann', 'Lee');
  const bob = await person('Bob', 'Cole');
  expect(
    (await api('/weekly-hours', { staffId: ann, hoursPerWeek: 35, effectiveFrom: '2020-01-01' })).status(),
  ).toBe(201);
  const shift = async (data: object) => expect((await api('/shifts', data)).status()).toBe(201);
  await shift({
    staffId: ann,
    shiftDate: thisMonth(2),
    startTime: '09:00',
    endTime: '17:00',
    breakMinutes: 30,
    attendanceAdjustments: [{ minutes: 15, reason: 'lateness', comment: 'Bus' }],
  });
  await shift({ staffId: ann, shiftDate: thisMonth(3), startTime: '22:00', endTime: '06:00' });
  await shift({
    staffId: bob,
    shiftDate: thisMonth(2),
    startTime: '12:00',
    endTime: '18:00',
    attendanceAdjustments: [{ minutes: 60, reason: 'sick', comment: '' }],
  });
  await shift({ staffId: bob, shiftDate: thisMonth(4), isTimeOff: true, timeOffHours: 2.5 });
  await shift({ staffId: ann, shiftDate: thisMonth(5), isTimeOff: true, timeOffDays: 1 });
  // Labour cost (issue 43): Ann earns 12.50 an hour; Bob has no rate, so costs nothing.
  expect(
    (await api(`/staff/${ann}/pay-rates`, { effectiveFrom: '2020-01-01', hourlyRateMinor: 1250 })).status(),
  ).toBe(201);
  const currency = team.currency as string;

  // The reports home, from the navigation.
  await page.goto('/schedule');
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  for (const id of ['audit', 'leave', 'adjustments', 'payroll'])
    await expect(page.getByTestId(`report-card-${id}`)).toBeVisible();
  await expect(page.getByTestId('report-card-payroll').getByText('Pro')).toBeVisible();
  await expectTeamNameUncut(page);
  await snapAll(page, 'reports-home');
  await fitsAt360(page, 'reports-home-360');

  // Payroll: per person and day, the chart, then by staff and for one person.
  await page.getByTestId('report-card-payroll').click();
  await expect(page.getByRole('heading', { name: 'Payroll report' })).toBeVisible();
  const table = page.getByTestId('report-table');
  await expect(
    table.getByRole('row', { name: new RegExp(`Ann Lee ${enGb(thisMonth(2))} 1 8.00 30 15 7.25`) }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`Ann Lee ${enGb(thisMonth(3))} 1 8.00 0 0 8.00`) }),
  ).toBeVisible();
  await expect(page.getByTestId('report-chart').getByRole('application')).toBeVisible();
  await expect(page.getByTestId('report-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('totals-row')).toContainText('20.25');
  // The cost column, in the team's currency: 435 min at 12.50 is 90.63 (rounded half up), 480 is 100.00.
  await expect(table.getByRole('columnheader', { name: `Cost (${currency})` })).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`Ann Lee ${enGb(thisMonth(3))} .*100\\.00`) }),
  ).toBeVisible();
  await expect(page.getByTestId('totals-row')).toContainText('190.63');
  // Sorting by worked hours puts the longest day first.
  await table.getByRole('button', { name: 'Worked h' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('8.00');
  await page.getByLabel('Group by staff').check();
  await expect(table.getByRole('columnheader', { name: 'Contracted h' })).toBeVisible();
  const payrollCsv = await downloadCsv(page);
  expect(payrollCsv.name).toMatch(/^rotaboard-payroll-by-staff-.*\.csv$/);
  expect(
    payrollCsv.rows.map((r) => [
      r['Staff name'],
      r['Worked minutes'],
      r['Worked hours'],
      r['Late Arrival minutes'],
      r[`Cost (${currency})`],
    ]),
  ).toEqual([
    // The owner is on the staff list too: everyone has a line, worked or not.
    ['Rhea Ports', '0', '0', '0', '0.00'],
    ['Ann Lee', '915', '15.25', '15', '190.63'],
    ['Bob Cole', '300', '5', '0', '0.00'],
  ]);
  await snapAll(page, 'reports-payroll');
  await page.emulateMedia({ media: 'print' });
  await snap(page, 'reports-payroll-print');
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByText('All staff').click();
  await page.getByLabel('Search staff').fill('bob');
  await page.getByRole('checkbox', { name: /Bob Cole/ }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('Bob Cole');
  await page.getByText('Bob Cole', { exact: true }).first().click(); // close the list
  await fitsAt360(page, 'reports-payroll-360');

  // Leave: minutes or days, a chart over time, the CSV.
  await page.goto('/reports/leave');
  await expect(page.getByRole('heading', { name: 'Leave report' })).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`Bob Cole ${enGb(thisMonth(4))} Hours 150 2.50`) }),
  ).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`Ann Lee ${enGb(thisMonth(5))} Days - - 1`) }),
  ).toBeVisible();
  await expect(page.getByTestId('report-chart').getByRole('application')).toBeVisible();
  const leaveCsv = await downloadCsv(page);
  expect(
    leaveCsv.rows.map((r) => [r['Staff name'], r.Date, r.Kind, r['Time off minutes'], r['Time off days']]),
  ).toEqual([
    ['Ann Lee', thisMonth(5), 'Days', '', '1'],
    ['Bob Cole', thisMonth(4), 'Hours', '150', ''],
  ]);
  await page.getByLabel('Dates').selectOption('last_month');
  await expect(page.getByText('No time off in these dates')).toBeVisible();
  await fitsAt360(page, 'reports-leave-360');

  // Adjustments: filtered to one reason.
  await page.goto('/reports/adjustments');
  await expect(page.getByRole('heading', { name: 'Adjustments report' })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Late Arrival' }).check();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('Bus');
  await expect(page.getByTestId('report-chart').getByRole('application')).toBeVisible();
  const adjustmentsCsv = await downloadCsv(page);
  expect(adjustmentsCsv.rows).toEqual([
    expect.objectContaining({
      'Staff name': 'Ann Lee',
      Date: thisMonth(2),
      Reason: 'Late Arrival',
      'Adjustment minutes': '15',
      Comment: 'Bus',
    }),
  ]);
  await snapAll(page, 'reports-adjustments');
  await fitsAt360(page, 'reports-adjustments-360');

  // Audit: every change, shown by the display rules, filtered by area and person.
  await page.goto('/reports/audit');
  await expect(page.getByRole('heading', { name: 'Audit report' })).toBeVisible();
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toBeVisible();
  await page.getByLabel('Area').selectOption('shift');
  await expect(entries).toHaveCount(5);
  await page.getByLabel('About').selectOption({ label: 'Bob Cole' });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Created');
  await expect(entries.first()).toContainText('Time off hours');
  await expect(entries.first()).toContainText(enGb(thisMonth(4)));
  await expect(entries.first()).toContainText('Rhea Ports');
  const auditCsv = await downloadCsv(page);
  expect(auditCsv.rows).toHaveLength(2);
  expect(auditCsv.rows[0]).toMatchObject({ 'Changed by': 'Rhea Ports', Action: 'Created', Domain: 'Shift' });
  expect(auditCsv.rows[0]?.Details).toContain('Time off hours: 2.5');
  await snapAll(page, 'reports-audit');
  await fitsAt360(page, 'reports-audit-360');
});

test('a Free owner sees which reports need Pro, and a range too long for the plan is refused', async ({
  page,
}) => {
  await signInThroughApi(
    page,
    uniqueEmail('reports.free'),
    {
      firstName: 'Fay',
      lastName: 'Free',
      teamName: 'Free Cafe',
    },
    '/reports',
  );
  await expect(page.getByTestId('report-card-payroll')).toContainText('Upgrade to Pro to run this report');
  await page.getByTestId('report-card-payroll').click();
  await expect(page.getByText('The payroll report is part of Pro')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Pro to run it' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await page.goto('/reports/leave');
  await page.getByLabel('From', { exact: true }).fill('2026-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-03-01');
  await expect(page.getByRole('alert')).toContainText('covers at most 36 days');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await page.goto('/reports/audit');
  await expect(page.getByText('The Free plan keeps the last 7 days of changes.')).toBeVisible();
  await snap(page, 'reports-audit-free');
});

test('staff see no Reports link, and /reports sends them to the schedule', async ({ browser, page }) => {
  await signInThroughApi(page, uniqueEmail('reports.boss', 'pro'), {
    firstName: 'Bo',
    lastName: 'Boss',
    teamName: 'Staff Cafe',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const email = uniqueEmail('reports.staff');
  await addStaff(page, { first: 'Sid', last: 'Staff', email });
  await inviteStaff(page, 'Sid Staff', email);
  const { context, page: sid } = await joinByInvitation(browser, page, email, {
    firstName: 'Sid',
    lastName: 'Staff',
  });
  // The owner's navigation has Reports; the member's has Schedule and no Reports.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }),
  ).toBeVisible();
  const nav = sid.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(sid.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  for (const path of ['/reports', '/reports/payroll', '/reports/audit']) {
    await sid.goto(path);
    await expect(sid).toHaveURL(/\/schedule/);
  }
  await context.close();
});
