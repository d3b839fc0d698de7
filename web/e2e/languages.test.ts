// The booking page in a guest's own language, taken from their browser: a guest books in Arabic (right
// to left) and in Japanese, each screen checked by axe at phone and desktop size and shot for the
// note; in Spanish, French, German and Brazilian Portuguese the page opens with its headings and
// labels in that language. In every one, no English is left on the page: the catalogue's words are
// what the guest reads, dates and times Intl's in their language.
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../src/i18n/catalogues/public/ar.json' with { type: 'json' };
import de from '../src/i18n/catalogues/public/de.json' with { type: 'json' };
import en from '../src/i18n/catalogues/public/en.json' with { type: 'json' };
import es from '../src/i18n/catalogues/public/es.json' with { type: 'json' };
import fr from '../src/i18n/catalogues/public/fr.json' with { type: 'json' };
import ja from '../src/i18n/catalogues/public/ja.json' with { type: 'json' };
import ptBR from '../src/i18n/catalogues/public/pt-BR.json' with { type: 'json' };
import appAr from '../src/i18n/catalogues/app/ar.json' with { type: 'json' };
import appEn from '../src/i18n/catalogues/app/en.json' with { type: 'json' };
import appFr from '../src/i18n/catalogues/app/fr.json' with { type: 'json' };
import appJa from '../src/i18n/catalogues/app/ja.json' with { type: 'json' };
import { expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, expectToast, openPage, useBrowser } from './support/browser.ts';
import { bookableHost, confirmationShown, expectNoErrors, JOURNEY_TIMEOUT, unique } from './support/journey.ts';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { DEMO_BOOKING_TOKEN_SECRET } from '../../scripts/local/config.ts';
import { manageToken, tokenHash } from '../../supabase/functions/_shared/lifecycle/manage-token.ts';

const browser = useBrowser();

type Catalogue = typeof ar;

/**
 * Every text on the page a guest reads or hears (text, aria-label, placeholder, title) with two Latin
 * letters in a row: English left on a page in another language. Not counted: the brands (Kairos, the
 * calendars', the sign-in providers', the meeting and payment providers', the social networks'), the .ics
 * and CSV file kinds, web addresses (webcal://, https:// examples), the webhooks' standard and method
 * (Standard Webhooks, POST), a handle's example (lowercase and hyphenated: the only letters a handle
 * takes), the toasts' shortcut key (Alt+T), UTC (the zone database's), email addresses, and the terms
 * Japanese writes in Latin letters (MB, ID, URL, Webhook).
 */
async function latinTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, select, [hidden]')) continue;
      texts.push(node.textContent ?? '');
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts.map((text) => text.replace(/Kairos|Google|Apple|Outlook|CalDAV|Zoom|Stripe|LinkedIn|Twitter|Instagram|Standard Webhooks|\bPOST\b|MB|ID|URL|Webhook|\S*:\/\/\S*|\/team\/|\bUS\$|^[a-z]+-[a-z]+$|\.ics|\bCSV\b|Alt\+T|\bUTC\b|\S*@\S*/g, '').trim()).filter((text) => /[A-Za-z]{2}/.test(text));
  });
}

/**
 * The booking page of a host named and titled in `locale`'s script, opened by a browser set to
 * `locale`: the document says its language (`lang`) and its direction (`dir`).
 */
async function bookingPageIn(locale: string, page: { lang: string; dir: 'ltr' | 'rtl' }, host: { firstName: string; lastName: string; title: string }) {
  const { eventTypeId } = await bookableHost({ firstName: host.firstName, lastName: host.lastName }, { title: host.title, duration: 30, auto_confirm: true });
  const guest = await openPage(browser(), { timezoneId: 'UTC', locale, viewport: DESKTOP });
  await guest.page.goto(`/book/${eventTypeId}`);
  await guest.page.getByRole('heading', { level: 1, name: host.title }).waitFor();
  expect(await guest.page.locator('html').getAttribute('lang')).toBe(page.lang);
  expect(await guest.page.locator('html').getAttribute('dir')).toBe(page.dir);
  return guest;
}

