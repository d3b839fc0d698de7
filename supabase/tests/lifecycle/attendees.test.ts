// The people a guest invites are invited and kept informed: each gets the guest's mail of every
// event (the booking, its approval or rejection, a move, a cancellation by either side) with the
// .ics, in which every invitee is an ATTENDEE asked to reply; none of their mails carries the guest's
// manage link, and each says who invited them. Read back from the mail catcher (Mailpit's API),
// the invites parsed with ical.js.
import { describe, expect, it } from 'vitest';
import { mails, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, invite, mailStartingWith, manageLink, uniqueGuest } from './support.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true };
const api = (path: string, body?: unknown) => call(`/api${path}`, body === undefined ? {} : { body });

async function hostInviting(autoConfirm: boolean) {
  const host = await newHost();
  const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, autoConfirm, maxExtraAttendees: 2 }, token: host.accessToken });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return host;
}

/** Two invitees, the second typed in capitals (stored and mailed lower-cased). */
function invitees() {
  const [ann, bob] = [uniqueGuest(), uniqueGuest()];
  return { ann, bob, sent: [ann, bob.toUpperCase()] };
}

/** An invitee's mail: who invited them, and no way to manage the booking. */
function expectInviteeMail(mail: Mail, guest: string) {
  expect(mail.Text).toContain(`Invited by: Gail Guest <${guest}>`);
  expect(mail.Text).not.toMatch(/\/booking\/[0-9a-f-]{36}/);
  expect(mail.HTML).not.toMatch(/\/booking\/[0-9a-f-]{36}/);
  expect(mail.Text).not.toContain('Reschedule or cancel');
}

describe('the people a guest invites', () => {
  it('get the invitation with the .ics, the move and the cancellation, never the manage link', async () => {
    const host = await hostInviting(true);
    const guest = uniqueGuest();
    const { ann, bob, sent } = invitees();
    const start = at(3, 9);
    const booking = await guestBooks(host.eventTypeId, start, guest, { attendees: sent });

    // Three invitations on the guest's side: the guest's with the manage link, one per invitee without.
    const confirmed = await mailStartingWith(guest, 'Confirmed:');
    const link = manageLink(confirmed);
    const invitations = [await mailStartingWith(ann, 'Invitation:'), await mailStartingWith(bob, 'Invitation:')];
    const created = await invite(confirmed);
    for (const mail of invitations) {
      expect(mail.Subject).toMatch(/^Invitation: Intro call with Test User on /);
      expect(mail.Text).toContain('Gail Guest invited you to Intro call with Test User.');
      expectInviteeMail(mail, guest);
      const i = await invite(mail);
      expect(i).toMatchObject({ method: 'REQUEST', uid: created.uid, sequence: 0, status: 'CONFIRMED', start: start.toISOString() });
    }
    // Every invite (the guest's, the invitees', the host's) lists both invitees as attendees asked to reply.
    const hostMail = await mailStartingWith(host.email, 'New booking:');
    // Listed by address (private.booking_attendee_emails), whatever order the guest typed them in.
    expect(hostMail.Text).toContain(`Also invited: ${[ann, bob].sort().join(', ')}`);
    for (const mail of [confirmed, ...invitations, hostMail]) {
      const { participants } = await invite(mail);
      for (const email of [ann, bob]) {
        expect(participants).toContainEqual({ email, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION', rsvp: 'TRUE' });
      }
      expect(participants.map((p) => p.email)).toContain(guest);
    }

    const target = at(4, 14).toISOString();
    const moved = await api(`/booking/${link.uid}/reschedule`, { token: link.token, startTime: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    for (const email of [ann, bob]) {
      const mail = await mailStartingWith(email, 'Rescheduled:');
      expect(mail.Text).toContain('Gail Guest moved the booking to a new time.');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'REQUEST', uid: created.uid, sequence: 1, start: target });
    }
    const newLink = manageLink(await mailStartingWith(guest, 'Rescheduled:'));

    const cancelled = await api(`/booking/${newLink.uid}/cancel`, { token: newLink.token, reason: 'Something came up' });
    expect(cancelled.status).toBe(200);
    for (const email of [ann, bob]) {
      const mail = await mailStartingWith(email, 'Cancelled:');
      expect(mail.Text).toContain('Gail Guest cancelled the booking.');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'CANCEL', uid: created.uid, sequence: 2, status: 'CANCELLED' });
    }
    // One mail per event each: the invitation, the move, the cancellation.
    for (const email of [ann, bob]) expect((await mails(email)).length).toBe(3);
    expect(booking.status).toBe('confirmed');
  });

  it('hear of a request, its approval and the host’s cancellation, and of a rejection', async () => {
    const host = await hostInviting(false);
    const guest = uniqueGuest();
    const { ann, bob, sent } = invitees();
    const booking = await guestBooks(host.eventTypeId, at(3, 10), guest, { attendees: sent });
    expect(booking.status).toBe('pending');
    for (const email of [ann, bob]) {
      const mail = await mailStartingWith(email, 'Requested:');
      expect(mail.Text).toContain('Gail Guest asked Test User for this booking and invited you.');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'REQUEST', status: 'TENTATIVE' });
    }
    expect((await host.client.from('bookings').update({ status: 'confirmed' }).eq('id', booking.id)).error).toBeNull();
    for (const email of [ann, bob]) {
      const mail = await mailStartingWith(email, 'Invitation:');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', sequence: 1 });
    }
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id)).error).toBeNull();
    for (const email of [ann, bob]) {
      const mail = await mailStartingWith(email, 'Cancelled:');
      expect(mail.Text).toContain('Test User cancelled the booking.');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'CANCEL', sequence: 2 });
    }

    const other = invitees();
    const rejected = await guestBooks(host.eventTypeId, at(3, 11), guest, { attendees: other.sent });
    await mailStartingWith(other.ann, 'Requested:');
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', rejected.id)).error).toBeNull();
    for (const email of [other.ann, other.bob]) {
      const mail = await mailStartingWith(email, 'Declined:');
      expect(mail.Text).toContain('Test User could not accept Gail Guest’s request. Nothing is booked.');
      expectInviteeMail(mail, guest);
      expect(await invite(mail)).toMatchObject({ method: 'CANCEL' });
    }
  });
});
