// Seats through the public booking API (docs/seats.md): 50 guests for 10 seats of one slot (one test
// client is one address, whose booking bucket holds 60 a minute: the 200-guest race is the database's,
// supabase/tests/db/seats.test.ts), the slot
// offered with its seats left until full, and a host's cancel freeing one seat. Event type bodies
// take and answer `seatsPerSlot`; a seat's booking answer says the slot's `seatsLeft`.
import { describe, expect, it } from 'vitest';
import { client, newUser, sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { BOOKING_CARD_SELECT } from '../../../web/src/lib/types.ts';
import { call } from './client.ts';
import { at, guestBody, guestsAtOnce, newHost, newTeam, newTeamEventType } from './fixtures.ts';

const seatsAt = async (eventTypeId: number, start: Date) => {
  const date = start.toISOString().slice(0, 10);
  const res = await call(`/slots?eventTypeId=${eventTypeId}&startDate=${date}&endDate=${date}&timeZone=UTC`);
  expect(res.status).toBe(200);
  return (res.body.slots as { start: string; seatsLeft?: number }[]).find((s) => Date.parse(s.start) === start.getTime())?.seatsLeft ?? 'not offered';
};

const BASE = { title: 'Workshop', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true };
const SEATS_MESSAGE = 'Please enter from 2 to 100 seats, or leave it empty for one guest per slot';

describe('seatsPerSlot in event type bodies', () => {
  it('is null (one guest a slot) by default, set and answered through /api, kept by a body without it, and refused out of range', async () => {
    const host = await newHost();
    const put = (body: object) => call(`/api/event-types/${host.eventTypeId}`, { method: 'PUT', body: { ...BASE, ...body }, token: host.accessToken });
    const own = async () => (await call(`/api/event-types/${host.eventTypeId}`, { token: host.accessToken })).body.seatsPerSlot;
    expect(await own()).toBeNull();
    const set = await put({ seatsPerSlot: 12 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.seatsPerSlot).toBe(12);
    expect(await own()).toBe(12);
    expect((await put({})).body.seatsPerSlot).toBe(12);
    for (const wrong of [1, 101, 2.5, 'ten']) {
      expect(await put({ seatsPerSlot: wrong })).toMatchObject({ status: 400, body: { code: 'invalid_request', message: SEATS_MESSAGE } });
    }
    expect((await put({ seatsPerSlot: null })).body.seatsPerSlot).toBeNull();
    const made = await call('/api/event-types', { body: { ...BASE, seatsPerSlot: 4 }, token: host.accessToken });
    expect(made.status).toBe(201);
    expect(made.body.seatsPerSlot).toBe(4);
    expect((await call('/api/event-types', { token: host.accessToken })).body.map((e: { seatsPerSlot: number | null }) => e.seatsPerSlot)).toEqual([null, 4]);
  });
});

describe('seatsPerSlot on a team event type', () => {
  it("is taken by the team's body and answered, and a team seat's booking answer says its seats left", async () => {
    const team = await newTeam();
    const id = await newTeamEventType(team, { seatsPerSlot: 5 });
    const listed = await call(`/api/teams/${team.id}/event-types`, { token: team.owner.accessToken });
    expect(listed.body.find((e: { id: number }) => e.id === id).seatsPerSlot).toBe(5);
    const { eventTypeId: _personal, ...body } = guestBody(0, at(8, 10));
    const seat = await call('/bookings', { body: { ...body, teamEventTypeId: id } });
    expect(seat.status, JSON.stringify(seat.body)).toBe(201);
    expect(seat.body.seatsLeft).toBe(4);
  });
});

describe("a seat's booking answer", () => {
  it("says the slot's seats left after it; a booking of a one-guest event type says nothing of seats", async () => {
    const host = await newHost();
    const plain = await call('/bookings', { body: guestBody(host.eventTypeId, at(6, 9)) });
    expect(plain.status).toBe(201);
    expect(plain.body).not.toHaveProperty('seatsLeft');
    await sql('update public.event_types set seats_per_slot = 3 where id = $1', [host.eventTypeId]);
    const start = at(6, 11);
    const first = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestEmail: 'one@example.com' }) });
    expect(first.body.seatsLeft).toBe(2);
    const second = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestEmail: 'two@example.com' }) });
    expect(second.body.seatsLeft).toBe(1);
    expect(await seatsAt(host.eventTypeId, start)).toBe(1);
    const last = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestEmail: 'three@example.com' }) });
    expect(last.body.seatsLeft).toBe(0);
  });
});

