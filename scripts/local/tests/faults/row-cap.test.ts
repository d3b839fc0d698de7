// Scale fault: PostgREST (like hosted Supabase) returns at most 1,000 rows per request. A host with more
// busy intervals than that in the listed range must still never be offered a busy time.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { busyIntervals, createEventType, createUser, insertBookings, setAvailability, setSettings } from '../../../bench/lib/fixtures.ts';
import { request } from '../../../bench/lib/guests.ts';
import { stack } from '../../test/harness.ts';
import { HANG_MS } from './support.ts';

let db: pg.Pool;
beforeAll(() => {
  db = new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
});
afterAll(async () => {
  await db?.end();
});

it('a host with 3,000 bookings in the next 60 days is offered no slot that overlaps one of them', { timeout: 120_000 }, async () => {
  const host = await createUser(db, { label: 'rowcap' });
  await setAvailability(db, host);
  await setSettings(db, host, { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 });
  const eventTypeId = await createEventType(db, host, 30);
  const other = await createEventType(db, host, 15, 'Existing bookings');
  const busy = busyIntervals(Date.now(), 3000, 11);
  await insertBookings(db, host, other, busy);

  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 59 * 86_400_000).toISOString().slice(0, 10);
  const { anonKey, apiUrl } = stack();
  const a = await request(`${apiUrl}/functions/v1/slots?eventTypeId=${eventTypeId}&startDate=${today}&endDate=${end}&timeZone=UTC`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    timeoutMs: HANG_MS,
  });
  expect(a.status).toBe(200);
  const spans = busy.map((b) => [Date.parse(String(b.start)), Date.parse(String(b.end))]);
  const clashing = (a.body.slots as { start: string; end: string }[]).filter((s) => {
    const [from, to] = [Date.parse(s.start), Date.parse(s.end)];
    return spans.some(([bs, be]) => bs < to && from < be);
  });
  expect(clashing.map((s) => s.start)).toEqual([]);
});
