// Journeys 2 and 3 of issue 6: a host sets up hours and a manually approved event type and shares
// it; a guest in another time zone books it, the host confirms and cancels, the slot comes and goes.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../scripts/local/test/harness.ts';
import { expectToast, openPage, screenshot, useBrowser, webUrl } from './support/browser.ts';
import {
  dayAhead,
  expectNoErrors,
  fillGuest,
  halfHours,
  JOURNEY_TIMEOUT,
  navigate,
  nextWeekday,
  offeredTimes,
  pickDay,
  signIn,
  unique,
  wallTimeIn,
} from './support/journey.ts';

const browser = useBrowser();

describe.concurrent('host set-up', () => {
  it('working hours with two ranges on Monday, buffers and notice; an event type with manual approval; its link shared', async () => {
    const host = await newUser({ firstName: 'Hana', lastName: 'Host' });
    const { page, errors } = await openPage(browser(), { timezoneId: 'UTC', permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, host);

    await navigate(page, 'Availability');
    await page.getByRole('heading', { name: 'Working Hours' }).waitFor();
    await page.getByText('Monday', { exact: true }).click();
    await page.getByLabel('Monday range 1 end').selectOption('12:00');
    await page.getByRole('button', { name: 'Add time range' }).click();
    await page.getByLabel('Monday range 2 start').selectOption('13:00');
    await page.getByRole('button', { name: 'Save Working Hours' }).click();
    await expectToast(page, 'Availability updated successfully');

    await page.getByLabel('Buffer before').selectOption('15');
    await page.getByLabel('Buffer after').selectOption('5');
    await page.getByLabel('Minimum notice').selectOption({ label: '1 hour' });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'Settings updated successfully');
    await screenshot(page, '2-availability-saved');

    // What was saved is what the page shows after a reload.
    await page.reload();
    await page.getByLabel('Monday range 2 start').waitFor();
    expect(
      await Promise.all(
        ['Monday range 1 start', 'Monday range 1 end', 'Monday range 2 start', 'Monday range 2 end'].map((l) => page.getByLabel(l).inputValue()),
      ),
    ).toEqual(['09:00', '12:00', '13:00', '17:00']);
    expect(await page.getByLabel('Buffer before').inputValue()).toBe('15');
    expect(await page.getByLabel('Buffer after').inputValue()).toBe('5');
    expect(await page.getByLabel('Minimum notice').inputValue()).toBe('60');

    await navigate(page, 'Dashboard');
    await page.getByRole('button', { name: 'Create Your First Event Type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Event Type' });
    await dialog.getByLabel('Title').fill('Strategy Session');
    await dialog.getByLabel('Description').fill('Plan the next quarter together.');
    await dialog.getByLabel('Duration').selectOption('45');
    await dialog.getByText('Auto-confirm bookings').click();
    await dialog.getByText('Manual approval required').waitFor();
    await screenshot(page, '2-event-type-dialog');
    await dialog.getByRole('button', { name: 'Create Event Type' }).click();
    await expectToast(page, 'Event type created successfully');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('45 minutes · Manual approval').waitFor();

    const [eventType] = await sql('select id, auto_confirm from public.event_types where user_id = $1', [host.id]);
    expect(eventType.auto_confirm).toBe(false);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expectToast(page, 'Link Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${webUrl()}/book/${eventType.id}`);
    await screenshot(page, '2-dashboard-link-copied');

    // The shared link books the 45-minute meeting inside either Monday range, never in the gap between.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Strategy Session' }).waitFor();
    expect(await page.getByText('Book with Hana Host').isVisible()).toBe(true);
    expect(await page.getByText('Times shown in UTC').isVisible()).toBe(true);
    await pickDay(page, nextWeekday(1, 1, 'UTC'));
    const times = await offeredTimes(page);
    expect(times).toEqual(expect.arrayContaining(['09:00', '11:00', '13:00', '16:00']));
    for (const outside of ['08:30', '12:00', '12:30', '17:00']) expect(times).not.toContain(outside);
    await screenshot(page, '2-shared-link-monday');
    expectNoErrors(errors);
  }, JOURNEY_TIMEOUT);
});

describe.concurrent('booking across time zones', () => {
  it('a guest in New York books a Berlin host, who confirms; the slot is gone, then back after cancelling', async () => {
    const host = await newUser({ firstName: 'Bert', lastName: 'Berlin' });
    await sql(`update public.profiles set timezone = 'Europe/Berlin' where id = $1`, [host.id]);
    await sql(
      `insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled)
       select $1, d, '09:00', '17:00', true from generate_series(0, 6) d`,
      [host.id],
    );
    const [{ id: eventTypeId }] = await sql(
      `insert into public.event_types (user_id, title, duration, color, auto_confirm) values ($1, 'Consultation', 30, '#8b5cf6', false) returning id`,
      [host.id],
    );
    // Default notice (1 day) and buffers (10 minutes) stay: three days ahead is bookable.
    const day = dayAhead(3, 'America/New_York');
    const expected = halfHours('09:00', '17:00').map((t) => wallTimeIn(day.key, t, 'Europe/Berlin', 'America/New_York'));
    const first = expected[0];
    const guestName = unique('Gus Guest');

    const guest = await openPage(browser(), { timezoneId: 'America/New_York', locale: 'en-US' });
    const g = guest.page;
    await g.goto(`/book/${eventTypeId}`);
    await g.getByRole('heading', { name: 'Consultation' }).waitFor();
    expect(await g.getByText('Times shown in America/New_York').isVisible()).toBe(true);
    await pickDay(g, day);
    expect(await offeredTimes(g)).toEqual(expected);
    await g.getByRole('button', { name: first, exact: true }).click();
    await fillGuest(g, { name: guestName, email: 'gus@example.test', notes: 'About the merger' });
    await screenshot(g, '3-guest-new-york-times');
    await g.getByRole('button', { name: 'Book Meeting' }).click();
    await expectToast(g, 'Booking Pending Approval', "Booking request sent! You'll receive confirmation once the host approves it.");
    await screenshot(g, '3-guest-pending-approval');

    const owner = await openPage(browser(), { timezoneId: 'Europe/Berlin', locale: 'en-US' });
    const h = owner.page;
    await signIn(h, host);
    await navigate(h, 'Bookings');
    const card = h.getByRole('article', { name: `Consultation with ${guestName}` });
    await card.getByText('Awaiting Confirmation').waitFor();
    // The host reads the same meeting at 9:00 in Berlin.
    expect(await card.textContent()).toContain('9:00 AM');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(h, 'Booking Confirmed');
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await screenshot(h, '3-host-confirmed');

    await g.reload();
    await pickDay(g, day);
    expect(await offeredTimes(g)).not.toContain(first);
    await screenshot(g, '3-guest-slot-gone');

    await card.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(h, 'Booking Cancelled');
    await h.getByText('No upcoming bookings').waitFor();
    await h.getByRole('tab', { name: 'Cancelled' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await screenshot(h, '3-host-cancelled');

    await g.reload();
    await pickDay(g, day);
    expect(await offeredTimes(g)).toEqual(expected);
    expectNoErrors(guest.errors);
    expectNoErrors(owner.errors);
  }, JOURNEY_TIMEOUT);
});
