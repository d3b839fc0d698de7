// A host connects their CalDAV calendar (Radicale) in Availability → Calendars; a guest on the public
// booking page then finds the time of an event in that calendar no longer offered. Google and Zoom
// connect there too, through their stand-ins' consent, and Stripe for payments.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { stripeControl } from '../../scripts/local/stripe/server.ts';
import { newHost, type Host } from '../../supabase/tests/api/fixtures.ts';
import { sql, stack } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessible, expectAccessibleAtBothSizes } from './support/axe.ts';
import { day, ics, makeCalendar, newDavUser, putObject, vevent } from '../../supabase/tests/calendars/fixtures.ts';
import { DESKTOP, expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
import { dayAhead, expectNoErrors, JOURNEY_TIMEOUT, navigate, offeredTimes, pickDay, signIn } from './support/journey.ts';

const browser = useBrowser();
const D = 10;

/** The host signed in on Availability, in a page of their own in UTC (`options` add to it). */
async function onAvailability(host: Host, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser(), { timezoneId: 'UTC', ...options });
  await signIn(opened.page, host);
  await navigate(opened.page, 'Availability');
  return opened;
}

/** A provider the host connects through its stand-in's consent page, in its own group on Availability. */
interface Provider {
  name: 'Zoom' | 'Stripe';
  /** The stand-in's address, where the consent page is. */
  url: () => string;
  /** Where Kairos keeps the host's connection. */
  table: 'zoom_connections' | 'stripe_connections';
}

const ZOOM: Provider = { name: 'Zoom', url: () => stack().zoom!.url, table: 'zoom_connections' };
const STRIPE: Provider = { name: 'Stripe', url: () => stack().stripe!.url, table: 'stripe_connections' };

/** How many connections to `provider` the host has. */
async function connections(provider: Provider, hostId: string): Promise<number> {
  const [row] = await sql(`select count(*)::int as n from public.${provider.table} where user_id = $1`, [hostId]);
  return row.n;
}

/** Asks to connect from the provider's group and lands on its stand-in's consent page. */
async function toConsent(page: Page, group: Locator, provider: Provider): Promise<void> {
  await group.getByRole('button', { name: `Connect ${provider.name}` }).click();
  await page.waitForURL((url) => url.href.startsWith(provider.url()));
}

/** Refused at the consent page (`button`): back on Availability, the group saying why (`reason`). */
async function refuse(page: Page, group: Locator, provider: Provider, button: string, reason: string): Promise<void> {
  await toConsent(page, group, provider);
  await page.getByRole('button', { name: button }).click();
  await group.getByRole('alert').filter({ hasText: reason }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/availability');
}

/** Signed in at the consent page as `email` and allowed (`button`): back on Availability with the query gone. */
async function allow(page: Page, group: Locator, provider: Provider, email: string, button: string): Promise<void> {
  await toConsent(page, group, provider);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: button }).click();
  await expectToast(page, `${provider.name} connected`);
  expect(new URL(page.url()).pathname).toBe('/availability');
  expect(new URL(page.url()).search).toBe('');
}

/** Disconnects, by keyboard as much as by pointer: the confirm asks first (axe-checked) and takes the focus. */
async function disconnect(page: Page, group: Locator, provider: Provider): Promise<void> {
  await group.getByRole('button', { name: `Disconnect ${provider.name}` }).click();
  await group.getByRole('alertdialog', { name: `Disconnect ${provider.name}?` }).waitFor();
  await expectAccessible(page, `${provider.name} disconnect confirm (phone)`);
  await page.keyboard.press('Enter');
  await expectToast(page, `${provider.name} disconnected`);
  await group.getByRole('button', { name: `Connect ${provider.name}` }).waitFor();
}

it('connect Radicale, and the public booking page no longer offers the busy time', async () => {
  const host = await newHost();
  const dav = newDavUser();
  const work = await makeCalendar(dav, 'work', 'Work');
  await putObject(dav, work, 'dentist', ics(vevent(['UID:dentist', `DTSTART:${day(D)}T100000Z`, `DTEND:${day(D)}T110000Z`, 'SUMMARY:Dentist'])));
  const target = dayAhead(D, 'UTC');

  // Before: the guest is offered 10:00.
  const guest = await openPage(browser(), { timezoneId: 'UTC' });
  await guest.page.goto(`/book/${host.eventTypeId}`);
  await pickDay(guest.page, target);
  expect(await offeredTimes(guest.page)).toContain('10:00');

  const { page, errors } = await onAvailability(host);
  await page.getByRole('button', { name: 'Connect CalDAV account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a CalDAV account' });
  await dialog.getByLabel(/Server address/).fill(dav.url);
  await dialog.getByLabel(/User name/).fill(dav.username);
  await dialog.getByLabel(/App password/).fill(dav.password);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expectToast(page, 'Calendar connected');
  const card = page.getByRole('listitem', { name: `${dav.username} on ${new URL(dav.url).host}` });
  await card.getByText('Connected', { exact: true }).waitFor();
  await expect(card.getByRole('checkbox', { name: /Work/ }).isChecked()).resolves.toBe(true);
  await screenshot(page, 'calendars-connected');

  // After: a fresh visit to the booking page leaves out 10:00 and 10:30.
  await guest.page.goto(`/book/${host.eventTypeId}`);
  await pickDay(guest.page, target);
  const times = await offeredTimes(guest.page);
  expect(times).not.toContain('10:00');
  expect(times).not.toContain('10:30');
  expect(times).toContain('09:30');
  expect(times).toContain('11:00');
  await screenshot(guest.page, 'calendars-slot-blocked');
  expectNoErrors(errors);
  expectNoErrors(guest.errors);
}, JOURNEY_TIMEOUT);

