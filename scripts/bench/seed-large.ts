// Issue 31's large database (seed-large.sql): `SEED_SCALE=0.01 DATABASE_URL=postgres://supabase_admin@… tsx
// scripts/bench/seed-large.ts` seeds a database (a superuser's connection: the seed switches triggers off),
// then prints its counts, how long it took and the database's size. The `large` bench section and
// supabase/tests/db/seed-large.test.ts call seedLarge itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const SQL = readFileSync(join(import.meta.dirname, 'seed-large.sql'), 'utf8');

/** What the seed wrote, counted by its marks (seed e-mail addresses), and its derived rows' consistency. */
export interface SeedCounts {
  hosts: number;
  availabilityRules: number;
  personalEventTypes: number;
  teams: number;
  teamMembers: number;
  teamEventTypes: number;
  bookings: number;
  teamBookings: number;
  /** Bookings per host: most have a few, some many. */
  perHost: { median: number; max: number };
  byStatus: Record<string, number>;
  busyRows: number;
  /** Bookings whose busy row is missing, names another person, or is active when it should not be (and back). */
  busyMismatches: number;
  outbox: number;
  outboxByStatus: Record<string, number>;
  /** Pending outbox rows due now: what the next claim takes. */
  outboxDue: number;
  connections: number;
  sources: number;
  externalEvents: number;
  /** Bookings written into a host's calendar (calendar_events), and those of them that are not confirmed or completed. */
  writtenEvents: number;
  /** Confirmed and completed bookings held by a host with a connected calendar: each is one written event. */
  writtenEventsExpected: number;
  writtenEventsAmiss: number;
}

/** Runs the seed in the caller's transaction (`begin` first: its settings are transaction-local). */
export async function runSeed(db: pg.ClientBase, scale: number): Promise<void> {
  await db.query(`select set_config('kairos.seed_scale', $1, true)`, [String(scale)]);
  await db.query(SQL);
}

export async function seedCounts(db: pg.ClientBase): Promise<SeedCounts> {
  const { rows } = await db.query<{ counts: SeedCounts }>(
    `with hosts as (select id from public.profiles where email like 'seed-%@seed.example.test'),
          seeded as (select * from public.bookings where guest_email like 'guest-%@seed.example.test'),
          teams as (select id from public.teams where slug like 'seed-team-%')
     select jsonb_build_object(
       'hosts', (select count(*) from hosts),
       'availabilityRules', (select count(*) from public.availability_rules where user_id in (select id from hosts)),
       'personalEventTypes', (select count(*) from public.event_types where user_id in (select id from hosts)),
       'teams', (select count(*) from teams),
       'teamMembers', (select count(*) from public.team_members where team_id in (select id from teams)),
       'teamEventTypes', (select count(*) from public.event_types where team_id in (select id from teams)),
       'bookings', (select count(*) from seeded),
       'teamBookings', (select count(*) from seeded where team_id is not null),
       'perHost', (select jsonb_build_object('median', percentile_disc(0.5) within group (order by n), 'max', max(n))
                   from (select count(*) as n from seeded group by coalesce(user_id, assigned_user_id)) x),
       'byStatus', (select jsonb_object_agg(status, n) from (select status, count(*) as n from seeded group by status) s),
       'busyRows', (select count(*) from public.booking_busy where booking_id in (select id from seeded)),
       'busyMismatches', (select count(*) from seeded b left join public.booking_busy bb on bb.booking_id = b.id
                          where bb.booking_id is null or bb.user_id <> coalesce(b.user_id, b.assigned_user_id)
                             or bb.active <> (b.status not in ('cancelled', 'expired'))
                             or bb.during <> tstzrange(b.start_time, b.end_time, '[)')
                             or b.team_id is not null and not exists (select 1 from public.team_members m
                                                                      where m.team_id = b.team_id and m.user_id = b.assigned_user_id)),
       'outbox', (select count(*) from public.outbox where booking_id in (select id from seeded)),
       'outboxByStatus', (select jsonb_object_agg(status, n) from (select o.status, count(*) as n from public.outbox o
                          where o.booking_id in (select id from seeded) group by o.status) s),
       'outboxDue', (select count(*) from public.outbox where status = 'pending' and available_at <= now()
                     and booking_id in (select id from seeded)),
       'connections', (select count(*) from public.calendar_connections where user_id in (select id from hosts)),
       'sources', (select count(*) from public.calendar_sources where user_id in (select id from hosts)),
       'externalEvents', (select count(*) from public.external_busy where user_id in (select id from hosts)),
       'writtenEvents', (select count(*) from public.calendar_events where user_id in (select id from hosts)),
       'writtenEventsExpected', (select count(*) from seeded b where b.status in ('confirmed', 'completed')
                                 and coalesce(b.user_id, b.assigned_user_id) in (select s.user_id from public.calendar_sources s)),
       'writtenEventsAmiss', (select count(*) from public.calendar_events ce join seeded b on b.ical_uid = ce.ical_uid
                              where b.status not in ('confirmed', 'completed'))
     ) as counts`,
  );
  return rows[0].counts;
}

/** Seeds, commits and refreshes the planner's statistics; answers the counts and the seconds it took. */
export async function seedLarge(db: pg.ClientBase, scale: number): Promise<{ counts: SeedCounts; seconds: number; databaseSize: string }> {
  const started = Date.now();
  await db.query('begin');
  try {
    await runSeed(db, scale);
    await db.query('commit');
  } catch (e) {
    await db.query('rollback');
    throw e;
  }
  await db.query('vacuum (analyze)');
  const seconds = (Date.now() - started) / 1000;
  const counts = await seedCounts(db);
  const { rows } = await db.query<{ size: string }>(`select pg_size_pretty(pg_database_size(current_database())) as size`);
  return { counts, seconds, databaseSize: rows[0].size };
}

if (process.argv[1] === import.meta.filename) {
  const scale = Number(process.env.SEED_SCALE ?? '1');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const { counts, seconds, databaseSize } = await seedLarge(db, scale);
  await db.end();
  console.log(JSON.stringify(counts, null, 2));
  console.log(`Seeded at scale ${scale} in ${seconds.toFixed(0)} s; database size ${databaseSize}`);
}
