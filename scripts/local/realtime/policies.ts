// Private channels are authorised by RLS on realtime.messages, checked the way hosted Realtime
// checks them: reading is a SELECT of probe rows under the caller's role and claims, sending is an
// INSERT under them; both in a transaction that is rolled back.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { transaction } from '../db.ts';

export type Extension = 'broadcast' | 'presence';

export interface Caller {
  role: string;
  sub: string | null;
  claims: Record<string, unknown>;
}

/** Makes the rest of the transaction act as the caller on `topic` (policies read realtime.topic()). */
async function actAs(client: pg.PoolClient, caller: Caller, topic: string): Promise<void> {
  await client.query(
    `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
            set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
            set_config('request.jwt.claim.role', $1, true)`,
    [caller.role, topic, JSON.stringify(caller.claims), caller.sub ?? ''],
  );
}

const ROLLBACK = Symbol('rollback');

/** Runs `fn` in a transaction that is always rolled back, returning what it computed. */
async function probe<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await transaction(pool, async (c) => {
    result = await fn(c);
    throw ROLLBACK;
  }).catch((e) => {
    if (e !== ROLLBACK) throw e;
  });
  return result as T;
}

/** Which extensions the caller may receive on `topic` (SELECT policies). */
export function canRead(pool: pg.Pool, caller: Caller, topic: string): Promise<Record<Extension, boolean>> {
  return probe(pool, async (c) => {
    const ids = { broadcast: randomUUID(), presence: randomUUID() };
    await c.query(
      `insert into realtime.messages (id, topic, extension) values ($1, $3, 'broadcast'), ($2, $3, 'presence')`,
      [ids.broadcast, ids.presence, topic],
    );
    await actAs(c, caller, topic);
    const { rows } = await c.query<{ id: string }>('select id from realtime.messages where id = any($1::uuid[])', [
      [ids.broadcast, ids.presence],
    ]);
    const seen = new Set(rows.map((r) => r.id));
    return { broadcast: seen.has(ids.broadcast), presence: seen.has(ids.presence) };
  });
}

/** Whether the caller may send `extension` messages on `topic` (INSERT policies). */
export function canWrite(pool: pg.Pool, caller: Caller, topic: string, extension: Extension): Promise<boolean> {
  return probe(pool, async (c) => {
    await actAs(c, caller, topic);
    await c.query('savepoint probe');
    try {
      await c.query('insert into realtime.messages (topic, extension) values ($1, $2)', [topic, extension]);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === '42501') return false;
      throw e;
    }
  });
}

export interface StoredMessage {
  id: string;
  event: string;
  payload: unknown;
  binary_payload: Buffer | null;
}

/** Broadcasts of a private topic since `since` (ms), oldest first: what Broadcast Replay sends. */
export async function replay(pool: pg.Pool, topic: string, since: number, limit: number): Promise<StoredMessage[]> {
  const { rows } = await pool.query<StoredMessage>(
    `select id, event, payload, binary_payload from realtime.messages
      where topic = $1 and private is true and extension = 'broadcast'
        and inserted_at >= (to_timestamp($2::float8 / 1000) at time zone 'UTC')
        and inserted_at < (now() at time zone 'UTC') + interval '1 minute'
      order by inserted_at desc limit $3`,
    [topic, since, Math.max(1, Math.min(limit, 25))],
  );
  return rows.reverse();
}

/** Stores a broadcast for replay (`persist`); replication then delivers it like any stored message. */
export async function persist(pool: pg.Pool, topic: string, b: { event: string; payload: unknown; binary?: Uint8Array }): Promise<void> {
  await pool.query(
    `insert into realtime.messages (topic, extension, event, payload, binary_payload, private)
     values ($1, 'broadcast', $2, $3, $4, true)`,
    [topic, b.event, b.binary ? null : JSON.stringify(b.payload ?? {}), b.binary ? Buffer.from(b.binary) : null],
  );
}
