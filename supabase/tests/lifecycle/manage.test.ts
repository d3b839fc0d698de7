// The guest's manage link: view, reschedule and cancel through /api without an account, the mails
// and invites each step sends (one UID, SEQUENCE 0 → 1 → 2), old links, bad tokens, the host's
// notice for guest changes, and a reschedule racing another guest for the same slot.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { mails } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, invite, mailStartingWith, manageLink, uniqueGuest } from './support.ts';

const api = (path: string, body?: unknown) => call(`/api${path}`, body === undefined ? {} : { body });

/** A host and a guest's confirmed booking, with the manage link from the guest's confirmation mail. */
async function booked(start = at(3, 10), opts: { guestTimeZone?: string } = {}) {
  const host = await newHost();
  const guest = uniqueGuest();
  const booking = await guestBooks(host.eventTypeId, start, guest, opts.guestTimeZone ? { guestTimeZone: opts.guestTimeZone } : {});
  const confirmation = await mailStartingWith(guest, 'Confirmed:');
  return { host, guest, booking, confirmation, link: manageLink(confirmation) };
}

describe('guest manage link', () => {
  it("is in the booking's answer, for the guest's confirmation screen, and works before any mail is sent", async () => {
    const host = await newHost();
    const guest = uniqueGuest();
    const booking = await guestBooks(host.eventTypeId, at(3, 11), guest);
    expect(booking.manageToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(booking).not.toHaveProperty('manageTokenHash');
    const view = await api(`/booking/${booking.uid}?token=${booking.manageToken}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ uid: booking.uid, status: 'confirmed' });
    // The mail carries the same link: one token per booking.
    expect(manageLink(await mailStartingWith(guest, 'Confirmed:')).token).toBe(booking.manageToken);
    // The booking was written with its link's hash: neither the answer nor the mail wrote it again.
    const [row] = await sql('select updated_at = created_at as untouched, manage_token_hash is not null as hashed from bookings where id = $1', [booking.id]);
    expect(row).toEqual({ untouched: true, hashed: true });
  });

  it('reschedules then cancels, with the right mails and invites at each step', async () => {
    const { host, guest, booking, confirmation, link } = await booked(at(3, 10), { guestTimeZone: 'America/New_York' });
    // The guest's mail shows their own zone: 10:00 UTC is 05:00 or 06:00 in New York (DST).
    expect(confirmation.Text).toMatch(/0[56]:00 – 0[56]:30 \(America\/New_York\)/);
    const created = await invite(confirmation);

    const view = await api(`/booking/${link.uid}?token=${link.token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ uid: link.uid, status: 'confirmed', title: 'Intro call', canChange: true, moved: false, guestTimezone: 'America/New_York' });
    const day = at(4, 0).toISOString().slice(0, 10);
    const slots = await api(`/booking/${link.uid}/slots?token=${link.token}&startDate=${day}&endDate=${day}&timeZone=UTC`);
    expect(slots.status).toBe(200);
    const target = at(4, 14).toISOString();
    expect(slots.body.slots.map((s: { start: string }) => s.start)).toContain(target);

    const moved = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking).toMatchObject({ status: 'confirmed', startTime: expect.stringMatching(/T14:00:00/), canChange: true });
    expect(moved.body.token).not.toBe(link.token);
    const [old] = await sql('select status, cancelled_by, rescheduled_to from bookings where id = $1', [booking.id]);
    const [now] = await sql('select id, rescheduled_from, ical_uid, ical_sequence from bookings where uid = $1', [moved.body.booking.uid]);
    expect(old).toEqual({ status: 'cancelled', cancelled_by: 'guest', rescheduled_to: now.id });
    expect(Number(now.rescheduled_from)).toBe(booking.id);

    const rescheduled = await mailStartingWith(guest, 'Rescheduled:');
    const hostMoved = await mailStartingWith(host.email, 'Rescheduled by guest:');
    for (const m of [rescheduled, hostMoved]) {
      expect(await invite(m)).toMatchObject({ method: 'REQUEST', uid: created.uid, sequence: 1, start: target });
    }
    // The move sends no CANCEL for the old time (it would remove the moved event: same UID).
    expect((await mails(guest)).filter((m) => m.Subject.startsWith('Cancelled'))).toEqual([]);
    const newLink = manageLink(rescheduled);
    expect(newLink).toMatchObject({ uid: moved.body.booking.uid, token: moved.body.token });

    const cancelled = await api(`/booking/${newLink.uid}/cancel`, { token: newLink.token, reason: 'Something came up' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', cancellationReason: 'Something came up', canChange: false });
    const guestCancel = await mailStartingWith(guest, 'Cancelled:');
    const hostCancel = await mailStartingWith(host.email, 'Cancelled by guest:');
    expect(hostCancel.Text).toContain('Reason: Something came up');
    for (const m of [guestCancel, hostCancel]) {
      expect(await invite(m)).toMatchObject({ method: 'CANCEL', uid: created.uid, sequence: 2, status: 'CANCELLED' });
    }
    // The host sees each change.
    const { data } = await host.client.from('bookings').select('id, status, start_time').order('id');
    expect(data!.map((b) => b.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('leads an old link to the current booking, to look at only, and refuses bad tokens alike', async () => {
    const { booking, link } = await booked(at(3, 11));
    const other = await booked(at(3, 12));
    const moved = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: at(5, 9).toISOString() });
    expect(moved.status).toBe(200);

    const old = await api(`/booking/${link.uid}?token=${link.token}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({ uid: moved.body.booking.uid, moved: true, canChange: false, status: 'confirmed' });

    const notFound = await api(`/booking/00000000-0000-4000-8000-000000000000?token=${link.token}`);
    expect(notFound.status).toBe(404);
    const refusals = [
      await api(`/booking/${link.uid}?token=wrong-${link.token}`), // wrong
      await api(`/booking/${link.uid}?token=${other.link.token}`), // another booking's
      await api(`/booking/${link.uid}`), // none
      await api(`/booking/${link.uid}/cancel`, { token: link.token }), // used: the booking moved
      await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: at(6, 9).toISOString() }), // used
      await api(`/booking/${other.link.uid}/cancel`, { token: moved.body.token }), // another booking's
      await api(`/booking/not-a-uuid?token=${link.token}`),
    ];
    for (const r of refusals) expect([r.status, r.body]).toEqual([404, notFound.body]);

    // Expired: once the booking is over its link opens nothing.
    await sql(`update bookings set start_time = now() - interval '2 hours', end_time = now() - interval '90 minutes' where id = $1`, [other.booking.id]);
    expect((await api(`/booking/${other.link.uid}?token=${other.link.token}`)).status).toBe(404);
    const [still] = await sql('select status from bookings where id = $1', [booking.id]);
    expect(still.status).toBe('cancelled');
  });

  it('checks the new time with the slot engine', async () => {
    const { link } = await booked(at(3, 13));
    const res = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: at(-1, 9).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('slot_in_past');
    const off = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: at(4, 9, 15).toISOString() });
    expect(off.body.code).toBe('slot_outside_hours');
  });

  it('keeps guests from changing a booking inside the host\'s notice, never the host', async () => {
    const { host, booking, link } = await booked(at(1, 10));
    const { error } = await host.client.from('user_settings').update({ guest_change_notice: 48 }).eq('user_id', host.id);
    expect(error).toBeNull();
    const view = await api(`/booking/${link.uid}?token=${link.token}`);
    expect(view.body).toMatchObject({ canChange: false, status: 'confirmed' });
    const cancel = await api(`/booking/${link.uid}/cancel`, { token: link.token });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'change_too_late']);
    const move = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: at(4, 10).toISOString() });
    expect([move.status, move.body.code]).toEqual([409, 'change_too_late']);
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id)).error).toBeNull();
  });

  it('leaves one booking on a slot a reschedule races another guest for, and the old booking intact if the reschedule lost', async () => {
    for (let round = 0; round < 3; round++) {
      const { host, booking, link } = await booked(at(3, 15));
      const target = at(4, 16 + round);
      const [moved, rival] = await Promise.all([
        api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: target.toISOString() }),
        call('/bookings', { body: { eventTypeId: host.eventTypeId, guestName: 'Rival', guestEmail: uniqueGuest(), startTime: target.toISOString(), endTime: new Date(target.getTime() + 1_800_000).toISOString() } }),
      ]);
      const there = await sql('select id, status from bookings where user_id = $1 and start_time = $2 and status <> $3', [host.id, target.toISOString(), 'cancelled']);
      expect(there).toHaveLength(1);
      const [old] = await sql('select status, rescheduled_to from bookings where id = $1', [booking.id]);
      if (moved.status === 200) {
        expect(rival.status).toBe(409);
        expect(old.status).toBe('cancelled');
      } else {
        expect([moved.status, moved.body.code, rival.status]).toEqual([409, 'slot_taken', 201]);
        expect(old).toEqual({ status: 'confirmed', rescheduled_to: null });
      }
    }
  });
});