describe("the host's list of a group slot", () => {
  it('reads every seat through REST with the select the bookings page sends (slot and seats per slot); another user reads none', async () => {
    const host = await newHost();
    await sql('update public.event_types set seats_per_slot = 4 where id = $1', [host.eventTypeId]);
    const start = at(7, 10);
    for (const n of [1, 2]) {
      expect((await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName: `Seat ${n}`, guestEmail: `seat${n}@example.com` }) })).status).toBe(201);
    }
    const read = async (token: string) => {
      const { data, error } = await client(stack().anonKey, token).from('bookings').select(BOOKING_CARD_SELECT).eq('event_type_id', host.eventTypeId).order('id');
      expect(error).toBeNull();
      return data as unknown as { guest_name: string; seat_slot_id: number | null; event_type: { seats_per_slot: number | null } }[];
    };
    const seats = await read(host.accessToken);
    expect(seats.map((s) => s.guest_name)).toEqual(['Seat 1', 'Seat 2']);
    expect(new Set(seats.map((s) => s.seat_slot_id)).size).toBe(1);
    expect(seats[0].seat_slot_id).not.toBeNull();
    expect(seats[0].event_type.seats_per_slot).toBe(4);
    expect(await read((await newUser()).accessToken)).toEqual([]);
  });
});

describe('seats per slot', () => {
  it('50 concurrent guests for 10 seats: 10 bookings, 40 clean 409s; the slot shows its seats left until full, and a cancel frees one', async () => {
    const host = await newHost();
    await sql('update public.event_types set seats_per_slot = 10 where id = $1', [host.eventTypeId]);
    const start = at(4, 10);
    expect(await seatsAt(host.eventTypeId, start)).toBe(10);
    const results = await guestsAtOnce(host.eventTypeId, start, 50, 'Seat');
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toMatchObject({ code: 'slot_taken', message: expect.stringMatching(/This time slot is (full|no longer available)/) });
    }
    const rows = await sql('select count(*)::int as n, count(distinct seat_slot_id)::int as slots from public.bookings where event_type_id = $1', [host.eventTypeId]);
    expect(rows[0]).toEqual({ n: 10, slots: 1 });
    expect(await seatsAt(host.eventTypeId, start)).toBe('not offered');
    // The half hour before is still free; the one overlapping the class is not.
    expect(await seatsAt(host.eventTypeId, new Date(start.getTime() - 1_800_000))).toBe(10);

    const seat = results.find((r) => r.status === 201)!.body.id;
    expect((await call(`/api/bookings/${seat}/cancel`, { method: 'POST', token: host.accessToken })).body.status).toBe('cancelled');
    expect(await seatsAt(host.eventTypeId, start)).toBe(1);
    const last = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestEmail: 'late@example.com' }) });
    expect(last.status).toBe(201);
    expect(await seatsAt(host.eventTypeId, start)).toBe('not offered');
  });

  it('refuses another event type of the host over a seated slot', async () => {
    const host = await newHost();
    await sql('update public.event_types set seats_per_slot = 3 where id = $1', [host.eventTypeId]);
    const start = at(5, 10);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, start) })).status).toBe(201);
    expect(await seatsAt(host.eventTypeId, start)).toBe(2);
    const other = await call('/api/event-types', {
      body: { title: 'One to one', duration: 30, color: '#10b981', isActive: true, autoConfirm: true },
      token: host.accessToken,
    });
    expect(other.status).toBe(201);
    expect((await call('/bookings', { body: guestBody(other.body.id, start) })).status).toBe(409);
  });
});
