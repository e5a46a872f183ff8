import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { inviteStaff, isoDateOf, joinByInvitation, signInThroughUi, uniqueEmail } from '../support/app.ts';

/**
 * Not a test: makes the screenshots of the real app that the public pages show (packages/web/public/site,
 * WebP, light and dark) and the Open Graph image. Runs only when asked:
 *   npm run build && CAPTURE_SITE_IMAGES=1 E2E_PORT=3100 npx playwright test -c packages/e2e/playwright.config.ts site-images
 * The sizes written here are the ones the pages give their <img> elements (DEMO_SIZE and friends).
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public/site');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 780 };
const AVA_EMAIL = uniqueEmail('ava.site');

// A UK business's rota: 24-hour times and day-first dates in the pickers.
// Twice the pixels: sharp on high-density screens, and the half-size copies serve everyone else.
test.use({ locale: 'en-GB', timezoneId: 'Europe/London', deviceScaleFactor: 2 });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, theme);
}

/** PNG → WebP at `quality` and `scale`, by Chromium's own encoder (no image tool to install). */
async function toWebp(browser: Browser, png: Buffer, scale = 1, quality = 0.8): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base64 = await page.evaluate(
    async ({ data, q, k }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * k);
      canvas.height = Math.round(image.naturalHeight * k);
      const context2d = canvas.getContext('2d')!;
      context2d.imageSmoothingQuality = 'high';
      context2d.drawImage(image, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/webp', q));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { data: png.toString('base64'), q: quality, k: scale },
  );
  await context.close();
  return Buffer.from(base64, 'base64');
}

/** Around the editor dialog, which sits in the middle of a 1280×800 screen (512 px wide). */
const DIALOG_CLIP = { x: 360, y: 16, width: 560, height: 768 };

/**
 * The current screen in both themes, as public/site/<name>-<theme>.webp and, at half the width for
 * phones, <name>-<theme>-half.webp (the pages' srcset).
 */
async function capture(
  browser: Browser,
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // Let the theme's transitions settle.
    await page.waitForTimeout(300);
    const png = await page.screenshot({ animations: 'disabled', ...(clip ? { clip } : {}) });
    writeFileSync(path.join(OUT, `${name}-${theme}.webp`), await toWebp(browser, png));
    writeFileSync(path.join(OUT, `${name}-${theme}-half.webp`), await toWebp(browser, png, 0.5));
  }
  await setTheme(page, 'light');
}

const PEOPLE = [
  ['Ava', 'Okafor', 'Barista'],
  ['Ben', 'Hughes', 'Barista'],
  ['Chloe', 'Martin', 'Kitchen'],
  ['Dev', 'Patel', 'Kitchen'],
  ['Ella', 'Novak', 'Front of house'],
  ['Finn', 'Walsh', 'Front of house'],
] as const;
// Per person, per day of the week: [start, end, colour] or null for a day off.
const PATTERN: ([string, string, number] | null)[][] = [
  [
    ['07:00', '15:00', 0],
    ['07:00', '15:00', 0],
    null,
    ['07:00', '15:00', 0],
    ['07:00', '15:00', 0],
    ['08:00', '14:00', 0],
    null,
  ],
  [
    null,
    ['11:00', '19:00', 0],
    ['11:00', '19:00', 0],
    ['11:00', '19:00', 0],
    null,
    ['08:00', '16:00', 0],
    ['09:00', '15:00', 0],
  ],
  [
    ['10:00', '18:00', 2],
    ['10:00', '18:00', 2],
    ['10:00', '18:00', 2],
    null,
    ['12:00', '22:00', 2],
    ['12:00', '22:00', 2],
    null,
  ],
  [
    null,
    null,
    ['14:00', '22:00', 2],
    ['14:00', '22:00', 2],
    ['14:00', '22:00', 2],
    ['10:00', '18:00', 2],
    ['10:00', '16:00', 2],
  ],
  [
    ['09:00', '17:00', 4],
    null,
    ['09:00', '17:00', 4],
    ['09:00', '17:00', 4],
    ['16:00', '23:00', 4],
    ['16:00', '23:00', 4],
    null,
  ],
  [
    ['16:00', '22:00', 4],
    ['16:00', '22:00', 4],
    null,
    null,
    ['17:00', '23:00', 4],
    ['17:00', '23:00', 4],
    ['11:00', '17:00', 4],
  ],
];

