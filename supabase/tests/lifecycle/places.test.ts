// Every booking mail tells the place, guest's and host's alike, as text and as a link (a map search for
// an address, tel: for a number, the meeting's own link), with times in the recipient's zone; its
// .ics, parsed with ical.js, carries LOCATION, URL and (for an online meeting) RFC 7986 CONFERENCE.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { partText, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { at, newHost } from '../api/fixtures.ts';
import { guestBooks, mailStartingWith, manageLink, uniqueGuest } from './support.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const ADDRESS = '5 Rue de Rivoli, Paris';
const HOST_NUMBER = '+33142345678';
const GUEST_NUMBER = '+919876543210';
const LINK = 'https://example.com/rooms/intro?a=1&b=2';

/** The place in a mail's .ics, read with ical.js. */
async function placeInInvite(mail: Mail) {
  const file = mail.Attachments.find((a) => a.FileName === 'invite.ics')!;
  const event = new ICAL.Component(ICAL.parse(await partText(mail, file))).getFirstSubcomponent('vevent')!;
  const conference = event.getFirstProperty('conference');
  return {
    location: event.getFirstPropertyValue('location'),
    url: event.getFirstPropertyValue('url'),
    conference: conference && { uri: conference.getFirstValue(), feature: conference.getParameter('feature'), label: conference.getParameter('label') },
  };
}

const escaped = (s: string) => s.replace(/&/g, '&amp;');

interface Case {
  kind: string;
  place: Record<string, string>;
  guestPhone?: string;
  /** What the mails say, where they link and what the invite's LOCATION, URL and CONFERENCE are. */
  expected: (value: string) => { label: string; text: string; href: string; online: boolean };
}

const CASES: Case[] = [
  {
    kind: 'in_person',
    place: { address: ADDRESS },
    expected: () => ({ label: 'In person', text: ADDRESS, href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(ADDRESS)}`, online: false }),
  },
  {
    kind: 'phone_host_calls',
    place: {},
    guestPhone: '+91 98765 43210',
    expected: () => ({ label: 'Phone call (the host calls the guest)', text: GUEST_NUMBER, href: `tel:${GUEST_NUMBER}`, online: false }),
  },
  {
    kind: 'phone_guest_calls',
    place: { number: HOST_NUMBER },
    expected: () => ({ label: 'Phone call (the guest calls the host)', text: HOST_NUMBER, href: `tel:${HOST_NUMBER}`, online: false }),
  },
  { kind: 'link', place: { url: LINK }, expected: () => ({ label: 'Online meeting', text: LINK, href: LINK, online: true }) },
  { kind: 'jitsi', place: { server: 'meet.jit.si' }, expected: (room) => ({ label: 'Jitsi Meet', text: room, href: room, online: true }) },
];

describe('the place in every booking mail and invite', () => {
  it.each(CASES)('$kind: the guest and the host are told where, in their own zone', async ({ kind, place, guestPhone, expected }) => {
    const host = await newHost();
    const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: [{ kind, ...place }] }, token: host.accessToken });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const guest = uniqueGuest();
    // 09:00 UTC is 14:45 in Kathmandu (+5:45).
    const booking = await guestBooks(host.eventTypeId, at(3, 9), guest, { guestTimeZone: 'Asia/Kathmandu', locationKind: kind, ...(guestPhone && { guestPhone }) });
    const value = booking.location!.value!;
    const want = expected(value);

    const confirmed = await mailStartingWith(guest, 'Confirmed:');
    const newBooking = await mailStartingWith(host.email, 'New booking:');
    expect(confirmed.Text).toContain('14:45 – 15:15 (Asia/Kathmandu)');
    for (const mail of [confirmed, newBooking]) {
      expect(mail.Text, mail.Subject).toContain(`Where: ${want.label}: ${want.text}`);
      expect(mail.Text, mail.Subject).toContain(want.href);
      expect(mail.HTML, mail.Subject).toContain(`href="${escaped(want.href)}"`);
      expect(await placeInInvite(mail), mail.Subject).toEqual({
        location: want.text,
        url: want.online ? want.href : confirmed === mail ? manageLink(confirmed).url : null,
        conference: want.online ? { uri: want.href, feature: 'VIDEO', label: want.label } : null,
      });
    }
  });

  it('tells it again when the guest moves and then cancels the booking', async () => {
    const host = await newHost();
    await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: [{ kind: 'jitsi', server: 'meet.jit.si' }] }, token: host.accessToken });
    const guest = uniqueGuest();
    const room = (await guestBooks(host.eventTypeId, at(3, 10), guest)).location!.value!;
    const link = manageLink(await mailStartingWith(guest, 'Confirmed:'));
    const moved = await call(`/api/booking/${link.uid}/reschedule`, { body: { token: link.token, startTime: at(4, 10).toISOString() } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    for (const mail of [await mailStartingWith(guest, 'Rescheduled:'), await mailStartingWith(host.email, 'Rescheduled by guest:')]) {
      expect(mail.Text, mail.Subject).toContain(`Where: Jitsi Meet: ${room}`);
      expect((await placeInInvite(mail)).conference).toEqual({ uri: room, feature: 'VIDEO', label: 'Jitsi Meet' });
    }
    const cancelled = await call(`/api/booking/${moved.body.booking.uid}/cancel`, { body: { token: moved.body.token } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const mail of [await mailStartingWith(guest, 'Cancelled:'), await mailStartingWith(host.email, 'Cancelled by guest:')]) {
      expect(mail.Text, mail.Subject).toContain(`Where: Jitsi Meet: ${room}`);
    }
  });
});