/** Picks the first free day and its last time; returns the time button's name. */
async function pickFirstTime(page: Page, words: Catalogue): Promise<string> {
  const main = page.locator('main');
  const day = main.locator('button[data-day]:not(:disabled)').first();
  await day.waitFor();
  await day.click();
  // The day's last time: its first may fall inside the host's notice by the time the guest books.
  const time = main.getByRole('group', { name: words['booking.pickers.times'], exact: true }).getByRole('button').last();
  await time.click();
  // A Playwright wait, not expect.poll: these tests run side by side, and the global expect.poll
  // refuses to run once one of them has ended.
  await time.and(page.locator('[aria-pressed="true"]')).waitFor();
  return (await time.getAttribute('aria-label')) ?? '';
}

/** Books the picked time as the guest, in the page's words; waits for the confirmation. */
async function book(page: Page, words: Catalogue, name: string): Promise<void> {
  const main = page.locator('main');
  await main.getByLabel(words['booking.guest.name'], { exact: true }).fill(name);
  await main.getByLabel(words['booking.guest.email'], { exact: true }).fill(`guest-${Date.now()}@example.test`);
  await main.getByRole('button', { name: words['booking.book'], exact: true }).click();
  await confirmationShown(main, words['booking.confirm.confirmed'] as 'Booking Confirmed!');
}

/**
 * Picks a time, its button named in full in the page's language (as `timeName` says, no Latin letter
 * in it); the page then has no WCAG violation at either size (shot as `shot`) and no English, and once
 * booked (by `name`) still none.
 */
async function bookWithoutEnglish(page: Page, words: Catalogue, { language, shot, name, timeName }: { language: string; shot: string; name: string; timeName: RegExp }): Promise<void> {
  const time = await pickFirstTime(page, words);
  expect(time).toMatch(timeName);
  expect(time).not.toMatch(/[A-Za-z]/);
  await page.mouse.move(0, 0);
  await expectAccessibleAtBothSizes(page, `booking page in ${language}`, [`languages-booking-${shot}-desktop`, `languages-booking-${shot}-phone`]);
  expect(await latinTexts(page)).toEqual([]);
  await book(page, words, name);
  expect(await latinTexts(page)).toEqual([]);
}

