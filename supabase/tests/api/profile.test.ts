// The signed-in user's profile and avatar, and the public reads of docs/product/api.md (directory,
// handles, users, one event type).
import { describe, expect, it } from 'vitest';
import { newUser, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call, functionsUrl } from './client.ts';
import { cookieSession, newHost } from './fixtures.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

function upload(token: string | undefined, file: Blob, name = 'me.png', field = 'profileImage') {
  const form = new FormData();
  form.append(field, file, name);
  return fetch(`${functionsUrl()}/api/profile/upload-image`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

const handle = () => `h${Math.random().toString(36).slice(2, 10)}`;

describe('profile', () => {
  it('updates the own profile through the cookie session and shows it in the directory', async () => {
    const user = await newUser({ firstName: 'Pia' });
    const jar = await cookieSession(user);
    const h = handle();
    const res = await call('/api/profile', {
      method: 'PUT',
      body: { firstName: 'Pia', lastName: 'Public', handle: h.toUpperCase(), bio: 'Coach', title: 'Mentor', company: '', timezone: 'Asia/Kolkata', isPublicProfile: true, isCalendarPublic: true },
      jar,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, handle: h, lastName: 'Public', company: null, timezone: 'Asia/Kolkata', isPublicProfile: true, email: user.email });
    expect((await call('/api/auth/user', { jar })).body.handle).toBe(h);

    const directory = await call('/api/social/profiles');
    const card = directory.body.find((p: { id: string }) => p.id === user.id);
    expect(card).toEqual({ id: user.id, handle: h, firstName: 'Pia', lastName: 'Public', profileImageUrl: null, title: 'Mentor', bio: 'Coach', company: null, location: null });
  });

  it('refuses bad profile input, taken and reserved handles, and anonymous callers', async () => {
    const [a, b] = await Promise.all([newUser(), newUser()]);
    const h = handle();
    expect((await call('/api/profile', { method: 'PUT', body: { handle: h }, token: a.accessToken })).status).toBe(200);
    expect(await call('/api/profile', { method: 'PUT', body: { handle: h }, token: b.accessToken })).toMatchObject({ status: 409, body: { message: 'This handle is already taken' } });
    expect(await call('/api/profile', { method: 'PUT', body: { handle: 'dashboard' }, token: b.accessToken })).toMatchObject({ status: 400, body: { message: 'This handle is reserved' } });
    expect((await call('/api/profile', { method: 'PUT', body: { handle: 'x' }, token: b.accessToken })).status).toBe(400);
    expect((await call('/api/profile', { method: 'PUT', body: { firstName: '' }, token: b.accessToken })).body).toEqual({ code: 'invalid_request', message: 'First name is required', messageId: 'firstName' });
    expect((await call('/api/profile', { method: 'PUT', body: { timezone: 'Nowhere/Land' }, token: b.accessToken })).status).toBe(400);
    expect((await call('/api/profile', { method: 'PUT', body: { firstName: 'X' } })).status).toBe(401);
  });

  it('checks handles: free, own, taken, reserved', async () => {
    const user = await newUser();
    const h = handle();
    expect((await call(`/api/handle/check/${h}`)).body).toEqual({ available: true, reason: 'free', message: expect.any(String) });
    await call('/api/profile', { method: 'PUT', body: { handle: h }, token: user.accessToken });
    expect((await call(`/api/handle/check/${h}`)).body.available).toBe(false);
    expect((await call(`/api/handle/check/${h}`, { token: user.accessToken })).body.available).toBe(true);
    expect((await call('/api/handle/check/login')).body.available).toBe(false);
  });

  it('uploads an avatar into the avatars bucket under the user id and saves it on the profile', async () => {
    const user = await newUser();
    const res = await upload(user.accessToken, new Blob([PNG], { type: 'image/png' }));
    expect(res.status).toBe(200);
    expect(res.body.profileImageUrl).toContain(`/storage/v1/object/public/avatars/${user.id}/`);
    expect(res.body.profileImageUrl.startsWith(stack().apiUrl)).toBe(true);
    const image = await fetch(res.body.profileImageUrl);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect((await call('/api/auth/user', { token: user.accessToken })).body.profileImageUrl).toBe(res.body.profileImageUrl);

    expect((await upload(undefined, new Blob([PNG], { type: 'image/png' }))).status).toBe(401);
    expect((await upload(user.accessToken, new Blob(['hello'], { type: 'text/plain' }), 'a.txt')).body.message).toMatch(/Invalid file type/);
    expect((await upload(user.accessToken, new Blob(['<svg/>'], { type: 'image/png' }))).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(user.accessToken, new Blob([big], { type: 'image/png' }))).body.message).toMatch(/File too large/);
    expect((await upload(user.accessToken, new Blob([PNG], { type: 'image/png' }), 'me.png', 'other')).status).toBe(400);
  });
});

describe('public reads', () => {
  it('serves a public host by id and by handle with event types and availability, without email', async () => {
    const host = await newHost();
    const h = handle();
    await call('/api/profile', { method: 'PUT', body: { handle: h, isCalendarPublic: true, timezone: 'Europe/London' }, token: host.accessToken });

    const byId = await call(`/api/users/${host.id}/profile`);
    expect(byId).toMatchObject({ status: 200, body: { id: host.id, handle: h, timezone: 'Europe/London', firstName: 'Test' } });
    expect(byId.body.email).toBeUndefined();
    expect((await call(`/api/handle/${h}`)).body.id).toBe(host.id);
    for (const path of [`/api/users/${host.id}/event-types`, `/api/handle/${h}/event-types`]) {
      const list = await call(path);
      expect(list.body).toEqual([expect.objectContaining({ id: host.eventTypeId, title: 'Intro call', duration: 30, color: '#10b981' })]);
    }
    for (const path of [`/api/users/${host.id}/availability`, `/api/handle/${h}/availability`]) {
      const list = await call(path);
      expect(list.body).toHaveLength(7);
      expect(list.body[0]).toEqual({ dayOfWeek: 0, isEnabled: true, startTime: '00:00', endTime: '23:30' });
    }
  });

  it('answers 404 for unknown or private hosts and malformed ids', async () => {
    const hidden = await newUser();
    expect((await call(`/api/users/${hidden.id}/profile`)).status).toBe(404);
    expect((await call('/api/users/not-a-uuid/profile')).status).toBe(404);
    expect((await call('/api/users/00000000-0000-0000-0000-000000000000/profile')).status).toBe(404);
    expect((await call('/api/handle/nobody-has-this')).status).toBe(404);
    expect((await call('/api/handle/nobody-has-this/event-types')).status).toBe(404);
    expect((await call(`/api/users/${hidden.id}/event-types`)).body).toEqual([]);
  });

  it('lists busy times of a public host without guest details', async () => {
    const host = await newHost();
    expect((await call('/api/profile', { method: 'PUT', body: { isCalendarPublic: true }, token: host.accessToken })).status).toBe(200);
    const start = new Date(Date.now() + 2 * 86_400_000);
    start.setUTCHours(10, 0, 0, 0);
    await call('/bookings', {
      body: { eventTypeId: host.eventTypeId, guestName: 'Secret Guest', guestEmail: 'secret@example.com', startTime: start.toISOString(), endTime: new Date(start.getTime() + 1_800_000).toISOString() },
    });
    const res = await call(`/api/users/${host.id}/bookings?startDate=${new Date().toISOString()}&endDate=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: 1, startTime: expect.any(String), endTime: expect.any(String), status: 'busy' }]);
    expect(Date.parse(res.body[0].startTime)).toBe(start.getTime());
    expect(JSON.stringify(res.body)).not.toContain('Secret');
    expect((await call(`/api/users/${host.id}/bookings?startDate=garbage`)).status).toBe(400);
  });

  it('serves one event type: active ones to everyone with the host card, inactive only to its host', async () => {
    const host = await newHost();
    const guest = await call(`/api/event-types/${host.eventTypeId}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ id: host.eventTypeId, title: 'Intro call', duration: 30, isActive: true, host: { id: host.id, firstName: 'Test', timezone: 'UTC' } });
    await call(`/api/event-types/${host.eventTypeId}`, {
      method: 'PUT',
      body: { title: 'Paused', duration: 30, color: '#3b82f6', isActive: false, autoConfirm: true },
      token: host.accessToken,
    });
    expect((await call(`/api/event-types/${host.eventTypeId}`)).status).toBe(404);
    const own = await call(`/api/event-types/${host.eventTypeId}`, { token: host.accessToken });
    expect(own.body).toMatchObject({ title: 'Paused', isActive: false, host: { id: host.id } });
    expect((await call('/api/event-types/0')).status).toBe(404);
  });
});
