// Reduced motion (WCAG 2.3.3): a visitor whose system asks for less motion gets no animation or
// transition from the app's styles; others keep them. The probe is an element animated the way Chakra
// animates its dialogs and spinners (a keyframes animation and a transition), read in the real page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './support/browser.ts';
import { expectNoErrors, JOURNEY_TIMEOUT } from './support/journey.ts';

const browser = useBrowser();

/** The computed timing of an element that spins forever and fades its opacity. */
function motionOf(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.animation = 'spin 1s linear infinite';
    probe.style.transition = 'opacity 200ms ease';
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const timing = [style.animationDuration, style.animationIterationCount, style.transitionDuration];
    probe.remove();
    return timing;
  });
}

describe('motion', () => {
  it(
    'stops animations and transitions when the visitor asks for reduced motion, and keeps them otherwise',
    async () => {
      for (const [reducedMotion, expected] of [
        ['no-preference', ['1s', 'infinite', '0.2s']],
        ['reduce', ['1e-05s', '1', '1e-05s']],
      ] as const) {
        const { page, errors } = await openPage(browser(), { reducedMotion });
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await motionOf(page)).toEqual(expected);
        expectNoErrors(errors);
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});