describe.concurrent('the booking page in the guest’s language', () => {
  it(
    'a guest whose browser reads Arabic books right to left, with no English on the way',
    async () => {
      const { page, errors } = await bookingPageIn('ar', { lang: 'ar', dir: 'rtl' }, { firstName: 'ليلى', lastName: 'حداد', title: 'استشارة' });
      expect(await page.locator('main').evaluate((main) => getComputedStyle(main).direction)).toBe('rtl');
      await page.getByRole('heading', { name: ar['booking.pickers.selectDate'], exact: true }).waitFor();
      // The month arrows mirrored: the earlier month on the right, its arrow pointing right.
      const earlier = page.getByRole('button', { name: ar['calendar.previousMonth'], exact: true });
      const later = page.getByRole('button', { name: ar['calendar.nextMonth'], exact: true });
      expect((await earlier.boundingBox())!.x).toBeGreaterThan((await later.boundingBox())!.x);
      expect(await earlier.locator('svg').getAttribute('class')).toContain('lucide-chevron-right');
      // The time button named in full, in Arabic: the day, its date, the time, and that it is free.
      await bookWithoutEnglish(page, ar, { language: 'Arabic', shot: 'ar', name: 'سارة', timeName: /، متاح$/ });
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a guest whose browser reads Japanese books, with no English on the way',
    async () => {
      const { page, errors } = await bookingPageIn('ja-JP', { lang: 'ja', dir: 'ltr' }, { firstName: '花子', lastName: '山田', title: '相談' });
      await page.getByRole('heading', { name: ja['booking.pickers.selectDate'], exact: true }).waitFor();
      await bookWithoutEnglish(page, ja, { language: 'Japanese', shot: 'ja', name: '太郎', timeName: /^\d+月\d+日.+、予約可能$/ });
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'opens in Spanish, French, German and Brazilian Portuguese from the browser’s language, its headings and labels translated',
    async () => {
      const { eventTypeId } = await bookableHost({ firstName: 'Olga', lastName: 'Ortiz' }, { title: 'Consulta', duration: 30 });
      for (const [locale, words] of [
        ['es-MX', es],
        ['fr-FR', fr],
        ['de-DE', de],
        ['pt-BR', ptBR],
      ] as const) {
        const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale, viewport: DESKTOP });
        await page.goto(`/book/${eventTypeId}`);
        const main = page.locator('main');
        await main.getByRole('heading', { name: words['booking.pickers.selectDate'], exact: true }).waitFor();
        await main.getByRole('heading', { name: words['booking.details'], exact: true }).waitFor();
        await main.getByLabel(words['booking.guest.name'], { exact: true }).waitFor();
        await main.getByRole('button', { name: words['calendar.nextMonth'], exact: true }).waitFor();
        await main.locator('button[data-day]:not(:disabled)').first().click();
        await main.getByRole('group', { name: words['booking.pickers.times'], exact: true }).waitFor();
        expect(await page.locator('html').getAttribute('lang'), locale).toBe(locale === 'pt-BR' ? 'pt-BR' : locale.slice(0, 2));
        // An English message the language words otherwise, found on the page, is one left untranslated.
        const english = Object.entries(en)
          .filter(([id, text]) => !text.includes('{') && text !== words[id as keyof Catalogue])
          .map(([, text]) => text);
        const left = (await latinTexts(page)).filter((text) => english.some((message) => text === message || (message.length > 12 && text.includes(message))));
        expect(left, locale).toEqual([]);
        expectNoErrors(errors);
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});

describe('signing up in the visitor’s language', () => {
  it(
    'a visitor whose browser reads Arabic signs up right to left, welcomed in Arabic, with no English on the way',
    async () => {
      const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'ar', viewport: DESKTOP });
      await page.goto('/register');
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: appAr['auth.register.title'], exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await main.getByLabel(appAr['auth.register.firstName'], { exact: true }).fill('ليلى');
      await main.getByLabel(appAr['auth.register.lastName'], { exact: true }).fill('حداد');
      await main.getByLabel(appAr['auth.email'], { exact: true }).fill(`${unique('layla')}@example.test`);
      await main.getByLabel(appAr['auth.password'], { exact: true }).fill('lovelace-1815');
      await page.mouse.move(0, 0);
      await expectAccessibleAtBothSizes(page, 'sign-up page in Arabic', ['languages-register-ar-desktop', 'languages-register-ar-phone']);
      expect(await latinTexts(page)).toEqual([]);
      await main.getByRole('button', { name: appAr['auth.register.submit'], exact: true }).click();
      await page.waitForURL('**/dashboard');
      await expectToast(page, appAr['auth.toast.welcome'], appAr['auth.toast.created']);
      // The signed-in frame speaks it too (its screens are still English: docs/languages.md).
      await page.setViewportSize(DESKTOP);
      await page.getByRole('navigation', { name: appAr['app.nav.main'], exact: true }).getByRole('link', { name: appAr['app.nav.bookings'], exact: true }).waitFor();
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );
});

/**
 * The English messages a language words otherwise, found among the page's texts: what a page in a
 * Latin-script language left untranslated (its own words have Latin letters too).
 */
async function englishLeft(page: Page, words: Record<string, string>): Promise<string[]> {
  const english = Object.entries({ ...en, ...appEn })
    .filter(([id, text]) => !text.includes('{') && !text.includes('<') && text !== words[id])
    .map(([, text]) => text);
  return (await latinTexts(page)).filter((text) => english.some((message) => text === message || (message.length > 12 && text.includes(message))));
}

/**
 * A host whose profile reads `locale` (a booking awaiting them, one confirmed, one cancelled by its
 * guest), signed in from a browser in that language: the sign-in page speaks it, and the app after it.
 */
async function hostIn(locale: 'fr' | 'ar' | 'ja', words: typeof appEn, names: { host: string; guests: [string, string, string]; title: string }) {
  const { host, eventTypeId } = await bookableHost({ firstName: names.host, lastName: names.host }, { title: names.title, duration: 30 });
  await sql(`update public.profiles set locale = $2 where id = $1`, [host.id, locale]);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(10, 0, 0, 0);
  const at = (hours: number, minutes = 0) => new Date(start.getTime() + hours * 3_600_000 + minutes * 60_000).toISOString();
  let manage = '';
  for (const [index, status] of (['pending', 'confirmed', 'cancelled'] as const).entries()) {
    const [booking] = await sql(
      `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status, cancelled_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, uid::text`,
      [eventTypeId, host.id, names.guests[index], `guest${index}@example.test`, at(index * 24), at(index * 24, 30), status, status === 'cancelled' ? 'guest' : null],
    );
    if (status !== 'confirmed') continue;
    // The guest's own link to it, as their confirmation mail carries it.
    const token = await manageToken(DEMO_BOOKING_TOKEN_SECRET, booking.uid);
    await sql(`update public.bookings set manage_token_hash = $2 where id = $1`, [booking.id, await tokenHash(token)]);
    manage = `/booking/${booking.uid}?token=${encodeURIComponent(token)}`;
  }
  // Their team, with a meeting type, someone invited and not yet answered.
  // Digits only (the slug shows on the team's screens, where no Latin letter may be), and random: the
  // hosts of this describe run at once, and two of them took the same millisecond.
  const slug = `${Date.now()}${randomInt(1_000_000_000)}`;
  const [team] = await sql(`insert into public.teams (name, slug, owner_id, is_public) values ($1, $2, $3, true) returning id`, [names.title, slug, host.id]);
  await sql(`insert into public.event_types (team_id, title, duration) values ($1, $2, 45)`, [team.id, names.title]);
  await sql(`insert into public.team_invitations (team_id, email, invited_by) values ($1, $2, $3)`, [team.id, `${unique('asked')}@example.test`, host.id]);
  const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale, viewport: DESKTOP });
  await page.goto('/login');
  await page.getByPlaceholder(words['auth.login.emailPlaceholder'], { exact: true }).fill(host.email);
  await page.getByPlaceholder(words['auth.login.passwordPlaceholder'], { exact: true }).fill(host.password);
  await page.getByRole('button', { name: words['auth.login.submit'], exact: true }).click();
  await page.waitForURL('**/dashboard');
  return { page, errors, manage, teamId: team.id as number };
}

