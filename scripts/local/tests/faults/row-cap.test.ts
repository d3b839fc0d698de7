// Scale faults: PostgREST (like hosted Supabase) returns at most 1,000 rows per request. A host with more
// busy intervals than that must still never be offered a busy time, and a team with more bookings than
// that must still be assigned fairly.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { busyIntervals, createEventType, createUser, insertBookings, setAvailability, setSettings } from '../../../bench/lib/fixtures.ts';
import { request } from '../../../bench/lib/guests.ts';
import { roundRobinTeam } from '../../../bench/team.ts';
import { stack } from '../../test-stack/harness.ts';
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

it('round robin still picks the member booked least recently when the team has over 1,000 bookings', { timeout: 120_000 }, async () => {
  const { anonKey, apiUrl } = stack();
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const team = await roundRobinTeam({ db, apiUrl, anonHeaders: headers }, 2);
  const [a, b] = team.memberIds;
  const insert = (member: string, starts: string, count: number, bookedAt: string) =>
    db.query(
      `insert into public.bookings (event_type_id, team_id, assigned_user_id, guest_name, guest_email, start_time, end_time, status, created_at)
       select $1, $2, $3, 'Earlier guest', 'earlier@example.test', s, s + interval '30 minutes', 'confirmed', $6::timestamptz
       from generate_series($4::timestamptz, $4::timestamptz + ($5 - 1) * interval '1 hour', interval '1 hour') s`,
      [team.teamEventTypeId, team.teamId, b === member ? b : a, starts, count, bookedAt],
    );
  // Booked two days ago: B. Booked ten days ago, 1,000 times, and once more just now: A. So B is next.
  await insert(b, '2020-01-01T09:00:00Z', 1, new Date(Date.now() - 2 * 86_400_000).toISOString());
  await insert(a, '2020-02-01T00:00:00Z', 1000, new Date(Date.now() - 10 * 86_400_000).toISOString());
  await insert(a, '2020-06-01T09:00:00Z', 1, new Date().toISOString());

  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const slots = await request(`${apiUrl}/functions/v1/slots?teamEventTypeId=${team.teamEventTypeId}&startDate=${day}&endDate=${day}&timeZone=UTC`, { headers, timeoutMs: HANG_MS });
  expect(slots.status).toBe(200);
  const slot = slots.body.slots[0];
  const booked = await request(`${apiUrl}/functions/v1/api/teams/${team.teamId}/bookings`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ teamEventTypeId: team.teamEventTypeId, guestName: 'Next guest', guestEmail: 'next@example.test', startTime: slot.start, endTime: slot.end }),
    timeoutMs: HANG_MS,
  });
  expect(booked.status).toBe(201);
  expect(booked.body.assignedUserId === b ? 'least recently booked member' : 'the member booked just now').toBe('least recently booked member');
});
