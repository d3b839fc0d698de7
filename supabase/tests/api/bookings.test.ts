// Public and host bookings through /bookings and /api: server re-validation, status by autoConfirm,
// the race for one slot, cancellation freeing the slot, lists and status changes, rate limiting.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, cookieSession, guestBody, guestsAtOnce, newHost, soon } from './fixtures.ts';

const TAKEN = 'This time slot is no longer available';

describe('public booking', () => {
  it('books an offered slot, confirmed when the event type auto-confirms', async () => {
    const host = await newHost();
    const start = at(1, 10);
    const res = await call('/bookings', { body: guestBody(host.eventTypeId, start) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      eventTypeId: host.eventTypeId,
      userId: host.id,
      status: 'confirmed',
      guestName: 'Guest Person',
      guestPhone: null,
      guestCompany: null,
      eventType: { title: 'Intro call', duration: 30 },
    });
    expect(Date.parse(res.body.startTime)).toBe(start.getTime());
  });

  it('is pending when the event type needs approval (also through /api/bookings/public)', async () => {
    const host = await newHost({ autoConfirm: false });
    const res = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(1, 11)) });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
  });

  it('refuses what the slot engine would not offer', async () => {
    const host = await newHost({ settings: { minimumNotice: 1440, maxFutureBookings: 14 } });
    const cases: [Date, number, RegExp][] = [
      [at(-1, 10), 30, /past/],
      [soon(), 30, /too soon/],
      [at(20, 10), 30, /too far/],
      [at(2, 10, 15), 30, /outside the available hours/],
      [at(2, 10), 45, /end time must be the start time plus/],
    ];
    for (const [start, minutes, message] of cases) {
      const res = await call('/bookings', { body: guestBody(host.eventTypeId, start, minutes) });
      expect(res.status, start.toISOString()).toBe(400);
      expect(res.body.message).toMatch(message);
    }
  });

  it('answers 409 for an overlapping time and 404 for an unknown or inactive event type', async () => {
    const host = await newHost({ duration: 60 });
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 10), 60) })).status).toBe(201);
    const overlap = await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 10, 30), 60) });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain(TAKEN);

    expect((await call('/bookings', { body: guestBody(987654321, at(1, 10)) })).status).toBe(404);
    await call(`/api/event-types/${host.eventTypeId}`, {
      method: 'PUT',
      body: { title: 'Off', description: null, duration: 60, color: '#3b82f6', isActive: false, autoConfirm: true },
      token: host.accessToken,
    });
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 10), 60) })).status).toBe(404);
  });

  it('validates the guest form with the messages of docs/product/validation.md', async () => {
    const host = await newHost();
    const base = guestBody(host.eventTypeId, at(1, 10));
    // Every message comes with its rule's id, for a client that says it in another language.
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, guestName: '  ' }, 'Please fill in your name and email.', 'publicGuest'],
      [{ ...base, guestEmail: '' }, 'Please fill in your name and email.', 'publicGuest'],
      [{ ...base, guestEmail: 'not-an-email' }, 'Valid email is required', 'validEmail'],
      [{ ...base, startTime: undefined }, 'Please select a date and time.', 'dateTime'],
      [{ ...base, eventTypeId: 0 }, 'Please select an event type', 'eventType'],
    ];
    for (const [body, message, messageId] of cases) {
      const res = await call('/bookings', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', message, messageId });
    }
  });

  it('lets exactly one of 50 concurrent guests win a slot; the others get a clean 409', async () => {
    const host = await newHost();
    const start = at(3, 14);
    const results = await guestsAtOnce(host.eventTypeId, start, 50, 'Racer');
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 'slot_taken', message: expect.stringContaining(TAKEN) });
    const rows = await sql('select count(*)::int as n from public.bookings where event_type_id = $1 and status <> $2', [host.eventTypeId, 'cancelled']);
    expect(rows[0].n).toBe(1);
  });

  it('makes a cancelled slot bookable again, and the slots list offers it again', async () => {
    const host = await newHost();
    const start = at(2, 9);
    const date = start.toISOString().slice(0, 10);
    const slotsUrl = `/slots?eventTypeId=${host.eventTypeId}&startDate=${date}&endDate=${date}&timeZone=UTC`;
    const offered = async () => (await call(slotsUrl)).body.slots.map((s: { start: string }) => s.start);

    const first = await call('/bookings', { body: guestBody(host.eventTypeId, start) });
    expect(first.status).toBe(201);
    expect(await offered()).not.toContain(start.toISOString());
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, start) })).status).toBe(409);

    expect((await call(`/api/bookings/${first.body.id}/cancel`, { method: 'POST', token: host.accessToken })).status).toBe(200);
    expect(await offered()).toContain(start.toISOString());
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, start) })).status).toBe(201);
  });

  it('rate-limits one client address hammering one calendar with 429', async () => {
    const host = await newHost();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call('/bookings', { body: guestBody(host.eventTypeId, at(4 + (i % 20), 8 + Math.floor(i / 20))) })),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body.message).toMatch(/Too many/);
    expect(results.every((r) => r.status < 500)).toBe(true);
  });
});

