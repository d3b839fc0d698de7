// "With isCalendarPublic off, people can book only through a direct link" (spec).
// Sequential event type ids made every direct link guessable (ids 1-40 gave 21 event types, one a
// private host's, and from its host id their hours and busy times). Event type ids are random numbers
// (still ≥ 1 and within JavaScript's safe integers, for /book/{eventTypeId}), and a private host's
// hours and busy times answer only through the link: the slots of that event type.
import { describe, expect, it } from 'vitest';
import { anonClient, newUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { ALL_WEEK, at } from '../api/fixtures.ts';
import { booked } from './support.ts';

/** A host who is neither in the directory nor public, with three event types made through /api. */
async function privateHost() {
  const host = await newUser({ firstName: 'Secret' });
  const token = host.accessToken;
  expect((await call('/api/availability', { body: ALL_WEEK, token })).status).toBe(200);
  const ids: number[] = [];
  for (const title of ['Intro', 'Secret therapy session', 'Follow-up']) {
    const created = await call('/api/event-types', { body: { title, duration: 30 }, token });
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  return { host, ids };
}

describe('a private host is reached only through a link that cannot be guessed', () => {
  it('gives event types ids that do not follow each other, numbers a link can carry', async () => {
    const { ids } = await privateHost();
    for (const id of ids) {
      expect(Number.isSafeInteger(id) && id >= 1).toBe(true);
    }
    // Consecutive ids would name the neighbours of any link; one in ~10^15 by chance.
    expect(ids[1] - ids[0] === 1 && ids[2] - ids[1] === 1).toBe(false);
    // Counting around a known id finds nobody's event types (the seed's and other tests' are there too).
    const near = await Promise.all(
      [-3, -2, -1, 1, 2, 3].map(async (d) => (await anonClient().rpc('public_event_type', { p_event_type_id: ids[0] + d })).data ?? []),
    );
    expect(near.flat().filter((row) => !ids.includes(row.id))).toEqual([]);
  });

  it('answers a private host\'s hours and busy times only through the link, not by their user id', async () => {
    const { host, ids } = await privateHost();
    await booked(ids[1], at(2, 10).toISOString());
    const from = at(1, 0).toISOString();
    const to = at(4, 0).toISOString();

    // The link: the event type and its slots, without the booked 10:00.
    const link = await call(`/api/event-types/${ids[1]}`);
    expect(link).toMatchObject({ status: 200, body: { title: 'Secret therapy session', host: { id: host.id } } });
    const date = at(2, 0).toISOString().slice(0, 10);
    const slots = await call(`/slots?eventTypeId=${ids[1]}&startDate=${date}&endDate=${date}&timeZone=UTC`);
    expect(slots.status).toBe(200);
    expect(slots.body.slots.length).toBeGreaterThan(0);
    expect(slots.body.slots.map((s: { start: string }) => s.start)).not.toContain(at(2, 10).toISOString());

    // The host id the link shows opens nothing else: no hours, no busy times, no list of event types.
    const anon = anonClient();
    expect((await anon.rpc('public_availability', { p_user_id: host.id })).data).toEqual([]);
    expect((await anon.rpc('public_busy', { p_user_ids: [host.id], p_from: from, p_to: to })).data).toEqual([]);
    expect((await call(`/api/users/${host.id}/availability`)).body).toEqual([]);
    expect((await call(`/api/users/${host.id}/bookings?startDate=${from}&endDate=${to}`)).body).toEqual([]);
    expect((await call(`/api/users/${host.id}/event-types`)).body).toEqual([]);

    // Made public, the same reads answer.
    expect((await call('/api/profile', { method: 'PUT', body: { isCalendarPublic: true }, token: host.accessToken })).status).toBe(200);
    expect((await anon.rpc('public_availability', { p_user_id: host.id })).data).toHaveLength(7);
    expect((await anon.rpc('public_busy', { p_user_ids: [host.id], p_from: from, p_to: to })).data).toHaveLength(1);
  });
});
