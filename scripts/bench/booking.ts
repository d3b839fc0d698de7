// Benchmark 2: booking under contention, through the gateway and the api function, each guest from
// its own address. 200 guests race for one slot; then 2,000 bookings over many hosts and slots (some
// slots asked for twice), with the database checked for overlaps afterwards.
import { addDays, instantToZoned } from '../../supabase/functions/_shared/rules/time.ts';
import { createEventType, createUser, overlappingPairs, setAvailability, setSettings } from './lib/fixtures.ts';
import { guestAddress, pool, request, type Answer } from './lib/guests.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack, type Target } from './lib/stack.ts';
import { cpuMeter, perRequest } from './lib/cpu.ts';
import { percentile, timed } from './lib/stats.ts';

export const PUBLIC_BOOKING_PATH = '/functions/v1/api/bookings/public';
export const NO_LIMITS = { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 };

export interface Offered {
  start: string;
  end: string;
}

/** A host with one 30-minute event type and the slots the `slots` function offers for it. */
export async function bookableHost(s: Target, label: string): Promise<{ userId: string; eventTypeId: number; slots: Offered[] }> {
  const userId = await createUser(s.db, { label });
  await setAvailability(s.db, userId);
  await setSettings(s.db, userId, NO_LIMITS);
  const eventTypeId = await createEventType(s.db, userId, 30);
  return { userId, eventTypeId, slots: await offeredSlots(s, eventTypeId) };
}

