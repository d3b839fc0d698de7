// The open pages paint before their script: each arrives as its shell (web/src/shell/render.tsx), which
// a browser shows without JavaScript; the app then takes the page over with the same landmarks and
// headings, no error, and nothing moving on screen (no layout shift).
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { appRendered, DESKTOP, openPage, PHONE, useBrowser } from './support/browser.ts';
import { bookableHost, expectNoErrors, JOURNEY_TIMEOUT, unique } from './support/journey.ts';

const browser = useBrowser();

/** The page's landmarks and headings, in document order. */
function outline(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('header, nav, main, aside, footer, h1, h2, h3, h4, h5, h6')].map((element) =>
      /^H\d$/.test(element.tagName) ? `${element.tagName.toLowerCase()} ${element.textContent?.trim()}` : element.tagName.toLowerCase(),
    ),
  );
}

/** The page's cumulative layout shift so far. */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing moved.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

describe('page shells', () => {
  it(
    'shows each open page without JavaScript, and the app takes it over with the same outline and no shift',
    async () => {
      const { host, eventTypeId } = await bookableHost({ firstName: 'Sheila', lastName: 'Shell' }, { title: 'Shell Check', duration: 30 });
      const handle = unique('sheila');
      await sql(`update public.profiles set handle = $2, is_public_profile = true, is_calendar_public = true where id = $1`, [host.id, handle]);
      const slug = unique('shell-team');
      await sql(`insert into public.teams (name, slug, owner_id, is_public) values ('Shell Team', $1, $2, true)`, [slug, host.id]);
      const pages = ['/', `/book/${eventTypeId}`, `/${handle}`, `/calendar/${host.id}`, `/team/${slug}`];

      for (const viewport of [PHONE, DESKTOP]) {
        for (const path of pages) {
          const without = await openPage(browser(), { viewport, javaScriptEnabled: false });
          await without.page.goto(path);
          const shell = await outline(without.page);
          // The open pages' frame: its bar (with the way to sign in), its main region and its footer.
          expect(shell, path).toEqual(expect.arrayContaining(['header', 'main', 'footer']));
          await expect(without.page.getByRole('link', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
          await without.page.context().close();

          // The page's data held back: what the app shows first is what the shell showed.
          const { page, errors } = await openPage(browser(), { viewport });
          await page.route(/\/(rest|functions)\/v1\//, () => {});
          await page.goto(path);
          await appRendered(page);
          expect(await outline(page), path).toEqual(shell);
          expect(await layoutShift(page), `${path} at ${viewport.width}px`).toBe(0);
          expectNoErrors(errors);
          await page.context().close();
        }
      }
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'keeps the shell\'s own elements where it was rendered at the page\'s address for an English visitor, and renders anew for others',
    async () => {
      const cases = [
        { locale: 'en-US', path: '/', heading: 'Scheduling that finds the right moment', kept: true },
        { locale: 'en-US', path: '/terms', heading: 'Terms of Service', kept: true },
        { locale: 'en-US', path: '/privacy', heading: 'Privacy Policy', kept: true },
        // Another language's first render differs from the English shell.
        { locale: 'es-ES', path: '/', heading: 'La agenda que encuentra el momento justo', kept: false },
        // A shell of a route with parameters was rendered with placeholders.
        { locale: 'en-US', path: '/no/such/page', heading: '404 Page Not Found', kept: false },
      ];
      for (const { locale, path, heading, kept } of cases) {
        const { page, errors } = await openPage(browser(), { locale });
        // Marked once the shell is read, before the app's module script runs (readyState 'interactive').
        await page.addInitScript(() =>
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive') Object.assign(document.querySelector('h1')!, { fromShell: true });
          }),
        );
        // The app's entry held back while the visitor tabs to Sign In on the shell.
        const held: Route[] = [];
        let release = false;
        await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => (release ? route.continue() : void held.push(route)));
        await page.goto(path, { waitUntil: 'commit' });
        await page.getByRole('link', { name: 'Sign In' }).focus();
        await expect.poll(() => held.length).toBeGreaterThan(0);
        release = true;
        for (const route of held) await route.continue();
        await appRendered(page);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1.textContent(), `${locale} ${path}`).resolves.toBe(heading);
        await expect(h1.evaluate((e) => 'fromShell' in e), `${locale} ${path}`).resolves.toBe(kept);
        // Kept elements keep the focus; replaced ones lose it to the page.
        await expect(page.evaluate(() => document.activeElement?.tagName), `${locale} ${path}`).resolves.toBe(kept ? 'A' : 'BODY');
        expectNoErrors(errors);
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'has the landing page\'s texts before its script runs',
    async () => {
      const { page } = await openPage(browser(), { javaScriptEnabled: false });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Scheduling that finds the right moment');
      await expect(page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).resolves.toBe('/register');
      await page.context().close();
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'names the pages the build knows in their tab before their script runs, as the app then does',
    async () => {
      for (const path of ['/terms', '/privacy', '/no/such/page']) {
        const without = await openPage(browser(), { javaScriptEnabled: false });
        await without.page.goto(path);
        const shellTitle = await without.page.title();
        await without.page.context().close();

        const { page } = await openPage(browser());
        await page.goto(path);
        await appRendered(page);
        expect(shellTitle, path).not.toBe('Kairos');
        await expect(page.title(), path).resolves.toBe(shellTitle);
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});
