// Keyboard only (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): a guest books, a host sets their hours and makes an
// event type, an owner invites a member, with Tab, Shift+Tab, arrows, Enter, Space and Escape, never
// the mouse. Every stop of the focus on the way shows where it is, the focus never sticks (no trap),
// and a dialog gives the focus back to what opened it.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectToast, openPage, useBrowser } from './support/browser.ts';
import { bookableHost, confirmationShown, expectNoErrors, JOURNEY_TIMEOUT, signIn, unique } from './support/journey.ts';

const browser = useBrowser();

/** Inputs whose parts (day, month, year; hours, minutes) are Tab stops of their own in Chromium. */
const SEGMENTED = ['date', 'time', 'datetime-local', 'month', 'week'];

/**
 * The focused element: which one (a number the page gives each element the first time it has the focus:
 * its place among the page's elements moves when a toast comes or goes), a short description, its Tab
 * stops, and whether its focus is drawn.
 */
async function focused(page: Page): Promise<{ at: number; what: string; stops: number; visible: boolean }> {
  return page.evaluate((segmented) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { at: -1, what: 'body', stops: 1, visible: true };
    const page = window as unknown as { focusIds?: WeakMap<Element, number>; focusCount?: number };
    page.focusIds ??= new WeakMap();
    if (!page.focusIds.has(element)) page.focusIds.set(element, (page.focusCount = (page.focusCount ?? 0) + 1));
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    const type = element instanceof HTMLInputElement ? element.type : '';
    return {
      at: page.focusIds.get(element)!,
      what: `${element.tagName.toLowerCase()}${type ? `[${type}]` : ''} "${name}"`,
      stops: segmented.includes(type) ? 5 : 1,
      visible: outline || ring,
    };
  }, SEGMENTED);
}

/**
 * Presses Tab (Shift+Tab when `back`) until `target` has the focus, at most `max` times. Fails if a stop
 * on the way does not show its focus, or if the focus stays on one element longer than its parts take
 * (a trap).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  let previous = -2;
  let stay = 0;
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    stay = now.at === previous ? stay + 1 : 0;
    previous = now.at;
    expect(stay, `the focus stays on ${now.what}`).toBeLessThan(now.stops);
    expect(now.visible, `focus shown on ${now.what}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

/** Waits until the focus is on `target` or inside it (Playwright's wait: concurrent tests cannot expect.poll). */
async function focusComesTo(target: Locator): Promise<void> {
  const element = await target.elementHandle();
  await target.page().waitForFunction((within) => !!within && within.contains(document.activeElement), element, { timeout: 10_000 });
}

