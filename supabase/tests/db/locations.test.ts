// Meeting places: an event type's locations are checked by the database as by
// eventLocationsSchema; a booking's chosen place is read by its host only (never anon), and the public
// read of an event type names its kinds and an in-person address, never a number or a link.
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, sql } from '../../../scripts/local/test-stack/harness.ts';
import { newHost } from '../api/fixtures.ts';
import { eventLocationsSchema } from '../../functions/_shared/rules/schemas.ts';

const PLACES = [
  { kind: 'in_person', address: '1 Main St, Springfield' },
  { kind: 'phone_guest_calls', number: '+14155550123' },
  { kind: 'link', url: 'https://example.com/room' },
  { kind: 'jitsi', server: 'meet.jit.si' },
];

async function setLocations(id: number, locations: unknown) {
  return sql('update public.event_types set locations = $1::jsonb where id = $2', [JSON.stringify(locations), id]);
}

describe('event type locations in the database', () => {
  it('starts with none and keeps a valid list', async () => {
    const host = await newHost();
    const [row] = await sql<{ locations: unknown }>('select locations from public.event_types where id = $1', [host.eventTypeId]);
    expect(row.locations).toEqual([]);
    expect(eventLocationsSchema.parse(PLACES)).toEqual(PLACES);
    await setLocations(host.eventTypeId, PLACES);
    const [after] = await sql<{ locations: unknown }>('select locations from public.event_types where id = $1', [host.eventTypeId]);
    expect(after.locations).toEqual(PLACES);
  });

  it('refuses what eventLocationsSchema refuses, and the schema refuses it too', async () => {
    const host = await newHost();
    const bad: unknown[][] = [
      [{ kind: 'link', url: 'http://example.com' }],
      [{ kind: 'link', url: 'https://a.example' }, { kind: 'link', url: 'https://b.example' }],
      [{ kind: 'in_person', address: '  ' }],
      [{ kind: 'phone_guest_calls', number: '0415' }],
      [{ kind: 'carrier_pigeon' }],
      [{ kind: 'jitsi', server: 'https://meet.jit.si/x' }],
      [{ kind: 'zoom', extra: 1 }],
    ];
    for (const locations of bad) {
      expect(eventLocationsSchema.safeParse(locations).success, JSON.stringify(locations)).toBe(false);
      await expect(setLocations(host.eventTypeId, locations), JSON.stringify(locations)).rejects.toThrow(/event_types_locations_valid/);
    }
    // A list, not one place.
    expect(eventLocationsSchema.safeParse({ kind: 'zoom' }).success).toBe(false);
    await expect(setLocations(host.eventTypeId, { kind: 'zoom' })).rejects.toThrow(/event_types_locations_valid/);
  });

  it('answers guests the kinds and the in-person address only', async () => {
    const host = await newHost();
    await setLocations(host.eventTypeId, PLACES);
    const { data, error } = await anonClient().rpc('public_event_type', { p_event_type_id: host.eventTypeId });
    expect(error).toBeNull();
    expect(data[0].locations).toEqual([{ kind: 'in_person', address: '1 Main St, Springfield' }, { kind: 'phone_guest_calls' }, { kind: 'link' }, { kind: 'jitsi' }]);
  });
});

describe("a booking's location", () => {
  it('is written by create_booking: a fresh unguessable Jitsi room on the chosen server, read by the host, never by anon', async () => {
    const host = await newHost();
    await setLocations(host.eventTypeId, [{ kind: 'jitsi', server: 'jitsi.example.org' }, { kind: 'phone_host_calls' }]);
    const rooms: string[] = [];
    for (const day of [1, 2]) {
      const start = new Date(Date.UTC(2030, 0, day, 10));
      const { data, error } = await serviceClient().rpc('create_booking', {
        p_event_type_id: host.eventTypeId,
        p_start: start.toISOString(),
        p_end: new Date(start.getTime() + 30 * 60_000).toISOString(),
        p_guest: { guestName: 'G', guestEmail: 'g@example.com', locationKind: 'jitsi' },
      });
      expect(error).toBeNull();
      expect(data.location).toMatchObject({ kind: 'jitsi' });
      expect(data.location.value).toMatch(/^https:\/\/jitsi\.example\.org\/kairos-[0-9a-f]{32}$/);
      rooms.push(data.location.value);
    }
    expect(new Set(rooms).size).toBe(2);

    const own = await host.client.from('bookings').select('location').eq('event_type_id', host.eventTypeId);
    expect(own.data?.map((b) => b.location.value).sort()).toEqual([...rooms].sort());
    const anon = await anonClient().from('bookings').select('location').eq('event_type_id', host.eventTypeId);
    expect(anon.data ?? []).toEqual([]);
  });

  it('refuses a kind the event type does not offer, and phone_host_calls without an E.164 number', async () => {
    const host = await newHost();
    await setLocations(host.eventTypeId, [{ kind: 'phone_host_calls' }]);
    const rpc = (guest: Record<string, unknown>, day: number) => {
      const start = new Date(Date.UTC(2030, 1, day, 10));
      return serviceClient().rpc('create_booking', {
        p_event_type_id: host.eventTypeId,
        p_start: start.toISOString(),
        p_end: new Date(start.getTime() + 30 * 60_000).toISOString(),
        p_guest: { guestName: 'G', guestEmail: 'g@example.com', ...guest },
      });
    };
    expect((await rpc({ locationKind: 'jitsi', guestPhone: '+14155550123' }, 1)).error?.message).toMatch(/location/i);
    expect((await rpc({ locationKind: 'phone_host_calls', guestPhone: '555 0123' }, 2)).error?.message).toMatch(/phone/i);
    const ok = await rpc({ guestPhone: '+14155550123' }, 3);
    expect(ok.error).toBeNull();
    expect(ok.data.location).toEqual({ kind: 'phone_host_calls', value: '+14155550123' });
  });
});

describe('a rescheduled booking', () => {
  it("keeps its place (the same room): guest_reschedule_booking carries the old booking's location over", async () => {
    const host = await newHost();
    await setLocations(host.eventTypeId, [{ kind: 'jitsi', server: 'meet.jit.si' }]);
    const start = new Date(Date.UTC(2030, 2, 4, 10));
    const { data: booked, error } = await serviceClient().rpc('create_booking', {
      p_event_type_id: host.eventTypeId,
      p_start: start.toISOString(),
      p_end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      p_guest: { guestName: 'G', guestEmail: 'g@example.com' },
    });
    expect(error).toBeNull();
    await sql(`update public.bookings set manage_token_hash = encode(sha256(convert_to('tok', 'UTF8')), 'hex') where id = $1`, [booked.id]);
    const moved = new Date(Date.UTC(2030, 2, 5, 10));
    const [row] = await sql<{ location: unknown }>(
      `select (public.guest_reschedule_booking($1, 'tok', $2, $3, 'test', 100)).location`,
      [booked.uid, moved.toISOString(), new Date(moved.getTime() + 30 * 60_000).toISOString()],
    );
    expect(row.location).toEqual(booked.location);
  });
});
