// Broadcast from Database on bookings: a guest books through the api, and the triggers' messages
// reach the host's private channel (the booking row) and every open booking page's public channel
// (a bare "busy time changed" signal, without guest data), through the local Realtime.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { join, realtimeClient as connect } from '../../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from './client.ts';
import { guestBody, newHost, soon } from './fixtures.ts';

const clients: SupabaseClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.removeAllChannels())));

async function realtimeClient(token?: string): Promise<SupabaseClient> {
  const c = await connect({ token });
  clients.push(c);
  return c;
}

describe('booking changes over Realtime', () => {
  it('tells the host (privately) and open booking pages (publicly, without guest data) the moment a guest books, and not of the manage link\'s hash', async () => {
    const host = await newHost();
    const hostChannel = (await realtimeClient(host.accessToken)).channel(`bookings:${host.id}`, { config: { private: true } });
    type Row = Record<string, unknown>;
    const changes: { event: string; payload: { record: Row; old_record: Row | null; [key: string]: unknown } }[] = [];
    hostChannel.on('broadcast', { event: '*' }, (m) => changes.push(m as never));
    const page = (await realtimeClient()).channel(`slots:event_type:${host.eventTypeId}`, { config: { private: true } });
    const signals: Record<string, unknown>[] = [];
    page.on('broadcast', { event: 'busy_changed' }, (m) => signals.push(m.payload));
    expect((await join(hostChannel)).status).toBe('SUBSCRIBED');
    expect((await join(page)).status).toBe('SUBSCRIBED');

    const guestEmail = `grace-${host.id}@example.test`;
    const booked = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, soon(), 30, { guestName: 'Grace Guest', guestEmail }) });
    expect(booked.status).toBe(201);

    await expect.poll(() => changes.map((c) => c.event)[0]).toBe('INSERT');
    const { payload } = changes[0];
    expect(payload).toMatchObject({ operation: 'INSERT', table: 'bookings', schema: 'public', old_record: null });
    expect(payload.record).toMatchObject({ id: booked.body.id, user_id: host.id, guest_name: 'Grace Guest', status: 'confirmed' });

    await expect.poll(() => signals.length).toBeGreaterThan(0);
    // Only the message id: nothing about who booked, or when.
    expect(signals.every((s) => Object.keys(s).join() === 'id')).toBe(true);

    // The guest's mail leaves after its manage link's hash is stored on the row: an update the host
    // does not hear of (it changes nothing on the dashboard).
    await waitForMails(guestEmail, 1);
    const cancelled = await call(`/api/bookings/${booked.body.id}/cancel`, { method: 'POST', token: host.accessToken });
    expect(cancelled.status).toBe(200);
    // The cancellation is the next message: an UPDATE from confirmed to cancelled.
    await expect.poll(() => changes.length).toBeGreaterThanOrEqual(2);
    expect(changes[1].event).toBe('UPDATE');
    expect(changes[1].payload.old_record?.status).toBe('confirmed');
    expect(changes[1].payload.record.status).toBe('cancelled');
    expect(changes.filter((c) => c.event === 'INSERT')).toHaveLength(1);
  });
});
