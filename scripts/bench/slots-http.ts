// Benchmark 1b: the `slots` function end to end through the gateway (gateway → Deno → one SQL call →
// engine), for the engine benchmark's host shape: 500 bookings, and a busy host (1,000 bookings and
// 1,000 cached events of a connected calendar), at 1, 50 and 200 connections; repeats answered 304 by
// their ETag; the gateway's own cost (the same request straight to the function). Every load runs in
// a process of its own, so the stack's CPU per request (all its processes, user + system) is read apart.
import { addDays, instantToZoned, zonedDateRange } from '../../supabase/functions/_shared/rules/time.ts';
import { cacheExternalEvents } from './calendars.ts';
import { benchHostSlots, HOST_ZONE, VISITOR_ZONE } from './engine.ts';
import { busyIntervals, createEventType, createUser, HORIZON_DAYS, insertBookings, setAvailability } from './lib/fixtures.ts';
import { load } from './lib/load.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack } from './lib/stack.ts';

export const CONNECTIONS = [1, 50, 200] as const;
const TITLE = '1 slots: function via gateway';

const CASES = [
  { name: '500 bookings', bookings: 500, external: 0 },
  { name: 'busy host: 1,000 bookings + 1,000 calendar events', bookings: 1000, external: 1000 },
];

type Loaded = Awaited<ReturnType<typeof load>>;

function rows(report: Report, title: string, kase: string, label: string, r: Loaded, seconds: number) {
  const answered = r['2xx'] + r.non2xx;
  if (answered === 0) return report.add(title, kase, `${label}: p50 / p99`, `no answer within the ${seconds} s run`);
  report.add(title, kase, `${label}: p50 / p99`, `${r.latency.p50} / ${r.latency.p99} ms`);
  report.add(title, kase, `${label}: req/s`, answered / seconds);
  report.add(title, kase, `${label}: CPU per request (all stack processes)`, `${r.cpuMsPerRequest.toFixed(2)} ms`);
  report.add(title, kase, `${label}: CPU per request of the load generator (autocannon, same 2 cores)`, `${r.loadGeneratorCpuMsPerRequest.toFixed(2)} ms`);
  if (r.non2xx || r.errors || r.timeouts) report.add(title, kase, `${label}: failures`, `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
}

export async function benchSlotsHttp(report: Report, s: BenchStack, seconds = 8) {
  for (const c of CASES) {
    const now = Date.now();
    const host = await createUser(s.db, { timezone: HOST_ZONE, label: `slots${c.bookings}` });
    await setAvailability(s.db, host);
    const eventTypeId = await createEventType(s.db, host, 30);
    const otherType = await createEventType(s.db, host, 15, 'Existing bookings');
    const booked = busyIntervals(now, c.bookings);
    await insertBookings(s.db, host, otherType, booked);
    const external = c.external ? busyIntervals(now, c.external, 11) : [];
    if (external.length) await cacheExternalEvents(s.db, host, external);

    const today = instantToZoned(now, VISITOR_ZONE).date;
    const query = `eventTypeId=${eventTypeId}&startDate=${today}&endDate=${addDays(today, HORIZON_DAYS)}&timeZone=${encodeURIComponent(VISITOR_ZONE)}`;
    const url = `${s.apiUrl}/functions/v1/slots?${query}`;
    const probe = await call(url, { headers: s.anonHeaders });
    if (probe.status !== 200 || !Array.isArray(probe.body?.slots)) {
      throw new Error(`GET /functions/v1/slots answered ${probe.status}: ${JSON.stringify(probe.body ?? probe.error).slice(0, 200)}`);
    }
    // What the engine offers for the same host and busy time: the function must agree.
    const expected = benchHostSlots([...booked, ...external], Date.now(), zonedDateRange(today, addDays(today, HORIZON_DAYS), VISITOR_ZONE)).slots.length;
    const offered = probe.body.slots.length;
    report.add(TITLE, c.name, 'slots offered (engine on the same data)', `${offered} (${expected})${offered === expected ? '' : ' MISMATCH'}`);
    if (c.external === 0) {
      // The public calendar's busy list (GET /api/users/:id/bookings, the public_busy RPC) for the same host.
      const busyList = await load({ url: `${s.apiUrl}/functions/v1/api/users/${host}/bookings`, connections: 1, amount: 20, headers: s.anonHeaders });
      report.add(TITLE, c.name, 'public busy list (api/users/:id/bookings), 1 conn: p50 / p99', `${busyList.latency.p50} / ${busyList.latency.p99} ms`);
    }
    for (const connections of CONNECTIONS) {
      // 200 connections queue deep: a longer run lets the queue drain into answers instead of ending mid-flight.
      const duration = connections >= 200 ? seconds * 2.5 : seconds;
      rows(report, TITLE, c.name, `${connections} conn`, await load({ url, connections, duration, headers: s.anonHeaders }), duration);
    }
    // A guest's browser asking again with the ETag it holds: 304 while nothing changed (the ETag also
    // holds the minute, so a run crossing a minute gets 200s after it).
    const etag = (await fetch(url, { headers: s.anonHeaders })).headers.get('etag');
    if (etag) {
      const repeat = await load({ url, connections: 50, duration: seconds, headers: { ...s.anonHeaders, 'if-none-match': etag } });
      const label = 'repeat with If-None-Match, 50 conn';
      report.add(TITLE, c.name, `${label}: answers`, Object.entries(repeat.statusCodeStats ?? {}).map(([code, { count }]) => `${count}×${code}`).join(', '));
      rows(report, TITLE, c.name, label, { ...repeat, '2xx': repeat['2xx'] + repeat.non2xx, non2xx: 0 }, seconds);
    }
    if (c.external === 0) {
      // The gateway's own cost: the same request straight to the function's port.
      const direct = `http://127.0.0.1:${s.stack.functions.port('slots')}/slots?${query}`;
      for (const connections of [1, 50]) {
        const d = await load({ url: direct, connections, duration: seconds, headers: s.anonHeaders });
        const g = await load({ url, connections, duration: seconds, headers: s.anonHeaders });
        const title = '1 slots: gateway overhead';
        report.add(title, c.name, `${connections} conn p50: direct / via gateway`, `${d.latency.p50} / ${g.latency.p50} ms`);
        report.add(title, c.name, `${connections} conn req/s: direct / via gateway`, `${((d['2xx'] + d.non2xx) / seconds).toFixed(0)} / ${((g['2xx'] + g.non2xx) / seconds).toFixed(0)}`);
        report.add(title, c.name, `${connections} conn CPU per request: direct / via gateway`, `${d.cpuMsPerRequest.toFixed(2)} / ${g.cpuMsPerRequest.toFixed(2)} ms`);
      }
    }
  }
}
