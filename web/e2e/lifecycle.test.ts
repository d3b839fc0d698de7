// After the booking: a guest books, opens the link of the confirmation mail in the local inbox (the
// mail catcher's web page), reschedules on the manage page, then cancels; the host sees each change
// on the Bookings page.
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { stack } from '../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../scripts/local/test-stack/mailpit.ts';
import { expectToast, openPage, screenshot, useBrowser } from './support/browser.ts';
import { clock, bookableHost, confirmationShown, dayAhead, expectNoErrors, fillGuest, JOURNEY_TIMEOUT, navigate, pickDay, signIn, unique, wallTimeIn } from './support/journey.ts';

const browser = useBrowser();
const GUEST_ZONE = 'America/New_York';
const HOST_ZONE = 'Europe/Berlin';

describe.concurrent('after the booking', () => {
  it('a guest books, opens the mailed link from the inbox, reschedules, then cancels; the host sees each change', async () => {
    const { host, eventTypeId } = await bookableHost(
      { firstName: 'Hana', lastName: 'Host' },
      { title: 'Strategy call', duration: 30, color: '#3b82f6' },
      { timezone: HOST_ZONE },
    );
    const guestName = unique('Gina Guest');
    const guestEmail = `${unique('gina')}@example.test`;
    const day = dayAhead(3, GUEST_ZONE);
    const later = dayAhead(4, GUEST_ZONE);
    const first = wallTimeIn(day.key, '10:00', HOST_ZONE, GUEST_ZONE);
    const moved = wallTimeIn(later.key, '14:00', HOST_ZONE, GUEST_ZONE);

    const guest = await openPage(browser(), { timezoneId: GUEST_ZONE, locale: 'en-US' });
    const g = guest.page;
    await g.goto(`/book/${eventTypeId}`);
    await g.getByRole('heading', { name: 'Strategy call' }).waitFor();
    await pickDay(g, day);
    await g.getByRole('button', { name: clock(first), exact: true }).click();
    await fillGuest(g, { name: guestName, email: guestEmail });
    await g.getByRole('button', { name: 'Book Meeting' }).click();
    await confirmationShown(g, 'Booking Confirmed!');

    // The confirmation reaches the inbox; the guest opens it there and follows its link.
    const [confirmation] = await waitForMails(guestEmail, 1);
    expect(confirmation.Subject).toMatch(/^Confirmed: Strategy call with Hana Host on /);
    await g.goto(`${stack().inboxUrl}/view/${confirmation.ID}.html`);
    await g.getByRole('link', { name: 'Reschedule or cancel' }).click();
    await g.waitForURL(/\/booking\/[0-9a-f-]{36}\?token=/);
    await g.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
    const firstLabel = formatInTimeZone(fromZonedTime(`${day.key}T${first}:00`, GUEST_ZONE), GUEST_ZONE, 'EEEE, MMMM d, yyyy');
    await g.getByText(firstLabel, { exact: false }).first().waitFor();
    await screenshot(g, 'lifecycle-manage-booking');

    const owner = await openPage(browser(), { timezoneId: HOST_ZONE, locale: 'en-US' });
    const h = owner.page;
    await signIn(h, host);
    await navigate(h, 'Bookings');
    const card = h.getByRole('article', { name: `Strategy call with ${guestName}` });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('10:00 AM');

    // The same calendar as booking; the move happens once the guest confirms the new time.
    await g.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await pickDay(g, later);
    await g.getByRole('group', { name: 'Available times' }).getByRole('button', { name: clock(moved), exact: true }).click();
    await g.getByRole('group', { name: 'Confirm the new time' }).getByRole('button', { name: 'Move my booking' }).click();
    await expectToast(g, 'Booking Rescheduled');
    await g.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
    await g.getByText(formatInTimeZone(fromZonedTime(`${later.key}T${moved}:00`, GUEST_ZONE), GUEST_ZONE, 'EEEE, MMMM d, yyyy'), { exact: false }).first().waitFor();
    await screenshot(g, 'lifecycle-manage-rescheduled');

    // The host's list now holds the booking at its new time (2:00 PM in Berlin); the old one is cancelled.
    await h.reload();
    await h.getByRole('article', { name: `Strategy call with ${guestName}` }).getByText('2:00 PM', { exact: false }).waitFor();
    await h.getByRole('tab', { name: 'Cancelled' }).click();
    await h.getByRole('article', { name: `Strategy call with ${guestName}` }).getByText('10:00 AM', { exact: false }).waitFor();

    await g.getByRole('button', { name: 'Cancel', exact: true }).click();
    await g.getByLabel('Reason (optional)').fill('Travel plans changed');
    await g.getByRole('button', { name: 'Cancel booking' }).click();
    await expectToast(g, 'Booking Cancelled');
    await g.getByRole('heading', { name: 'This booking is cancelled' }).waitFor();
    await g.getByText('Reason: Travel plans changed').waitFor();
    await screenshot(g, 'lifecycle-manage-cancelled');

    await h.reload();
    await h.getByText('No upcoming bookings').waitFor();
    await h.getByRole('tab', { name: 'Cancelled' }).click();
    await h.getByRole('article', { name: `Strategy call with ${guestName}` }).nth(1).waitFor();
    // The guest heard of each step: confirmed, rescheduled, cancelled.
    const subjects = (await waitForMails(guestEmail, 3)).map((m) => m.Subject.split(':')[0]);
    expect(subjects.sort()).toEqual(['Cancelled', 'Confirmed', 'Rescheduled']);
    expectNoErrors(guest.errors);
    expectNoErrors(owner.errors);
  }, JOURNEY_TIMEOUT);
});
