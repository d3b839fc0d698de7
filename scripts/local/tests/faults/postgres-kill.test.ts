// Postgres killed hard (SIGKILL of the postmaster) in the middle of a booking storm, then restarted:
// every booking a guest was told about (201) is in the database exactly once, nothing overlaps, and
// booking works again without restarting the rest of the stack. Starts its own stack.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bookableHost, bookAsGuest, type Offered } from '../../../bench/booking.ts';
import { overlappingPairs } from '../../../bench/lib/fixtures.ts';
import { pool, type Answer } from '../../../bench/lib/guests.ts';
import { targetOf, type Target } from '../../../bench/lib/stack.ts';
import { startTestStack, type TestStack } from '../../test-stack/start.ts';
import { isAlive } from '../../process.ts';
import { HANG_MS, kinds } from './support.ts';

const HOSTS = 6;
const SLOTS_PER_HOST = 40;
const REQUESTS = 300;

let t: TestStack;
let db: pg.Pool;
let target: Target;

beforeAll(async () => {
  t = await startTestStack();
  db = new pg.Pool({ connectionString: t.stack.dbUrl, max: 2 });
  // Connections of this pool die with the postmaster; that must not crash the test process.
  db.on('error', () => {});
  target = targetOf(t, db);
});

afterAll(async () => {
  await db?.end();
  await t?.dispose();
});

it('keeps every acknowledged booking, once, without overlaps, across a hard kill of Postgres', { timeout: 180_000 }, async () => {
  const hosts = await Promise.all(Array.from({ length: HOSTS }, (_, i) => bookableHost(target, `kill${i}`)));
  for (const h of hosts) expect(h.slots.length).toBeGreaterThan(SLOTS_PER_HOST);
  // Slots are asked for more than once (300 requests, 240 slots), so the storm also has races.
  const requests = Array.from({ length: REQUESTS }, (_, i) => {
    const host = hosts[i % HOSTS];
    return { host, slot: host.slots[Math.floor(i / HOSTS) % SLOTS_PER_HOST], guest: i };
  });

  let settled = 0;
  const postmaster = t.stack.postgres.pid()!;
  const storm = pool(REQUESTS, 12, async (i): Promise<Answer> => {
    const r = requests[i];
    const a = await bookAsGuest(target, r.guest, r.host.eventTypeId, r.slot, HANG_MS);
    settled++;
    return a;
  });
  const kill = (async () => {
    while (settled < 60) await sleep(10);
    process.kill(postmaster, 'SIGKILL');
    while (isAlive(postmaster)) await sleep(20);
    await sleep(300); // requests keep arriving while the database is gone
    await t.stack.restartPostgres();
  })();
  const [answers] = await Promise.all([storm, kill]);

  // Some requests failed while the database was down (the kill happened mid-storm), none hung.
  expect(kinds(answers)).not.toHaveProperty('hung');
  const acknowledged = answers
    .map((a, i) => ({ a, r: requests[i] }))
    .filter(({ a }) => a.status === 201)
    .map(({ a, r }) => ({ id: Number(a.body.id), start: r.slot.start, email: `guest${r.guest}@example.test`, userId: r.host.userId }));
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeLessThan(REQUESTS);
  expect(new Set(acknowledged.map((b) => b.id)).size).toBe(acknowledged.length);

  const stored = (
    await db.query<{ id: string; start_time: Date; guest_email: string; user_id: string }>(
      `select id, start_time, guest_email, user_id from public.bookings where id = any($1::bigint[])`,
      [acknowledged.map((b) => b.id)],
    )
  ).rows;
  const byId = new Map(stored.map((r) => [Number(r.id), r]));
  for (const b of acknowledged) {
    const row = byId.get(b.id);
    expect(row, `booking ${b.id} was acknowledged but is missing`).toBeDefined();
    expect({ start: row!.start_time.toISOString(), email: row!.guest_email, userId: row!.user_id }).toEqual({
      start: new Date(b.start).toISOString(),
      email: b.email,
      userId: b.userId,
    });
  }
  const userIds = hosts.map((h) => h.userId);
  const doubles = await db.query(
    `select user_id, start_time, count(*) from public.bookings where user_id = any($1) and status <> 'cancelled'
     group by 1, 2 having count(*) > 1`,
    [userIds],
  );
  expect(doubles.rows).toEqual([]);
  expect(await overlappingPairs(db, userIds)).toBe(0);

  // Booking works again on the same stack (PostgREST and the functions reconnected by themselves).
  const fresh: Offered = hosts[0].slots[SLOTS_PER_HOST + 1];
  await expect.poll(async () => (await bookAsGuest(target, 9999, hosts[0].eventTypeId, fresh, HANG_MS)).status, { timeout: 30_000, interval: 500 }).toBe(201);
});
