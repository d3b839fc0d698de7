// Zoom as a booking's place, end to end through the functions and the outbox against the test stack's
// stand-in for Zoom's OAuth and Meetings API (docs/stand-ins.md; it cannot prove Zoom still answers
// that way): the host connects by OAuth (tokens sealed, never readable by the host), each booking gets
// its own meeting (its join link becomes the booking's place, with an updated invite), moved on
// reschedule and deleted on cancel; an expired access token is refreshed (Zoom rotates the refresh
// token); while Zoom is down the link is pending with the reason and comes once it is back.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { zoomControl } from '../../../scripts/local/zoom/server.ts';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { mailStartingWith, manageLink, uniqueGuest } from '../lifecycle/support.ts';
import { eventually, hostRead } from './fixtures.ts';

const REDIRECT = 'https://app.example.com/settings';
const control = () => zoomControl(stack().zoom!.url);
const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations: [{ kind: 'zoom' }] };

async function connectZoom(host: Host, email: string) {
  const started = await call('/calendars/zoom/start', { body: { redirectUri: REDIRECT }, token: host.accessToken });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const back = new URL(await control().consent(started.body.url, email));
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return call('/calendars/zoom/connect', {
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), redirectUri: REDIRECT },
    token: host.accessToken,
  });
}

async function zoomHost(connect = true): Promise<{ host: Host; email: string }> {
  const host = await newHost();
  expect((await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: BASE, token: host.accessToken })).status).toBe(200);
  const email = `zoom-${randomUUID().slice(0, 8)}@example.com`;
  if (connect) expect((await connectZoom(host, email)).status).toBe(201);
  return { host, email };
}


const meetingsOf = async (email: string) => (await control().user(email)).meetings;

describe('Zoom', () => {
  it('connects by OAuth: the host sees the connection, never its tokens', async () => {
    const { host, email } = await zoomHost();
    const mine = await host.client.from('zoom_connections').select('user_id, connected_at');
    expect(mine.data).toEqual([{ user_id: host.id, connected_at: expect.any(String) }]);
    expect((await host.client.from('zoom_connections').select('secret')).error?.message).toMatch(/permission denied/);
    const [{ secret }] = await sql(`select secret from public.zoom_connections where user_id = $1`, [host.id]);
    const { refreshTokens } = await control().user(email);
    expect(secret).toMatch(/^v1\./);
    for (const token of refreshTokens) expect(secret).not.toContain(token);
    // Another host reads nothing of it.
    expect((await (await newHost()).client.from('zoom_connections').select('user_id')).data).toEqual([]);
  });

  it('makes a meeting per booking, its link the booking\'s place; moves it on reschedule and deletes it on cancel', async () => {
    const { host, email } = await zoomHost();
    const guest = uniqueGuest();
    const start = at(13, 9);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestEmail: guest }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed', location: { kind: 'zoom', value: null } });

    const read = await eventually(() => hostRead(host, booked.body.id), (r) => r.location.value !== null);
    const [meeting] = await meetingsOf(email);
    expect(meeting).toMatchObject({ type: 2, duration: 30, start_time: start.toISOString().replace('.000Z', 'Z'), topic: 'Intro call with Guest Person', deleted: false });
    expect(read).toEqual({ status: 'confirmed', location: { kind: 'zoom', value: meeting.join_url }, link_state: null });
    const linkMail = await mailStartingWith(guest, 'Meeting link:');
    expect(linkMail.Text).toContain(`Where: Zoom: ${meeting.join_url}`);

    const link = manageLink(linkMail);
    const moved = at(13, 11);
    const rescheduled = await call(`/api/booking/${link.uid}/reschedule`, { body: { token: link.token, startTime: moved.toISOString() } });
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    expect(rescheduled.body.booking.location).toEqual({ kind: 'zoom', value: meeting.join_url });
    const after = await eventually(() => meetingsOf(email), (m) => m[0]?.start_time === moved.toISOString().replace('.000Z', 'Z'));
    expect(after.map((m) => [m.id, m.deleted])).toEqual([[meeting.id, false]]);

    const [current] = await sql(`select id from public.bookings where uid = $1`, [rescheduled.body.booking.uid]);
    expect((await call(`/api/bookings/${current.id}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    const gone = await eventually(() => meetingsOf(email), (m) => m[0]?.deleted === true);
    expect(gone.map((m) => [m.id, m.deleted])).toEqual([[meeting.id, true]]);
  });

  it('refreshes an expired access token, keeping the rotated refresh token', async () => {
    const { host, email } = await zoomHost(false);
    await control().tokenLifetime(email, 1);
    expect((await connectZoom(host, email)).status).toBe(201);
    const [{ secret: before }] = await sql(`select secret from public.zoom_connections where user_id = $1`, [host.id]);
    const [grantBefore] = (await control().user(email)).refreshTokens;
    await new Promise((r) => setTimeout(r, 1100));
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(13, 13)) });
    expect(booked.status).toBe(201);
    const read = await eventually(() => hostRead(host, booked.body.id), (r) => r.location.value !== null);
    expect(read.location.value).toMatch(/^https:\/\/us05web\.zoom\.us\/j\/\d{11}\?pwd=/);
    const { refreshTokens } = await control().user(email);
    expect(refreshTokens).not.toContain(grantBefore);
    const [{ secret: after }] = await sql(`select secret from public.zoom_connections where user_id = $1`, [host.id]);
    expect(after).not.toBe(before);
  });

  it('leaves the booking confirmed while Zoom is down, the link pending with the reason, and makes it once Zoom is back', async () => {
    const { host, email } = await zoomHost();
    await control().outage(email, true);
    let id: number;
    try {
      const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(13, 15)) });
      expect(booked.status).toBe(201);
      id = booked.body.id;
      const pending = await eventually(() => hostRead(host, id), (r) => !!r.link_state?.error);
      expect(pending).toMatchObject({ status: 'confirmed', location: { value: null }, link_state: { status: 'pending', error: expect.stringMatching(/503/) } });
    } finally {
      await control().outage(email, false);
    }
    await sql(`update public.outbox set available_at = now() where kind = 'meeting' and booking_id = $1`, [id!]);
    await sql(`select pg_notify('kairos_outbox', '')`);
    const done = await eventually(() => hostRead(host, id!), (r) => r.location.value !== null, 30_000);
    expect(done).toMatchObject({ location: { kind: 'zoom', value: expect.stringMatching(/^https:\/\/us05web\.zoom\.us\/j\//) }, link_state: null });
  });

  it('fails with a reason the host can act on when no Zoom account is connected', async () => {
    const { host } = await zoomHost(false);
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(13, 17)) });
    expect(booked.status).toBe(201);
    const failed = await eventually(() => hostRead(host, booked.body.id), (r) => r.link_state?.status === 'failed');
    expect(failed).toMatchObject({ status: 'confirmed', link_state: { status: 'failed', error: 'Zoom links need a connected Zoom account' } });
  });
});
