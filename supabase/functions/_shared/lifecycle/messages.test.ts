// The booking mails and their invites, rendered from outbox payloads (no I/O): who gets which subject,
// which METHOD, and an .ics that ical.js reads back with the booking's UID, SEQUENCE and UTC times.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { rfc5545Problems } from '../calendars/test-helpers.ts';
import { bookingInvite } from './ics.ts';
import { manageToken, manageTokenHash, manageUrl } from './manage-token.ts';
import { renderBookingMail, type BookingMailPayload } from './messages.ts';

const base: Omit<BookingMailPayload, 'message' | 'recipient'> = {
  booking: {
    id: 7,
    uid: '1f0c4a52-8a3e-4c41-9a55-0d1c1f1e2a3b',
    status: 'confirmed',
    start: '2026-03-29T00:30:00Z',
    end: '2026-03-29T01:00:00Z',
    title: 'Intro call',
    duration: 30,
    team: null,
    icalUid: 'abc@kairos',
    sequence: 3,
    cancelledBy: 'guest',
    cancellationReason: 'Ill',
    previous: { start: '2026-03-28T09:00:00Z', end: '2026-03-28T09:30:00Z' },
  },
  guest: { name: 'Gail Guest', email: 'gail@example.test', timezone: 'Asia/Kolkata' },
  hosts: [{ name: 'Hana Host', email: 'hana@example.test', timezone: 'Europe/Berlin' }],
};
const guest = { ...base.guest, role: 'guest' as const };
const host = { ...base.hosts[0], role: 'host' as const };
const links = { manage: 'https://app.example/booking/x?token=t', bookings: 'https://app.example/bookings' };

