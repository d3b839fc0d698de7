// A host connects their CalDAV calendar (Radicale) in Availability → Calendars; a guest on the public
// booking page then finds the time of an event in that calendar no longer offered. Google and Zoom
// connect there too, through their stand-ins' consent, and Stripe for payments.
import { expect, it } from 'vitest';
import { stripeControl } from '../../scripts/local/stripe/server.ts';
import { newHost } from '../../supabase/tests/api/fixtures.ts';
import { sql, stack } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessible, expectAccessibleAtBothSizes } from './support/axe.ts';
import { day, ics, makeCalendar, newDavUser, putObject, vevent } from '../../supabase/tests/calendars/fixtures.ts';
import { DESKTOP, expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
import { dayAhead, expectNoErrors, JOURNEY_TIMEOUT, navigate, offeredTimes, pickDay, signIn } from './support/journey.ts';

const browser = useBrowser();
const D = 10;

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

  const { page, errors } = await openPage(browser(), { timezoneId: 'UTC' });
  await signIn(page, host);
  await navigate(page, 'Availability');
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
  const { page, errors } = await openPage(browser(), { timezoneId: 'UTC' });
  await signIn(page, host);
  await navigate(page, 'Availability');
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
  const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
  await signIn(page, host);
  await navigate(page, 'Availability');
  const zoom = page.getByRole('group', { name: 'Zoom' });
  // Declined at Zoom: back on Availability with the reason, nothing stored, free to try again.
  await zoom.getByRole('button', { name: 'Connect Zoom' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack().zoom!.url));
  await page.getByRole('button', { name: 'Decline' }).click();
  await zoom.getByRole('alert').filter({ hasText: 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/availability');
  const [declined] = await sql(`select count(*)::int as n from public.zoom_connections where user_id = $1`, [host.id]);
  expect(declined.n).toBe(0);
  // Zoom's consent page: the stand-in signs in with an email and asks to allow the app.
  await zoom.getByRole('button', { name: 'Connect Zoom' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack().zoom!.url));
  await page.getByLabel('Email').fill(`${host.id}@zoom.example`);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expectToast(page, 'Zoom connected');
  expect(new URL(page.url()).pathname).toBe('/availability');
  expect(new URL(page.url()).search).toBe('');
  await zoom.getByText('Connected', { exact: true }).waitFor();
  const [row] = await sql(`select count(*)::int as n from public.zoom_connections where user_id = $1`, [host.id]);
  expect(row.n).toBe(1);
  await zoom.scrollIntoViewIfNeeded();
  await expectAccessibleAtBothSizes(page, 'Zoom connected', ['calendars-zoom-connected-desktop', 'calendars-zoom-connected-phone']);

  // Disconnect asks first, by keyboard as much as by pointer: the confirm takes the focus.
  await zoom.getByRole('button', { name: 'Disconnect Zoom' }).click();
  await zoom.getByRole('alertdialog', { name: 'Disconnect Zoom?' }).waitFor();
  await expectAccessible(page, 'Zoom disconnect confirm (phone)');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Zoom disconnected');
  await zoom.getByRole('button', { name: 'Connect Zoom' }).waitFor();
  const [gone] = await sql(`select count(*)::int as n from public.zoom_connections where user_id = $1`, [host.id]);
  expect(gone.n).toBe(0);
  expectNoErrors(errors);
}, JOURNEY_TIMEOUT);

it('connect Stripe: denied at Stripe (the stand-in), then connected, back on Availability with the account; disconnect deauthorizes it', async () => {
  const host = await newHost();
  const email = `${host.id}@stripe.example`;
  const control = stripeControl(stack().stripe!.url);
  await control.account(email, { country: 'JP', default_currency: 'jpy' });
  const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
  await signIn(page, host);
  await navigate(page, 'Availability');
  const payments = page.getByRole('group', { name: 'Payments' });
  // Denied at Stripe: back on Availability with the reason, nothing stored, free to try again.
  await payments.getByRole('button', { name: 'Connect Stripe' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack().stripe!.url));
  await page.getByRole('button', { name: 'Deny' }).click();
  await payments.getByRole('alert').filter({ hasText: 'Stripe was not connected: the Stripe account did not allow Kairos to take payments.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/availability');
  const [denied] = await sql(`select count(*)::int as n from public.stripe_connections where user_id = $1`, [host.id]);
  expect(denied.n).toBe(0);
  // Stripe's consent page: the stand-in signs in with an email and connects the account.
  await payments.getByRole('button', { name: 'Connect Stripe' }).click();
  await page.waitForURL((url) => url.href.startsWith(stack().stripe!.url));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Connect my Stripe account' }).click();
  await expectToast(page, 'Stripe connected');
  expect(new URL(page.url()).pathname).toBe('/availability');
  expect(new URL(page.url()).search).toBe('');
  await payments.getByText(`${email} · Japan · JPY`).waitFor();
  await payments.getByText('Can take payments').waitFor();
  const [row] = await sql(`select account_id from public.stripe_connections where user_id = $1`, [host.id]);
  await payments.scrollIntoViewIfNeeded();
  await expectAccessibleAtBothSizes(page, 'Stripe connected', ['calendars-stripe-connected-desktop', 'calendars-stripe-connected-phone']);

  await payments.getByRole('button', { name: 'Disconnect Stripe' }).click();
  await payments.getByRole('alertdialog', { name: 'Disconnect Stripe?' }).waitFor();
  await expectAccessible(page, 'Stripe disconnect confirm (phone)');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Stripe disconnected');
  await payments.getByRole('button', { name: 'Connect Stripe' }).waitFor();
  const [gone] = await sql(`select count(*)::int as n from public.stripe_connections where user_id = $1`, [host.id]);
  expect(gone.n).toBe(0);
  // The outbox gave up the platform's access at Stripe.
  await expect
    .poll(async () => (await control.events({ type: 'account.application.deauthorized', account: row.account_id })).length, { timeout: 15_000 })
    .toBe(1);
  expectNoErrors(errors);
}, JOURNEY_TIMEOUT);

