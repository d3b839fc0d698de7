// Real Chromium (Debian's) driven by playwright-core against the web app the test stack serves.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';

const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * One browser per test file; each journey opens its own contexts (separate cookies, storage).
 * `args` adds Chromium switches (the embed journey maps another site's host name to loopback).
 */
export function useBrowser(args: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage', ...args],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** The two sizes every changed screen is looked at in: a phone's and a laptop's. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Sets the viewport and resolves once the page has heard its `resize` event, which Chromium sends at
 * the next frame: a keyboard drag (dnd-kit's KeyboardSensor) started before it is cancelled by it.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === size.width && current.height === size.height) return;
  const heard = page.evaluate(() => new Promise<void>((resolve) => addEventListener('resize', () => resolve(), { once: true })));
  await page.setViewportSize(size);
  await heard;
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
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // Failed requests the app handles (401 of a signed-out check, a 409 race) are expected network noise.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  return { page, errors };
}

/**
 * Resolves once the app has rendered into #root (its elements carry React's fiber). An open page
 * arrives as its shell (docs/page-shells.md), which already shows the frame and some texts: what only
 * the app does (the tab's title, handlers) waits for this.
 */
export async function appRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A full-page shot of a scrolled page draws the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The toast the app shows (Chakra's toaster region), title and description together. Read from the
 * tab's toast log rather than the screen: one toast shows at a time and lives 5 s (less before a
 * redirect), so on a loaded machine a toast can come and go between two polls of the screen.
 * Waits with Playwright, not expect.poll, which concurrent tests may not call through the global expect.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  try {
    await page.waitForFunction(
      ({ key, title, description }) =>
        (JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]).some(
          (text) => text.startsWith(title) && (description === undefined || text.includes(description)),
        ),
      { key: TOAST_LOG, title, description },
      { timeout: 15_000, polling: 100 },
    );
  } catch (error) {
    // Which toasts did come, and where the page is, say more than a time-out.
    const seen = await toastsSeen(page).catch(() => []);
    throw new Error(`No toast '${title}' at ${page.url()}; toasts seen: ${JSON.stringify(seen)}`, { cause: error });
  }
}

const TOAST_LOG = 'e2e:toasts';

/**
 * Runs in every page: notes the text of each toast as it appears, in sessionStorage so that it
 * survives the full-page redirect some toasts announce (a toast shown for 500 ms before leaving).
 */
function recordToasts() {
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
      if (seen.has(toast)) continue;
      seen.add(toast);
      const log = JSON.parse(sessionStorage.getItem('e2e:toasts') ?? '[]') as string[];
      sessionStorage.setItem('e2e:toasts', JSON.stringify([...log, toast.textContent ?? '']));
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The text of every toast this tab has shown so far, oldest first. */
export async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], TOAST_LOG);
}