describe('booking mails', () => {
  it.each([
    ['requested', guest, 'Request received: Intro call with Hana Host on', 'REQUEST'],
    ['confirmed', guest, 'Confirmed: Intro call with Hana Host on', 'REQUEST'],
    ['declined', guest, 'Declined: Intro call with Hana Host on', 'CANCEL'],
    ['cancelled', guest, 'Cancelled: Intro call with Hana Host on', 'CANCEL'],
    ['rescheduled', guest, 'Rescheduled: Intro call with Hana Host, now', 'REQUEST'],
    ['reminder', guest, 'Reminder: Intro call with Hana Host on', 'REQUEST'],
    ['new_booking', host, 'New booking: Intro call with Gail Guest on', 'REQUEST'],
    ['approval_needed', host, 'Approval needed: Intro call with Gail Guest on', 'REQUEST'],
    ['guest_cancelled', host, 'Cancelled by guest: Intro call with Gail Guest on', 'CANCEL'],
    ['guest_rescheduled', host, 'Rescheduled by guest: Intro call with Gail Guest, now', 'REQUEST'],
    ['reminder', host, 'Reminder: Intro call with Gail Guest on', 'REQUEST'],
  ] as const)('%s to the %s', (message, recipient, subject, method) => {
    const mail = renderBookingMail({ ...base, message, recipient }, links);
    expect(mail.subject.startsWith(subject)).toBe(true);
    expect(mail.method).toBe(method);
    expect(mail.to).toEqual({ name: recipient.name, address: recipient.email });
    expect(mail.html).toContain('<meta name="viewport"');
  });

  it.each([
    ['requested', 'Requested: Intro call with Hana Host on', 'Gail Guest asked Hana Host for this booking and invited you.', 'REQUEST'],
    ['confirmed', 'Invitation: Intro call with Hana Host on', 'Gail Guest invited you to Intro call with Hana Host.', 'REQUEST'],
    ['declined', 'Declined: Intro call with Hana Host on', 'Hana Host could not accept Gail Guest’s request.', 'CANCEL'],
    ['cancelled', 'Cancelled: Intro call with Hana Host on', 'Gail Guest cancelled the booking.', 'CANCEL'],
    ['rescheduled', 'Rescheduled: Intro call with Hana Host, now', 'Gail Guest moved the booking to a new time.', 'REQUEST'],
    ['reminder', 'Reminder: Intro call with Hana Host on', 'A reminder of the booking with Hana Host that Gail Guest invited you to.', 'REQUEST'],
    ['link_ready', 'Meeting link: Intro call with Hana Host on', 'The link to join the booking with Hana Host is ready.', 'REQUEST'],
  ] as const)('%s to someone the guest invited: who invited them, and no manage link even when one is given', (message, subject, lead, method) => {
    const invitee = { name: 'ann@example.test', email: 'ann@example.test', timezone: 'Asia/Kathmandu', role: 'attendee' as const };
    const payload = { ...base, booking: { ...base.booking, attendees: ['ann@example.test', 'bob@example.test'] }, message, recipient: invitee };
    const mail = renderBookingMail(payload, links);
    expect(mail.subject.startsWith(subject)).toBe(true);
    expect(mail.method).toBe(method);
    expect(mail.text).toContain(lead);
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('Invited by: Gail Guest <gail@example.test>');
    expect(mail.text).toContain('Also invited: ann@example.test, bob@example.test');
    // +5:45: 00:30 UTC is 06:15 in Kathmandu.
    expect(mail.text).toContain('06:15 – 06:45 (Asia/Kathmandu)');
    expect(mail.text).not.toContain(links.manage);
    expect(mail.html).not.toContain(links.manage);
  });

  it('shows times in the recipient\'s own zone, across a DST change and a +5:30 zone', () => {
    // 00:30 UTC on 29 March 2026: 06:00 in Kolkata; Berlin has just moved to summer time (01:30 → 02:30 gap), 01:30 CET.
    expect(renderBookingMail({ ...base, message: 'confirmed', recipient: guest }, links).text).toContain('06:00 – 06:30 (Asia/Kolkata)');
    expect(renderBookingMail({ ...base, message: 'new_booking', recipient: host }, links).text).toContain('01:30 – 03:00 (Europe/Berlin)');
  });

  it('gives the guest the manage link, the host the Bookings page, and the reason of a cancellation', () => {
    expect(renderBookingMail({ ...base, message: 'confirmed', recipient: guest }, links).text).toContain(`Reschedule or cancel: ${links.manage}`);
    expect(renderBookingMail({ ...base, message: 'approval_needed', recipient: host }, links).text).toContain(`Review the request: ${links.bookings}`);
    const cancelled = renderBookingMail({ ...base, message: 'guest_cancelled', recipient: host }, links);
    expect(cancelled.text).toContain('Reason: Ill');
    expect(cancelled.text).not.toContain('Reschedule or cancel');
  });

  it("lists the guest's answers to the host, under the labels they were asked with, and escapes them in HTML", () => {
    const answers = [
      { slug: 'plan', label: 'Which plan?', type: 'single_choice' as const, value: 'Pro <b>' },
      { slug: 'topics', label: 'Topics', type: 'multiple_choice' as const, value: ['Billing', 'Set-up'] },
      { slug: 'ok', label: 'Customer?', type: 'yes_no' as const, value: true },
    ];
    const payload = { ...base, booking: { ...base.booking, answers } };
    const toHost = renderBookingMail({ ...payload, message: 'new_booking', recipient: host }, links);
    expect(toHost.text).toContain('Guest: Gail Guest <gail@example.test>\nWhich plan?: Pro <b>\nTopics: Billing, Set-up\nCustomer?: Yes\n');
    expect(toHost.html).toContain('Pro &lt;b&gt;');
    expect(renderBookingMail({ ...payload, message: 'confirmed', recipient: guest }, links).text).not.toContain('Which plan?');

    // The host's invite carries them in its DESCRIPTION; the guest's, their manage link only.
    const description = (recipient: typeof host | typeof guest, manageUrl?: string) => {
      const mail = { ...payload, message: 'new_booking' as const, recipient };
      const text = bookingInvite(mail, renderBookingMail(mail, links), { stamp: new Date('2026-03-01T00:00:00Z'), manageUrl });
      return new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description');
    };
    expect(description(host)).toBe('Which plan?: Pro <b>\nTopics: Billing, Set-up\nCustomer?: Yes');
    expect(description(guest, links.manage)).toBe(`Reschedule or cancel: ${links.manage}`);

    // A yes or no in the host's language, in the mail and in its invite.
    const german = { ...host, locale: 'de' };
    const toGerman = { ...payload, message: 'new_booking' as const, recipient: german };
    expect(renderBookingMail(toGerman, links).text).toContain('Customer?: Ja\n');
    const invite = bookingInvite(toGerman, renderBookingMail(toGerman, links), { stamp: new Date('2026-03-01T00:00:00Z') });
    expect(new ICAL.Component(ICAL.parse(invite)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description')).toContain('Customer?: Ja');
  });

  it('tells the place in the reminders of both sides, a link to come as to come, and nothing when there is none', () => {
    const room = 'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef';
    const placed = { ...base, booking: { ...base.booking, location: { kind: 'jitsi' as const, value: room } } };
    for (const recipient of [guest, host]) {
      const mail = renderBookingMail({ ...placed, message: 'reminder', recipient }, links);
      expect(mail.text).toContain(`Where: Jitsi Meet: ${room}`);
      expect(mail.html).toContain(`<a href="${room}"`);
    }
    const pending = { ...base, booking: { ...base.booking, location: { kind: 'google_meet' as const, value: null } } };
    expect(renderBookingMail({ ...pending, message: 'confirmed', recipient: guest }, links).text).toContain('Where: Google Meet: The link will follow');
    expect(renderBookingMail({ ...base, message: 'confirmed', recipient: guest }, links).text).not.toContain('Where:');
  });

  it('says what a paid booking cost with Stripe\'s receipt, and what its cancellation refunds', () => {
    const payment = { amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundPercent: null, receiptUrl: 'https://pay.example/receipts/r1' };
    const paid = { ...base, booking: { ...base.booking, payment } };
    const confirmed = renderBookingMail({ ...paid, message: 'confirmed', recipient: guest }, links);
    expect(confirmed.text).toContain('Paid: $19.99\nReceipt: https://pay.example/receipts/r1');
    expect(confirmed.html).toContain('<a href="https://pay.example/receipts/r1"');
    const refund = (refundPercent: number) => ({ ...base, booking: { ...base.booking, payment: { ...payment, refundPercent, refundStatus: refundPercent ? 'pending' : null } } });
    expect(renderBookingMail({ ...refund(100), message: 'cancelled', recipient: guest }, links).text).toContain('Refund: $19.99 of $19.99');
    expect(renderBookingMail({ ...refund(50), message: 'guest_cancelled', recipient: host }, links).text).toContain('Refund: $10.00 of $19.99');
    expect(renderBookingMail({ ...refund(0), message: 'cancelled', recipient: guest }, links).text).toContain('Refund: none (cancelled inside the notice for changes)');
    // Free bookings say nothing of money.
    expect(renderBookingMail({ ...base, message: 'confirmed', recipient: guest }, links).text).not.toMatch(/Paid|Refund/);
  });

  it('builds an invite ical.js reads: METHOD, UID, SEQUENCE, UTC times, organizer and attendee', () => {
    for (const [message, method] of [['rescheduled', 'REQUEST'], ['cancelled', 'CANCEL']] as const) {
      const payload = { ...base, message, recipient: guest };
      const text = bookingInvite(payload, renderBookingMail(payload, links), { stamp: new Date('2026-03-01T00:00:00Z'), manageUrl: links.manage });
      const calendar = new ICAL.Component(ICAL.parse(text));
      const event = calendar.getFirstSubcomponent('vevent')!;
      expect(calendar.getFirstPropertyValue('method')).toBe(method);
      expect(event.getFirstPropertyValue('uid')).toBe('abc@kairos');
      expect(event.getFirstPropertyValue('sequence')).toBe(3);
      expect(text).toMatch(/^DTSTART:20260329T003000Z\r$/m);
      expect(text).toMatch(/^DTEND:20260329T010000Z\r$/m);
      expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:hana@example.test');
      expect(String(event.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:gail@example.test');
    }
  });
});

describe('the invite as text', () => {
  it('keeps RFC 5545\'s content-line rules with long names in any script (CRLF, 75-octet folds, each parameter once)', () => {
    const long = {
      ...base,
      booking: { ...base.booking, title: '長時間の初回相談セッションと今後の予定についての打ち合わせ、資料の確認と宿題の整理' },
      guest: { ...base.guest, name: 'Zoë Ødegård-Ñúñez de la Cruz y Villaseñor, Ph.D. 👩🏽‍💻', email: 'zoe.odegard-nunez@example.test' },
      hosts: [{ ...base.hosts[0], name: 'Séverine Lefèvre-Dubois, coordinatrice des séances découvertes' }],
    };
    const placed = { ...long, booking: { ...long.booking, location: { kind: 'in_person' as const, value: 'Große Straße 12, Hinterhaus, 3. Stock links, 10115 Berlin-Mitte; bitte zweimal klingeln' } } };
    for (const message of ['confirmed', 'cancelled'] as const) {
      const payload = { ...placed, message, recipient: { ...placed.guest, role: 'guest' as const } };
      const text = bookingInvite(payload, renderBookingMail(payload, links), { stamp: new Date('2026-03-01T00:00:00Z'), manageUrl: links.manage });
      expect(rfc5545Problems(text)).toEqual([]);
    }
  });
});

describe('manage token', () => {
  it('is the same for a booking and secret, differs per booking, and only its hash is kept', async () => {
    const a = await manageToken('secret', 'uid-1');
    expect(await manageToken('secret', 'uid-1')).toBe(a);
    expect(await manageToken('secret', 'uid-2')).not.toBe(a);
    expect(await manageToken('other', 'uid-1')).not.toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await manageTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(manageUrl('https://app.example/', 'uid-1', a)).toBe(`https://app.example/booking/uid-1?token=${a}`);
  });
});
