// Live pages through Realtime: two guests look at the same booking page; the first books a time and
// it disappears from the second guest's page, and the host's bookings list shows the booking, both
// without a reload.
import { describe, expect, it } from 'vitest';
import { sql } from '../../scripts/local/test-stack/harness.ts';
import { openPage, screenshot, useBrowser } from './support/browser.ts';
import { clock, bookableHost, confirmationShown, dayAhead, expectNoErrors, fillGuest, JOURNEY_TIMEOUT, navigate, offeredTimes, pickDay, signIn, unique } from './support/journey.ts';

const browser = useBrowser();

describe('live booking pages', () => {
  it('a slot another guest books disappears at once, and the booking appears in the host list', async () => {
    const { host, eventTypeId } = await bookableHost(
      { firstName: 'Liv', lastName: 'Live' },
      { title: 'Live call', duration: 30, color: '#06b6d4' },
      { hours: ['09:00', '12:00'] },
    );
    // No buffers, so a booked half hour takes exactly its own slot.
    await sql(`update public.user_settings set buffer_before = 0, buffer_after = 0 where user_id = $1`, [host.id]);
    const day = dayAhead(3, 'UTC');
    const guestName = unique('First Guest');

    const owner = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
    const h = owner.page;
    await signIn(h, host);
    await navigate(h, 'Bookings');
    await h.getByText('No upcoming bookings').waitFor();

    const first = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
    const second = await openPage(browser(), { timezoneId: 'UTC', locale: 'en-US' });
    // What the second page heard and asked, should its grid not follow: the broadcasts on its
    // socket and its slot requests, with the time each came.
    const heard: string[] = [];
    second.page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('busy_changed')) heard.push(`${new Date().toISOString()} broadcast`);
    }));
    second.page.on('response', (r) => {
      if (r.url().includes('/slots')) heard.push(`${new Date().toISOString()} slots ${r.status()}`);
    });
    for (const { page } of [first, second]) {
      await page.goto(`/book/${eventTypeId}`);
      await page.getByRole('heading', { name: 'Live call' }).waitFor();
      await pickDay(page, day);
    }
    const times = await offeredTimes(second.page);
    expect(times[0]).toBe('09:00');
    expect(await offeredTimes(first.page)).toEqual(times);

    const g = first.page;
    await g.getByRole('button', { name: clock('09:00'), exact: true }).click();
    await fillGuest(g, { name: guestName, email: 'first@example.test' });
    await g.getByRole('button', { name: 'Book Meeting' }).click();
    await confirmationShown(g, 'Booking Confirmed!');

    // The second guest never reloads: the time goes from the grid it already shows.
    heard.push(`${new Date().toISOString()} booked`);
    try {
      await expect.poll(() => offeredTimes(second.page)).toEqual(times.slice(1));
    } catch (error) {
      throw new Error(`The second page's grid kept the booked time; it heard: ${heard.join(', ')}`, { cause: error });
    }
    await screenshot(second.page, 'realtime-slot-gone-for-second-guest');
    // Neither does the host: the booking appears in the list on screen.
    await h.getByRole('article', { name: `Live call with ${guestName}` }).waitFor({ timeout: 15_000 });
    await screenshot(h, 'realtime-host-sees-new-booking');
    expectNoErrors(first.errors);
    expectNoErrors(second.errors);
    expectNoErrors(owner.errors);
  }, JOURNEY_TIMEOUT);
});
