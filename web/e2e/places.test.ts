// Where we meet: a host offers a Jitsi room and a phone call they make; a guest chooses the call and
// gives their number; both see the place, the guest on the confirmation screen, the host on the
// booking's card. A Google Meet link the host's calendar cannot make shows failed, with its reason and a
// retry. axe checks the screens that changed at phone and desktop size. A host's own link and
// number reach no one before booking: not the page, not any answer it loads.
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { expectAccessible, expectAccessibleAtBothSizes } from './support/axe.ts';
import { DESKTOP, expectToast, openPage, PHONE, screenshot, useBrowser } from './support/browser.ts';
import { bookableHost, clock, confirmationShown, dayAhead, expectNoErrors, fillGuest, hostEditingEventType, JOURNEY_TIMEOUT, navigate, pickDay, saveEventType, signIn } from './support/journey.ts';

const browser = useBrowser();

describe('meeting places', () => {
  it(
    'the host offers Jitsi and a phone call they make; the guest picks the call with their number; both see it',
    async () => {
      const { eventTypeId, h, dialog } = await hostEditingEventType(browser(), { firstName: 'Petra', lastName: 'Place' }, { title: 'Places Call', duration: 30 });
      const places = dialog.getByRole('group', { name: 'Locations' });
      await places.getByLabel('Add a location').selectOption({ label: 'Jitsi Meet' });
      await places.getByRole('button', { name: 'Add', exact: true }).click();
      expect(await places.getByLabel('Jitsi server').inputValue()).toBe('meet.jit.si');
      await places.getByLabel('Add a location').selectOption({ label: 'Phone call (the host calls the guest)' });
      await places.getByRole('button', { name: 'Add', exact: true }).click();
      await expectAccessibleAtBothSizes(h.page, 'event type editor with two places', ['places-editor-desktop', 'places-editor-phone']);
      await saveEventType(h.page, dialog);
      const [saved] = await sql(`select locations from public.event_types where id = $1`, [eventTypeId]);
      expect(saved.locations).toEqual([{ kind: 'jitsi', server: 'meet.jit.si' }, { kind: 'phone_host_calls' }]);

      // The guest sees both places and chooses the call.
      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await g.page.goto(`/book/${eventTypeId}`);
      const main = g.page.locator('main');
      await g.page.getByRole('heading', { name: 'Places Call' }).waitFor();
      const choice = main.getByRole('radiogroup', { name: 'Where would you like to meet?' });
      await choice.waitFor();
      expect(await choice.getByRole('radio').count()).toBe(2);
      await pickDay(g.page, dayAhead(3, 'UTC'));
      await main.getByRole('button', { name: clock('10:00'), exact: true }).click();
      await fillGuest(g.page, { name: 'Greta Guest', email: 'greta@example.test' });
      // The pointer leaves the time it picked, as a person's does.
      await g.page.mouse.move(0, 0);
      await expectAccessibleAtBothSizes(g.page, 'booking page with two places', ['26-booking-two-locations', '26-booking-two-locations-phone']);

      await choice.getByText('Phone call: the host calls you').click();
      const phone = main.getByRole('textbox', { name: 'Phone' });
      await phone.fill('020 7946 0958');
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      await main.getByText('Please enter a valid phone number with its country code.').waitFor();
      await phone.fill('+44 20 7946 0958');
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      const confirmation = await confirmationShown(main, 'Booking Confirmed!');
      await confirmation.getByText('The host calls you at +442079460958').waitFor();
      await screenshot(g.page, 'places-confirmation-phone');
      await expectAccessible(g.page, 'confirmation with the place (phone)');
      const [booking] = await sql(`select location from public.bookings where event_type_id = $1`, [eventTypeId]);
      expect(booking.location).toEqual({ kind: 'phone_host_calls', value: '+442079460958' });

      // The host's card says whom to call.
      await h.page.setViewportSize(DESKTOP);
      await navigate(h.page, 'Bookings');
      const card = h.page.getByRole('article', { name: 'Places Call with Greta Guest' });
      await card.getByText('Call the guest at').waitFor();
      expect(await card.getByRole('link', { name: '+442079460958' }).getAttribute('href')).toBe('tel:+442079460958');
      await expectAccessibleAtBothSizes(h.page, 'host bookings with the place', ['places-host-card-desktop', 'places-host-card-phone']);
      expectNoErrors(h.errors);
      expectNoErrors(g.errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "a Google Meet link that cannot be made: the guest is told it follows, the host sees it failed with the reason and asks again",
    async () => {
      const { host, eventTypeId } = await bookableHost({ firstName: 'Gus', lastName: 'Google' }, { title: 'Meet Call', duration: 30 });
      await sql(`update public.event_types set locations = '[{"kind": "google_meet"}]' where id = $1`, [eventTypeId]);
      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await g.page.goto(`/book/${eventTypeId}`);
      const main = g.page.locator('main');
      await pickDay(g.page, dayAhead(3, 'UTC'));
      await main.getByRole('button', { name: clock('11:00'), exact: true }).click();
      await fillGuest(g.page, { name: 'Mia Meet', email: 'mia@example.test' });
      await main.getByRole('button', { name: 'Book Meeting' }).click();
      const confirmation = await confirmationShown(main, 'Booking Confirmed!');
      await confirmation.getByText('Google Meet: the link follows by mail once it is made').waitFor();

      // The host has no Google calendar: the outbox's try fails with a reason the host can act on.
      const state = async () => (await sql(`select public.link_state(b) as s from public.bookings b where b.event_type_id = $1`, [eventTypeId]))[0]?.s;
      await expect.poll(async () => (await state())?.status, { timeout: 30_000 }).toBe('failed');
      const h = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      await signIn(h.page, host);
      await navigate(h.page, 'Bookings');
      const card = h.page.getByRole('article', { name: 'Meet Call with Mia Meet' });
      await card.getByText('Google Meet: link failed').waitFor();
      await card.getByText((await state()).error).waitFor();
      await h.page.mouse.move(0, 0);
      await screenshot(h.page, 'places-link-failed-desktop');
      await expectAccessible(h.page, 'host card with a failed link (desktop)');
      await h.page.setViewportSize(PHONE);
      await expectAccessible(h.page, 'host card with a failed link (phone)');
      await card.getByRole('button', { name: 'Retry the link' }).click();
      await expectToast(h.page, 'Asked for the meeting link again');
      expectNoErrors(h.errors);
      expectNoErrors(g.errors);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "a host's own link and number stay off the public booking page and its answers until a guest books",
    async () => {
      const { eventTypeId } = await bookableHost({ firstName: 'Lena', lastName: 'Link' }, { title: 'Private Room', duration: 30 });
      await sql(
        `update public.event_types set locations = '[{"kind": "link", "url": "https://rooms.example.test/lena-secret"}, {"kind": "phone_guest_calls", "number": "+442079460001"}]' where id = $1`,
        [eventTypeId],
      );
      const g = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US', viewport: DESKTOP });
      const answers: string[] = [];
      g.page.on('response', (response) => void response.text().then((text) => answers.push(text), () => undefined));
      await g.page.goto(`/book/${eventTypeId}`);
      const choice = g.page.locator('main').getByRole('radiogroup', { name: 'Where would you like to meet?' });
      await choice.getByText('Meeting link').waitFor();
      await choice.getByText('Phone call: you call the host').waitFor();
      await pickDay(g.page, dayAhead(3, 'UTC'));
      await g.page.locator('main').getByRole('button', { name: clock('10:00'), exact: true }).waitFor();
      // The answers were read (the event type's kinds came in one), and none carries the link or the number.
      expect(answers.join('\n')).toMatch(/"kind": ?"link"/);
      expect(await g.page.content()).not.toMatch(/lena-secret|442079460001/);
      expect(answers.join('\n')).not.toMatch(/lena-secret|442079460001/);
      expectNoErrors(g.errors);
    },
    JOURNEY_TIMEOUT,
  );
});
