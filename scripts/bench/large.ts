// Benchmark 8 (issue 31): the guest's paths on the small database and again once the large one
// (seed-large.sql: 100,000 hosts, 10,000 teams, about 10 million bookings, 1 million cached calendar
// events, their outbox) is seeded into the same stack, one after the other in one run. The same two
// hosts, each with 500 bookings in the 60-day window: slots at 1 and 50 connections for one, bookings
// one after another for the other. Then the plans on the large database (EXPLAIN ANALYZE with buffers
// through auto_explain, nested statements included) of the slot inputs, a booking with its triggers,
// the outbox claim and the calendar sweep's query, written to results/large.md.
// BENCH_LARGE_SCALE (default 1) scales the seed, for trying the section out.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { addDays, instantToZoned } from '../../supabase/functions/_shared/rules/time.ts';
import { bookAsGuest, NO_LIMITS, offeredSlots, type Offered } from './booking.ts';
import { HOST_ZONE, VISITOR_ZONE } from './engine.ts';
import { busyIntervals, createEventType, createUser, HORIZON_DAYS, insertBookings, setAvailability, setSettings } from './lib/fixtures.ts';
import { load } from './lib/load.ts';
import type { Report } from './lib/report.ts';
import type { BenchStack } from './lib/stack.ts';
import { machineQuiet } from './lib/cpu.ts';
import { percentile } from './lib/stats.ts';
import { seedLarge } from './seed-large.ts';
import { SLOT as REALTIME_SLOT } from '../local/realtime/replication.ts';

const TITLE = '8 large database: small beside large';
const BOOKINGS_PER_PHASE = 100;
/** The tables that grow with use: a plan must not read them whole. */
const BIG = /Seq Scan on (bookings|booking_busy|outbox|external_busy|calendar_connections|calendar_sources|calendar_events|event_types|profiles|team_members)\b/g;

interface Host {
  userId: string;
  eventTypeId: number;
}

/** The engine bench's host shape: weekday hours, a 30-minute type, 500 bookings of another in the window. */
async function hostWith500(s: BenchStack, label: string): Promise<Host> {
  const userId = await createUser(s.db, { timezone: HOST_ZONE, label });
  await setAvailability(s.db, userId);
  await setSettings(s.db, userId, NO_LIMITS);
  const eventTypeId = await createEventType(s.db, userId, 30);
  await insertBookings(s.db, userId, await createEventType(s.db, userId, 15, 'Existing bookings'), busyIntervals(Date.now(), 500));
  return { userId, eventTypeId };
}

function slotsUrl(s: BenchStack, host: Host) {
  const today = instantToZoned(Date.now(), VISITOR_ZONE).date;
  const query = `eventTypeId=${host.eventTypeId}&startDate=${today}&endDate=${addDays(today, HORIZON_DAYS)}&timeZone=${encodeURIComponent(VISITOR_ZONE)}`;
  return `${s.apiUrl}/functions/v1/slots?${query}`;
}

