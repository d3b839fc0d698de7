// Google Calendar end to end through the functions (running under Deno with the official client),
// against the test stack's stand-in for Google's OAuth and Calendar endpoints: the host consents, the
// account's calendars are connected, its events block slots, and bookings are written into the
// chosen calendar through the outbox (moved on reschedule, removed on cancel), a Google that is down
// marking the connection and delaying the writes without losing them.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKING_TOKEN_SECRET } from '../../../scripts/local/config.ts';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { manageToken } from '../../functions/_shared/lifecycle/manage-token.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { eventually, slotLabels, failedCalendarWrite, retryCalendarWriteNow } from './fixtures.ts';
import { connectGoogle, control, eventsWhen, REDIRECT } from './google-support.ts';

async function icalUid(bookingId: number): Promise<string> {
  return (await sql(`select ical_uid from public.bookings where id = $1`, [bookingId]))[0].ical_uid;
}

it('is offered where the project names a Google client', async () => {
  expect((await call('/calendars/providers')).body).toEqual({ caldav: true, ics: true, google: true, zoom: true, stripe: true });
});

describe('connecting Google Calendar over OAuth', () => {
  it('refuses a consent another user started, and a made-up state', async () => {
    const [host, other] = [await newHost(), await newHost()];
    const started = await call('/calendars/google/start', { body: { redirectUri: REDIRECT }, token: host.accessToken });
    const consent = new URL(started.body.url);
    const returned = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    const input = { code: returned.searchParams.get('code'), redirectUri: REDIRECT };
    const stolen = await call('/calendars/google/connect', { body: { ...input, state: returned.searchParams.get('state') }, token: other.accessToken });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('This Google sign-in has expired. Please connect again.');
    const forged = await call('/calendars/google/connect', { body: { ...input, state: 'forged' }, token: host.accessToken });
    expect(forged.status).toBe(400);
    expect(await sql(`select 1 from public.calendar_connections where user_id = any($1)`, [[host.id, other.id]])).toEqual([]);
  });

  it('stores the refresh token encrypted, lists the calendars, and picks the primary one for bookings', async () => {
    const host = await newHost();
    const email = `consent-${randomUUID().slice(0, 8)}@gmail.example`;
    const res = await connectGoogle(host, email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ synced: true, error: null });
    const { data: conn } = await host.client.from('calendar_connections').select('provider, label, username, status').eq('id', res.body.id).single();
    expect(conn).toEqual({ provider: 'google', label: email, username: email, status: 'ok' });
    const { data: sources } = await host.client.from('calendar_sources').select('remote_id, name, can_write, receives_bookings').eq('connection_id', res.body.id).order('id');
    expect(sources!.map((s) => [s.remote_id, s.can_write, s.receives_bookings])).toEqual([
      [email, true, true],
      ['en.usa#holiday@group.v.calendar.google.com', false, false],
      [`team.${email.split('@')[0]}@group.calendar.google.com`, true, false],
      [`colleague.${email.split('@')[0]}@example.org`, false, false],
    ]);
    const [{ secret }] = await sql(`select secret from public.calendar_credentials where connection_id = $1`, [res.body.id]);
    const [token] = (await control().account(email)).refreshTokens;
    expect(token).toBeTruthy();
    expect(secret).not.toContain(token);
    // The credentials table is closed to the host's own API role.
    const { data: readable } = await host.client.from('calendar_credentials').select('*');
    expect(readable ?? []).toEqual([]);
  });
});

describe('connecting the same Google account again', () => {
  it('updates its connection (a new refresh token, the calendars as they are) instead of adding a second', async () => {
    const host = await newHost();
    const email = `again-${randomUUID().slice(0, 8)}@gmail.example`;
    const first = await connectGoogle(host, email);
    expect(first.status).toBe(201);
    const [{ secret: before }] = await sql(`select secret from public.calendar_credentials where connection_id = $1`, [first.body.id]);
    const again = await connectGoogle(host, email);
    expect(again.body).toMatchObject({ id: first.body.id, synced: true });
    expect(await sql(`select count(*)::int as n from public.calendar_connections where user_id = $1`, [host.id])).toEqual([{ n: 1 }]);
    expect(await sql(`select count(*)::int as n from public.calendar_sources where user_id = $1 and receives_bookings`, [host.id])).toEqual([{ n: 1 }]);
    const [{ secret: after }] = await sql(`select secret from public.calendar_credentials where connection_id = $1`, [first.body.id]);
    expect(after).not.toBe(before);
  });
});

