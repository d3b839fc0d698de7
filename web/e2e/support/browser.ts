// Real Chromium (Debian's) driven by playwright-core against the web app the test stack serves.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { stack } from '../../../scripts/local/test/harness.ts';

const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One browser per test file; each journey opens its own contexts (separate cookies, storage). */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export function webUrl(): string {
  const url = stack().webUrl;
  if (!url) throw new Error('The web app was not built for this run: run with KAIROS_E2E=1');
  return url;
}

/**
 * A page in a fresh context. Console errors and failed page scripts are collected so a journey can
 * assert it saw none.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: webUrl(), viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // Failed requests the app handles (401 of a signed-out check, a 409 race) are expected network noise.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The toast the app shows (Chakra's toaster region). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.getByText(title, { exact: true }).first().isVisible(), { timeout: 15_000 }).toBe(true);
}