/** Slots at 1 and 50 connections for one host, then bookings one after another on the other's free slots. */
async function measure(report: Report, s: BenchStack, phase: string, slotsHost: Host, bookingHost: Host, slots: Offered[], seconds: number) {
  const url = slotsUrl(s, slotsHost);
  // Both phases start on a quiet machine, or their difference would be the other work's.
  const idle = await machineQuiet();
  report.add(TITLE, phase, 'CPU idle over the 5 s before it / load average (1 min) at its start', `${(idle * 100).toFixed(0)} % / ${loadavg()[0]!.toFixed(2)}`);
  for (const connections of [1, 50]) {
    const r = await load({ url, connections, duration: seconds, headers: s.anonHeaders });
    report.add(TITLE, phase, `slots, ${connections} conn: p50 / p99`, `${r.latency.p50} / ${r.latency.p99} ms`);
    report.add(TITLE, phase, `slots, ${connections} conn: req/s`, (r['2xx'] + r.non2xx) / seconds);
    if (r.non2xx || r.errors || r.timeouts) report.add(TITLE, phase, `slots, ${connections} conn: failures`, `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  const ms: number[] = [];
  let failures = 0;
  for (let i = 0; i < BOOKINGS_PER_PHASE; i++) {
    const answer = await bookAsGuest(s, 5000 + i, bookingHost.eventTypeId, slots[i]);
    if (answer.status === 201) ms.push(answer.ms);
    else failures++;
  }
  report.add(TITLE, phase, `booking, ${BOOKINGS_PER_PHASE} one after another: p50 / p99`, `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} ms`);
  if (failures) report.add(TITLE, phase, 'booking failures', failures);
}

/** A superuser connection that hands back the plan of every statement it runs, nested ones too. */
async function explainer(s: BenchStack) {
  const c = new pg.Client({ connectionString: s.stack.adminDbUrl });
  await c.connect();
  const plans: string[] = [];
  c.on('notice', (n) => {
    if (n.message?.startsWith('duration:')) plans.push(n.message);
  });
  for (const setting of [
    `load 'auto_explain'`,
    'set auto_explain.log_min_duration = 0',
    'set auto_explain.log_analyze = on',
    'set auto_explain.log_buffers = on',
    'set auto_explain.log_nested_statements = on',
    'set client_min_messages = log',
    'set role postgres',
  ]) await c.query(setting);
  return {
    /** The plans of what `sql` ran, in a transaction rolled back after. */
    async plans(sql: string, params: unknown[] = []): Promise<string[]> {
      plans.length = 0;
      await c.query('begin');
      try {
        await c.query(sql, params);
      } finally {
        await c.query('rollback');
      }
      return plans.splice(0);
    },
    end: () => c.end(),
  };
}

/** Waits until the seeded mails that were due are delivered, so the outbox's catching up is not measured. */
async function outboxDrained(s: BenchStack) {
  for (const until = Date.now() + 300_000; Date.now() < until; await new Promise((r) => setTimeout(r, 1000))) {
    const { rows } = await s.db.query<{ n: string }>(`select count(*) as n from public.outbox where status in ('pending', 'processing') and available_at <= now()`);
    if (rows[0].n === '0') return;
  }
  throw new Error('the seeded due mails were not delivered within 5 minutes');
}

/**
 * Waits until the seed's pages are on disk and Realtime's replication slot has read what came since
 * (the slot is made after the seed, seedWithoutRealtime): a used database carries no such backlog.
 */
async function walSettled(s: BenchStack) {
  const admin = new pg.Client({ connectionString: s.stack.adminDbUrl });
  await admin.connect();
  await admin.query('checkpoint').finally(() => admin.end());
  for (const until = Date.now() + 300_000; Date.now() < until; await new Promise((r) => setTimeout(r, 1000))) {
    const { rows } = await s.db.query<{ behind: string | null }>(
      `select max(pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)) as behind from pg_replication_slots where slot_type = 'logical'`,
    );
    if (Number(rows[0].behind ?? 0) < 16 * 1024 * 1024) return;
  }
  throw new Error('Realtime did not read past the seed within 5 minutes');
}

/**
 * The seed with Realtime down and its replication slot dropped, made again once the seed has committed.
 * A logical slot keeps every byte of WAL written since the oldest transaction it may still have to
 * decode: through the seed's one transaction that is all of it, about three times the data (at full
 * scale more than this machine's free disk). A database that grew over two years was decoded as it grew.
 */
async function seedWithoutRealtime(s: BenchStack, scale: number): Promise<Awaited<ReturnType<typeof seedLarge>>> {
  const admin = new pg.Client({ connectionString: s.stack.adminDbUrl });
  await admin.connect();
  let seeded: Awaited<ReturnType<typeof seedLarge>> | undefined;
  try {
    await s.stack.restartRealtime(async () => {
      // The walsender of the stopped service may take a moment to let the slot go.
      for (let tries = 0; ; tries++) {
        try {
          await admin.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1`, [REALTIME_SLOT]);
          break;
        } catch (e) {
          if (tries >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      seeded = await seedLarge(admin, scale);
    });
  } finally {
    await admin.end();
  }
  return seeded!;
}

