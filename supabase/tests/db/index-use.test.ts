// The hot paths read the big tables through indexes, so their cost follows the rows they need and not
// the table (docs/scale.md): a host's and a team's slot inputs, a booking's write, the outbox's claim
// and sweeps, and the calendar sweep. auto_explain hands every statement those functions run, nested
// ones included, back to this connection as it runs; sequential scans are priced out, so a Seq Scan of
// a big table in a plan means no index can serve that statement. Everything is rolled back.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { book, createUser, GUEST, hostWithEventType, one } from './db.ts';

/** Tables that grow with every host, booking, delivery and synced event. */
const BIG = [
  'bookings',
  'booking_series',
  'booking_busy',
  'booking_answers',
  'booking_attendees',
  'seat_slots',
  'outbox',
  'calendar_events',
  'external_busy',
  'calendar_connections',
  'calendar_sources',
  'event_types',
  'profiles',
  'availability_rules',
  'date_overrides',
  'time_off',
  'team_members',
  'payments',
];

let c: pg.Client;
const plans: string[] = [];

beforeAll(async () => {
  // The superuser loads auto_explain (its settings are superuser-only); the statements then run as
  // `postgres`, the role the functions' own connection uses.
  c = new pg.Client({ connectionString: stack().adminDbUrl });
  await c.connect();
  c.on('notice', (notice) => {
    if (notice.message?.startsWith('duration:')) plans.push(notice.message);
  });
  await c.query(`load 'auto_explain'`);
  await c.query(`set auto_explain.log_min_duration = 0`);
  await c.query(`set auto_explain.log_nested_statements = on`);
  await c.query(`set auto_explain.log_format = 'json'`);
  await c.query(`set client_min_messages = log`);
  await c.query(`set enable_seqscan = off`);
  await c.query(`set role postgres`);
});

afterAll(async () => {
  await c.end();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Each big table a statement of `plans` read from start to end, with the statement. */
function seqScans(): { table: string; query: string }[] {
  const found: { table: string; query: string }[] = [];
  for (const message of plans) {
    const { 'Query Text': query, Plan: plan } = JSON.parse(message.slice(message.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode };
    const walk = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && BIG.includes(node['Relation Name'] ?? '')) found.push({ table: node['Relation Name']!, query: query.trim() });
      node.Plans?.forEach(walk);
    };
    walk(plan);
  }
  return found;
}

/** Runs `fn` in a transaction rolled back after, and answers the big tables its statements scanned whole. */
async function scannedBy(fn: () => Promise<unknown>) {
  await c.query('begin');
  try {
    await fn();
    return seqScans();
  } finally {
    plans.length = 0;
    await c.query('rollback');
  }
}

/** A host with hours, a booking and a connected calendar's busy time; a team of them. */
async function world() {
  const { host, eventType } = await hostWithEventType(c);
  await c.query(`insert into availability_rules (user_id, day_of_week, start_time, end_time) values ($1, 1, '09:00', '17:00')`, [host]);
  await book(c, eventType, '2031-03-03T10:00:00Z');
  const mate = await createUser(c);
  const team = (await one(c, `insert into teams (name, slug, owner_id, timezone) values ('T', $1, $2, 'UTC') returning id`, [`i-${randomUUID()}`, host])).id;
  await c.query('insert into team_members (team_id, user_id) values ($1, $2)', [team, mate]);
  await c.query(`insert into availability_rules (team_id, day_of_week, start_time, end_time) values ($1, 1, '09:00', '17:00')`, [team]);
  // Least busy: its tallies also count the slot's week.
  const teamType = (await one(c, `insert into event_types (team_id, title, assignment_type) values ($1, 'Team', 'least_busy') returning id`, [team])).id;
  return { host, eventType, teamType };
}

const ANON = { role: 'anon' };

describe('the hot paths read big tables through indexes only', () => {
  it('a host’s slot inputs, and a team’s with its assignment bookings', async () => {
    const scans = await scannedBy(async () => {
      const { eventType, teamType } = await world();
      plans.length = 0;
      await c.query(`select private.slot_inputs($1, $2, false, '2031-03-01', '2031-03-15')`, [ANON, eventType]);
      await c.query(`select private.slot_inputs($1, $2, true, '2031-03-01', '2031-03-15', null, null, false, now(), '2031-03-05')`, [ANON, teamType]);
      expect(plans.length).toBeGreaterThan(5);
    });
    expect(scans).toEqual([]);
  });

  it('a booking’s write, with its busy time, its outbox rows and its triggers, and a series’ writes', async () => {
    const scans = await scannedBy(async () => {
      const { eventType, teamType } = await world();
      plans.length = 0;
      await book(c, eventType, '2031-03-10T11:00:00Z');
      await c.query(`select create_booking($1, '2031-03-10 13:00Z', '2031-03-10 13:30Z', $2)`, [teamType, GUEST]);
      // A weekly series of four, written occurrence by occurrence in one transaction.
      await c.query(`update event_types set recurrence_frequencies = '{weekly}', recurrence_max_count = 4 where id = $1`, [eventType]);
      const weekly = [0, 1, 2, 3].map((week) => {
        const start = new Date(Date.parse('2031-03-17T09:00:00Z') + week * 7 * 86_400_000);
        return { recurrenceId: start.toISOString(), start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
      });
      const written = await one(c, `select create_booking_series($1, 'weekly', 'UTC', $2, '{}', $3) as s`, [eventType, JSON.stringify(weekly), GUEST]);
      expect(written.s).toHaveProperty('seriesId');
      expect(plans.length).toBeGreaterThan(5);
    });
    expect(scans).toEqual([]);
  });

  it('the outbox’s claim and sweeps, and the calendar sweep’s pick of stale connections', async () => {
    const scans = await scannedBy(async () => {
      await world();
      plans.length = 0;
      await c.query(`select public.outbox_claim('index-test', 5, 60)`);
      await c.query(`select public.enqueue_due_reminders()`);
      await c.query(`select public.expire_payment_holds(null, null)`);
      // What syncDue (supabase/functions/_shared/calendars/sync.ts) asks PostgREST for.
      await c.query(`select id, last_attempt_at from public.calendar_connections
        where last_attempt_at is null or last_attempt_at < now() - interval '10 minutes' order by last_attempt_at nulls first limit 25`);
      expect(plans.length).toBeGreaterThan(3);
    });
    expect(scans).toEqual([]);
  });

  it('a booking attempt’s expiry of holds reads the holds awaiting payment, not the bookings of its time range', async () => {
    await scannedBy(async () => {
      plans.length = 0;
      await c.query(`select public.expire_payment_holds(now(), now() + interval '1 hour')`);
      const used = plans.flatMap((message) => {
        const names: string[] = [];
        const walk = (node: PlanNode) => {
          // The index read (a bitmap's heap scan above it names none), or a whole read of the table.
          if (node['Index Name']?.startsWith('bookings_') || (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'bookings')) {
            names.push(node['Index Name'] ?? 'Seq Scan');
          }
          node.Plans?.forEach(walk);
        };
        walk((JSON.parse(message.slice(message.indexOf('{'))) as { Plan: PlanNode }).Plan);
        return names;
      });
      expect(used).toEqual(['bookings_awaiting_payment_idx']);
    });
  });

  it('finds a sequential scan where no index serves the statement', async () => {
    const scans = await scannedBy(async () => {
      await c.query(`select count(*) from public.bookings where guest_name = 'nobody'`);
    });
    expect(scans).toEqual([{ table: 'bookings', query: `select count(*) from public.bookings where guest_name = 'nobody'` }]);
  });
});