describe('slots', () => {
  it('lists slots in the visitor zone and hides a booked one (with the host buffer)', async () => {
    const host = await newHost({ settings: { bufferBefore: 15, bufferAfter: 0 } });
    const date = at(5, 0).toISOString().slice(0, 10);
    const booked = at(5, 10);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, booked) })).status).toBe(201);
    const res = await call(`/slots?eventTypeId=${host.eventTypeId}&startDate=${date}&endDate=${date}&timeZone=Asia/Kolkata`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventTypeId: host.eventTypeId, duration: 30, timeZone: 'Asia/Kolkata', hostTimeZone: 'UTC' });
    const starts: string[] = res.body.slots.map((s: { start: string }) => s.start);
    expect(starts.length).toBeGreaterThan(10);
    expect(starts).not.toContain(booked.toISOString());
    // A slot's span is widened by the buffer before it: 10:30 would need 10:15-10:30 free, which the booking holds.
    expect(starts).not.toContain(new Date(booked.getTime() + 30 * 60_000).toISOString());
    expect(starts).toContain(new Date(booked.getTime() - 30 * 60_000).toISOString());
    const first = res.body.slots[0];
    expect(first).toEqual({ start: expect.any(String), end: expect.any(String), date: expect.any(String), label: expect.stringMatching(/^\d\d:\d\d/) });
    // Kolkata is UTC+5:30: the label shows the visitor's wall clock.
    const kolkata = new Date(Date.parse(first.start) + 330 * 60_000).toISOString().slice(11, 16);
    expect(first.label).toBe(kolkata);
  });

  it('accepts from/to/timezone aliases and answers 400 and 404 for bad queries', async () => {
    const host = await newHost();
    const date = at(1, 0).toISOString().slice(0, 10);
    expect((await call(`/slots?eventTypeId=${host.eventTypeId}&from=${date}&to=${date}&timezone=UTC`)).status).toBe(200);
    expect((await call(`/api/slots?eventTypeId=${host.eventTypeId}&from=${date}&to=${date}`)).status).toBe(200);
    for (const q of [
      `eventTypeId=${host.eventTypeId}&startDate=2026-13-01&endDate=${date}`,
      `eventTypeId=${host.eventTypeId}&startDate=${date}&endDate=${date}&timeZone=Mars/Olympus`,
      `startDate=${date}&endDate=${date}`,
      `eventTypeId=${host.eventTypeId}&startDate=2026-01-01&endDate=2027-01-01`,
      `eventTypeId=abc&startDate=${date}&endDate=${date}`,
    ]) {
      expect((await call(`/slots?${q}`)).status, q).toBe(400);
    }
    expect((await call(`/slots?eventTypeId=99999999&startDate=${date}&endDate=${date}`)).status).toBe(404);
  });
});

