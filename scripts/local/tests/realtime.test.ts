// The local Realtime through the official client (@supabase/realtime-js inside supabase-js), at
// /realtime/v1 of the gateway: broadcast, presence, private channels authorised by RLS on
// realtime.messages, Broadcast from Database and Broadcast Replay.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { join, newUser, realtimeClient as connect, sql } from '../test-stack/harness.ts';

const open: SupabaseClient[] = [];

/** A Realtime client removed after each test. */
async function realtimeClient(token?: string, vsn?: '1.0.0' | '2.0.0'): Promise<SupabaseClient> {
  const c = await connect({ token, vsn });
  open.push(c);
  return c;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.removeAllChannels()));
});

/** A broadcast as a channel hands it over: a JSON payload (or bytes), and Realtime's metadata. */
interface Received {
  payload: { n?: number; to?: string; id?: string; [key: string]: unknown };
  meta?: { id?: string; replayed?: boolean };
}

/** Collects the payloads of one broadcast event. */
function collect(channel: RealtimeChannel, event: string): Received[] {
  const got: Received[] = [];
  channel.on('broadcast', { event }, (m) => got.push(m as never));
  return got;
}

const topic = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

describe('Realtime broadcast', () => {
  it.each(['2.0.0', '1.0.0'] as const)('delivers a broadcast to the other subscribers of a public channel (vsn %s)', async (vsn) => {
    const name = topic('room');
    const [a, b] = [await realtimeClient(undefined, vsn), await realtimeClient(undefined, vsn)];
    const sender = a.channel(name, { config: { broadcast: { ack: true } } });
    const receiver = b.channel(name);
    const got = collect(receiver, 'cursor');
    const own = collect(sender, 'cursor');
    expect((await join(sender)).status).toBe('SUBSCRIBED');
    expect((await join(receiver)).status).toBe('SUBSCRIBED');
    expect(await sender.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, y: 2 } })).toBe('ok');
    await expect.poll(() => got.map((m) => m.payload)).toEqual([{ x: 1, y: 2 }]);
    // Without `self`, the sender does not hear itself.
    expect(own).toEqual([]);
  });

  it('echoes to the sender with `self`, and delivers binary payloads as bytes', async () => {
    const name = topic('self');
    const c = await realtimeClient();
    const channel = c.channel(name, { config: { broadcast: { self: true, ack: true } } });
    const got = collect(channel, 'ping');
    expect((await join(channel)).status).toBe('SUBSCRIBED');
    await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } });
    await expect.poll(() => got.map((m) => m.payload)).toEqual([{ n: 1 }]);
    expect(await channel.httpSend('ping', new Uint8Array([1, 2, 3]))).toEqual({ success: true });
    await expect.poll(() => got.length).toBe(2);
    expect([...new Uint8Array(got[1].payload as unknown as ArrayBuffer)]).toEqual([1, 2, 3]);
  });

  it('refuses a join without a valid token', async () => {
    const c = await realtimeClient('not-a-jwt');
    const { status, error } = await join(c.channel(topic('bad')));
    expect(status).toBe('CHANNEL_ERROR');
    expect(error?.message).toMatch(/JWT/);
  });
});

describe('Realtime presence', () => {
  it('shares who is present and announces who leaves', async () => {
    const name = topic('lobby');
    const [a, b] = [await realtimeClient(), await realtimeClient()];
    const ca = a.channel(name, { config: { presence: { key: 'alice' } } });
    const cb = b.channel(name, { config: { presence: { key: 'bob' } } });
    const leaves: string[] = [];
    ca.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    cb.on('presence', { event: 'sync' }, () => {});
    expect((await join(ca)).status).toBe('SUBSCRIBED');
    expect((await join(cb)).status).toBe('SUBSCRIBED');
    expect(await ca.track({ online_at: 'now', name: 'Alice' })).toBe('ok');
    expect(await cb.track({ name: 'Bob' })).toBe('ok');
    const names = (c: RealtimeChannel) =>
      Object.entries(c.presenceState())
        .map(([key, metas]) => `${key}:${(metas as { name?: string }[]).map((m) => m.name).join(',')}`)
        .sort();
    await expect.poll(() => names(ca)).toEqual(['alice:Alice', 'bob:Bob']);
    await expect.poll(() => names(cb)).toEqual(['alice:Alice', 'bob:Bob']);
    await b.removeChannel(cb);
    await expect.poll(() => names(ca)).toEqual(['alice:Alice']);
    expect(leaves).toEqual(['bob']);
  });
});

