// The host's own data: event types, availability, settings and dashboard figures.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, guestBody, newHost } from './fixtures.ts';

const eventType = { title: '  Deep dive  ', description: '  Details  ', duration: 60, color: '#8b5cf6', isActive: true, autoConfirm: false };

describe('event types', () => {
  it('creates, lists, updates and deletes; other hosts get 404', async () => {
    const [host, other] = await Promise.all([newUser(), newUser()]);
    const created = await call('/api/event-types', { body: eventType, token: host.accessToken });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Deep dive', description: 'Details', duration: 60, color: '#8b5cf6', isActive: true, autoConfirm: false, userId: host.id });
    const id = created.body.id;
    expect((await call('/api/event-types', { token: host.accessToken })).body.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await call('/api/event-types', { token: other.accessToken })).body).toEqual([]);

    const update = { ...eventType, title: 'Renamed', duration: 15 };
    expect((await call(`/api/event-types/${id}`, { method: 'PUT', body: update, token: other.accessToken })).status).toBe(404);
    expect((await call(`/api/event-types/${id}`, { method: 'DELETE', token: other.accessToken })).status).toBe(404);
    expect(await call(`/api/event-types/${id}`, { method: 'PUT', body: update, token: host.accessToken })).toMatchObject({ status: 200, body: { title: 'Renamed', duration: 15 } });
    expect((await call(`/api/event-types/${id}`, { method: 'DELETE', token: host.accessToken })).status).toBe(200);
    expect((await call(`/api/event-types/${id}`, { method: 'DELETE', token: host.accessToken })).status).toBe(404);
    expect((await call(`/api/event-types/${id}`, { method: 'PUT', body: update, token: host.accessToken })).status).toBe(404);
  });

  it('validates the event type form and requires a session', async () => {
    const host = await newUser();
    expect((await call('/api/event-types', { body: { ...eventType, title: '   ' }, token: host.accessToken })).body).toEqual({ code: 'invalid_request', message: 'Title is required', messageId: 'title' });
    expect((await call('/api/event-types', { body: { ...eventType, duration: 25 }, token: host.accessToken })).status).toBe(400);
    expect((await call('/api/event-types', { body: { ...eventType, color: 'red' }, token: host.accessToken })).status).toBe(400);
    expect((await call('/api/event-types', { body: eventType })).status).toBe(401);
    expect((await call('/api/event-types')).status).toBe(401);
  });
});

describe('availability and settings', () => {
  it('replaces the whole week and keeps the old one when the new one is invalid', async () => {
    const host = await newUser();
    const week = [
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isEnabled: true },
      { dayOfWeek: 1, startTime: '13:00', endTime: '17:00', isEnabled: true },
      { dayOfWeek: 3, startTime: '10:00', endTime: '11:00', isEnabled: false },
    ];
    const saved = await call('/api/availability', { body: week, token: host.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body.map(({ dayOfWeek, startTime, endTime, isEnabled }: Record<string, unknown>) => ({ dayOfWeek, startTime, endTime, isEnabled }))).toEqual(week);
    const invalid = await call('/api/availability', { body: [{ dayOfWeek: 2, startTime: '12:00', endTime: '09:00' }], token: host.accessToken });
    expect(invalid).toMatchObject({ status: 400, body: { message: 'End time must be after start time' } });
    expect((await call('/api/availability', { token: host.accessToken })).body).toHaveLength(3);
    expect((await call('/api/availability', { body: [], token: host.accessToken })).body).toEqual([]);
    expect((await call('/api/availability', { body: { dayOfWeek: 1 }, token: host.accessToken })).status).toBe(400);
    expect((await call('/api/availability')).status).toBe(401);
  });

  it('reads the defaults and saves new settings', async () => {
    const host = await newUser();
    expect((await call('/api/settings', { token: host.accessToken })).body).toEqual({ bufferBefore: 10, bufferAfter: 10, minimumNotice: 1440, maxFutureBookings: 60 });
    const body = { bufferBefore: 5, bufferAfter: 30, minimumNotice: 120, maxFutureBookings: 90 };
    expect((await call('/api/settings', { method: 'PUT', body, token: host.accessToken })).body).toEqual(body);
    expect((await call('/api/settings', { token: host.accessToken })).body).toEqual(body);
    expect((await call('/api/settings', { method: 'PUT', body: { ...body, bufferBefore: 7 }, token: host.accessToken })).body).toEqual({
      code: 'invalid_request',
      message: 'Buffer must be 0, 5, 10, 15 or 30 minutes',
      messageId: 'buffer',
    });
    expect((await call('/api/settings')).status).toBe(401);
  });
});

describe('dashboard', () => {
  it('counts the host\'s bookings of the timeframe', async () => {
    const host = await newHost();
    // Figures are "to date": a booking that has just started counts, a future one does not.
    await sql(
      `insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
       values ($1, $2, 'Now Guest', 'now@example.com', now() - interval '1 second', now() - interval '1 second' + interval '30 minutes', 'confirmed')`,
      [host.eventTypeId, host.id],
    );
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 10)) })).status).toBe(201);
    const res = await call('/api/dashboard/stats?timeframe=year', { token: host.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalBookings: 1, totalHours: 0.5, activeClients: 1, revenue: 0, previousTotalBookings: 0 });
    expect((await call('/api/dashboard/stats?timeframe=decade', { token: host.accessToken })).body).toEqual({ code: 'invalid_request', message: 'Timeframe must be week, month, quarter or year', messageId: 'timeframe' });
    expect((await call('/api/dashboard/stats?timeframe=week')).status).toBe(401);
  });
});