describe.concurrent('by keyboard only', () => {
  it(
    'a guest picks a day, a time and books, the focus always shown and never stuck',
    async () => {
      const { eventTypeId } = await bookableHost({ firstName: 'Kai', lastName: 'Keys' }, { title: 'Keyboard Call', duration: 30 });
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await page.goto(`/book/${eventTypeId}`);
      await page.getByRole('heading', { name: 'Keyboard Call' }).waitFor();
      await page.locator('[role=grid]:not([aria-busy])').first().waitFor();

      // The date picker: Tab to the first free day, the arrow to the next one, Enter. A month with one
      // free day left (its last) is passed over with the Next month button.
      const freeDays = page.locator('button[data-day]:not(:disabled)');
      if ((await freeDays.count()) < 2) {
        await tabTo(page, page.getByRole('button', { name: 'Next month' }));
        await page.keyboard.press('Enter');
        await freeDays.nth(1).waitFor();
      }
      await tabTo(page, freeDays.first());
      const first = await freeDays.first().getAttribute('aria-label');
      await page.keyboard.press('ArrowRight');
      const chosen = await page.locator('button[data-day]:focus').getAttribute('aria-label');
      expect(chosen).not.toBe(first);
      await page.keyboard.press('Enter');
      await page.getByRole('gridcell', { name: chosen!, exact: true, selected: true }).waitFor();

      // The day's first time, then the form, typed.
      const times = page.getByRole('group', { name: 'Available times' });
      await times.waitFor();
      await tabTo(page, times.getByRole('button').first());
      await page.keyboard.press('Space');
      await times.getByRole('button', { pressed: true }).waitFor();
      await tabTo(page, page.getByLabel('Full Name'));
      await page.keyboard.type('Kim Keyboard');
      await tabTo(page, page.getByLabel('Email', { exact: true }));
      await page.keyboard.type('kim@example.test');
      await tabTo(page, page.getByRole('button', { name: 'Book Meeting' }));
      await page.keyboard.press('Enter');
      await confirmationShown(page.locator('main'), 'Booking Confirmed!');
      // And back up the page from the confirmation: Shift+Tab leaves it too.
      await tabTo(page, page.getByRole('link', { name: 'Reschedule or cancel' }));
      await tabTo(page, page.locator('header').getByRole('link').first(), { back: true, max: 40 });
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a host changes Monday’s hours and makes an event type; the dialog gives the focus back',
    async () => {
      const { host } = await bookableHost({ firstName: 'Hal', lastName: 'Hotkeys' }, { title: 'Existing Call', duration: 30 });
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await signIn(page, host);
      await page.goto('/availability');
      const mondayEnd = page.getByLabel('Monday range 1 end', { exact: true });
      await mondayEnd.waitFor();

      // A closed select takes the arrows: 17:00 becomes 17:30.
      await tabTo(page, mondayEnd);
      await page.keyboard.press('ArrowDown');
      expect(await mondayEnd.inputValue()).toBe('17:30');
      await tabTo(page, page.getByRole('button', { name: 'Save Working Hours' }));
      await page.keyboard.press('Enter');
      await expectToast(page, 'Availability updated successfully');
      const [rule] = await sql(`select end_time::text from public.availability_rules where user_id = $1 and day_of_week = 1`, [host.id]);
      expect(rule.end_time).toMatch(/^17:30/);

      // The event type dialog: opened with Enter, the focus inside it, closed by Escape back to its button.
      const opener = page.getByRole('button', { name: 'New Event Type' });
      await tabTo(page, opener, { max: 120 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create Event Type' });
      await dialog.waitFor();
      await focusComesTo(dialog);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await focusComesTo(opener);

      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, dialog.getByLabel('Title'));
      await page.keyboard.type('Typed Session');
      await tabTo(page, dialog.getByRole('button', { name: 'Create Event Type' }));
      await page.keyboard.press('Enter');
      await expectToast(page, 'Event type created successfully');
      await dialog.waitFor({ state: 'hidden' });
      await focusComesTo(opener);
      const [made] = await sql(`select count(*)::int as n from public.event_types where user_id = $1 and title = 'Typed Session'`, [
        host.id,
      ]);
      expect(made.n).toBe(1);
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a team owner invites a member from the Members tab',
    async () => {
      const { host: owner } = await bookableHost({ firstName: 'Tia', lastName: 'Tabs' }, { title: 'Team Keys', duration: 30 });
      const [team] = await sql(`insert into public.teams (name, slug, owner_id) values ('Key Team', $1, $2) returning id`, [
        unique('key-team'),
        owner.id,
      ]);
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
      await signIn(page, owner);
      await page.goto(`/teams/${team.id}`);
      await page.getByRole('heading', { name: 'Key Team' }).waitFor();

      // Tabs move with the arrows (one tab stop for the list).
      const members = page.getByRole('tab', { name: 'Members' });
      await tabTo(page, page.getByRole('tab', { selected: true }));
      // Each press waits for the selection to move: a slow render must not take the next press past Members.
      const selected = () => page.evaluate(() => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '');
      for (let step = 0; step < 5 && (await members.getAttribute('aria-selected')) !== 'true'; step++) {
        const before = await selected();
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction((was) => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent !== was, before);
      }
      expect(await members.getAttribute('aria-selected')).toBe('true');

      const invite = page.getByRole('button', { name: 'Invite Member' });
      await tabTo(page, invite);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Invite Member' });
      await dialog.waitFor();
      await tabTo(page, dialog.getByLabel('Email'));
      const email = `${unique('kit')}@example.test`;
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      await expectToast(page, 'Member Invited');
      await dialog.waitFor({ state: 'hidden' });
      await focusComesTo(invite);
      await page.getByRole('region', { name: 'Pending Invitations' }).getByText(email).waitFor();
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );
});
