// deno test: the slots function's query validation (answered before any database read).
import assert from 'node:assert/strict';
import { slotsHandler } from './handler.ts';

const handle = slotsHandler({ supabaseUrl: 'http://supabase.test', anonKey: 'anon', serviceRoleKey: 'service', dbUrl: 'postgres://nobody@127.0.0.1:9/none', bookingsPerMinute: 60, allowedOrigins: [] });
const get = async (query: string) => {
  const res = await handle(new Request(`http://fn.test/slots${query}`));
  return { status: res.status, body: await res.json() };
};

Deno.test('slots: one of the two ids is required', async () => {
  assert.deepEqual(await get('?startDate=2026-12-01&endDate=2026-12-02'), { status: 400, body: { code: 'invalid_request', message: 'Please select an event type', messageId: 'eventType' } });
  assert.equal((await get('?eventTypeId=1&teamEventTypeId=2&startDate=2026-12-01&endDate=2026-12-02')).status, 400);
});

Deno.test('slots: dates, order, range and time zone are checked', async () => {
  assert.deepEqual((await get('?eventTypeId=1&startDate=2026-02-30&endDate=2026-03-01')).body, { code: 'invalid_request', message: 'Date must be YYYY-MM-DD', messageId: 'calendarDate' });
  assert.equal((await get('?eventTypeId=1&startDate=2026-03-02&endDate=2026-03-01')).status, 400);
  assert.match((await get('?eventTypeId=1&startDate=2026-01-01&endDate=2026-06-01')).body.message, /must not exceed 62 days/);
  assert.deepEqual((await get('?eventTypeId=1&from=2026-01-01&to=2026-01-02&timezone=Mars/Base')).body, { code: 'invalid_request', message: 'Invalid time zone', messageId: 'timeZone' });
});

Deno.test('slots: only GET /slots exists', async () => {
  assert.equal((await handle(new Request('http://fn.test/slots', { method: 'POST' }))).status, 405);
  assert.equal((await handle(new Request('http://fn.test/other'))).status, 404);
});
