// A host connects their CalDAV calendar (Radicale) in Availability → Calendars; a guest on the public
// booking page then finds the time of an event in that calendar no longer offered.
import { expect, it } from 'vitest';
import { newHost } from '../../supabase/tests/api/fixtures.ts';
import { day, ics, makeCalendar, newDavUser, putObject, vevent } from '../../supabase/tests/calendars/fixtures.ts';
import { expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
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