describe('Realtime private channels (RLS on realtime.messages)', () => {
  it("lets a host join their bookings channel and refuses another user, who lacks the policy", async () => {
    const host = await newUser();
    const other = await newUser();
    const own = (await realtimeClient(host.accessToken)).channel(`bookings:${host.id}`, { config: { private: true } });
    expect((await join(own)).status).toBe('SUBSCRIBED');
    const intruder = (await realtimeClient(other.accessToken)).channel(`bookings:${host.id}`, { config: { private: true } });
    const { status, error } = await join(intruder);
    expect(status).toBe('CHANNEL_ERROR');
    expect(error?.message).toContain(`Unauthorized: You do not have permissions to read from this Channel topic: bookings:${host.id}`);
    // Anon cannot join it either, and the same topic as a public channel carries none of its messages.
    const anonymous = (await realtimeClient()).channel(`bookings:${host.id}`, { config: { private: true } });
    expect((await join(anonymous)).status).toBe('CHANNEL_ERROR');
  });

  it('drops what a subscriber without an INSERT policy sends on a private channel', async () => {
    const host = await newUser();
    const a = (await realtimeClient(host.accessToken)).channel(`bookings:${host.id}`, { config: { private: true, broadcast: { self: true, ack: true } } });
    const got = collect(a, 'forged');
    expect((await join(a)).status).toBe('SUBSCRIBED');
    await a.send({ type: 'broadcast', event: 'forged', payload: { fake: true } });
    await expect(a.httpSend('forged', { fake: true })).rejects.toThrow(/Unauthorized/);
    // A message sent by the database afterwards arrives, so the forged one had its chance first.
    await sql(`select realtime.send('{"n": 1}', 'forged', $1, true)`, [`bookings:${host.id}`]);
    await expect.poll(() => got.length).toBe(1);
    expect(got[0].payload).toMatchObject({ n: 1 });
  });
});

describe('Broadcast from Database', () => {
  it('delivers realtime.send() from SQL to public and private channels, with the message id', async () => {
    const host = await newUser();
    const name = topic('db');
    const pub = (await realtimeClient()).channel(name);
    const priv = (await realtimeClient(host.accessToken)).channel(`bookings:${host.id}`, { config: { private: true } });
    const gotPublic = collect(pub, 'hello');
    const gotPrivate = collect(priv, 'hello');
    expect((await join(pub)).status).toBe('SUBSCRIBED');
    expect((await join(priv)).status).toBe('SUBSCRIBED');
    await sql(`select realtime.send('{"to": "public"}', 'hello', $1, false)`, [name]);
    await sql(`select realtime.send('{"to": "private"}', 'hello', $1, true)`, [`bookings:${host.id}`]);
    await expect.poll(() => gotPublic.map((m) => m.payload.to)).toEqual(['public']);
    await expect.poll(() => gotPrivate.map((m) => m.payload.to)).toEqual(['private']);
    const [{ id }] = await sql(`select id from realtime.messages where topic = $1`, [`bookings:${host.id}`]);
    expect(gotPrivate[0].meta).toEqual({ id });
    expect(gotPrivate[0].payload.id).toBe(id);
  });

  it('replays stored messages of a private channel to a subscriber that asks (Broadcast Replay)', async () => {
    const host = await newUser();
    const since = Date.now() - 1000;
    await sql(`select realtime.send('{"n": 1}', 'note', $1, true)`, [`bookings:${host.id}`]);
    await sql(`select realtime.send('{"n": 2}', 'note', $1, true)`, [`bookings:${host.id}`]);
    const channel = (await realtimeClient(host.accessToken)).channel(`bookings:${host.id}`, {
      config: { private: true, broadcast: { replay: { since, limit: 10 } } },
    });
    const got = collect(channel, 'note');
    expect((await join(channel)).status).toBe('SUBSCRIBED');
    await expect.poll(() => got.map((m) => m.payload.n)).toEqual([1, 2]);
    expect(got.every((m) => m.meta?.replayed === true)).toBe(true);
  });
});
