// The first minutes of a host and a guest: a host signs up from a browser in Stockholm on a
// phone and is bookable with no further step (hours Monday to Friday in their zone, a first event
// type), the dashboard showing what is left to set up; a guest books them and sees one confirmation
// screen (what, when, with whom, where, the calendar file, the manage link). axe checks each screen
// at phone and desktop size.
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { zoneLabel } from '../src/lib/zones.ts';
import { expectAccessible } from './support/axe.ts';
import { DESKTOP, expectToast, openPage, PHONE, screenshot, useBrowser } from './support/browser.ts';
import { clock, confirmationShown, expectNoErrors, fillGuest, JOURNEY_TIMEOUT, nextWeekday, offeredTimes, pickDay, unique } from './support/journey.ts';

const browser = useBrowser();
const ZONE = 'Europe/Stockholm';

describe('the first minutes', () => {
  it(
    'a sign-up from Stockholm is bookable at once, and its guest gets a confirmation screen with the .ics and the manage link',
    async () => {
      const host = await openPage(browser(), { timezoneId: ZONE, locale: 'en-US', viewport: PHONE });
      const h = host.page;
      const email = `${unique('sven')}@example.test`;
      await h.goto('/register');
      await h.getByLabel('First Name').fill('Sven');
      await h.getByLabel('Last Name').fill('Svensson');
      await h.getByLabel('Email').fill(email);
      await h.getByPlaceholder('Create a password').fill('stockholm-1');
      await h.getByRole('button', { name: 'Create account' }).click();
      await h.waitForURL('**/dashboard');
      await expectToast(h, 'Welcome to Kairos!');
      const checklist = h.getByRole('region', { name: 'Get set up' });
      await checklist.getByText('2 of 4 done', { exact: false }).waitFor();
      await checklist.getByText(`in your time zone: ${zoneLabel(ZONE)}`, { exact: false }).waitFor();
      await h.getByText('30 Minute Meeting').first().waitFor();
      await screenshot(h, 'first-minutes-phone-dashboard-checklist');
      await expectAccessible(h, 'dashboard with the checklist (phone)');
      await h.setViewportSize(DESKTOP);
      await expectAccessible(h, 'dashboard with the checklist (desktop)');

      const [profile] = await sql(`select id, timezone from public.profiles where email = $1`, [email]);
      expect(profile.timezone).toBe(ZONE);
      const [eventType] = await sql(`select id from public.event_types where user_id = $1`, [profile.id]);

      // A guest, also in Stockholm, books the new host by the link the checklist shares: no step between.
      const guest = await openPage(browser(), { timezoneId: ZONE, locale: 'en-US', viewport: PHONE });
      const g = guest.page;
      await g.goto(`/book/${eventType.id}`);
      const main = g.locator('main');
      await g.getByRole('heading', { name: '30 Minute Meeting' }).waitFor();
      const day = nextWeekday(3, 3, ZONE); // a Wednesday, past the default day of notice
      await pickDay(g, day);
      const times = await offeredTimes(g);
      expect(times[0]).toBe('09:00');
      expect(times.at(-1)).toBe('16:30');
      await main.getByRole('button', { name: clock('09:00'), exact: true }).click();
      await fillGuest(g, { name: 'Greta Guest', email: 'greta@example.test' });
      await main.getByRole('button', { name: 'Book Meeting' }).click();

      const confirmation = await confirmationShown(main, 'Booking Confirmed!');
      const when = `${day.label} at 9:00 AM · ${zoneLabel(ZONE)}`;
      await confirmation.getByText(when).waitFor();
      await confirmation.getByText('Sven Svensson').waitFor();
      await confirmation.getByText('Video Conference').waitFor();
      await confirmation.getByText('A confirmation is on its way to greta@example.test.', { exact: false }).waitFor();
      await screenshot(g, 'first-minutes-phone-guest-confirmation');
      await expectAccessible(g, 'confirmation on the booking page (phone)');

      // The .ics carries the booking's own UID (the mailed invites' too) and its time.
      const [download] = await Promise.all([g.waitForEvent('download'), confirmation.getByRole('link', { name: 'Download .ics' }).click()]);
      expect(download.suggestedFilename()).toBe('30 Minute Meeting.ics');
      const file = readFileSync((await download.path())!, 'utf8');
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!);
      const [booking] = await sql(`select uid::text, ical_uid, start_time from public.bookings b join public.event_types e on e.id = b.event_type_id where e.user_id = $1`, [profile.id]);
      expect(event.uid).toBe(booking.ical_uid);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(booking.start_time).toISOString());

      // The manage link works at once, before any mail.
      const manage = await confirmation.getByRole('link', { name: 'Reschedule or cancel' }).getAttribute('href');
      expect(manage).toContain(`/booking/${booking.uid}?token=`);
      await g.setViewportSize(DESKTOP);
      await expectAccessible(g, 'confirmation on the booking page (desktop)');
      await g.goto(manage!);
      await g.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
      expectNoErrors(host.errors);
      expectNoErrors(guest.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
