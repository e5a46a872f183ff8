import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeOptions = {
  /** Named in each failure, so a journey checking several screens says which one failed. */
  screen?: string;
  /** Only these regions (CSS selectors); the whole page when none. */
  include?: readonly string[];
  /** Check in light and in dark (ending in light); the current theme only when false. */
  bothThemes?: boolean;
  /** Wait for toasts to go first: one fading out is measured mid-fade, at a contrast it never rests at. */
  afterToasts?: boolean;
};

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, theme);
}

/**
 * WCAG 2.1 A and AA violations on the page (or the given regions): none is acceptable. The one
 * accessibility check of every journey, so each measures the same way:
 * - colour transitions are let end: a theme switch measured during one sees a colour between the
 *   two themes (a contrast failure seen once on a loaded machine). Looping animations (spinners)
 *   are not transitions and are not waited for.
 */
export async function expectAccessible(page: Page, options: AxeOptions = {}) {
  if (options.afterToasts)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const themes = options.bothThemes ? (['light', 'dark'] as const) : ([null] as const);
  const found: string[] = [];
  for (const theme of themes) {
    if (theme) await setTheme(page, theme);
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    let builder = new AxeBuilder({ page }).withTags(WCAG_21_AA);
    for (const selector of options.include ?? []) builder = builder.include(selector);
    const results = await builder.analyze();
    const where = [options.screen, theme].filter(Boolean).join(', ');
    for (const v of results.violations)
      found.push(
        `${where ? `${where}: ` : ''}${v.id} — ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  }
  if (options.bothThemes) await setTheme(page, 'light');
  expect(found).toEqual([]);
}
