// Seats of a group slot through the guest's own path (docs/seats.md): each seat has its own mails and
// manage link, a guest's view of their seat names no other guest, and a guest's cancel frees one seat.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, invite, mailStartingWith, manageLink, uniqueGuest } from './support.ts';

const seatsLeft = async (eventTypeId: number, start: Date) => {
  const date = start.toISOString().slice(0, 10);
  const res = await call(`/slots?eventTypeId=${eventTypeId}&startDate=${date}&endDate=${date}&timeZone=UTC`);
  return (res.body.slots as { start: string; seatsLeft?: number }[]).find((s) => Date.parse(s.start) === start.getTime())?.seatsLeft ?? 'not offered';
};

describe('seats and the manage link', () => {
  it('gives each seat its own confirmation and link, shows a guest only their own seat, and frees a seat on a guest cancel', async () => {
    const host = await newHost();
    await sql('update public.event_types set seats_per_slot = 2 where id = $1', [host.eventTypeId]);
    const start = at(3, 12);
    const [ann, bob] = [uniqueGuest(), uniqueGuest()];
    await guestBooks(host.eventTypeId, start, ann);
    await guestBooks(host.eventTypeId, start, bob);
    expect(await seatsLeft(host.eventTypeId, start)).toBe('not offered');
    const [annLink, bobLink] = [manageLink(await mailStartingWith(ann, 'Confirmed:')), manageLink(await mailStartingWith(bob, 'Confirmed:'))];
    expect(annLink.uid).not.toBe(bobLink.uid);
    // Each guest's invite is their own seat: their booking's UID, not the slot's (the host's one
    // event), and no other guest on it.
    const [{ ical_uid: slotUid }] = await sql('select ical_uid from public.seat_slots where event_type_id = $1', [host.eventTypeId]);
    const annInvite = await invite(await mailStartingWith(ann, 'Confirmed:'));
    expect(annInvite.uid).not.toBe(slotUid);
    expect(annInvite.participants.map((p) => p.email)).toEqual([ann]);

    const view = await call(`/api/booking/${annLink.uid}?token=${annLink.token}`);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain(bob);

    const cancelled = await call(`/api/booking/${annLink.uid}/cancel`, { body: { token: annLink.token } });
    expect(cancelled.status).toBe(200);
    expect(await seatsLeft(host.eventTypeId, start)).toBe(1);
    // Bob's seat stands.
    expect((await call(`/api/booking/${bobLink.uid}?token=${bobLink.token}`)).body).toMatchObject({ status: 'confirmed' });
  });
});