export async function benchLarge(report: Report, s: BenchStack, seconds = 8) {
  const scale = Number(process.env.BENCH_LARGE_SCALE ?? '1');
  const slotsHost = await hostWith500(s, 'large-slots');
  const bookingHost = await hostWith500(s, 'large-booking');
  const free = await offeredSlots(s, bookingHost.eventTypeId);
  if (free.length < 2 * BOOKINGS_PER_PHASE) throw new Error(`only ${free.length} free slots`);

  await measure(report, s, 'small database', slotsHost, bookingHost, free, seconds);

  const seeded = await seedWithoutRealtime(s, scale);
  const c = seeded.counts;
  const kase = `seed at scale ${scale}`;
  report.add(TITLE, kase, 'hosts / teams (members)', `${c.hosts} / ${c.teams} (${c.teamMembers})`);
  report.add(TITLE, kase, 'bookings (of teams) / per host: median, max', `${c.bookings} (${c.teamBookings}) / ${c.perHost.median}, ${c.perHost.max}`);
  report.add(TITLE, kase, 'busy rows / outbox rows (due) / cached calendar events', `${c.busyRows} / ${c.outbox} (${c.outboxDue}) / ${c.externalEvents}`);
  report.add(TITLE, kase, 'seed time (with vacuum analyze) / database size', `${seeded.seconds.toFixed(0)} s / ${seeded.databaseSize}`);

  // The plans first: the claim while the seeded mails are still due.
  const x = await explainer(s);
  const today = instantToZoned(Date.now(), 'UTC').date;
  const sections: [string, string[]][] = [];
  try {
    sections.push([
      'Slot inputs of the 500-booking host (private.slot_inputs, 60 days)',
      await x.plans(`select private.slot_inputs('{"role":"anon"}', $1, false, $2::date, $3::date)`, [slotsHost.eventTypeId, today, addDays(today, HORIZON_DAYS)]),
    ]);
    const slot = free[2 * BOOKINGS_PER_PHASE];
    sections.push([
      'A booking with its triggers (create_booking: busy time, outbox, webhooks, calendars, Realtime)',
      await x.plans(`select public.create_booking($1, $2, $3, '{"guest_name":"Plan Guest","guest_email":"plan@example.test"}')`, [bookingHost.eventTypeId, slot.start, slot.end]),
    ]);
    sections.push(['The outbox claim (outbox_claim, 25 rows)', await x.plans(`select public.outbox_claim('bench-plan', 25, 60)`)]);
    sections.push(['The reminders sweep (enqueue_due_reminders)', await x.plans(`select public.enqueue_due_reminders()`)]);
    sections.push([
      'The calendar sweep’s pick of stale connections (syncDue)',
      await x.plans(`select id, last_attempt_at from public.calendar_connections
        where last_attempt_at is null or last_attempt_at < now() - interval '10 minutes' order by last_attempt_at nulls first limit 25`),
    ]);
  } finally {
    await x.end();
  }
  for (const [title, plans] of sections) {
    const scans = [...new Set(plans.join('\n').match(BIG) ?? [])];
    report.add(TITLE, 'plans on the large database (results/large.md)', title, scans.length ? `SEQUENTIAL: ${scans.join(', ')}` : 'indexes only');
  }

  // The stack's own sweeps would now deliver the seeded due mails and sync the seeded calendars, on
  // the same cores: let the mails go first, and mark the calendars just synced.
  await outboxDrained(s);
  await s.db.query(`update public.calendar_connections set last_attempt_at = now() + interval '1 day' where label = 'Work calendar'`);
  await walSettled(s);
  await measure(report, s, 'large database', slotsHost, bookingHost, free.slice(BOOKINGS_PER_PHASE), seconds);
  writeFileSync(
    join(import.meta.dirname, 'results', 'large.md'),
    [
      `# The large database: the guest's paths beside the small one, and their plans`,
      '',
      `${new Date().toISOString()} · seed at scale ${scale}: ${c.hosts} hosts, ${c.bookings} bookings, ${c.outbox} outbox rows, ${c.externalEvents} cached calendar events; ${seeded.databaseSize}`,
      '',
      ...sideBySide(report),
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of every statement each path runs, nested ones included (auto_explain), in a transaction rolled back.',
      ...sections.flatMap(([title, plans]) => ['', `## ${title}`, '', '```', ...plans, '```']),
      '',
    ].join('\n'),
  );
}

/** The figures measured on both databases, one row each, small beside large. */
function sideBySide(report: Report): string[] {
  const mine = report.rows.filter((r) => r.section === TITLE);
  const small = mine.filter((r) => r.case === 'small database');
  const large = new Map(mine.filter((r) => r.case === 'large database').map((r) => [r.metric, r.value]));
  return [
    '| | small database | large database |',
    '|---|---|---|',
    ...small.map((r) => `| ${r.metric} | ${r.value} | ${large.get(r.metric) ?? '—'} |`),
    ...mine.filter((r) => r.case.startsWith('seed') || r.case.startsWith('plans')).map((r) => `| ${r.metric} | | ${r.value} |`),
  ];
}
