// Benchmark data written straight into the database as the superuser: far faster than signing up
// through Auth, and the same rows the app's own triggers would produce (profiles, settings, busy rows).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { type Interval } from '../../../supabase/functions/_shared/rules/intervals.ts';
import type { AvailabilityRule } from '../../../supabase/functions/_shared/rules/slots.ts';
import { sample, seededRandom } from './stats.ts';

/** Monday to Friday, 09:00-12:00 and 13:00-17:00: five days with two ranges each. */
export const WEEKDAY_TWO_RANGES: AvailabilityRule[] = [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
  { dayOfWeek, startTime: '09:00', endTime: '12:00', isEnabled: true },
  { dayOfWeek, startTime: '13:00', endTime: '17:00', isEnabled: true },
]);

export const HORIZON_DAYS = 60;
const QUARTER_MS = 15 * 60_000;

/**
 * `count` distinct 15-minute busy intervals in the 60 days after `now` (any hour of the day, as a
 * busy host's other event types would leave), the same ones for the same seed.
 */
export function busyIntervals(now: number, count: number, seed = 7): Interval[] {
  const first = Math.ceil(now / QUARTER_MS) * QUARTER_MS + 86_400_000;
  const positions = (HORIZON_DAYS * 86_400_000) / QUARTER_MS;
  return sample(positions, count, seededRandom(seed))
    .sort((a, b) => a - b)
    .map((i) => ({ start: new Date(first + i * QUARTER_MS).toISOString(), end: new Date(first + (i + 1) * QUARTER_MS).toISOString() }));
}

/** A confirmed user with profile and settings (made by the auth.users trigger). */
export async function createUser(db: pg.Pool, opts: { timezone?: string; label?: string } = {}): Promise<string> {
  const id = randomUUID();
  const email = `${opts.label ?? 'bench'}-${id.slice(0, 8)}@example.test`;
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, email, JSON.stringify({ first_name: 'Bench', last_name: opts.label ?? 'Host', timezone: opts.timezone ?? 'UTC' })],
  );
  return id;
}

export async function setAvailability(db: pg.Pool, userId: string, rules: AvailabilityRule[] = WEEKDAY_TWO_RANGES) {
  await db.query(
    `insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled)
     select $1, d, s, e, true from unnest($2::int[], $3::text[], $4::text[]) as r(d, s, e)`,
    [userId, rules.map((r) => r.dayOfWeek), rules.map((r) => r.startTime), rules.map((r) => r.endTime)],
  );
}

/** Bench hosts book without notice and buffers unless told otherwise, so any on-grid slot is bookable. */
export async function setSettings(
  db: pg.Pool,
  userId: string,
  s: { bufferBefore: number; bufferAfter: number; minimumNotice: number; maxFutureBookings: number },
) {
  await db.query(
    `update public.user_settings set buffer_before = $2, buffer_after = $3, minimum_notice = $4, max_future_bookings = $5 where user_id = $1`,
    [userId, s.bufferBefore, s.bufferAfter, s.minimumNotice, s.maxFutureBookings],
  );
}

export async function createEventType(db: pg.Pool, userId: string, duration: number, title = 'Bench meeting'): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.event_types (user_id, title, duration, is_active, auto_confirm) values ($1, $2, $3, true, true) returning id`,
    [userId, title, duration],
  );
  return Number(rows[0].id);
}

/** Whose bookings: a host's, or a team's assigned to one of its members. */
export type BookingOwner = string | { teamId: number; memberId: string };

/**
 * Confirmed bookings of `owner` at the given intervals (their busy rows come from the bookings
 * trigger), written as a data import: no booking mails.
 */
export async function insertBookings(db: pg.Pool, owner: BookingOwner, eventTypeId: number, intervals: Interval[]) {
  const [userId, teamId, memberId] = typeof owner === 'string' ? [owner, null, null] : [null, owner.teamId, owner.memberId];
  for (let i = 0; i < intervals.length; i += 1000) {
    const chunk = intervals.slice(i, i + 1000);
    await db.query(
      `with import as (select set_config('kairos.bulk_import', 'on', true))
       insert into public.bookings (event_type_id, user_id, team_id, assigned_user_id, guest_name, guest_email, start_time, end_time, status)
       select $1, $2, $5, $6, 'Existing Guest', 'existing@example.test', s, e, 'confirmed'
       from import, unnest($3::timestamptz[], $4::timestamptz[]) as t(s, e)`,
      [eventTypeId, userId, chunk.map((b) => String(b.start)), chunk.map((b) => String(b.end)), teamId, memberId],
    );
  }
}

/** Pairs of active busy rows of one person that overlap: must always be 0. */
export async function overlappingPairs(db: pg.Pool, userIds?: string[]): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from public.booking_busy a join public.booking_busy b
       on a.user_id = b.user_id and a.booking_id < b.booking_id and a.during && b.during
     where a.active and b.active and ($1::uuid[] is null or a.user_id = any($1))`,
    [userIds ?? null],
  );
  return Number(rows[0].n);
}
