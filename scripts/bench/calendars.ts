// Benchmark 6: the `slots` function for a host with 500 bookings, without and with 1,000 cached
// external calendar events (the busy cache a connected calendar fills). The slot path reads only the
// cache, so the difference is one more indexed read and a longer busy list for the engine.
import autocannon from 'autocannon';
import type pg from 'pg';
import { addDays, instantToZoned } from '../../supabase/functions/_shared/rules/time.ts';
import { HOST_ZONE, VISITOR_ZONE } from './engine.ts';
import { busyIntervals, createEventType, createUser, HORIZON_DAYS, insertBookings, setAvailability } from './lib/fixtures.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack } from './lib/stack.ts';

const TITLE = '6 calendars: slots with cached external events';

/** A subscription whose cache holds `intervals`; marked just synced, so no sync runs during the bench. */
export async function cacheExternalEvents(db: pg.Pool, userId: string, intervals: { start: string | number | Date; end: string | number | Date }[]) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.calendar_connections (user_id, provider, label, server_url, last_synced_at, last_attempt_at)
     values ($1, 'ics', 'Bench calendar', 'https://calendar.example.com', now(), now() + interval '1 day') returning id`,
    [userId],
  );
  await db.query(`insert into public.calendar_credentials (connection_id, secret) values ($1, 'v1.bench.bench')`, [rows[0].id]);
  const source = await db.query<{ id: string }>(
    `insert into public.calendar_sources (connection_id, user_id, remote_id, name) values ($1, $2, 'feed', 'Bench') returning id`,
    [rows[0].id, userId],
  );
  await db.query(
    `insert into public.external_busy (source_id, user_id, during)
     select $1, $2, tstzrange(s, e, '[)') from unnest($3::timestamptz[], $4::timestamptz[]) as t(s, e)`,
    [source.rows[0].id, userId, intervals.map((i) => new Date(i.start)), intervals.map((i) => new Date(i.end))],
  );
}

export async function benchCalendars(report: Report, s: BenchStack, seconds = 8) {
  const now = Date.now();
  for (const external of [0, 1000]) {
    const host = await createUser(s.db, { timezone: HOST_ZONE, label: `cal${external}` });
    await setAvailability(s.db, host);
    const eventTypeId = await createEventType(s.db, host, 30);
    const otherType = await createEventType(s.db, host, 15, 'Existing bookings');
    await insertBookings(s.db, host, otherType, busyIntervals(now, 500));
    if (external) await cacheExternalEvents(s.db, host, busyIntervals(now, external, 11));

    const today = instantToZoned(now, VISITOR_ZONE).date;
    const url =
      `${s.apiUrl}/functions/v1/slots?eventTypeId=${eventTypeId}&startDate=${today}` +
      `&endDate=${addDays(today, HORIZON_DAYS)}&timeZone=${encodeURIComponent(VISITOR_ZONE)}`;
    const probe = await call(url, { headers: s.anonHeaders });
    if (probe.status !== 200 || !Array.isArray(probe.body?.slots)) throw new Error(`slots answered ${probe.status}`);
    const kase = `500 bookings, ${external.toLocaleString('en-US')} cached external events`;
    report.add(TITLE, kase, 'slots offered', probe.body.slots.length);
    for (const connections of [1, 50]) {
      const r = await autocannon({ url, connections, duration: seconds, headers: s.anonHeaders, timeout: 30 });
      report.add(TITLE, kase, `${connections} conn: p50 / p99`, `${r.latency.p50} / ${r.latency.p99} ms`);
      report.add(TITLE, kase, `${connections} conn: req/s`, (r['2xx'] + r.non2xx) / seconds);
    }
  }
}
