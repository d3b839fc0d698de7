// Restarting Realtime while bookings change: clients reconnect on their own, and no booking change
// is missed. The host's private channel asks for Broadcast Replay, so what was committed while the
// service was down reaches it after the reconnect; the public slot channel comes back and carries
// the next change. This file starts its own stack so the shared one is never disturbed.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventType, createUser, insertBookings } from '../../../bench/lib/fixtures.ts';
import { realtimeClient as connect } from '../../test-stack/harness.ts';
import { startTestStack, type TestStack } from '../../test-stack/start.ts';

let t: TestStack;
let db: pg.Pool;
let host: string;
let eventTypeId: number;
const clients: SupabaseClient[] = [];

/** A Realtime client of this file's own stack. */
async function realtimeClient(token?: string): Promise<SupabaseClient> {
  const c = await connect({ token, apiUrl: t.stack.config.apiUrl, anonKey: t.stack.config.anonKey });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  t = await startTestStack();
  db = new pg.Pool({ connectionString: t.stack.dbUrl, max: 2 });
  host = await createUser(db, { label: 'realtime' });
  eventTypeId = await createEventType(db, host, 30);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await db?.end();
  await t?.dispose();
});

/** A booking `day` days ahead at 10:00 UTC; returns its id. */
async function book(day: number): Promise<number> {
  const start = new Date(Date.UTC(2030, 0, 1 + day, 10));
  await insertBookings(db, host, eventTypeId, [{ start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString() }]);
  const { rows } = await db.query('select id from public.bookings where user_id = $1 and start_time = $2', [host, start]);
  return Number(rows[0].id);
}

function subscribed(channel: RealtimeChannel, statuses: string[]): Promise<void> {
  return new Promise((resolve) =>
    channel.subscribe((status) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') resolve();
    }),
  );
}

describe('a Realtime restart', () => {
  it('reconnects clients, which miss no booking change made meanwhile', async () => {
    const token = await new SignJWT({ sub: host, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.stack.config.jwtSecret));
    const hostClient = await realtimeClient(token);
    const since = Date.now() - 1000;
    const bookings = hostClient.channel(`bookings:${host}`, { config: { private: true, broadcast: { replay: { since, limit: 25 } } } });
    const seen = new Map<string, number>();
    bookings.on('broadcast', { event: 'INSERT' }, ({ payload, meta }) => seen.set(meta?.id ?? payload.id, payload.record.id));
    const slots = (await realtimeClient()).channel(`slots:event_type:${eventTypeId}`, { config: { private: true } });
    let signals = 0;
    slots.on('broadcast', { event: 'busy_changed' }, () => signals++);
    const hostStatuses: string[] = [];
    const slotStatuses: string[] = [];
    await subscribed(bookings, hostStatuses);
    await subscribed(slots, slotStatuses);

    const before = await book(1);
    await expect.poll(() => [...seen.values()]).toEqual([before]);
    await expect.poll(() => signals).toBeGreaterThan(0);

    let during = 0;
    await t.stack.restartRealtime(async () => {
      during = await book(2);
    });

    // Both clients come back by themselves (realtime-js reconnects and rejoins).
    await expect.poll(() => hostStatuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => slotStatuses.filter((s) => s === 'SUBSCRIBED').length, { timeout: 30_000 }).toBe(2);
    // The booking made while Realtime was down reaches the host, once.
    await expect.poll(() => new Set(seen.values())).toEqual(new Set([before, during]));

    const signalsBefore = signals;
    const after = await book(3);
    await expect.poll(() => new Set(seen.values())).toEqual(new Set([before, during, after]));
    await expect.poll(() => signals).toBeGreaterThan(signalsBefore);
  });
});
