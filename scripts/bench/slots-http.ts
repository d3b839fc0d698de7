// Benchmark 1b: the `slots` function end to end through the gateway (gateway → Deno → PostgREST →
// Postgres → engine), for the same host shape as the engine benchmark, at 1, 50 and 200 connections.
import autocannon from 'autocannon';
import { addDays, instantToZoned, zonedDateRange } from '../../supabase/functions/_shared/rules/time.ts';
import { benchHostSlots, BOOKING_COUNTS, HOST_ZONE, VISITOR_ZONE } from './engine.ts';
import { busyIntervals, createEventType, createUser, HORIZON_DAYS, insertBookings, setAvailability } from './lib/fixtures.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack } from './lib/stack.ts';

export const CONNECTIONS = [1, 50, 200] as const;

export async function benchSlotsHttp(report: Report, s: BenchStack, seconds = 8) {
  for (const count of BOOKING_COUNTS) {
    const host = await createUser(s.db, { timezone: HOST_ZONE, label: `slots${count}` });
    await setAvailability(s.db, host);
    const eventTypeId = await createEventType(s.db, host, 30);
    const otherType = await createEventType(s.db, host, 15, 'Existing bookings');
    const busy = busyIntervals(Date.now(), count);
    await insertBookings(s.db, host, otherType, busy);

    const today = instantToZoned(Date.now(), VISITOR_ZONE).date;
    const url =
      `${s.apiUrl}/functions/v1/slots?eventTypeId=${eventTypeId}&startDate=${today}` +
      `&endDate=${addDays(today, HORIZON_DAYS)}&timeZone=${encodeURIComponent(VISITOR_ZONE)}`;
    const probe = await call(url, { headers: s.anonHeaders });
    if (probe.status !== 200 || !Array.isArray(probe.body?.slots)) {
      throw new Error(`GET /functions/v1/slots answered ${probe.status}: ${JSON.stringify(probe.body ?? probe.error).slice(0, 200)}`);
    }
    const kase = `${count} bookings`;
    // What the engine offers for the same host and bookings: the function must agree.
    const expected = benchHostSlots(busy, Date.now(), zonedDateRange(today, addDays(today, HORIZON_DAYS), VISITOR_ZONE)).slots.length;
    const offered = probe.body.slots.length;
    report.add('1 slots: function via gateway', kase, 'slots offered (engine on the same data)', `${offered} (${expected})${offered === expected ? '' : ' MISMATCH'}`);
    // The public calendar's busy list (GET /api/users/:id/bookings, the public_busy RPC) for the same host.
    const busyList = await autocannon({ url: `${s.apiUrl}/functions/v1/api/users/${host}/bookings`, connections: 1, amount: 20, headers: s.anonHeaders, timeout: 30 });
    report.add('1 slots: function via gateway', kase, 'public busy list (api/users/:id/bookings), 1 conn: p50 / p99', `${busyList.latency.p50} / ${busyList.latency.p99} ms${busyList.non2xx ? `, ${busyList.non2xx} non-2xx` : ''}`);
    for (const connections of CONNECTIONS) {
      // 200 connections queue deep: a longer run lets the queue drain into answers instead of ending mid-flight.
      const duration = connections >= 200 ? seconds * 2.5 : seconds;
      const r = await autocannon({ url, connections, duration, headers: s.anonHeaders, timeout: 30 });
      const label = `${connections} conn`;
      const completed = r['2xx'] + r.non2xx;
      if (completed === 0) {
        report.add('1 slots: function via gateway', kase, `${label}: p50 / p99`, `no answer within the ${duration} s run`);
        continue;
      }
      report.add('1 slots: function via gateway', kase, `${label}: p50 / p99`, `${r.latency.p50} / ${r.latency.p99} ms`);
      report.add('1 slots: function via gateway', kase, `${label}: req/s`, completed / duration);
      if (r.non2xx || r.errors || r.timeouts) {
        report.add('1 slots: function via gateway', kase, `${label}: failures`, `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
      }
    }
  }
}
