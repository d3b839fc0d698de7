// Meeting places through /api: event type bodies and answers carry
// `locations`; a guest books one of them (`locationKind`, and an E.164 phone when the host calls);
// the booking answer carries its `location`, which guests never read on public answers.
import { describe, expect, it } from 'vitest';
import { call } from './client.ts';
import { at, guestBody, newHost, newTeam, newTeamEventType } from './fixtures.ts';

const BASE = { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const PLACES = [
  { kind: 'jitsi', server: 'meet.jit.si' },
  { kind: 'phone_host_calls' },
  { kind: 'link', url: 'https://example.com/room/42' },
];

describe('event type locations through /api', () => {
  it('are written and answered by the host, and refused with a message when not valid', async () => {
    const host = await newHost();
    const put = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: PLACES }, token: host.accessToken });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.locations).toEqual(PLACES);
    const list = await call('/api/event-types', { token: host.accessToken });
    expect(list.body.find((e: { id: number }) => e.id === host.eventTypeId).locations).toEqual(PLACES);

    const bad = await call(`/api/event-types/${host.eventTypeId}`, {
      method: 'PUT', body: { ...BASE, locations: [{ kind: 'link', url: 'http://example.com' }] }, token: host.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'invalid_request', message: 'The link must start with https://', messageId: 'linkHttps' });

    // A body without locations leaves them as they are.
    const keep = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: BASE, token: host.accessToken });
    expect(keep.body.locations).toEqual(PLACES);
  });

  it("are a team's event type's too", async () => {
    const team = await newTeam();
    const id = await newTeamEventType(team, { locations: [{ kind: 'zoom' }, { kind: 'in_person', address: '5 Rue de Rivoli' }] });
    const list = await call(`/api/teams/${team.id}/event-types`, { token: team.owner.accessToken });
    expect(list.body.find((e: { id: number }) => e.id === id).locations).toEqual([{ kind: 'zoom' }, { kind: 'in_person', address: '5 Rue de Rivoli' }]);
  });

  it('guests read the kinds only on the public event type', async () => {
    const host = await newHost();
    await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: PLACES }, token: host.accessToken });
    const pub = await call(`/api/event-types/${host.eventTypeId}`);
    expect(pub.status).toBe(200);
    expect(pub.body.locations).toEqual([{ kind: 'jitsi' }, { kind: 'phone_host_calls' }, { kind: 'link' }]);
  });
});

describe('a public booking chooses its place', () => {
  it('answers the booking with its location: a Jitsi room, or the guest phone in E.164 when the host calls', async () => {
    const host = await newHost();
    await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: PLACES }, token: host.accessToken });

    const jitsi = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(1, 10), 30, { locationKind: 'jitsi' }) });
    expect(jitsi.status, JSON.stringify(jitsi.body)).toBe(201);
    expect(jitsi.body.location.kind).toBe('jitsi');
    expect(jitsi.body.location.value).toMatch(/^https:\/\/meet\.jit\.si\/kairos-[0-9a-f]{32}$/);

    // A national number with spaces, in a known country: stored in E.164.
    const phone = await call('/api/bookings/public', {
      body: guestBody(host.eventTypeId, at(1, 11), 30, { locationKind: 'phone_host_calls', guestPhone: '+44 20 7946 0958' }),
    });
    expect(phone.status, JSON.stringify(phone.body)).toBe(201);
    expect(phone.body.location).toEqual({ kind: 'phone_host_calls', value: '+442079460958' });
    expect(phone.body.guestPhone).toBe('+442079460958');

    // The host's list carries each booking's place.
    const upcoming = await call('/api/bookings/upcoming', { token: host.accessToken });
    expect(upcoming.body.map((b: { location: unknown }) => b.location)).toEqual([jitsi.body.location, phone.body.location]);
  });

  it('refuses a missing choice among several, a kind not offered, and a phone that is not a number', async () => {
    const host = await newHost();
    await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: PLACES }, token: host.accessToken });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please choose where to meet.'],
      [{ locationKind: 'zoom' }, 'This location is not offered for this event type'],
      [{ locationKind: 'phone_host_calls', guestPhone: '' }, 'Please enter a valid phone number with its country code.'],
      [{ locationKind: 'phone_host_calls', guestPhone: '+1 555 0000' }, 'Please enter a valid phone number with its country code.'],
      [{ locationKind: 'carrier_pigeon' }, 'Please choose one of the offered locations'],
    ];
    for (const [extra, message] of cases) {
      const res = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(2, 10), 30, extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message, JSON.stringify(extra)).toBe(message);
    }
  });

  it('takes the only offered place when the body names none, and keeps the host-calls phone in E.164', async () => {
    const host = await newHost();
    const only = await call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, locations: [{ kind: 'phone_host_calls' }] }, token: host.accessToken });
    expect(only.status).toBe(200);
    const res = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(1, 10), 30, { guestPhone: '+44 20 7946 0958' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.location).toEqual({ kind: 'phone_host_calls', value: '+442079460958' });
    const wrong = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(1, 11), 30, { guestPhone: '+1 555 0000' }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Please enter a valid phone number with its country code.');
  });

  it('an event type without locations books as before, with no location', async () => {
    const host = await newHost();
    const res = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(1, 10)) });
    expect(res.status).toBe(201);
    expect(res.body.location).toBeNull();
  });
});
