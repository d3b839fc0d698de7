// The RLS matrix: every table × every kind of caller × select/insert/update/delete, run the way
// PostgREST runs a request (role + JWT claims in a transaction). Each cell is asserted, allowed and
// denied alike: an allowed cell must touch the target row, a denied one must touch nothing or fail
// with 42501 (privilege or policy).
//
// The cast: S owns the personal rows and is a plain member of the private team T, and the team
// booking of T is assigned to S; TO, TA, TM are T's owner, an admin and another member; X is an
// unrelated signed-in user with a pending invitation (as member) to T, not accepted; NM owns another
// team (team powers elsewhere must not leak into T).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, as, become, createUser, errorCode, fileConnection, user, type Actor } from './db.ts';

const ACTORS = ['anon', 'owner', 'other user', 'team owner', 'team admin', 'team member', 'non-member'] as const;
type ActorName = (typeof ACTORS)[number];
const ACTIONS = ['select', 'insert', 'update', 'delete'] as const;
type Action = (typeof ACTIONS)[number];

interface Fixture {
  S: string; X: string; TO: string; TA: string; TM: string; NM: string;
  eventType: number; rule: number; booking: number; team: number; teamBooking: number; teamEventType: number;
  teamAvailability: number; override: number; teamOverride: number; timeOff: number; invitation: number;
  connection: number; source: number; busy: number; seatSlot: number; teamSeatSlot: number; series: number; teamSeries: number;
  webhook: number; teamWebhook: number; delivery: number; teamDelivery: number;
}

/** One statement per action; `$1` is the acting user's id (S for anon, whose attempts target S's data). */
interface TableCells {
  select: string;
  insert: string;
  update: string;
  delete: string;
  /** Runs as superuser before an insert attempt (to make room for the row). */
  prepareInsert?: string;
  /** Runs as superuser before a delete attempt. */
  prepareDelete?: string;
  /** 'y'/'n' for select, insert, update, delete, per actor. */
  expected: Record<ActorName, string>;
}

