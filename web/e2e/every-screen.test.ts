// Every screen at phone (390×844) and desktop (1280×800) size, as a guest and as a host: what a
// person sees must not hide what they need (a toast over a dialog's buttons) and must be seen (focus
// rings of 3:1 against what is around them, WCAG 2.1 1.4.11).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../scripts/local/test-stack/harness.ts';
import { expectToast, openPage, useBrowser } from './support/browser.ts';
import { JOURNEY_TIMEOUT, signIn } from './support/journey.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The buttons of `scope` that the toast on screen covers, by their names. */
async function coveredButtons(page: Page, scope: Locator): Promise<string[]> {
  const toast = await page.locator('[data-scope="toast"][data-part="root"]').first().boundingBox();
  if (!toast) throw new Error('no toast on screen');
  const covered: string[] = [];
  for (const button of await scope.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (box && overlaps(toast, box)) covered.push((await button.getAttribute('aria-label')) ?? (await button.innerText()));
  }
  return covered;
}

/** The focused element's focus ring: its colour's contrast with the background around it. */
async function focusRingContrast(page: Page): Promise<{ ring: string; background: string; contrast: number; width: number }> {
  return page.evaluate(() => {
    const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let around: HTMLElement | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    for (; around; around = around.parentElement) {
      const color = getComputedStyle(around).backgroundColor;
      const [, , , alpha = 1] = parse(color);
      if (alpha > 0 && color !== 'transparent') {
        background = color;
        break;
      }
    }
    const [a, b] = [luminance(parse(style.outlineColor)), luminance(parse(background))];
    return { ring: style.outlineColor, background, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), width: parseFloat(style.outlineWidth) };
  });
}

describe('every screen', () => {
  it(
    "on a phone a toast leaves a dialog's buttons free, and an input's focus ring stands out 3:1",
    async () => {
      const host = await newUser({ firstName: 'Tess', lastName: 'Toast' });
      await sql(`insert into public.event_types (user_id, title, duration) values ($1, 'Phone Check', 30)`, [host.id]);
      const { page } = await openPage(browser(), { viewport: PHONE, locale: 'en-US', timezoneId: 'UTC' });
      await page.goto('/login');
      await page.keyboard.press('Tab');
      const email = page.getByPlaceholder('Enter your email');
      await email.focus();
      const ring = await focusRingContrast(page);
      expect(ring.width, 'focus ring width').toBeGreaterThanOrEqual(1);
      expect(ring.contrast, `focus ring ${ring.ring} on ${ring.background}`).toBeGreaterThanOrEqual(3);

      await signIn(page, host);
      await page.goto('/bookings');
      await page.getByRole('button', { name: 'Create Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Booking' });
      await dialog.getByLabel('Event Type').selectOption({ label: 'Phone Check (30 min)' });
      await dialog.getByLabel('Guest Name').fill('Pia Phone');
      await dialog.getByLabel('Guest Email').fill('pia@example.test');
      await dialog.getByRole('button', { name: 'Create Booking' }).click();
      await expectToast(page, 'Missing Information');
      await page.locator('[data-scope="toast"][data-part="root"]').first().waitFor();
      await page.screenshot({ path: '/work/shots/phone-toast-over-dialog.png' });
      expect(await coveredButtons(page, dialog)).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
