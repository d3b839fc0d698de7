// A guest's manage link moved its booking 20 times in 7.4 s, and the host got 20
// mails. Guest changes take booking tokens now: per link (every token of a booking and of the bookings
// it moved to: they share the calendar UID) from any address, and per client address and calendar,
// the bucket a new booking from that address takes.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, manageLink, uniqueGuest } from '../lifecycle/support.ts';

describe('guest changes through the manage link are throttled', () => {
  it('stops a link moving its booking again and again, and its host being mailed each time', async () => {
    const host = await newHost();
    const guest = uniqueGuest();
    const booking = await guestBooks(host.eventTypeId, at(2, 8), guest);
    let { uid, token } = manageLink((await waitForMails(guest, 1))[0]);

    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const moved = await call(`/api/booking/${uid}/reschedule`, { body: { token, startTime: at(2, 9 + i).toISOString() } });
      statuses.push(moved.status);
      if (moved.status === 200) {
        token = moved.body.token;
        uid = moved.body.booking.uid;
      } else expect(moved.body).toMatchObject({ code: 'rate_limited', message: 'Too many booking requests. Please wait a moment and try again.' });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // The newest link may not cancel either until its budget refills; the host heard of five moves.
    expect((await call(`/api/booking/${uid}/cancel`, { body: { token } })).status).toBe(429);
    const [{ n }] = await sql(
      `select count(*)::int as n from public.outbox o join public.bookings b on b.id = o.booking_id
       where b.ical_uid = (select ical_uid from public.bookings where id = $1) and o.topic = 'booking.rescheduled' and o.payload ->> 'message' = 'guest_rescheduled'`,
      [booking.id],
    );
    expect(n).toBe(5);
  });

  it('counts a link by its booking, so another guest of the same host is not held back by it', async () => {
    const host = await newHost();
    const [first, second] = [uniqueGuest(), uniqueGuest()];
    await guestBooks(host.eventTypeId, at(3, 8), first);
    await guestBooks(host.eventTypeId, at(3, 20), second);
    let link = manageLink((await waitForMails(first, 1))[0]);
    for (let i = 0; i < 6; i++) {
      const moved = await call(`/api/booking/${link.uid}/reschedule`, { body: { token: link.token, startTime: at(3, 9 + i).toISOString() } });
      if (moved.status === 200) link = { ...link, uid: moved.body.booking.uid, token: moved.body.token };
    }
    const other = manageLink((await waitForMails(second, 1))[0]);
    expect((await call(`/api/booking/${other.uid}/cancel`, { body: { token: other.token } })).status).toBe(200);
  });
});
