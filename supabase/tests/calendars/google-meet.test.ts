// Google Meet as a booking's place, through the outbox and the Google stand-in (which answers Google's
// documented conference shapes, docs/stand-ins.md): the booking is confirmed at once with its link to
// come; the host's Google write-back asks for the conference (conferenceData.createRequest,
// conferenceDataVersion=1); the link Google answers becomes the booking's and guest and host get an
// updated invite (same UID, next SEQUENCE). While Google is down the host reads "pending" with the
// reason, then "failed", and a retry brings the link.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { partText, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { mailStartingWith, manageLink, uniqueGuest } from '../lifecycle/support.ts';
import { eventually, retryCalendarWriteNow } from './fixtures.ts';
import { connectGoogle, control, eventsWhen } from './google-support.ts';

const MEET = [{ kind: 'google_meet' }];
const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations: MEET };

async function meetHost(withGoogle: boolean): Promise<{ host: Host; email: string }> {
  const host = await newHost();
  expect((await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: BASE, token: host.accessToken })).status).toBe(200);
  const email = `host-${randomUUID().slice(0, 8)}@gmail.example`;
  if (withGoogle) expect((await connectGoogle(host, email)).status).toBe(201);
  return { host, email };
}

/** The booking's place and its link's state, as the host reads them. */
async function hostRead(host: Host, id: number) {
  const { data, error } = await host.client.from('bookings').select('status, location, link_state').eq('id', id).single();
  expect(error).toBeNull();
  return data as { status: string; location: { kind: string; value: string | null }; link_state: { status: string; error: string | null } | null };
}

async function inviteOf(mail: Mail) {
  const file = mail.Attachments.find((a) => a.FileName === 'invite.ics')!;
  const event = new ICAL.Component(ICAL.parse(await partText(mail, file))).getFirstSubcomponent('vevent')!;
  return { uid: event.getFirstPropertyValue('uid'), sequence: event.getFirstPropertyValue('sequence'), conference: event.getFirstProperty('conference')?.getFirstValue() ?? null };
}

describe('Google Meet', () => {
  it('is created with the booking event in the host\'s Google calendar; the link reaches the booking and both sides\' calendars', async () => {
    const { host, email } = await meetHost(true);
    const guest = uniqueGuest();
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(12, 9), 30, { guestEmail: guest }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed', location: { kind: 'google_meet', value: null } });

    const [{ ical_uid: uid }] = await sql(`select ical_uid from public.bookings where id = $1`, [booked.body.id]);
    const [event] = (await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && !!e.hangoutLink))).filter((e) => e.iCalUID === uid);
    expect(event.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect(event.conferenceData?.entryPoints?.[0]).toMatchObject({ entryPointType: 'video', uri: event.hangoutLink });

    const read = await eventually(() => hostRead(host, booked.body.id), (r) => r.location.value !== null);
    expect(read).toEqual({ status: 'confirmed', location: { kind: 'google_meet', value: event.hangoutLink }, link_state: null });

    const confirmed = await inviteOf(await mailStartingWith(guest, 'Confirmed:'));
    expect(confirmed.conference).toBeNull();
    for (const mail of [await mailStartingWith(guest, 'Meeting link:'), await mailStartingWith(host.email, 'Meeting link:')]) {
      expect(mail.Text, mail.Subject).toContain(`Where: Google Meet: ${event.hangoutLink}`);
      expect(await inviteOf(mail)).toEqual({ uid: confirmed.uid, sequence: Number(confirmed.sequence) + 1, conference: event.hangoutLink });
    }

    // The guest moves the booking: the same Google event moves, with the same meeting.
    const link = manageLink(await mailStartingWith(guest, 'Meeting link:'));
    const moved = at(12, 15);
    const rescheduled = await call(`/api/booking/${link.uid}/reschedule`, { body: { token: link.token, startTime: moved.toISOString() } });
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    expect(rescheduled.body.booking.location).toEqual({ kind: 'google_meet', value: event.hangoutLink });
    const after = await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.start.dateTime === moved.toISOString()));
    expect(after.filter((e) => e.iCalUID === uid).map((e) => [e.id, e.hangoutLink])).toEqual([[event.id, event.hangoutLink]]);

    // The host cancels: the event, and its meeting with it, is removed.
    const [current] = await sql(`select id from public.bookings where uid = $1`, [rescheduled.body.booking.uid]);
    expect((await call(`/api/bookings/${current.id}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.status === 'cancelled'));
  });

  it('leaves the booking confirmed while Google is down: the link is pending with the reason, then failed, and a retry brings it', async () => {
    const { host, email } = await meetHost(true);
    await control().outage(email, true);
    let id: number;
    try {
      const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(12, 11)) });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      id = booked.body.id;
      const pending = await eventually(() => hostRead(host, id), (r) => !!r.link_state?.error);
      expect(pending).toMatchObject({ status: 'confirmed', location: { value: null }, link_state: { status: 'pending', error: expect.stringMatching(/503/) } });

      // The attempts run out (as eight failures over hours would leave them).
      await sql(`update public.outbox set max_attempts = attempts + 1 where kind = 'calendar' and booking_id = $1`, [id]);
      await retryCalendarWriteNow(id);
      const failed = await eventually(() => hostRead(host, id), (r) => r.link_state?.status === 'failed');
      expect(failed.link_state!.error).toMatch(/503/);
    } finally {
      await control().outage(email, false);
    }
    // The host retries.
    expect((await host.client.rpc('retry_meeting_link', { p_booking_id: id! })).error).toBeNull();
    expect((await hostRead(host, id!)).link_state).toMatchObject({ status: 'pending' });
    const done = await eventually(() => hostRead(host, id!), (r) => r.location.value !== null);
    expect(done.location.value).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(done.link_state).toBeNull();
  });

  it('fails with a reason the host can act on when no Google calendar receives the bookings, and nobody else may retry', async () => {
    const { host } = await meetHost(false);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(12, 13)) });
    expect(booked.status).toBe(201);
    const failed = await eventually(() => hostRead(host, booked.body.id), (r) => r.link_state?.status === 'failed');
    expect(failed.link_state!.error).toBe('Google Meet links need a connected Google Calendar that receives bookings');
    const other = await newHost();
    expect((await other.client.rpc('retry_meeting_link', { p_booking_id: booked.body.id })).error?.message).toMatch(/not found/i);
  });
});
