// Seats through the public booking API (docs/seats.md): 50 guests for 10 seats of one slot (one test
// client is one address, whose booking bucket holds 60 a minute: the 200-guest race is the database's,
// supabase/tests/db/seats.test.ts), the slot
// offered with its seats left until full, and a host's cancel freeing one seat.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, guestBody, newHost } from './fixtures.ts';

const seatsAt = async (eventTypeId: number, start: Date) => {
  const date = start.toISOString().slice(0, 10);
  const res = await call(`/slots?eventTypeId=${eventTypeId}&startDate=${date}&endDate=${date}&timeZone=UTC`);
  expect(res.status).toBe(200);
  return (res.body.slots as { start: string; seatsLeft?: number }[]).find((s) => Date.parse(s.start) === start.getTime())?.seatsLeft ?? 'not offered';
};

describe('seats per slot', () => {
  it('50 concurrent guests for 10 seats: 10 bookings, 40 clean 409s; the slot shows its seats left until full, and a cancel frees one', async () => {
    const host = await newHost();
    await sql('update public.event_types set seats_per_slot = 10 where id = $1', [host.eventTypeId]);
    const start = at(4, 10);
    expect(await seatsAt(host.eventTypeId, start)).toBe(10);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName: `Seat ${i}`, guestEmail: `seat${i}@example.com` }) }),
      ),
    );
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
