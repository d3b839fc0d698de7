// The outbox under faults: the worker killed in the middle of an SMTP delivery, several workers at
// once, and an SMTP server that refuses for a while (Mailpit's chaos triggers). Each message reaches
// the inbox exactly once. This file starts its own stack (short lease, chaos on its own catcher).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventType, createUser, setAvailability } from '../../../bench/lib/fixtures.ts';
import { startTestStack, type TestStack } from '../../test-stack/start.ts';

let t: TestStack;
let db: pg.Pool;
let eventTypeId: number;
let hostId: string;
let inbox: string;
/** Next free half hour for a booking of this file (each test books its own). */
let nextStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 6);

const LEASE_SECONDS = 3;

beforeAll(async () => {
  t = await startTestStack({ functionsEnv: { OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) } });
  db = new pg.Pool({ connectionString: t.stack.dbUrl, max: 4 });
  hostId = await createUser(db, { label: 'outbox' });
  await setAvailability(db, hostId);
  eventTypeId = await createEventType(db, hostId, 30);
  inbox = `http://127.0.0.1:${t.stack.config.ports.inbox}/api/v1`;
});

afterAll(async () => {
  await db?.end();
  await t?.dispose();
});

/** A confirmed booking written as the service would; its two mails (guest, host) enter the outbox. */
async function book(guest: string): Promise<number> {
  const start = new Date(nextStart);
  nextStart += 3_600_000;
  const { rows } = await db.query<{ id: string }>(
    `select id from create_booking($1, $2, $3, jsonb_build_object('guest_name', 'Gail Guest', 'guest_email', $4::text))`,
    [eventTypeId, start.toISOString(), new Date(start.getTime() + 1_800_000).toISOString(), guest],
  );
  return Number(rows[0].id);
}

async function rows(bookingIds: number[]) {
  return (
    await db.query<{ id: string; status: string; attempts: number; message_id: string; last_error: string | null }>(
      'select id, status, attempts, message_id, last_error from outbox where booking_id = any($1) order by id',
      [bookingIds],
    )
  ).rows;
}

/** Messages in the inbox with this Message-ID. */
async function copies(messageId: string): Promise<number> {
  const res = await fetch(`${inbox}/search?query=${encodeURIComponent(`message-id:${messageId}`)}`);
  return (await res.json()).total;
}

const sweepNow = () =>
  fetch(`${t.stack.config.apiUrl}/functions/v1/outbox`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.stack.config.serviceRoleKey}` },
  }).then((r) => r.json());

describe('outbox delivery', () => {
  it('delivers each message once when the worker is killed after the server took the message but before it answered', async () => {
    const hold = t.stack.mail.holdNextDelivery();
    const booking = await book('killed@example.test');
    // The kick delivers at once; the first message is now stored by the catcher, its 250 held back.
    const held = await hold.arrived;
    await t.stack.functions.process('outbox')!.restart();
    hold.release();

    await expect.poll(async () => (await rows([booking])).map((r) => r.status), { timeout: 60_000, interval: 500 }).toEqual(['sent', 'sent']);
    const [first, second] = await rows([booking]);
    const interrupted = [first, second].find((r) => r.message_id === held.MessageID)!;
    // Claimed by the killed worker, then again after its lease ran out; sent both times, kept once.
    expect(interrupted.attempts).toBe(2);
    for (const r of [first, second]) expect(await copies(r.message_id)).toBe(1);
    // The resend of the held message (and of its sibling, if the kill also cut that one short after
    // its data went out) reached the catcher, which kept the first copy only.
    expect(t.stack.mail.stats.SMTPIgnored).toBeGreaterThanOrEqual(1);
    expect(t.stack.mail.stats.SMTPIgnored).toBeLessThanOrEqual([first, second].filter((r) => r.attempts === 2).length);
  });

  it('lets concurrent workers share the rows without sending any twice', async () => {
    const ignoredBefore = t.stack.mail.stats.SMTPIgnored;
    const bookings: number[] = [];
    for (let i = 0; i < 6; i++) bookings.push(await book(`concurrent-${i}@example.test`));
    // The database's kick and four more workers at once.
    const results = await Promise.all(Array.from({ length: 4 }, sweepNow));
    await expect.poll(async () => (await rows(bookings)).every((r) => r.status === 'sent'), { timeout: 60_000, interval: 500 }).toBe(true);
    const all = await rows(bookings);
    expect(all).toHaveLength(12);
    // Every row was claimed exactly once: no worker took another's row, none reached SMTP twice.
    expect(all.map((r) => r.attempts)).toEqual(all.map(() => 1));
    expect(t.stack.mail.stats.SMTPIgnored).toBe(ignoredBefore);
    for (const r of all) expect(await copies(r.message_id)).toBe(1);
    expect(results.every((r) => typeof r.claimed === 'number')).toBe(true);
  });

  it('retries with backoff while the SMTP server refuses, and delivers once it accepts', async () => {
    await fetch(`${inbox}/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode: 451, Probability: 100 } }) });
    const booking = await book('retry@example.test');
    await expect.poll(async () => (await rows([booking])).map((r) => [r.status, r.attempts]), { timeout: 30_000, interval: 300 }).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    for (const r of await rows([booking])) expect(r.last_error).toMatch(/451/);
    const [{ wait }] = (await db.query(`select min(available_at - now()) > interval '20 seconds' as wait from outbox where booking_id = $1`, [booking])).rows;
    expect(wait).toBe(true);

    await fetch(`${inbox}/chaos`, { method: 'PUT', body: '{}' });
    // Time passes: the backoff is over.
    await db.query(`update outbox set available_at = now() where booking_id = $1`, [booking]);
    await sweepNow();
    await expect.poll(async () => (await rows([booking])).map((r) => [r.status, r.attempts]), { timeout: 30_000, interval: 300 }).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('gives up at once on a permanent refusal and keeps the reason', async () => {
    await fetch(`${inbox}/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode: 550, Probability: 100 } }) });
    try {
      const booking = await book('refused@example.test');
      await expect.poll(async () => (await rows([booking])).map((r) => r.status), { timeout: 30_000, interval: 300 }).toEqual(['failed', 'failed']);
      for (const r of await rows([booking])) expect(r.last_error).toMatch(/^SMTP 550/);
    } finally {
      await fetch(`${inbox}/chaos`, { method: 'PUT', body: '{}' });
    }
  });
});