/** The slots the `slots` function offers for an event type over 55 days from tomorrow (UTC). */
export async function offeredSlots(s: Target, eventTypeId: number): Promise<Offered[]> {
  // From tomorrow, so no slot slips into the past while the benchmark runs.
  const from = addDays(instantToZoned(Date.now(), 'UTC').date, 1);
  const res = await call(`${s.apiUrl}/functions/v1/slots?eventTypeId=${eventTypeId}&startDate=${from}&endDate=${addDays(from, 55)}&timeZone=UTC`, {
    headers: s.anonHeaders,
  });
  if (res.status !== 200 || !Array.isArray(res.body?.slots)) throw new Error(`slots answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.body.slots;
}

export function bookAsGuest(s: Target, guest: number, eventTypeId: number, slot: Offered, timeoutMs = 30_000): Promise<Answer> {
  return request(`${s.apiUrl}${PUBLIC_BOOKING_PATH}`, {
    method: 'POST',
    headers: { ...s.anonHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({
      eventTypeId,
      guestName: `Guest ${guest}`,
      guestEmail: `guest${guest}@example.test`,
      startTime: slot.start,
      endTime: slot.end,
      // The booking page sends the zone the guest picked a time in.
      guestTimeZone: 'Europe/Berlin',
    }),
    localAddress: guestAddress(guest),
    timeoutMs,
  });
}

function statusCounts(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(String(a.status || 'network error'), (counts.get(String(a.status || 'network error')) ?? 0) + 1);
  return [...counts].sort().map(([k, v]) => `${v}×${k}`).join(', ');
}

async function oneSlotRace(report: Report, s: BenchStack) {
  const host = await bookableHost(s, 'race');
  const slot = host.slots[0];
  const { ms, value: answers } = await timed(() => Promise.all(Array.from({ length: 200 }, (_, g) => bookAsGuest(s, g, host.eventTypeId, slot))));
  const stored = await s.db.query<{ n: string }>(`select count(*) as n from public.bookings where user_id = $1 and status <> 'cancelled'`, [host.userId]);
  const ok = answers.filter((a) => a.status === 201).length;
  const verdict = ok === 1 && Number(stored.rows[0].n) === 1 ? 'exactly 1 (verified in SQL)' : `WRONG: ${ok} acknowledged, ${stored.rows[0].n} stored`;
  report.add('2 booking: 200 guests, 1 slot', '200 concurrent', 'successes', verdict);
  report.add('2 booking: 200 guests, 1 slot', '200 concurrent', 'answers', statusCounts(answers));
  report.add('2 booking: 200 guests, 1 slot', '200 concurrent', 'all settled in', ms, 'ms');
  report.add('2 booking: 200 guests, 1 slot', '200 concurrent', 'p50 / p99', `${percentile(answers.map((a) => a.ms), 50).toFixed(0)} / ${percentile(answers.map((a) => a.ms), 99).toFixed(0)} ms`);
}

/** Waits until no mail of the hosts' bookings is still to be sent (the outbox works after the answers). */
async function mailsSent(s: BenchStack, hostIds: string[]): Promise<void> {
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const { rows } = await s.db.query<{ n: string }>(
      `select count(*) as n from public.outbox o join public.bookings b on b.id = o.booking_id
        where b.user_id = any($1) and o.kind = 'email' and o.status in ('pending', 'processing')`,
      [hostIds],
    );
    if (rows[0].n === '0') return;
  }
  throw new Error('the bookings\' mails were not all sent within 2 minutes');
}

/** 20 hosts × 80 slots = 1,600 distinct slots; 2,000 requests, so 400 of them lose a race. */
async function spread(report: Report, s: BenchStack, concurrency = 50) {
  const hosts = await Promise.all(Array.from({ length: 20 }, (_, i) => bookableHost(s, `spread${i}`)));
  const targets = Array.from({ length: 2000 }, (_, i) => {
    const host = hosts[i % hosts.length];
    const slot = host.slots[Math.floor(i / hosts.length) % 80];
    return { host, slot };
  });
  const meter = cpuMeter();
  const { ms, value: answers } = await timed(() => pool(targets.length, concurrency, (i) => bookAsGuest(s, 1000 + i, targets[i].host.eventTypeId, targets[i].slot)));
  const cpuSeconds = meter.stop();
  const split = meter.split();
  const latencies = answers.map((a) => a.ms);
  const ids = hosts.map((h) => h.userId);
  // Mails are sent while guests still book and after: how much of them falls inside the window above
  // depends on how fast the outbox keeps up, so the whole cost is also counted until they are all sent.
  await mailsSent(s, ids);
  const cpuWithMails = meter.stop();
  const splitWithMails = meter.split();
  const overlaps = await overlappingPairs(s.db, ids);
  const stored = Number(
    (await s.db.query<{ n: string }>(`select count(*) as n from public.bookings where user_id = any($1) and status <> 'cancelled'`, [ids])).rows[0].n,
  );
  const ok = answers.filter((a) => a.status === 201).length;
  const kase = `2,000 requests, 1,600 slots, 20 hosts, ${concurrency} in flight`;
  report.add('2 booking: spread', kase, 'throughput', (answers.length / ms) * 1000, 'req/s');
  report.add('2 booking: spread', kase, 'CPU per request (all stack processes, and the load generator: it runs in the benchmark process)', (cpuSeconds * 1000) / answers.length, 'ms');
  report.add('2 booking: spread', kase, 'CPU per request, counted until every booking\'s mails are sent (same processes)', (cpuWithMails * 1000) / answers.length, 'ms');
  // Where it goes (the benchmark's own process, node, also hosts the gateway, Auth, Storage and the mail catcher).
  report.add('2 booking: spread', kase, 'CPU per request by process, ms (while booking)', perRequest(split, answers.length));
  report.add('2 booking: spread', kase, 'CPU per request by process, ms (until the mails are sent)', perRequest(splitWithMails, answers.length));
  report.add('2 booking: spread', kase, 'p50 / p99', `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 99).toFixed(0)} ms`);
  report.add('2 booking: spread', kase, 'answers', statusCounts(answers));
  report.add('2 booking: spread', kase, 'acknowledged = stored', ok === stored && stored <= 1600 ? `yes (${stored})` : `NO: ${ok} acknowledged, ${stored} stored`);
  report.add('2 booking: spread', kase, 'overlapping busy pairs (SQL)', overlaps);
}

export async function benchBooking(report: Report, s: BenchStack) {
  await oneSlotRace(report, s);
  await spread(report, s);
}
