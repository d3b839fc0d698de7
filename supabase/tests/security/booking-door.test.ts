// The booking door, replayed as an attacker: a signed-in user calls the booking RPCs over REST to get
// around the slot engine (the past, outside the hours, an inactive event type, `confirmed` on a
// manual-approval type, a 24-hour all-members block). The RPCs are the service role's alone, so the
// booking functions are the only door, and through that door every one of those is refused.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost } from '../api/fixtures.ts';
import { eventTypeOf, GUEST, teamWith } from './support.ts';

const span = (start: Date, minutes: number) => ({ p_start: start.toISOString(), p_end: new Date(start.getTime() + minutes * 60_000).toISOString() });

describe('the booking door', () => {
  it('refuses every booking RPC to a signed-in caller over REST, whatever the booking', async () => {
    const host = await newUser();
    const [open, manual, inactive] = [await eventTypeOf(host.id), await eventTypeOf(host.id, { auto_confirm: false }), await eventTypeOf(host.id, { is_active: false })];
    const victims = [await newUser(), await newUser()];
    const team = await teamWith(host.id, victims.map((v) => [v.id, 'member'] as [string, 'member']));
    const [{ id: block }] = await sql(
      `insert into public.event_types (team_id, title, duration, requires_all_members) values ($1, 'Block', 1440, true) returning id`,
      [team],
    );
    const attempts = [
      host.client.rpc('create_booking', { p_event_type_id: open, p_guest: GUEST, ...span(at(-2, 10), 30) }),
      host.client.rpc('create_booking', { p_event_type_id: open, p_guest: GUEST, ...span(at(3, 3), 30) }),
      host.client.rpc('create_booking', { p_event_type_id: inactive, p_guest: GUEST, ...span(at(3, 10), 30) }),
      host.client.rpc('create_booking', { p_event_type_id: manual, p_guest: GUEST, p_status: 'confirmed', ...span(at(3, 11), 30) }),
      host.client.rpc('create_booking', { p_event_type_id: block, p_guest: GUEST, ...span(at(4, 0), 1440) }),
    ];
    for (const { error } of await Promise.all(attempts)) {
      // Not executable (42501), or no such function for the status argument (PGRST202): never written.
      expect(['42501', 'PGRST202']).toContain(error?.code);
    }
    const row = { event_type_id: open, user_id: host.id, ...GUEST, start_time: at(3, 12).toISOString(), end_time: at(3, 13).toISOString() };
    expect((await host.client.from('bookings').insert(row)).error?.code).toBe('42501');
    expect(await sql('select count(*)::int as n from public.bookings where user_id = $1 or team_id = $2', [host.id, team])).toEqual([{ n: 0 }]);
    expect(await sql('select count(*)::int as n from public.booking_busy where user_id = any ($1)', [victims.map((v) => v.id)])).toEqual([{ n: 0 }]);
  });

  it('checks the same bookings at the door: the past, outside the hours, inactive, and the status comes from the event type', async () => {
    const host = await newHost({ autoConfirm: false, settings: { minimumNotice: 0 } });
    await call('/api/availability', { body: [{ dayOfWeek: at(3, 0).getUTCDay(), startTime: '09:00', endTime: '17:00', isEnabled: true }], token: host.accessToken });
    const book = (start: Date, extra: Record<string, unknown> = {}) => call('/bookings', { body: guestBody(host.eventTypeId, start, 30, extra) });
    expect(await book(at(-1, 10))).toMatchObject({ status: 400, body: { code: 'slot_in_past' } });
    expect(await book(at(3, 3))).toMatchObject({ status: 400, body: { code: 'slot_outside_hours' } });
    // A guest cannot choose the status: a manual-approval event type books `pending`.
    expect(await book(at(3, 10), { status: 'confirmed' })).toMatchObject({ status: 201, body: { status: 'pending' } });
    // The host, signed in, books for a guest through the same door.
    expect(await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 11)), token: host.accessToken })).toMatchObject({ status: 201 });
    await sql('update public.event_types set is_active = false where id = $1', [host.eventTypeId]);
    expect((await book(at(3, 12))).status).toBe(404);
    expect((await call('/api/bookings', { body: guestBody(host.eventTypeId, at(3, 13)), token: host.accessToken })).status).toBe(404);
  });
});