describe('host bookings', () => {
  it('lets a host book their own event type for a guest, not someone else\'s', async () => {
    const host = await newHost({ autoConfirm: false });
    const other = await newUser();
    const body = { ...guestBody(host.eventTypeId, at(1, 12)), guestName: 'Walk-in' };
    expect((await call('/api/bookings', { body })).status).toBe(401);
    expect((await call('/api/bookings', { body, token: other.accessToken })).status).toBe(404);
    const res = await call('/api/bookings', { body, token: host.accessToken });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    const invalid = await call('/api/bookings', { body: { ...body, guestName: '' }, token: host.accessToken });
    expect(invalid.body).toEqual({ code: 'invalid_request', message: 'Guest name is required', messageId: 'hostGuestName' });
  });

  it('lets the host book inside the notice a guest must respect, but not in the past or out of hours', async () => {
    const host = await newHost({ settings: { minimumNotice: 2880 } });
    const start = soon();
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, start) })).body.message).toMatch(/too soon/);
    expect((await call('/api/bookings', { body: guestBody(host.eventTypeId, start), token: host.accessToken })).status).toBe(201);
    expect((await call('/api/bookings', { body: guestBody(host.eventTypeId, at(-1, 10)), token: host.accessToken })).status).toBe(400);
    expect((await call('/api/bookings', { body: guestBody(host.eventTypeId, at(2, 10, 15)), token: host.accessToken })).status).toBe(400);
    expect((await call('/api/bookings', { body: guestBody(host.eventTypeId, at(61, 10)), token: host.accessToken })).status).toBe(400);
  });

  it('lists upcoming, past, all and cancelled with the nested event type', async () => {
    const host = await newHost();
    const jar = await cookieSession(host);
    const upcoming = await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 15)) });
    const toCancel = await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 16)) });
    await call(`/api/bookings/${toCancel.body.id}/cancel`, { method: 'POST', jar });
    // A past booking cannot be made through the api (the engine refuses the past): written directly.
    await sql(
      `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
       values ($1, $2, 'Old Guest', 'old@example.com', now() - interval '3 days', now() - interval '3 days' + interval '30 minutes', 'confirmed')`,
      [host.eventTypeId, host.id],
    );
    const ids = async (list: string) => {
      const res = await call(`/api/bookings/${list}`, { jar });
      expect(res.status).toBe(200);
      return res.body as { id: number; guestName: string; status: string; eventType: unknown; assignedMember: unknown }[];
    };
    const up = await ids('upcoming');
    expect(up.map((b) => b.id)).toEqual([upcoming.body.id]);
    expect(up[0]).toMatchObject({ eventType: { title: 'Intro call', duration: 30 }, assignedMember: null, status: 'confirmed' });
    expect((await ids('past')).map((b) => b.guestName)).toEqual(['Old Guest']);
    expect(await ids('all')).toHaveLength(2);
    expect((await ids('cancelled')).map((b) => b.id)).toEqual([toCancel.body.id]);
    for (const list of ['upcoming', 'past', 'all', 'cancelled']) expect((await call(`/api/bookings/${list}`)).status).toBe(401);
    const stranger = await newUser();
    expect(await call('/api/bookings/all', { token: stranger.accessToken })).toMatchObject({ status: 200, body: [] });
  });

  it('confirms, rejects and cancels, with 404 for others and 409 for a wrong transition', async () => {
    const host = await newHost({ autoConfirm: false });
    const other = await newUser();
    const a = (await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 9)) })).body.id;
    const b = (await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 10)) })).body.id;
    const token = host.accessToken;

    expect((await call(`/api/bookings/${a}/confirm`, { method: 'POST' })).status).toBe(401);
    expect((await call(`/api/bookings/${a}/confirm`, { method: 'POST', token: other.accessToken })).status).toBe(404);
    const confirmed = await call(`/api/bookings/${a}/confirm`, { method: 'POST', token });
    expect(confirmed).toMatchObject({ status: 200, body: { id: a, status: 'confirmed' } });
    expect((await call(`/api/bookings/${a}/confirm`, { method: 'POST', token })).status).toBe(409);

    expect((await call(`/api/bookings/${b}`, { method: 'PUT', body: { status: 'confirmed' }, token })).status).toBe(400);
    const rejected = await call(`/api/bookings/${b}`, { method: 'PUT', body: { status: 'cancelled' }, token });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await call(`/api/bookings/${b}/cancel`, { method: 'POST', token })).status).toBe(409);

    expect((await call(`/api/bookings/${a}/cancel`, { method: 'POST', token: other.accessToken })).status).toBe(404);
    expect((await call(`/api/bookings/${a}/cancel`, { method: 'POST', token })).body.status).toBe('cancelled');
    expect((await call('/api/bookings/99999999/cancel', { method: 'POST', token })).status).toBe(404);
    expect((await call('/api/bookings/abc/cancel', { method: 'POST', token })).status).toBe(404);
  });
});