describe('a connected Google calendar', () => {
  const D = 11;
  let host: Host;
  let email: string;
  let connectionId: number;
  const sync = () => call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });

  beforeAll(async () => {
    host = await newHost();
    email = `host-${randomUUID().slice(0, 8)}@gmail.example`;
    await control().addEvent(email, { start: at(D, 13).toISOString(), end: at(D, 14).toISOString(), summary: 'Review' });
    await control().addEvent(email, { start: at(D, 15).toISOString(), end: at(D, 16).toISOString(), transparency: 'transparent' });
    await control().addEvent(email, { calendarId: `colleague.${email.split('@')[0]}@example.org`, start: at(D, 17).toISOString(), end: at(D, 18).toISOString() });
    const res = await connectGoogle(host, email);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connectionId = res.body.id;
  });

  it('blocks the slots of busy events in every calendar that counts, and not those of free events', async () => {
    const labels = await slotLabels(host.eventTypeId, D);
    expect(labels).not.toContain('13:00');
    expect(labels).not.toContain('13:30');
    expect(labels).toContain('14:00');
    expect(labels).toContain('15:00');
    // The colleague's free/busy-only calendar counts too, until the host unticks it.
    expect(labels).not.toContain('17:00');
    const { data: colleague } = await host.client.from('calendar_sources').select('id').eq('connection_id', connectionId).like('remote_id', 'colleague.%').single();
    expect((await host.client.from('calendar_sources').update({ checks_conflicts: false }).eq('id', colleague!.id)).error).toBeNull();
    expect((await sync()).body).toMatchObject({ synced: true });
    const after = await slotLabels(host.eventTypeId, D);
    expect(after).toContain('17:00');
    expect(after).not.toContain('13:00');
  });

  it('receives bookings with their UID, moved on reschedule and removed on cancel; its own events never read as busy', async () => {
    const start = at(D, 9);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName: 'Ada Lovelace' }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const uid = await icalUid(booked.body.id);
    const [written] = (await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid))).filter((e) => e.iCalUID === uid);
    expect(written).toMatchObject({ status: 'confirmed', summary: 'Intro call with Ada Lovelace', start: { dateTime: start.toISOString() } });

    // The next sync leaves Kairos's own event out of the busy cache.
    expect((await sync()).body).toMatchObject({ synced: true });
    const cached = await sql<{ lower: Date }>(`select lower(during) from public.external_busy where user_id = $1 order by 1`, [host.id]);
    expect(cached.map((r) => r.lower.toISOString())).toEqual([at(D, 13).toISOString()]);

    const [{ uid: bookingUid }] = await sql(`select uid from public.bookings where id = $1`, [booked.body.id]);
    const moved = at(D, 10);
    const rescheduled = await call(`/api/booking/${bookingUid}/reschedule`, {
      body: { token: await manageToken(DEMO_BOOKING_TOKEN_SECRET, bookingUid), startTime: moved.toISOString() },
    });
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    const after = await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.start.dateTime === moved.toISOString()));
    const mine = after.filter((e) => e.iCalUID === uid);
    expect(mine.map((e) => [e.id, e.status])).toEqual([[written.id, 'confirmed']]);
    expect(mine[0].sequence).toBeGreaterThan(written.sequence);

    const [current] = await sql(`select id from public.bookings where uid = $1`, [rescheduled.body.booking.uid]);
    expect((await call(`/api/bookings/${current.id}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.status === 'cancelled'));
    const rows = () => sql(`select 1 from public.calendar_events where ical_uid = $1`, [uid]);
    expect(await eventually(rows, (r) => r.length === 0)).toEqual([]);
  });

  it("receives the booking's place as the event's location", async () => {
    const put = await call(`/api/event-types/${host.eventTypeId}`, {
      method: 'PUT',
      body: { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations: [{ kind: 'in_person', address: '1 Infinite Loop, Cupertino' }] },
      token: host.accessToken,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(D, 12)) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const uid = await icalUid(booked.body.id);
    const [written] = (await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid))).filter((e) => e.iCalUID === uid);
    expect(written.location).toBe('1 Infinite Loop, Cupertino');
    await call(`/api/event-types/${host.eventTypeId}`, {
      method: 'PUT', body: { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations: [] }, token: host.accessToken,
    });
  });

  it('is marked while Google is down, slots keep the last good busy times, and writes wait until it is back', async () => {
    await control().outage(email, true);
    try {
      const down = await sync();
      expect(down.body.synced).toBe(false);
      const { data: conn } = await host.client.from('calendar_connections').select('status, last_error').eq('id', connectionId).single();
      expect(conn!.status).toBe('error');
      expect(conn!.last_error).toMatch(/unavailable|503/i);
      expect(await slotLabels(host.eventTypeId, D)).not.toContain('13:00');

      const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(D, 11)) });
      expect(booked.status).toBe(201);
      const row = await failedCalendarWrite(booked.body.id);
      expect(row).toMatchObject({ status: 'pending' });
      expect(row!.last_error).toMatch(/503/);

      await control().outage(email, false);
      await retryCalendarWriteNow(booked.body.id);
      const uid = await icalUid(booked.body.id);
      await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.status === 'confirmed'));
    } finally {
      await control().outage(email, false);
    }
    expect((await sync()).body).toMatchObject({ synced: true, error: null });
    expect((await host.client.from('calendar_connections').select('status, last_error').eq('id', connectionId).single()).data).toEqual({ status: 'ok', last_error: null });
  });
});

describe('a group slot in a Google calendar (docs/seats.md)', () => {
  it("is one event with every seat's guest as an attendee, who see no one else; the last seat gone removes it", async () => {
    const host = await newHost();
    const email = `host-${randomUUID().slice(0, 8)}@gmail.example`;
    expect((await connectGoogle(host, email)).status).toBe(201);
    await sql('update public.event_types set seats_per_slot = 3 where id = $1', [host.eventTypeId]);
    const start = at(12, 9);
    const seats: number[] = [];
    for (const [guestName, guestEmail] of [['Ann Able', 'ann@example.test'], ['Bob Baker', 'bob@example.test']]) {
      const res = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName, guestEmail }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      seats.push(res.body.id);
    }
    const [{ ical_uid: uid }] = await sql(`select ical_uid from public.seat_slots where event_type_id = $1`, [host.eventTypeId]);
    const attendees = (e: { attendees?: { email: string; displayName?: string; responseStatus: string }[] }) =>
      (e.attendees ?? []).map((a) => [a.displayName, a.email, a.responseStatus]);
    const both = await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.attendees?.length === 2));
    expect(both.map((e) => e.iCalUID)).toEqual([uid]);
    expect(both[0]).toMatchObject({ summary: 'Intro call: 2 guests', status: 'confirmed' });
    expect(attendees(both[0])).toEqual([['Ann Able', 'ann@example.test', 'accepted'], ['Bob Baker', 'bob@example.test', 'accepted']]);

    expect((await call(`/api/bookings/${seats[0]}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    const one = await eventsWhen(email, (events) => events.some((e) => e.iCalUID === uid && e.attendees?.length === 1));
    expect(one.map((e) => [e.id, e.summary])).toEqual([[both[0].id, 'Intro call: 1 guest']]);
    expect(one[0]).toMatchObject({ guestsCanSeeOtherGuests: false });

    expect((await call(`/api/bookings/${seats[1]}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    await eventsWhen(email, (events) => events.every((e) => e.status === 'cancelled'));
  });
});