/**
 * /bookings, its Cancelled tab, /availability, /profile, the event type dialog, /teams, the team's Members tab and its
 * settings, then the confirmed booking's manage page as its guest reading the same language
 * (`manage`, signed out): each as `check` says, shot and checked by axe at both sizes as `30-<screen>-<locale>`.
 */
async function hostScreens(page: Page, locale: string, words: typeof appEn, { manage, teamId }: { manage: string; teamId: number }, check: (page: Page) => Promise<void>): Promise<void> {
  /** The screen as loaded, the pointer out of the way: checked by axe at both sizes (`screen` in its shots' names), then by `check`. */
  const checked = async (at: Page, label: string, screen: string) => {
    await at.mouse.move(0, 0);
    await expectAccessibleAtBothSizes(at, `${label} in ${locale}`, [`30-${screen}-${locale}-desktop`, `30-${screen}-${locale}-phone`]);
    await check(at);
  };
  await page.goto('/bookings');
  await page.getByRole('heading', { level: 1, name: words['bookings.title'], exact: true }).waitFor();
  await page.getByRole('button', { name: words['bookings.action.reject'], exact: true }).waitFor();
  await checked(page, 'bookings', 'bookings');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('tab', { name: words['bookings.tab.cancelled'], exact: true }).click();
  await page.getByText(words['bookings.cancelledBy'].match(/guest \{([^}]*)\}/)![1]!).waitFor();
  await check(page);

  await page.goto('/availability');
  await page.getByRole('heading', { level: 1, name: words['app.nav.availability'], exact: true }).waitFor();
  await page.getByRole('heading', { name: words['availability.preferences'], exact: true }).waitFor();
  await page.getByRole('heading', { name: words['calendars.title'], exact: true }).waitFor();
  await page.getByText(words['timeOff.none'], { exact: true }).waitFor();
  await checked(page, 'availability', 'availability');

  await page.setViewportSize(DESKTOP);
  await page.goto('/profile');
  await page.getByRole('heading', { level: 1, name: words['profile.heading'], exact: true }).waitFor();
  await page.getByRole('heading', { name: words['webhooks.title'], exact: true }).waitFor();
  await page.getByText(words['webhooks.none'], { exact: true }).waitFor();
  await checked(page, 'profile', 'profile');

  // The event type dialog, from the dashboard's card, with its Advanced section open.
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: words['eventTypes.edit'], exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: words['eventType.edit'], exact: true });
  await dialog.getByRole('button', { name: words['eventType.advanced'], exact: true }).click();
  await dialog.getByText(words['eventType.startTimes'], { exact: true }).waitFor();
  await checked(page, 'event type dialog', 'event-type');
  await page.keyboard.press('Escape');

  await page.setViewportSize(DESKTOP);
  await page.goto('/teams');
  await page.getByRole('heading', { level: 1, name: words['app.nav.teams'], exact: true }).waitFor();
  await page.getByRole('link', { name: words['teams.dashboard'], exact: true }).waitFor();
  await checked(page, 'teams', 'teams');
  await page.setViewportSize(DESKTOP);
  await page.goto(`/teams/${teamId}`);
  await page.getByRole('tab', { name: words['teams.tab.members'], exact: true }).click();
  await page.getByRole('heading', { name: words['teams.pending'], exact: true }).waitFor();
  await checked(page, 'team', 'team');
  await page.setViewportSize(DESKTOP);
  await page.goto(`/teams/${teamId}/settings`);
  await page.getByRole('heading', { level: 1, name: words['teams.settings.title'], exact: true }).waitFor();
  await checked(page, 'team settings', 'team-settings');

  // The guest's page: a browser of their own, in the same language.
  const guest = await openPage(browser(), { timezoneId: 'UTC', locale, viewport: DESKTOP });
  await guest.page.goto(manage);
  const publicWords = { fr, ar, ja }[locale as 'fr' | 'ar' | 'ja'];
  await guest.page.getByRole('heading', { level: 1, name: publicWords['manage.headline.confirmed'], exact: true }).waitFor();
  await guest.page.getByRole('button', { name: publicWords['manage.reschedule'], exact: true }).click();
  await guest.page.locator('main button[data-day]:not(:disabled)').first().waitFor();
  await checked(guest.page, 'manage page', 'manage');
  expectNoErrors(guest.errors);
  await guest.page.context().close();
}

describe.concurrent('a host’s screens in their profile’s language', () => {
  it(
    'a host whose profile reads French sees Bookings, Availability and Profile in French, and their guest the manage page, no English left',
    async () => {
      const { page, errors, ...links } = await hostIn('fr', appFr, { host: 'Amélie', guests: ['Chloé', 'Léa', 'Inès'], title: 'Entretien' });
      await hostScreens(page, 'fr', appFr, links, async (at) => expect(await englishLeft(at, { ...fr, ...appFr })).toEqual([]));
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      expectNoErrors(errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'a host whose profile reads Arabic sees them right to left, and one reading Japanese in Japanese, their guests the manage page too, no Latin text left',
    async () => {
      for (const [locale, words, names] of [
        ['ar', appAr, { host: 'ليلى', guests: ['سارة', 'مريم', 'نور'], title: 'استشارة' }],
        ['ja', appJa, { host: '花子', guests: ['太郎', '次郎', '三郎'], title: '相談' }],
      ] as const) {
        const { page, errors, ...links } = await hostIn(locale, words, { ...names, guests: [...names.guests] });
        await hostScreens(page, locale, words, links, async (at) => expect(await latinTexts(at), locale).toEqual([]));
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expectNoErrors(errors);
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT,
  );
});
