// deno test: the bookings function's body validation and routing (answered before any database read).
import assert from 'node:assert/strict';
import { bookingsHandler } from './handler.ts';

const handle = bookingsHandler({ supabaseUrl: 'http://supabase.test', anonKey: 'anon', serviceRoleKey: 'service', dbUrl: 'postgres://nobody@127.0.0.1:9/none', bookingsPerMinute: 60, allowedOrigins: [] });
const post = async (body: string) => {
  const res = await handle(new Request('http://fn.test/bookings', { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
  return { status: res.status, body: await res.json() };
};
const valid = { guestName: 'Ann', guestEmail: 'ann@example.com', startTime: '2026-12-01T10:00:00Z', endTime: '2026-12-01T10:30:00Z' };

Deno.test('bookings: malformed JSON and wrong shapes are 400 with a message', async () => {
  assert.deepEqual(await post('{'), { status: 400, body: { code: 'invalid_request', message: 'Invalid JSON body', messageId: 'invalidJson' } });
  for (const body of ['null', '[]', '"x"', '{}']) assert.equal((await post(body)).status, 400, body);
});

Deno.test('bookings: the guest form messages of docs/product/validation.md', async () => {
  assert.deepEqual((await post(JSON.stringify({ ...valid, eventTypeId: 1, guestEmail: '' }))).body, {
    code: 'invalid_request',
    message: 'Please fill in your name and email.',
    messageId: 'publicGuest',
  });
  assert.deepEqual((await post(JSON.stringify({ ...valid, eventTypeId: 1, guestEmail: 'nope' }))).body, {
    code: 'invalid_request',
    message: 'Valid email is required',
    messageId: 'validEmail',
  });
  assert.deepEqual((await post(JSON.stringify({ ...valid, eventTypeId: 1, startTime: '' }))).body, { code: 'invalid_request', message: 'Please select a date and time.', messageId: 'dateTime' });
  assert.deepEqual((await post(JSON.stringify({ ...valid, teamEventTypeId: 'x' }))).body, { code: 'invalid_request', message: 'Please select an event type', messageId: 'eventType' });
  assert.deepEqual((await post(JSON.stringify({ ...valid, eventTypeId: 1, endTime: '2026-12-01T09:00:00Z' }))).body, {
    code: 'invalid_request',
    message: 'End time must be after start time',
    messageId: 'endTime',
  });
});

Deno.test('bookings: a body over 1 MB is refused with 413, declared or streamed', async () => {
  const big = JSON.stringify({ ...valid, eventTypeId: 1, notes: 'x'.repeat(1_100_000) });
  assert.deepEqual(await post(big), { status: 413, body: { code: 'payload_too_large', message: 'Request body too large', messageId: 'payloadTooLarge' } });
  const stream = new ReadableStream({
    start(c) {
      for (let i = 0; i < 30; i++) c.enqueue(new TextEncoder().encode('x'.repeat(50_000)));
      c.close();
    },
  });
  const res = await handle(new Request('http://fn.test/bookings', { method: 'POST', body: stream, duplex: 'half' } as RequestInit));
  assert.equal(res.status, 413);
});