const c = fileConnection();
let f: Fixture;
// The guest's answers each booking is made with (booking_answers).
const ANSWERS = JSON.stringify([{ slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' }]);
const ALLOW_STORAGE_DELETE = `select set_config('storage.allow_delete_query', 'true', true)`;
const grid: { table: string; actor: ActorName; cells: string }[] = [];

beforeAll(async () => {
  const [S, X, TO, TA, TM, NM] = [
    await createUser(c), await createUser(c), await createUser(c), await createUser(c), await createUser(c), await createUser(c),
  ];
  const one = async (text: string, params: unknown[] = []) => (await c.query(text, params)).rows[0];
  const eventType = (await one(`insert into event_types (user_id, title, max_extra_attendees) values ($1, 'Intro', 1) returning id`, [S])).id;
  const rule = (await one(`insert into availability_rules (user_id, day_of_week) values ($1, 1) returning id`, [S])).id;
  const booking = (
    await one(
      `select id from create_booking($1, now() + interval '2 days', now() + interval '2 days 30 minutes',
        '{"guest_name": "Guest", "guest_email": "guest@example.test", "answers": ${ANSWERS}, "attendees": ["ann@example.test"]}')`,
      [eventType],
    )
  ).id;
  const team = (await one(`insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`t-${randomUUID()}`, TO])).id;
  await c.query(`insert into teams (name, slug, owner_id) values ('T2', $1, $2)`, [`t2-${randomUUID()}`, NM]);
  await c.query(
    `insert into team_members (team_id, user_id, role) values ($1, $2, 'admin'), ($1, $3, 'member'), ($1, $4, 'member')`,
    [team, TA, TM, S],
  );
  const teamEventType = (await one(`insert into event_types (team_id, title, max_extra_attendees) values ($1, 'Team call', 1) returning id`, [team])).id;
  const teamAvailability = (await one(`insert into availability_rules (team_id, day_of_week) values ($1, 2) returning id`, [team])).id;
  const teamBooking = (
    await one(
      `select id from create_booking($1, now() + interval '3 days', now() + interval '3 days 30 minutes',
        '{"guest_name": "Guest", "guest_email": "guest@example.test", "answers": ${ANSWERS}, "attendees": ["ann@example.test"]}', array[$2::uuid])`,
      [teamEventType, S],
    )
  ).id;
  await c.query(`insert into storage.objects (bucket_id, name, owner) values ('avatars', $1, $2)`, [`${S}/avatar.png`, S]);
  const override = (await one(`insert into date_overrides (user_id, date) values ($1, '2027-01-04') returning id`, [S])).id;
  const teamOverride = (
    await one(`insert into date_overrides (team_id, date, start_time, end_time) values ($1, '2027-01-04', '10:00', '12:00') returning id`, [team])
  ).id;
  const timeOff = (await one(`insert into time_off (user_id, start_date, end_date, note) values ($1, '2027-02-01', '2027-02-05', 'Surgery') returning id`, [S])).id;
  // X owns their address (Auth confirmed it), which is what an invitation is addressed to, and has
  // shown they read it (a Kairos mail's link), which accepting needs.
  await c.query('update auth.users set email_confirmed_at = now() where id = $1', [X]);
  await c.query('insert into private.email_proofs (user_id, email) select id, lower(email) from auth.users where id = $1', [X]);
  const invitation = (
    await one(
      `insert into team_invitations (team_id, email, role, token_hash, invited_by)
       select $1, email, 'member', md5(random()::text), $2 from profiles where id = $3 returning id`,
      [team, TO, X],
    )
  ).id;
  // S's connected calendar: one CalDAV account with one calendar, its secret, a busy interval, a
  // written booking event and S's own feed.
  const connection = (
    await one(`insert into calendar_connections (user_id, provider, label, server_url, username)
               values ($1, 'caldav', 'Work', 'https://dav.example.test/', 's') returning id`, [S])
  ).id;
  await c.query(`insert into calendar_credentials (connection_id, secret) values ($1, 'ciphertext')`, [connection]);
  const source = (
    await one(`insert into calendar_sources (connection_id, user_id, remote_id, name, can_write, receives_bookings)
               values ($1, $2, 'https://dav.example.test/s/work/', 'Work', true, true) returning id`, [connection, S])
  ).id;
  const busy = (
    await one(`insert into external_busy (source_id, user_id, during)
               values ($1, $2, tstzrange(now() + interval '1 day', now() + interval '1 day 1 hour')) returning id`, [source, S])
  ).id;
  await c.query(`insert into calendar_events (ical_uid, user_id, source_id, href) values ('rls-matrix@kairos', $1, $2, 'https://dav.example.test/s/work/1.ics')`, [S, source]);
  await c.query(`insert into calendar_feeds (user_id, token_hash) values ($1, md5(random()::text))`, [S]);
  await c.query(`insert into zoom_connections (user_id, secret) values ($1, 'ciphertext')`, [S]);
  await c.query(`insert into zoom_meetings (ical_uid, user_id, meeting_id) values ('rls-matrix@kairos', $1, 12345678901)`, [S]);
  await c.query(`insert into stripe_connections (user_id, account_id, secret) values ($1, 'acct_1RlsMatrix', 'ciphertext')`, [S]);
  await c.query(`insert into stripe_events (id, type, account_id, created, handled) values ('evt_1RlsMatrix', 'customer.created', 'acct_1RlsMatrix', now(), false)`);
  await c.query(`insert into payments (booking_id, account_id, checkout_session_id, amount, currency)
    values ($1, 'acct_1RlsMatrix', 'cs_rls_personal', 1999, 'usd'), ($2, 'acct_1RlsMatrix', 'cs_rls_team', 1999, 'usd')`, [booking, teamBooking]);
  const webhook = (await one(`insert into webhooks (user_id, url, events) values ($1, 'https://hooks.example.test/s', '{booking.created}') returning id`, [S])).id;
  const teamWebhook = (await one(`insert into webhooks (team_id, url, events) values ($1, 'https://hooks.example.test/t', '{booking.created}') returning id`, [team])).id;
  const logRow = `insert into webhook_deliveries (webhook_id, message_id, event, attempt, ok, status_code) values ($1, 'msg_1', 'booking.created', 1, true, 200) returning id`;
  const delivery = (await one(logRow, [webhook])).id;
  // A seat of a group event of S's and of T's (docs/seats.md): their slots.
  const seatOf = async (owner: string, id: string | number, days: number) => {
    const seated = (await one(`insert into event_types (${owner}, title, seats_per_slot) values ($1, 'Class', 5) returning id`, [id])).id;
    const seat = `select seat_slot_id from create_booking($1, now() + make_interval(days => $3), now() + make_interval(days => $3, mins => 30),
      '{"guest_name": "Guest", "guest_email": "guest@example.test"}', $2)`;
    return (await one(seat, [seated, owner === 'team_id' ? [S] : null, days])).seat_slot_id;
  };
  const seatSlot = await seatOf('user_id', S, 4);
  const teamSeatSlot = await seatOf('team_id', team, 5);
  // A recurring series of S's and of T's (docs/series.md), written by create_booking_series.
  const seriesOf = async (owner: string, id: string | number, days: number) => {
    const recurring = (await one(`insert into event_types (${owner}, title, recurrence_frequencies, recurrence_max_count) values ($1, 'Coaching', '{weekly}', 4) returning id`, [id])).id;
    const occurrences = [0, 7].map((d) => {
      const start = new Date(Date.now() + (days + d) * 86_400_000);
      return { recurrenceId: start.toISOString(), start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
    });
    const written = `select create_booking_series($1, 'weekly', 'UTC', $2, '{}', '{"guest_name": "Guest", "guest_email": "guest@example.test"}', $3) as s`;
    return Number((await one(written, [recurring, JSON.stringify(occurrences), owner === 'team_id' ? [S] : null])).s.seriesId);
  };
  const series = await seriesOf('user_id', S, 20);
  const teamSeries = await seriesOf('team_id', team, 21);
  const teamDelivery = (await one(logRow, [teamWebhook])).id;
  f = {
    S, X, TO, TA, TM, NM, eventType, rule, booking, team, teamBooking, teamEventType, teamAvailability, override, teamOverride, timeOff, invitation,
    connection, source, busy, seatSlot, teamSeatSlot, series, teamSeries, webhook, teamWebhook, delivery, teamDelivery,
  };
});

afterAll(async () => {
  await c.query(`select set_config('storage.allow_delete_query', 'true', false)`);
  await c.query(`delete from storage.objects where bucket_id = 'avatars' and name like $1`, [`${f.S}/%`]);
  await c.query(`delete from stripe_events where id = 'evt_1RlsMatrix'`);
  await c.query(`delete from auth.users where id = any ($1)`, [[f.S, f.X, f.TO, f.TA, f.TM, f.NM]]);
  const total = tables().length * ACTORS.length * ACTIONS.length;
  const asserted = grid.reduce((n, row) => n + row.cells.length, 0);
  const lines = grid.map((r) => `${r.table.padEnd(26)} ${r.actor.padEnd(12)} ${[...r.cells].map((x, i) => `${ACTIONS[i]}:${x}`).join(' ')}`);
  console.log(`RLS matrix (y = allowed, n = denied)\n${lines.join('\n')}\nRLS matrix coverage: ${asserted} / ${total} cells asserted`);
});

function actorOf(name: ActorName): Actor {
  const ids: Record<Exclude<ActorName, 'anon'>, string> = {
    owner: f.S, 'other user': f.X, 'team owner': f.TO, 'team admin': f.TA, 'team member': f.TM, 'non-member': f.NM,
  };
  return name === 'anon' ? anon : user(ids[name]);
}

/** Did the statement reach its target row? Policy and privilege refusals (42501) count as denied. */
async function attempt(actor: Actor, text: string, params: unknown[], prepare?: string): Promise<'y' | 'n'> {
  return as(c, actor, async () => {
    try {
      const r = await c.query(text, params);
      return (r.rowCount ?? 0) > 0 ? 'y' : 'n';
    } catch (e) {
      if ((e as { code?: string }).code === '42501') return 'n';
      throw e;
    }
  }, prepare);
}

const ONLY_OWNER = { anon: 'nnnn', owner: 'yyyy', 'other user': 'nnnn', 'team owner': 'nnnn', 'team admin': 'nnnn', 'team member': 'nnnn', 'non-member': 'nnnn' };
const ONLY_OWNER_READS = { ...ONLY_OWNER, owner: 'ynnn' };
const TEAM_READS = { anon: 'nnnn', owner: 'ynnn', 'other user': 'nnnn', 'team owner': 'ynnn', 'team admin': 'ynnn', 'team member': 'ynnn', 'non-member': 'nnnn' };
const NOBODY = { anon: 'nnnn', owner: 'nnnn', 'other user': 'nnnn', 'team owner': 'nnnn', 'team admin': 'nnnn', 'team member': 'nnnn', 'non-member': 'nnnn' };
const TEAM_MANAGED = {
  anon: 'nnnn', owner: 'ynnn', 'other user': 'nnnn', 'team owner': 'yyyy', 'team admin': 'yyyy', 'team member': 'ynnn', 'non-member': 'nnnn',
};

function tables(): [string, TableCells][] {
  const guest = `'Guest', 'guest@example.test', now() + interval '9 days', now() + interval '9 days 30 minutes'`;
  return [
    ['profiles', {
      select: `select 1 from profiles where id = '${f.S}'`,
      insert: `insert into profiles (id) values ('${randomUUID()}') returning id`,
      update: `update profiles set bio = 'changed' where id = '${f.S}' returning id`,
      delete: `delete from profiles where id = '${f.S}' returning id`,
      // Team-mates read the whole row (email included); nobody inserts or deletes through the API.
      expected: { anon: 'nnnn', owner: 'ynyn', 'other user': 'nnnn', 'team owner': 'ynnn', 'team admin': 'ynnn', 'team member': 'ynnn', 'non-member': 'nnnn' },
    }],
    ['user_settings', {
      select: `select 1 from user_settings where user_id = '${f.S}'`,
      prepareInsert: `delete from user_settings where user_id = '${f.S}'`,
      insert: `insert into user_settings (user_id) values ('${f.S}') returning user_id`,
      update: `update user_settings set buffer_before = 5 where user_id = '${f.S}' returning user_id`,
      delete: `delete from user_settings where user_id = '${f.S}' returning user_id`,
      expected: { ...ONLY_OWNER, owner: 'yyyn' },
    }],
    ['event_types (personal)', {
      select: `select 1 from event_types where id = ${f.eventType}`,
      insert: `insert into event_types (user_id, title) values ('${f.S}', 'New') returning id`,
      update: `update event_types set title = 'Renamed' where id = ${f.eventType} returning id`,
      delete: `delete from event_types where id = ${f.eventType} returning id`,
      expected: ONLY_OWNER,
    }],
    ['availability_rules (personal)', {
      select: `select 1 from availability_rules where id = ${f.rule}`,
      insert: `insert into availability_rules (user_id, day_of_week) values ('${f.S}', 3) returning id`,
      update: `update availability_rules set is_enabled = false where id = ${f.rule} returning id`,
      delete: `delete from availability_rules where id = ${f.rule} returning id`,
      expected: ONLY_OWNER,
    }],
    ['bookings (personal)', {
      select: `select 1 from bookings where id = ${f.booking}`,
      insert: `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time)
               values (${f.eventType}, '${f.S}', ${guest}) returning id`,
      update: `update bookings set notes = 'changed' where id = ${f.booking} returning id`,
      delete: `delete from bookings where id = ${f.booking} returning id`,
      // Inserts go through create_booking; bookings are cancelled, never deleted.
      expected: { ...ONLY_OWNER, owner: 'ynyn' },
    }],
    ['bookings (team)', {
      select: `select 1 from bookings where id = ${f.teamBooking}`,
      insert: `insert into bookings (event_type_id, team_id, guest_name, guest_email, start_time, end_time)
               values (${f.teamEventType}, ${f.team}, ${guest}) returning id`,
      update: `update bookings set status = 'cancelled' where id = ${f.teamBooking} returning id`,
      delete: `delete from bookings where id = ${f.teamBooking} returning id`,
      // The owner here is the assignee: a member who may cancel their own assigned booking.
      expected: { anon: 'nnnn', owner: 'ynyn', 'other user': 'nnnn', 'team owner': 'ynyn', 'team admin': 'ynyn', 'team member': 'ynnn', 'non-member': 'nnnn' },
    }],
    // The guest's answers and the people they invited: read by the booking's host only (for the team's
    // booking, the owner S is its assignee: the team's owner, admins and other members read the booking
    // above but not these); written by create_booking alone. [table, a row's values, a column set]
    ...([
      ['booking_answers', "'[]'", "answers = '[]'"],
      ['booking_attendees', "'bob@example.test'", "email = 'bob@example.test'"],
    ] as const).flatMap(([table, value, set]) =>
      ([[table, f.booking, f.teamBooking], [`${table} (team)`, f.teamBooking, f.booking]] as const).map(
        ([name, booking, other]): [string, TableCells] => [name, {
          select: `select 1 from ${table} where booking_id = ${booking}`,
          insert: `insert into ${table} values (${other}, ${value}) returning booking_id`,
          update: `update ${table} set ${set} where booking_id = ${booking} returning booking_id`,
          delete: `delete from ${table} where booking_id = ${booking} returning booking_id`,
          expected: { ...ONLY_OWNER, owner: 'ynnn' },
        }],
      ),
    ),
    // A group slot: read as its seats (bookings) are, by the host or the team's members; written by create_booking alone.
    ...([['seat_slots', f.seatSlot, ONLY_OWNER_READS], ['seat_slots (team)', f.teamSeatSlot, TEAM_READS]] as const).map(
      ([name, id, expected]): [string, TableCells] => [name, {
        select: `select 1 from seat_slots where id = ${id}`,
        insert: `insert into seat_slots (event_type_id, user_id, start_time) values (${f.eventType}, $1, now()) returning id`,
        update: `update seat_slots set member_id = null where id = ${id} returning id`,
        delete: `delete from seat_slots where id = ${id} returning id`,
        expected,
      }],
    ),
    // A recurring series: read as its occurrences (bookings) are; written by create_booking_series alone.
    ...([['booking_series', f.series, ONLY_OWNER_READS], ['booking_series (team)', f.teamSeries, TEAM_READS]] as const).map(
      ([name, id, expected]): [string, TableCells] => [name, {
        select: `select 1 from booking_series where id = ${id}`,
        insert: `insert into booking_series (event_type_id, user_id, frequency, count, first_start, time_zone) values (${f.eventType}, $1, 'weekly', 2, now(), 'UTC') returning id`,
        update: `update booking_series set skipped = '{}' where id = ${id} returning id`,
        delete: `delete from booking_series where id = ${id} returning id`,
        expected,
      }],
    ),
    ['booking_busy', {
      select: `select 1 from booking_busy where booking_id = ${f.booking}`,
      insert: `insert into booking_busy (booking_id, user_id, during) values (${f.booking}, $1, tstzrange(now(), now() + interval '1 hour')) returning booking_id`,
      update: `update booking_busy set active = false where booking_id = ${f.booking} returning booking_id`,
      delete: `delete from booking_busy where booking_id = ${f.booking} returning booking_id`,
      expected: { ...ONLY_OWNER, owner: 'ynnn' },
    }],
    ['outbox', {
      select: `select id from outbox where booking_id = ${f.booking} and message_id like '%.guest@kairos'`,
      insert: `insert into outbox (kind, topic, message_id, payload) values ('email', 'booking.created', md5(random()::text), '{}') returning id`,
      update: `update outbox set status = 'sent' where booking_id = ${f.booking} returning id`,
      delete: `delete from outbox where booking_id = ${f.booking} returning id`,
      // Hosts read how the mails of their bookings went; only the service (the outbox worker) writes.
      expected: { ...ONLY_OWNER, owner: 'ynnn' },
    }],
    ['teams', {
      select: `select 1 from teams where id = ${f.team}`,
      // Each caller tries to create a team of their own (anon: one owned by S).
      insert: `insert into teams (name, slug, owner_id) values ('New', 'new-' || md5(random()::text), $1) returning id`,
      update: `update teams set name = 'Renamed' where id = ${f.team} returning id`,
      delete: `delete from teams where id = ${f.team} returning id`,
      // The invitee (other user) reads the team they are invited to: its name, nothing of its people.
      expected: { anon: 'nnnn', owner: 'yynn', 'other user': 'yynn', 'team owner': 'yyyy', 'team admin': 'yyyn', 'team member': 'yynn', 'non-member': 'nynn' },
    }],
    ['team_members', {
      select: `select 1 from team_members where team_id = ${f.team} and user_id = '${f.S}'`,
      // Joining X: only X, accepting the invitation (as the member it invited), ever adds X.
      insert: `insert into team_members (team_id, user_id) values (${f.team}, '${f.X}') returning id`,
      update: `update team_members set role = 'admin' where team_id = ${f.team} and user_id = '${f.S}' returning id`,
      delete: `delete from team_members where team_id = ${f.team} and user_id = '${f.S}' returning id`,
      // The owner here is the member whose row it is: they leave, but do not promote themselves.
      expected: {
        anon: 'nnnn', owner: 'ynny', 'other user': 'nynn', 'team owner': 'ynyy', 'team admin': 'ynyy', 'team member': 'ynnn', 'non-member': 'nnnn',
      },
    }],
    ['team_invitations', {
      select: `select 1 from team_invitations where id = ${f.invitation}`,
      // Each caller tries to invite a new address into T in their own name.
      insert: `insert into team_invitations (team_id, email, role, invited_by)
               values (${f.team}, 'new-' || md5(random()::text) || '@example.test', 'member', $1) returning id`,
      update: `update team_invitations set role = 'admin', invited_by = $1 where id = ${f.invitation} returning id`,
      delete: `delete from team_invitations where id = ${f.invitation} returning id`,
      // Owners and admins invite, renew and revoke; the invitee (other user) reads and declines theirs.
      expected: {
        anon: 'nnnn', owner: 'nnnn', 'other user': 'ynny', 'team owner': 'yyyy', 'team admin': 'yyyy', 'team member': 'nnnn', 'non-member': 'nnnn',
      },
    }],
    ['event_types (team)', {
      select: `select 1 from event_types where id = ${f.teamEventType}`,
      insert: `insert into event_types (team_id, title) values (${f.team}, 'New') returning id`,
      update: `update event_types set title = 'Renamed' where id = ${f.teamEventType} returning id`,
      delete: `delete from event_types where id = ${f.teamEventType} returning id`,
      expected: TEAM_MANAGED,
    }],
    ['availability_rules (team)', {
      select: `select 1 from availability_rules where id = ${f.teamAvailability}`,
      insert: `insert into availability_rules (team_id, day_of_week) values (${f.team}, 4) returning id`,
      update: `update availability_rules set end_time = '18:00' where id = ${f.teamAvailability} returning id`,
      delete: `delete from availability_rules where id = ${f.teamAvailability} returning id`,
      expected: TEAM_MANAGED,
    }],
    ['date_overrides (personal)', {
      select: `select 1 from date_overrides where id = ${f.override}`,
      insert: `insert into date_overrides (user_id, date, start_time, end_time) values ('${f.S}', '2027-01-05', '09:00', '10:00') returning id`,
      update: `update date_overrides set date = '2027-01-06' where id = ${f.override} returning id`,
      delete: `delete from date_overrides where id = ${f.override} returning id`,
      // A date is replaced whole (replace_date_override), never edited in place.
      expected: { ...ONLY_OWNER, owner: 'yyny' },
    }],
    ['date_overrides (team)', {
      select: `select 1 from date_overrides where id = ${f.teamOverride}`,
      insert: `insert into date_overrides (team_id, date) values (${f.team}, '2027-01-05') returning id`,
      update: `update date_overrides set end_time = '13:00' where id = ${f.teamOverride} returning id`,
      delete: `delete from date_overrides where id = ${f.teamOverride} returning id`,
      expected: { ...TEAM_MANAGED, 'team owner': 'yyny', 'team admin': 'yyny' },
    }],
    ['time_off', {
      select: `select note from time_off where id = ${f.timeOff}`,
      insert: `insert into time_off (user_id, start_date, end_date) values ('${f.S}', '2027-03-01', '2027-03-02') returning id`,
      update: `update time_off set note = 'Holiday' where id = ${f.timeOff} returning id`,
      delete: `delete from time_off where id = ${f.timeOff} returning id`,
      // Not even team owners read it: the note is private.
      expected: ONLY_OWNER,
    }],
    // A host's calendars are theirs alone: team-mates and guests meet them only as missing slots,
    // which the slot and booking functions read with the service role.
    ['calendar_connections', {
      select: `select 1 from calendar_connections where id = ${f.connection}`,
      insert: `insert into calendar_connections (user_id, provider, label) values ($1, 'ics', 'Feed') returning id`,
      update: `update calendar_connections set label = 'Renamed' where id = ${f.connection} returning id`,
      delete: `delete from calendar_connections where id = ${f.connection} returning id`,
      // Added only through add_calendar_connection (the calendars function checks the account first).
      expected: { ...ONLY_OWNER, owner: 'ynyy' },
    }],
    ['calendar_credentials', {
      select: `select secret from calendar_credentials where connection_id = ${f.connection}`,
      prepareInsert: `delete from calendar_credentials where connection_id = ${f.connection}`,
      insert: `insert into calendar_credentials (connection_id, secret) values (${f.connection}, 'forged') returning connection_id`,
      update: `update calendar_credentials set secret = 'forged' where connection_id = ${f.connection} returning connection_id`,
      delete: `delete from calendar_credentials where connection_id = ${f.connection} returning connection_id`,
      // Ciphertext for the calendars function (service role) only; not even its owner reads it.
      expected: NOBODY,
    }],
    ['calendar_sources', {
      select: `select 1 from calendar_sources where id = ${f.source}`,
      insert: `insert into calendar_sources (connection_id, user_id, remote_id, name) values (${f.connection}, $1, 'other', 'Other') returning id`,
      update: `update calendar_sources set checks_conflicts = false where id = ${f.source} returning id`,
      delete: `delete from calendar_sources where id = ${f.source} returning id`,
      // The host chooses which calendars count as busy; the booking calendar goes through set_booking_calendar.
      expected: { ...ONLY_OWNER, owner: 'ynyn' },
    }],
    ['external_busy', {
      select: `select 1 from external_busy where id = ${f.busy}`,
      insert: `insert into external_busy (source_id, user_id, during) values (${f.source}, $1, tstzrange(now(), now() + interval '1 hour')) returning id`,
      update: `update external_busy set during = tstzrange(now(), now() + interval '2 hours') where id = ${f.busy} returning id`,
      delete: `delete from external_busy where id = ${f.busy} returning id`,
      // Only the sync (replace_external_busy, service role) writes the cache.
      expected: { ...ONLY_OWNER, owner: 'ynnn' },
    }],
    ['calendar_feeds', {
      select: `select token_hash from calendar_feeds where user_id = '${f.S}'`,
      prepareInsert: `delete from calendar_feeds where user_id = '${f.S}'`,
      insert: `insert into calendar_feeds (user_id, token_hash) values ($1, md5(random()::text)) returning user_id`,
      update: `update calendar_feeds set token_hash = 'chosen' where user_id = '${f.S}' returning user_id`,
      delete: `delete from calendar_feeds where user_id = '${f.S}' returning user_id`,
      // Tokens are made by regenerate_calendar_feed; the hash is never read back through the API.
      expected: NOBODY,
    }],
    ['calendar_events', {
      select: `select 1 from calendar_events where ical_uid = 'rls-matrix@kairos'`,
      insert: `insert into calendar_events (ical_uid, user_id, source_id, href) values ('forged@kairos', $1, ${f.source}, 'x') returning ical_uid`,
      update: `update calendar_events set href = 'x' where ical_uid = 'rls-matrix@kairos' returning ical_uid`,
      delete: `delete from calendar_events where ical_uid = 'rls-matrix@kairos' returning ical_uid`,
      // The outbox's calendar handler (service role) keeps it.
      expected: NOBODY,
    }],
    ['zoom_connections', {
      select: `select user_id, connected_at from zoom_connections where user_id = '${f.S}'`,
      prepareInsert: `delete from zoom_connections where user_id = '${f.S}'`,
      insert: `insert into zoom_connections (user_id, secret) values ($1, 'forged') returning user_id`,
      update: `update zoom_connections set connected_at = now() where user_id = '${f.S}' returning user_id`,
      delete: `delete from zoom_connections where user_id = '${f.S}' returning user_id`,
      // Connected by the calendars function (service role) after Zoom's consent; the host sees it and
      // may disconnect, never reads the sealed tokens (a column grant).
      expected: { ...ONLY_OWNER, owner: 'ynny' },
    }],
    ['stripe_connections', {
      select: `select user_id, account_id, email, country, default_currency, charges_enabled, requirements, connected_at from stripe_connections where user_id = '${f.S}'`,
      prepareInsert: `delete from stripe_connections where user_id = '${f.S}'`,
      insert: `insert into stripe_connections (user_id, account_id, secret) values ($1, 'acct_1Forged', 'forged') returning user_id`,
      update: `update stripe_connections set charges_enabled = true where user_id = '${f.S}' returning user_id`,
      delete: `delete from stripe_connections where user_id = '${f.S}' returning user_id`,
      // Connected by the calendars function (service role) after Stripe's consent; the host sees it and
      // disconnects it, never reads the sealed tokens (a column grant, tested beside the matrix).
      expected: { ...ONLY_OWNER, owner: 'ynny' },
    }],
    // Whoever reads the booking reads its payment; the functions (service role) write it.
    ...([
      ['payments (personal)', f.booking, 'cs_rls_personal', ONLY_OWNER_READS],
      ['payments (team)', f.teamBooking, 'cs_rls_team', TEAM_READS],
    ] as const).map(([name, booking, session, expected]): [string, TableCells] => [name, {
      select: `select 1 from payments where checkout_session_id = '${session}'`,
      insert: `insert into payments (booking_id, account_id, checkout_session_id, amount, currency) values (${booking}, 'acct_1Forged', 'cs_forged', 1, 'usd') returning id`,
      update: `update payments set status = 'paid' where checkout_session_id = '${session}' returning id`,
      delete: `delete from payments where checkout_session_id = '${session}' returning id`,
      expected,
    }]),
    ['stripe_events', {
      select: `select id from stripe_events where id = 'evt_1RlsMatrix'`,
      insert: `insert into stripe_events (id, type, created, handled) values ('evt_1Forged', 'account.application.deauthorized', now(), true) returning id`,
      update: `update stripe_events set handled = true where id = 'evt_1RlsMatrix' returning id`,
      delete: `delete from stripe_events where id = 'evt_1RlsMatrix' returning id`,
      // Stripe's events, recorded by the stripe_webhook function (service role) through receive_stripe_event.
      expected: NOBODY,
    }],
    ['zoom_meetings', {
      select: `select 1 from zoom_meetings where ical_uid = 'rls-matrix@kairos'`,
      insert: `insert into zoom_meetings (ical_uid, user_id, meeting_id) values ('forged@kairos', $1, 1) returning ical_uid`,
      update: `update zoom_meetings set meeting_id = 2 where ical_uid = 'rls-matrix@kairos' returning ical_uid`,
      delete: `delete from zoom_meetings where ical_uid = 'rls-matrix@kairos' returning ical_uid`,
      // The outbox's meeting handler (service role) keeps it.
      expected: NOBODY,
    }],
    ['webhooks (personal)', {
      select: `select 1 from webhooks where id = ${f.webhook}`,
      insert: `insert into webhooks (user_id, url, events) values ('${f.S}', 'https://hooks.example.test/new', '{ping}') returning id`,
      update: `update webhooks set is_active = false where id = ${f.webhook} returning id`,
      delete: `delete from webhooks where id = ${f.webhook} returning id`,
      expected: ONLY_OWNER,
    }],
    ['webhooks (team)', {
      select: `select 1 from webhooks where id = ${f.teamWebhook}`,
      insert: `insert into webhooks (team_id, url, events) values (${f.team}, 'https://hooks.example.test/new', '{ping}') returning id`,
      update: `update webhooks set events = '{ping}' where id = ${f.teamWebhook} returning id`,
      delete: `delete from webhooks where id = ${f.teamWebhook} returning id`,
      // Owners and admins only: plain members never see the team's endpoint addresses.
      expected: { ...TEAM_MANAGED, owner: 'nnnn', 'team member': 'nnnn' },
    }],
    ['webhook_secrets', {
      select: `select secret from webhook_secrets where webhook_id = ${f.webhook}`,
      insert: `insert into webhook_secrets (webhook_id, secret) values (${f.webhook}, 'whsec_' || repeat('A', 43) || '=') returning id`,
      update: `update webhook_secrets set expires_at = now() where webhook_id = ${f.webhook} returning id`,
      delete: `delete from webhook_secrets where webhook_id = ${f.webhook} returning id`,
      // Never through the API, not even for the endpoint's own host: shown once by create and rotate.
      expected: NOBODY,
    }],
    // The outbox function writes the log; managers read it.
    ...([
      ['webhook_deliveries (personal)', f.webhook, f.delivery, ONLY_OWNER_READS],
      ['webhook_deliveries (team)', f.teamWebhook, f.teamDelivery, { ...ONLY_OWNER, owner: 'nnnn', 'team owner': 'ynnn', 'team admin': 'ynnn' }],
    ] as const).map(([name, webhook, delivery, expected]): [string, TableCells] => [name, {
      select: `select 1 from webhook_deliveries where id = ${delivery}`,
      insert: `insert into webhook_deliveries (webhook_id, message_id, event, attempt, ok) values (${webhook}, 'msg_2', 'ping', 1, true) returning id`,
      update: `update webhook_deliveries set ok = false where id = ${delivery} returning id`,
      delete: `delete from webhook_deliveries where id = ${delivery} returning id`,
      expected,
    }]),
    ['storage.objects (avatars)', {
      select: `select 1 from storage.objects where bucket_id = 'avatars' and name = '${f.S}/avatar.png'`,
      insert: `insert into storage.objects (bucket_id, name) values ('avatars', '${f.S}/new.png') returning id`,
      update: `update storage.objects set metadata = '{}' where bucket_id = 'avatars' and name = '${f.S}/avatar.png' returning id`,
      delete: `delete from storage.objects where bucket_id = 'avatars' and name = '${f.S}/avatar.png' returning id`,
      // Only the Storage API deletes storage rows (storage.protect_delete); it sets this first.
      prepareDelete: ALLOW_STORAGE_DELETE,
      // Anyone reads avatars; only S writes under S's folder.
      expected: { anon: 'ynnn', owner: 'yyyy', 'other user': 'ynnn', 'team owner': 'ynnn', 'team admin': 'ynnn', 'team member': 'ynnn', 'non-member': 'ynnn' },
    }],
  ];
}

describe('RLS matrix', () => {
  it('covers every public table', async () => {
    const { rows } = await c.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`);
    const covered = new Set(tables().map(([name]) => name.split(' ')[0]));
    expect(rows.map((r) => r.relname).filter((t) => !covered.has(t))).toEqual([]);
  });

  it.each(ACTORS.map((a) => [a]))('table by table as %s', async (actorName) => {
    const actor = actorOf(actorName);
    const actorId = actor.role === 'anon' ? f.S : actor.id;
    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [name, t] of tables()) {
      let cells = '';
      for (const action of ACTIONS) {
        const text = t[action as Action];
        cells += await attempt(actor, text, text.includes('$1') ? [actorId] : [], action === 'insert' ? t.prepareInsert : action === 'delete' ? t.prepareDelete : undefined);
      }
      actual[name] = cells;
      expected[name] = t.expected[actorName];
      grid.push({ table: name, actor: actorName, cells });
    }
    expect(actual).toEqual(expected);
  });
});