test('capture the public pages’ screenshots from the app', async ({ browser, page, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signInThroughUi(page, uniqueEmail('site.owner', 'pro'), {
    firstName: 'Sam',
    lastName: 'Rivera',
    teamName: 'Harbour Café',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = await (await page.request.get('/api/teams')).json();
  const api = `/api/teams/${team.teamId}`;
  const headers = { origin: baseURL! };
  for (const [firstName, lastName, role] of PEOPLE) {
    const email = firstName === 'Ava' ? { email: AVA_EMAIL } : {};
    const res = await page.request.post(`${api}/staff`, {
      data: { firstName, lastName, role, ...email },
      headers,
    });
    expect(res.status()).toBe(201);
  }
  const staff: { staffId: string; firstName: string }[] = await (
    await page.request.get(`${api}/staff`)
  ).json();
  const idOf = (first: string) => staff.find((s) => s.firstName === first)!.staffId;

  // 1. The empty week.
  await page.goto('/schedule');
  const mondayLabel = await page
    .getByRole('button', { name: /^Add shift for Ava Okafor on Monday/ })
    .getAttribute('aria-label');
  const monday = isoDateOf(mondayLabel!);
  const day = (offset: number) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  await page.mouse.move(0, 0);
  await capture(browser, page, 'demo-1');

  // 2. Adding a shift.
  await page.getByRole('button', { name: /^Add shift for Ava Okafor on Monday/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Start time').fill('07:00');
  await dialog.getByLabel('End time').fill('15:00');
  await dialog.getByLabel('Break (minutes)').fill('30');
  await capture(browser, page, 'demo-2');
  await page.keyboard.press('Escape');

  // 3. The week filled in.
  for (const [index, [first]] of PEOPLE.entries()) {
    for (const [offset, slot] of PATTERN[index]!.entries()) {
      if (!slot) continue;
      const [startTime, endTime, colour] = slot;
      const res = await page.request.post(`${api}/shifts`, {
        data: { staffId: idOf(first), shiftDate: day(offset), startTime, endTime, breakMinutes: 30, colour },
        headers,
      });
      expect(res.status()).toBe(201);
    }
  }
  // Holiday and a sick day, and a shift with attendance adjustments.
  await page.request.post(`${api}/shifts`, {
    data: { staffId: idOf('Finn'), shiftDate: day(2), isTimeOff: true, timeOffDays: 1, notes: 'Holiday' },
    headers,
  });
  await page.request.post(`${api}/shifts`, {
    data: {
      staffId: idOf('Chloe'),
      shiftDate: day(3),
      startTime: '10:00',
      endTime: '18:00',
      breakMinutes: 30,
      colour: 2,
      attendanceAdjustments: [
        { minutes: 20, reason: 'lateness', comment: 'Bus cancelled' },
        { minutes: 60, reason: 'early_finish', comment: 'Dentist' },
      ],
    },
    headers,
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /Ava Okafor, Monday/ })).toBeVisible();
  await page.mouse.move(0, 0);
  await capture(browser, page, 'demo-3');
  await capture(browser, page, 'schedule-week');
  // Open Graph: a PNG at the size the tags promise.
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.waitForTimeout(300);
  writeFileSync(path.join(OUT, 'og-image.png'), await page.screenshot({ scale: 'css' }));
  await page.setViewportSize(DESKTOP);

  // 4. One day, hour by hour.
  await page.goto(`/schedule/${day(4)}?view=day`);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForTimeout(500);
  await capture(browser, page, 'demo-4');

  // The shift editor on an existing shift.
  await page.goto('/schedule');
  await page.getByRole('button', { name: /Ben Hughes, Tuesday/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await capture(browser, page, 'shift-editor', DIALOG_CLIP);
  await page.keyboard.press('Escape');

  // Attendance: the shift with adjustments.
  await page
    .getByRole('button', { name: /Chloe Martin, Thursday/ })
    .first()
    .click();
  const attendance = page.getByRole('dialog');
  const comment = attendance.getByLabel('Comment').first();
  await expect(comment).toHaveValue('Bus cancelled');
  await comment.scrollIntoViewIfNeeded();
  await capture(browser, page, 'attendance', DIALOG_CLIP);
  await page.keyboard.press('Escape');

  // Time off: a new entry switched to Time off, all day.
  await page.getByRole('button', { name: /^Add shift for Dev Patel on Monday/ }).click();
  const timeOff = page.getByRole('dialog');
  await timeOff.getByText('Time off', { exact: true }).click();
  await timeOff.getByText('Days', { exact: true }).click();
  await capture(browser, page, 'time-off', DIALOG_CLIP);
  await page.keyboard.press('Escape');

  // A member of staff's own week on a phone.
  await page.goto('/staff');
  await inviteStaff(page, 'Ava Okafor', AVA_EMAIL);
  const ava = await joinByInvitation(
    browser,
    page,
    AVA_EMAIL,
    { firstName: 'Ava', lastName: 'Okafor' },
    {
      viewport: PHONE,
      // Sharp on a phone's screen, where the pages show it about 256 px wide.
      deviceScaleFactor: 2,
    },
  );
  await expect(ava.page.getByText('07:00').first()).toBeVisible();
  // The "invitation accepted" toast has gone.
  await expect(ava.page.getByText(/Invitation accepted/)).toBeHidden({ timeout: 15_000 });
  await capture(browser, ava.page, 'schedule-phone');
  await ava.context.close();
});

/**
 * The assistant's page (/assistant): a Pro owner asks in plain English and the proposal shows in the
 * panel and dashed in the week (assistant-panel), and the same on a phone as a sheet (assistant-phone).
 * Its own test, so its screenshots can be made again alone: … site-images -g assistant
 */
test('capture the assistant page’s screenshots from the app', async ({ browser, page, baseURL }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signInThroughUi(page, uniqueEmail('site.assistant', 'pro'), {
    firstName: 'Sam',
    lastName: 'Rivera',
    teamName: 'Harbour Café',
  });
  await expect(page).toHaveURL(/\/staff$/);
  const [team] = await (await page.request.get('/api/teams')).json();
  const api = `/api/teams/${team.teamId}`;
  const headers = { origin: baseURL! };
  const people = PEOPLE.slice(0, 4);
  for (const [firstName, lastName, role] of people) {
    const res = await page.request.post(`${api}/staff`, { data: { firstName, lastName, role }, headers });
    expect(res.status()).toBe(201);
  }
  const staff: { staffId: string; firstName: string }[] = await (
    await page.request.get(`${api}/staff`)
  ).json();
  const idOf = (first: string) => staff.find((s) => s.firstName === first)!.staffId;
  // Next week, so no day is in the past; everyone's pattern but Ava's Monday and Tuesday, left to ask for
  // (Ben's Friday is free, for his Thursday to move to).
  await page.goto('/schedule');
  await page.getByRole('button', { name: 'Next week', exact: true }).click();
  const mondayLabel = await page
    .getByRole('button', { name: /^Add shift for Ava Okafor on Monday/ })
    .getAttribute('aria-label');
  const monday = isoDateOf(mondayLabel!);
  const day = (offset: number) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [index, [first]] of people.entries()) {
    for (const [offset, slot] of PATTERN[index]!.entries()) {
      if (!slot || (first === 'Ava' && offset < 2)) continue;
      const [startTime, endTime, colour] = slot;
      const res = await page.request.post(`${api}/shifts`, {
        data: { staffId: idOf(first), shiftDate: day(offset), startTime, endTime, breakMinutes: 30, colour },
        headers,
      });
      expect(res.status()).toBe(201);
    }
  }
  await page.goto(`/schedule/${monday}`);
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Schedule assistant' });
  await panel
    .getByLabel('Message to the assistant')
    .fill("Give Ava Monday and Tuesday 9 to 5 and move Ben's Thursday shift to Friday");
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('assistant-proposal').locator('[data-assistant-change]')).toHaveCount(3, {
    timeout: 30_000,
  });
  await page.mouse.move(0, 0);
  await capture(browser, page, 'assistant-panel');

  await page.setViewportSize(PHONE);
  const sheet = page.getByRole('dialog', { name: 'Schedule assistant' });
  await expect(sheet.getByTestId('assistant-proposal')).toBeVisible();
  await sheet.getByTestId('assistant-proposal').scrollIntoViewIfNeeded();
  await capture(browser, page, 'assistant-phone');
});