it('connect Google Calendar: consent at Google (the stand-in), back on Availability with its calendars', async () => {
  const host = await newHost();
  const { page, errors } = await onAvailability(host);
  // Google consents at once and sends the browser back with ?code=&state=, which the page finishes.
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click();
  await expectToast(page, 'Calendar connected');
  expect(new URL(page.url()).pathname).toBe('/availability');
  expect(new URL(page.url()).search).toBe('');
  const { data: connection } = await host.client.from('calendar_connections').select('label, provider').single();
  expect(connection!.provider).toBe('google');
  const card = page.getByRole('listitem', { name: connection!.label });
  await card.getByText('Connected', { exact: true }).waitFor();
  await expect(card.getByRole('checkbox', { name: /Our team/ }).isChecked()).resolves.toBe(true);
  // The primary calendar receives bookings.
  await expect(card.getByRole('radio', { name: connection!.label }).isChecked()).resolves.toBe(true);
  await screenshot(page, 'calendars-google-connected');
  expectNoErrors(errors);
}, JOURNEY_TIMEOUT);

it('connect Zoom: declined at Zoom (the stand-in), then allowed, back on Availability connected; disconnect after a confirm', async () => {
  const host = await newHost();
  const { page, errors } = await onAvailability(host, { locale: 'en-US', viewport: DESKTOP });
  const zoom = page.getByRole('group', { name: 'Zoom' });
  // Declined at Zoom: back on Availability with the reason, nothing stored, free to try again.
  await refuse(page, zoom, ZOOM, 'Decline', 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.');
  expect(await connections(ZOOM, host.id)).toBe(0);
  // Zoom's consent page: the stand-in signs in with an email and asks to allow the app.
  await allow(page, zoom, ZOOM, `${host.id}@zoom.example`, 'Allow');
  await zoom.getByText('Connected', { exact: true }).waitFor();
  expect(await connections(ZOOM, host.id)).toBe(1);
  await zoom.scrollIntoViewIfNeeded();
  await expectAccessibleAtBothSizes(page, 'Zoom connected', ['calendars-zoom-connected-desktop', 'calendars-zoom-connected-phone']);

  await disconnect(page, zoom, ZOOM);
  expect(await connections(ZOOM, host.id)).toBe(0);
  expectNoErrors(errors);
}, JOURNEY_TIMEOUT);

it('connect Stripe: denied at Stripe (the stand-in), then connected, back on Availability with the account; disconnect deauthorizes it', async () => {
  const host = await newHost();
  const email = `${host.id}@stripe.example`;
  const control = stripeControl(stack().stripe!.url);
  await control.account(email, { country: 'JP', default_currency: 'jpy' });
  const { page, errors } = await onAvailability(host, { locale: 'en-US', viewport: DESKTOP });
  const payments = page.getByRole('group', { name: 'Payments' });
  // Denied at Stripe: back on Availability with the reason, nothing stored, free to try again.
  await refuse(page, payments, STRIPE, 'Deny', 'Stripe was not connected: the Stripe account did not allow Kairos to take payments.');
  expect(await connections(STRIPE, host.id)).toBe(0);
  // Stripe's consent page: the stand-in signs in with an email and connects the account.
  await allow(page, payments, STRIPE, email, 'Connect my Stripe account');
  await payments.getByText(`${email} · Japan · JPY`).waitFor();
  await payments.getByText('Can take payments').waitFor();
  const [row] = await sql(`select account_id from public.stripe_connections where user_id = $1`, [host.id]);
  await payments.scrollIntoViewIfNeeded();
  await expectAccessibleAtBothSizes(page, 'Stripe connected', ['calendars-stripe-connected-desktop', 'calendars-stripe-connected-phone']);

  await disconnect(page, payments, STRIPE);
  expect(await connections(STRIPE, host.id)).toBe(0);
  // The outbox gave up the platform's access at Stripe.
  await expect
    .poll(async () => (await control.events({ type: 'account.application.deauthorized', account: row.account_id })).length)
    .toBe(1);
  expectNoErrors(errors);
}, JOURNEY_TIMEOUT);