describe('rules beside the matrix', () => {
  const code = (actor: Actor, text: string, params: unknown[] = []) =>
    as(c, actor, async () => {
      try {
        const r = await c.query(text, params);
        return `rows:${r.rowCount}`;
      } catch (e) {
        return (e as { code: string }).code;
      }
    });

  it('never removes, demotes or replaces the team owner through the API', async () => {
    const ownerRow = `team_id = ${f.team} and role = 'owner'`;
    expect(await code(user(f.TA), `delete from team_members where ${ownerRow}`)).toBe('rows:0');
    expect(await code(user(f.TO), `delete from team_members where ${ownerRow}`)).toBe('rows:0');
    expect(await code(user(f.TA), `update team_members set role = 'member' where ${ownerRow}`)).toBe('rows:0');
    expect(await code(user(f.TA), `update team_members set role = 'owner' where team_id = ${f.team} and user_id = $1`, [f.TM])).toBe('42501');
    expect(await code(user(f.TO), `update teams set owner_id = $1 where id = ${f.team}`, [f.TA])).toBe('42501');
    expect(await code(user(f.TA), `insert into team_members (team_id, user_id, role) values (${f.team}, $1, 'owner')`, [f.X])).toBe('42501');
  });

  const codeAfter = (prepare: string, actor: Actor, text: string, params: unknown[] = []) =>
    as(c, actor, async () => {
      try {
        return `rows:${(await c.query(text, params)).rowCount}`;
      } catch (e) {
        return (e as { code: string }).code;
      }
    }, prepare);
  const accept = `select * from accept_team_invitation($1)`;

  it('lets the invitee join only with the invited role, while the invitation is valid, and consumes it', async () => {
    expect(await code(user(f.X), `insert into team_members (team_id, user_id, role) values (${f.team}, $1, 'admin')`, [f.X])).toBe('42501');
    expect(await code(user(f.NM), accept, [f.invitation])).toBe('P0002');
    expect(await codeAfter(`update team_invitations set expires_at = now() - interval '1 second' where id = ${f.invitation}`, user(f.X), accept, [f.invitation])).toBe('P0002');
    // An address Auth has not confirmed is nobody's yet: it receives no membership.
    expect(await codeAfter(`update auth.users set email_confirmed_at = null where id = '${f.X}'`, user(f.X), accept, [f.invitation])).toBe('P0002');
    // Confirmed by Auth but never shown to be read (a sign-up with confirmations off): no membership.
    expect(await codeAfter(`delete from private.email_proofs where user_id = '${f.X}'`, user(f.X), accept, [f.invitation])).toBe('KR002');
    const joined = await as(c, user(f.X), async () => ({
      member: (await c.query(accept, [f.invitation])).rows.map((r) => [r.user_id, r.role]),
      left: (await c.query(`select 1 from team_invitations where id = ${f.invitation}`)).rowCount,
      again: await errorCode(c, accept, [f.invitation]),
    }));
    expect(joined).toEqual({ member: [[f.X, 'member']], left: 0, again: 'P0002' });
  });

  it('shows nothing of a person to a team they have not joined: no email, no busy time, not bookable', async () => {
    // X hosts an event type (inactive, so not bookable by link) and holds a booking; T is made public.
    const prepare = `update teams set is_public = true where id = ${f.team};
      with et as (insert into event_types (user_id, title, is_active) values ('${f.X}', 'Private', false) returning id)
      insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time)
      select id, '${f.X}', 'G', 'g@example.test', now() + interval '5 days', now() + interval '5 days 30 minutes' from et;
      insert into event_types (team_id, title, requires_all_members) values (${f.team}, 'Everyone', true)`;
    const seen = await as(c, user(f.TO), async () => {
      const look = async () => ({
        profile: (await c.query('select email from profiles where id = $1', [f.X])).rowCount,
        busy: (await c.query(`select 1 from public_busy(array[$1::uuid], now(), now() + interval '10 days')`, [f.X])).rowCount,
      });
      const before = await look();
      await c.query('reset role');
      const allHands = (await c.query(
        `select id from create_booking((select id from event_types where team_id = ${f.team} and title = 'Everyone'),
           now() + interval '6 days', now() + interval '6 days 30 minutes', '{"guest_name": "G", "guest_email": "g@example.test"}')`,
      )).rows[0].id;
      const held = (await c.query('select user_id from booking_busy where booking_id = $1', [allHands])).rows.map((r) => r.user_id);
      await become(c, user(f.X));
      await c.query(accept, [f.invitation]);
      await become(c, user(f.TO));
      return { before, heldX: held.includes(f.X), heldMembers: held.length, after: await look() };
    }, prepare);
    expect(seen).toEqual({ before: { profile: 0, busy: 0 }, heldX: false, heldMembers: 4, after: { profile: 1, busy: 1 } });
  });

  it('creates teams only for oneself', async () => {
    expect(await code(user(f.X), `insert into teams (name, slug, owner_id) values ('Mine?', 'not-mine-' || md5(random()::text), $1)`, [f.S])).toBe('42501');
  });

  it('shows a public team, its members, active event types and availability to anon, and never an inactive type', async () => {
    const prepare = `update teams set is_public = true where id = ${f.team};
      insert into event_types (team_id, title, is_active) values (${f.team}, 'Retired', false)`;
    const seen = await as(c, anon, async () => ({
      teams: (await c.query(`select 1 from teams where id = ${f.team}`)).rowCount,
      members: (await c.query(`select 1 from team_members where team_id = ${f.team}`)).rowCount,
      types: (await c.query(`select title from event_types where team_id = ${f.team} order by created_at`)).rows.map((r) => r.title),
      availability: (await c.query(`select 1 from availability_rules where team_id = ${f.team}`)).rowCount,
      bookings: await errorCode(c, `select 1 from bookings where team_id = ${f.team}`),
    }), prepare);
    expect(seen).toEqual({ teams: 1, members: 4, types: ['Team call', 'Class', 'Coaching'], availability: 1, bookings: '42501' });
  });

  it('lets a plain member cancel the team booking assigned to them, but not reassign it', async () => {
    expect(await code(user(f.S), `update bookings set assigned_user_id = $1 where id = ${f.teamBooking}`, [f.TM])).toBe('42501');
    expect(await code(user(f.S), `update bookings set notes = 'x' where id = ${f.teamBooking}`)).toBe('42501');
    expect(await code(user(f.S), `update bookings set status = 'cancelled' where id = ${f.teamBooking}`)).toBe('rows:1');
    expect(await code(user(f.TA), `update bookings set assigned_user_id = $1 where id = ${f.teamBooking}`, [f.TM])).toBe('rows:1');
  });

  it('never lets a client write identity, ownership or time columns', async () => {
    expect(await code(user(f.S), `update profiles set email = 'spoof@example.test' where id = $1`, [f.S])).toBe('42501');
    expect(await code(user(f.S), `update profiles set id = gen_random_uuid() where id = $1`, [f.S])).toBe('42501');
    expect(await code(user(f.S), `update bookings set start_time = start_time + interval '1 hour' where id = ${f.booking}`)).toBe('42501');
    expect(await code(user(f.S), `update bookings set guest_email = 'x@example.test' where id = ${f.booking}`)).toBe('42501');
    expect(await code(user(f.S), `update event_types set user_id = $1 where id = ${f.eventType}`, [f.X])).toBe('42501');
  });

  it('lets a host change only the label of a connection and the conflict check of a calendar', async () => {
    expect(await code(user(f.S), `update calendar_connections set status = 'ok', last_error = null where id = ${f.connection}`)).toBe('42501');
    expect(await code(user(f.S), `update calendar_connections set user_id = $1 where id = ${f.connection}`, [f.X])).toBe('42501');
    expect(await code(user(f.S), `update calendar_sources set receives_bookings = false where id = ${f.source}`)).toBe('42501');
    expect(await code(user(f.S), `update calendar_sources set can_write = true where id = ${f.source}`)).toBe('42501');
    expect(await code(user(f.S), `update calendar_sources set checks_conflicts = false where id = ${f.source}`)).toBe('rows:1');
  });
});

