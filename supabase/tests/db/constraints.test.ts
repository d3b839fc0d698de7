// Constraints: every closed set of docs/product/constants.md is enforced by the database, handles and slugs follow
// their rules, and double booking is impossible for one person whatever the path.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { anon, as, book, createUser, errorCode, fileConnection, GUEST, hostWithEventType, one, rolledBack, user } from './db.ts';

const c = fileConnection();

/** Each value against a statement taking it as $1: which are refused (and with what code)? */
async function refused(text: string, values: unknown[], prefix: unknown[] = []): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const v of values) out[String(v)] = await errorCode(c, text, [...prefix, v]);
  return out;
}
const codes = (values: unknown[], code: string | null) => Object.fromEntries(values.map((v) => [String(v), code]));

describe('handles', () => {
  it('stores handles lowercased and accepts 3-30 of a-z 0-9 _ -', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      await c.query(`update profiles set handle = '  Mixed_Case-9 ' where id = $1`, [u]);
      expect((await one(c, 'select handle from profiles where id = $1', [u])).handle).toBe('mixed_case-9');
      const ok = ['abc', 'a'.repeat(30), 'a_b-c', '123'];
      expect(await refused(`update profiles set handle = $2 where id = $1`, ok, [u])).toEqual(codes(ok, null));
      await c.query(`update profiles set handle = '' where id = $1`, [u]);
      expect((await one(c, 'select handle from profiles where id = $1', [u])).handle).toBeNull();
    }));

  it('refuses malformed handles', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const bad = ['ab', 'a'.repeat(31), 'dot.ted', 'with space', 'émile', 'semi;colon'];
      expect(await refused(`update profiles set handle = $2 where id = $1`, bad, [u])).toEqual(codes(bad, '23514'));
    }));

  it('refuses every word the web app routes on', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const reserved = ['login', 'register', 'dashboard', 'api', 'book', 'calendar', 'team', 'teams', 'profile', 'bookings',
        'availability', 'terms', 'privacy', 'forgot-password', 'Login'];
      expect(await refused(`update profiles set handle = $2 where id = $1`, reserved, [u])).toEqual(codes(reserved, '23514'));
    }));

  it('is unique whatever the case', () =>
    rolledBack(c, async () => {
      const [a, b] = [await createUser(c), await createUser(c)];
      const handle = `h${randomUUID().slice(0, 8)}`;
      await c.query(`update profiles set handle = $2 where id = $1`, [a, handle]);
      expect(await errorCode(c, `update profiles set handle = $2 where id = $1`, [b, handle.toUpperCase()])).toBe('23505');
    }));
});

describe('team slugs', () => {
  it('accepts lowercase letters, digits and hyphens only, and is unique', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      const insert = `insert into teams (name, slug, owner_id) values ('T', $2, $1)`;
      const slug = `ok-${randomUUID().slice(0, 8)}-9`;
      expect(await errorCode(c, insert, [owner, slug])).toBeNull();
      expect(await errorCode(c, insert, [owner, slug])).toBe('23505');
      const bad = ['Upper', 'under_score', 'with space', '', 'dot.ted'];
      expect(await refused(insert, bad, [owner])).toEqual(codes(bad, '23514'));
    }));

  it('requires a non-blank name and a known time zone, defaulting to private and UTC', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      expect(await errorCode(c, `insert into teams (name, slug, owner_id) values ('  ', 'blank-name', $1)`, [owner])).toBe('23514');
      expect(await errorCode(c, `insert into teams (name, slug, owner_id, timezone) values ('T', 'bad-tz', $1, 'Mars/Olympus')`, [owner])).toBe('22023');
      const t = await one(c, `insert into teams (name, slug, owner_id) values ('T', $2, $1) returning is_public, timezone`, [owner, `d-${randomUUID()}`]);
      expect(t).toEqual({ is_public: false, timezone: 'UTC' });
    }));
});

describe('closed sets and defaults', () => {
  it('event types: the six durations, the six colours, a title, a price of at least 0', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const dur = `insert into event_types (user_id, title, duration) values ($1, 'x', $2)`;
      expect(await refused(dur, [15, 30, 45, 60, 90, 120], [u])).toEqual(codes([15, 30, 45, 60, 90, 120], null));
      expect(await refused(dur, [0, 10, 20, 75, 180], [u])).toEqual(codes([0, 10, 20, 75, 180], '23514'));
      const colours = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4'];
      const col = `insert into event_types (user_id, title, color) values ($1, 'x', $2)`;
      expect(await refused(col, colours, [u])).toEqual(codes(colours, null));
      expect(await refused(col, ['#000000', 'blue', '#3B82F6'], [u])).toEqual(codes(['#000000', 'blue', '#3B82F6'], '23514'));
      expect(await errorCode(c, `insert into event_types (user_id, title, price_cents) values ($1, 'x', -1)`, [u])).toBe('23514');
      // A late cancellation refunds 0 (none) to 100 (full) percent.
      const late = `insert into event_types (user_id, title, late_cancel_refund_percent) values ($1, 'x', $2)`;
      expect(await refused(late, [0, 1, 50, 99, 100], [u])).toEqual(codes([0, 1, 50, 99, 100], null));
      expect(await refused(late, [-1, 101], [u])).toEqual(codes([-1, 101], '23514'));
      expect(await errorCode(c, `insert into event_types (user_id, title) values ($1, ' ')`, [u])).toBe('23514');
      const d = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning duration, color, is_active, auto_confirm, price_cents`, [u]);
      expect(d).toEqual({ duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, price_cents: 0 });
    }));

  it('settings: the offered buffers, notices and horizons, created at sign-up with the product defaults', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      expect(await one(c, 'select buffer_before, buffer_after, minimum_notice, max_future_bookings from user_settings where user_id = $1', [u]))
        .toEqual({ buffer_before: 10, buffer_after: 10, minimum_notice: 1440, max_future_bookings: 60 });
      const cases: [string, number[], number[]][] = [
        ['buffer_before', [0, 5, 10, 15, 30], [1, 20, 60]],
        ['buffer_after', [0, 5, 10, 15, 30], [-5, 45]],
        ['minimum_notice', [0, 60, 120, 240, 1440, 2880], [30, 720]],
        ['max_future_bookings', [7, 14, 30, 60, 90], [1, 365]],
      ];
      for (const [column, good, bad] of cases) {
        const text = `update user_settings set ${column} = $2 where user_id = $1`;
        expect(await refused(text, good, [u])).toEqual(codes(good, null));
        expect(await refused(text, bad, [u])).toEqual(codes(bad, '23514'));
      }
    }));

  for (const owner of ['user_id', 'team_id'] as const) {
    const table = 'availability_rules';
    it(`${table} of a ${owner === 'user_id' ? 'host' : 'team'}: day 0-6, HH:MM on the half hour up to 23:30, start before end, 09:00-17:00 by default`, () =>
      rolledBack(c, async () => {
        const u = await createUser(c);
        const ownerId = owner === 'user_id'
          ? u
          : (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`a-${randomUUID()}`, u])).id;
        const day = `insert into ${table} (${owner}, day_of_week) values ($1, $2)`;
        expect(await refused(day, [0, 3, 6], [ownerId])).toEqual(codes([0, 3, 6], null));
        expect(await refused(day, [-1, 7], [ownerId])).toEqual(codes([-1, 7], '23514'));
        const range = `insert into ${table} (${owner}, day_of_week, start_time, end_time) values ($1, 1, $2, $3)`;
        const good = [['00:00', '00:30'], ['08:30', '12:00'], ['23:00', '23:30']];
        const bad = [['09:15', '10:00'], ['9:00', '10:00'], ['10:00', '24:00'], ['10:00', '10:00'], ['12:00', '11:00'], ['25:00', '26:00'], ['10:00', '10:60']];
        for (const [s, e] of good) expect(await errorCode(c, range, [ownerId, s, e]), `${s}-${e}`).toBeNull();
        for (const [s, e] of bad) expect(await errorCode(c, range, [ownerId, s, e]), `${s}-${e}`).toBe('23514');
        const d = await one(c, `insert into ${table} (${owner}, day_of_week) values ($1, 2) returning start_time, end_time, is_enabled`, [ownerId]);
        expect(d).toEqual({ start_time: '09:00', end_time: '17:00', is_enabled: true });
      }));
  }

  it('team members: roles owner, admin, member (default member), one owner, the creator as owner', () =>
    rolledBack(c, async () => {
      const [o, m, x] = [await createUser(c), await createUser(c), await createUser(c)];
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`m-${randomUUID()}`, o])).id;
      expect(await one(c, 'select role from team_members where team_id = $1 and user_id = $2', [team, o])).toEqual({ role: 'owner' });
      expect(await one(c, 'insert into team_members (team_id, user_id) values ($1, $2) returning role', [team, m])).toEqual({ role: 'member' });
      expect(await errorCode(c, `insert into team_members (team_id, user_id, role) values ($1, $2, 'guest')`, [team, x])).toBe('22P02');
      expect(await errorCode(c, `insert into team_members (team_id, user_id, role) values ($1, $2, 'owner')`, [team, x])).toBe('23505');
      expect(await errorCode(c, `insert into team_members (team_id, user_id) values ($1, $2)`, [team, m])).toBe('23505');
    }));

  it("event types, weekly hours and date overrides: exactly one owner, a host or a team; a team's fields only on a team's event type", () =>
    rolledBack(c, async () => {
      const [o, m] = [await createUser(c), await createUser(c)];
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`o-${randomUUID()}`, o])).id;
      await c.query('insert into team_members (team_id, user_id) values ($1, $2)', [team, m]);
      for (const [insert, extra] of [
        [`insert into event_types (user_id, team_id, title) values ($1, $2, 'x')`, []],
        [`insert into availability_rules (user_id, team_id, day_of_week) values ($1, $2, 1)`, []],
        [`insert into date_overrides (user_id, team_id, date) values ($1, $2, '2031-01-06')`, []],
      ] as const) {
        expect(await errorCode(c, insert, [o, team, ...extra]), insert).toBe('23514');
        expect(await errorCode(c, insert, [null, null, ...extra]), insert).toBe('23514');
      }
      // A host's event type has no assignment; a team's always has one (its defaults when not given).
      for (const column of ['requires_all_members = false', "assignment_type = 'round_robin'", `specific_member_id = '${m}'`]) {
        const [name, value] = column.split(' = ');
        expect(await errorCode(c, `insert into event_types (user_id, title, ${name}) values ($1, 'x', ${value})`, [o]), column).toBe('23514');
      }
      expect(await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning requires_all_members, assignment_type, specific_member_id`, [o]))
        .toEqual({ requires_all_members: null, assignment_type: null, specific_member_id: null });
      // The same date of a host and of a team never meet: each owner has its own day off or ranges.
      await c.query(`insert into date_overrides (user_id, date) values ($1, '2031-01-06')`, [o]);
      expect(await errorCode(c, `insert into date_overrides (team_id, date, start_time, end_time) values ($1, '2031-01-06', '09:00', '10:00')`, [team])).toBeNull();
      expect(await errorCode(c, `insert into date_overrides (team_id, date) values ($1, '2031-01-06')`, [team])).toBe('23P01');
      expect(await errorCode(c, `insert into date_overrides (user_id, date) values ($1, '2031-01-06')`, [o])).toBe('23505');
    }));

  it('team event types: multiples of 15 from 15, the six colours, assignment types, a specific member from the team', () =>
    rolledBack(c, async () => {
      const [o, outsider] = [await createUser(c), await createUser(c)];
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`e-${randomUUID()}`, o])).id;
      const dur = `insert into event_types (team_id, title, duration) values ($1, 'x', $2)`;
      expect(await refused(dur, [15, 45, 75, 150, 480], [team])).toEqual(codes([15, 45, 75, 150, 480], null));
      expect(await refused(dur, [0, 10, 20, 1455], [team])).toEqual(codes([0, 10, 20, 1455], '23514'));
      expect(await errorCode(c, `insert into event_types (team_id, title, color) values ($1, 'x', '#123456')`, [team])).toBe('23514');
      expect(await errorCode(c, `insert into event_types (team_id, title, assignment_type) values ($1, 'x', 'random')`, [team])).toBe('22P02');
      expect(await errorCode(c, `insert into event_types (team_id, title, assignment_type) values ($1, 'x', 'specific_member')`, [team])).toBe('23514');
      const specific = `insert into event_types (team_id, title, assignment_type, specific_member_id) values ($1, 'x', 'specific_member', $2)`;
      expect(await errorCode(c, specific, [team, outsider])).toBe('23503');
      expect(await errorCode(c, specific, [team, o])).toBeNull();
      const d = await one(c, `insert into event_types (team_id, title) values ($1, 'x')
        returning duration, color, is_active, auto_confirm, requires_all_members, assignment_type`, [team]);
      expect(d).toEqual({ duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, requires_all_members: false, assignment_type: 'round_robin' });
    }));

  it('profiles: a known time zone, UTC and private by default, names from sign-up metadata in either spelling', () =>
    rolledBack(c, async () => {
      const camel = await createUser(c, { firstName: 'Ada', lastName: 'Lovelace' });
      const oauth = await createUser(c, { full_name: 'Grace Brewster Hopper', avatar_url: 'https://example.test/g.png' });
      expect(await one(c, 'select first_name, last_name, timezone, is_public_profile, is_calendar_public from profiles where id = $1', [camel]))
        .toEqual({ first_name: 'Ada', last_name: 'Lovelace', timezone: 'UTC', is_public_profile: false, is_calendar_public: false });
      expect(await one(c, 'select first_name, last_name, profile_image_url from profiles where id = $1', [oauth]))
        .toEqual({ first_name: 'Grace', last_name: 'Brewster Hopper', profile_image_url: 'https://example.test/g.png' });
      expect(await errorCode(c, `update profiles set timezone = 'Nowhere/Land' where id = $1`, [camel])).toBe('22023');
      expect(await errorCode(c, `update profiles set timezone = 'Asia/Kolkata' where id = $1`, [camel])).toBeNull();
    }));

  it('knows exactly the time zones the server names, also one missing from the copy of their names', () =>
    rolledBack(c, async () => {
      const disagree = await c.query(`select n.name from pg_timezone_names n where not private.is_valid_timezone(n.name)`);
      expect(disagree.rows).toEqual([]);
      const unknown = ['Nowhere/Land', 'PST', 'europe/berlin', '', 'Europe/Berlin '];
      expect(Object.fromEntries(await Promise.all(unknown.map(async (z) => [z, (await one(c, 'select private.is_valid_timezone($1) as ok', [z])).ok])))).toEqual(
        Object.fromEntries(unknown.map((z) => [z, false])),
      );
      // A zone newer than the copy is still known (the server's list decides).
      await c.query(`delete from private.timezone_names where name = 'Asia/Kathmandu'`);
      expect((await one(c, `select private.is_valid_timezone('Asia/Kathmandu') as ok`)).ok).toBe(true);
    }));

  it('profiles: the email follows auth.users', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      await c.query(`update auth.users set email = 'renamed@example.test' where id = $1`, [u]);
      expect((await one(c, 'select email from profiles where id = $1', [u])).email).toBe('renamed@example.test');
    }));

  it('bookings: statuses, guest name and email, start before end, personal or team but never both', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c);
      const other = await hostWithEventType(c);
      const insert = (cols: string, vals: string, params: unknown[]) =>
        errorCode(c, `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time${cols})
          values ($1, $2, $3, $4, '2030-01-01 10:00Z', '2030-01-01 10:30Z'${vals})`, params);
      expect(await insert('', '', [eventType, host, 'G', 'g@example.test'])).toBeNull();
      expect(await insert(', status', `, 'maybe'`, [eventType, host, 'G', 'g@example.test'])).toBe('22P02');
      expect(await insert('', '', [eventType, host, ' ', 'g@example.test'])).toBe('23514');
      expect(await insert('', '', [eventType, host, 'G', 'not-an-email'])).toBe('23514');
      expect(await insert(', team_id', ', 1', [eventType, host, 'G', 'g@example.test'])).toBe('23514');
      // The host of a booking is the owner of its event type.
      expect(await insert('', '', [other.eventType, host, 'G', 'g@example.test'])).toBe('23503');
      expect(await errorCode(c, `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time)
        values ($1, $2, 'G', 'g@example.test', '2030-01-01 10:30Z', '2030-01-01 10:00Z')`, [eventType, host])).toBe('23514');
    }));

  it('bookings: pending → confirmed | cancelled, confirmed → cancelled | completed once it has ended; cancelled and completed are final', () =>
    rolledBack(c, async () => {
      const { eventType } = await hostWithEventType(c, { auto_confirm: false });
      const id = await book(c, eventType, '2030-02-01T10:00:00Z');
      const set = (status: string, booking = id) => errorCode(c, 'update bookings set status = $2 where id = $1', [booking, status]);
      expect((await one(c, 'select status from bookings where id = $1', [id])).status).toBe('pending');
      expect(await set('completed')).toBe('22023');
      expect(await set('confirmed')).toBeNull();
      expect(await set('pending')).toBe('22023');
      // A future meeting cannot have taken place.
      expect(await set('completed')).toBe('22023');
      expect(await set('cancelled')).toBeNull();
      expect(await set('confirmed')).toBe('22023');
      expect(await set('completed')).toBe('22023');
      // One that has ended is completed, then final; one still running is not completed yet.
      const confirmedAt = async (start: string, end: string) =>
        (
          await one(
            c,
            `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
             select id, user_id, 'G', 'g@example.test', ${start}, ${end}, 'confirmed' from event_types where id = $1 returning id`,
            [eventType],
          )
        ).id as number;
      const ended = await confirmedAt(`now() - interval '3 hours'`, `now() - interval '150 minutes'`);
      expect(await set('completed', ended)).toBeNull();
      expect(await set('cancelled', ended)).toBe('22023');
      const running = await confirmedAt(`now() - interval '10 minutes'`, `now() + interval '20 minutes'`);
      expect(await set('completed', running)).toBe('22023');
      expect(await set('cancelled', running)).toBeNull();
    }));
});

describe('no double booking', () => {
  it('refuses an overlapping booking of the same host, with the "no longer available" message', () =>
    rolledBack(c, async () => {
      const { eventType } = await hostWithEventType(c);
      await book(c, eventType, '2030-03-01T10:00:00Z');
      await c.query('savepoint s');
      const err = await c.query(`select create_booking($1, '2030-03-01 10:15Z', '2030-03-01 10:45Z', $2)`, [eventType, GUEST])
        .then(() => null, (e) => e as { code: string; message: string });
      await c.query('rollback to savepoint s');
      expect(err).toMatchObject({ code: '23P01', message: 'This time slot is no longer available' });
    }));

  it('allows back-to-back bookings, and the same time for different hosts', () =>
    rolledBack(c, async () => {
      const a = await hostWithEventType(c);
      const b = await hostWithEventType(c);
      await book(c, a.eventType, '2030-03-02T10:00:00Z');
      expect(await errorCode(c, `select create_booking($1, '2030-03-02 10:30Z', '2030-03-02 11:00Z', $2)`, [a.eventType, GUEST])).toBeNull();
      expect(await errorCode(c, `select create_booking($1, '2030-03-02 09:30Z', '2030-03-02 10:00Z', $2)`, [a.eventType, GUEST])).toBeNull();
      expect(await errorCode(c, `select create_booking($1, '2030-03-02 10:00Z', '2030-03-02 10:30Z', $2)`, [b.eventType, GUEST])).toBeNull();
    }));

  it('frees the interval when the booking is cancelled', () =>
    rolledBack(c, async () => {
      const { eventType } = await hostWithEventType(c);
      const id = await book(c, eventType, '2030-03-03T10:00:00Z');
      await c.query(`update bookings set status = 'cancelled' where id = $1`, [id]);
      expect(await errorCode(c, `select create_booking($1, '2030-03-03 10:00Z', '2030-03-03 10:30Z', $2)`, [eventType, GUEST])).toBeNull();
      expect((await one(c, 'select active from booking_busy where booking_id = $1', [id])).active).toBe(false);
    }));

  it('counts team bookings against the assignee, and requires-all bookings against every member', () =>
    rolledBack(c, async () => {
      const { host: m1, eventType: personal } = await hostWithEventType(c);
      const m2 = await createUser(c);
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`b-${randomUUID()}`, m2])).id;
      await c.query(`insert into team_members (team_id, user_id) values ($1, $2)`, [team, m1]);
      const single = (await one(c, `insert into event_types (team_id, title) values ($1, 'One') returning id`, [team])).id;
      const all = (await one(c, `insert into event_types (team_id, title, requires_all_members) values ($1, 'All', true) returning id`, [team])).id;
      const teamBook = (type: number, start: string, members: string[] | null) =>
        errorCode(c, `select create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', $3, $4)`,
          [type, start, GUEST, members]);

      await book(c, personal, '2030-04-01T10:00:00Z');
      expect(await teamBook(single, '2030-04-01T10:00:00Z', [m1])).toBe('23P01');
      expect(await teamBook(single, '2030-04-01T10:00:00Z', [m2])).toBeNull();
      // m2 is now busy at 10:00 and m1 too: a requires-all booking then cannot take 10:00, but can take 11:00.
      expect(await teamBook(all, '2030-04-01T10:00:00Z', null)).toBe('23P01');
      expect(await teamBook(all, '2030-04-01T11:00:00Z', null)).toBeNull();
      expect(await errorCode(c, `select create_booking($1, '2030-04-01 11:00Z', '2030-04-01 11:30Z', $2)`, [personal, GUEST])).toBe('23P01');
      // Unassigned bookings hold nobody's time until assigned, and assigning re-checks the assignee.
      expect(await teamBook(single, '2030-04-01T11:00:00Z', [])).toBeNull();
      const unassigned = (await one(c, `select id from bookings where event_type_id = $1 and assigned_user_id is null`, [single])).id;
      expect(await errorCode(c, 'update bookings set assigned_user_id = $2 where id = $1', [unassigned, m1])).toBe('23P01');
      expect(await errorCode(c, `update bookings set start_time = '2030-04-01 12:00Z', end_time = '2030-04-01 12:30Z', assigned_user_id = $2 where id = $1`, [unassigned, m1])).toBeNull();
      expect(await errorCode(c, `select create_booking($1, '2030-04-01 12:15Z', '2030-04-01 12:45Z', $2)`, [personal, GUEST])).toBe('23P01');
    }));

  it('lets exactly one of two concurrent overlapping bookings through', async () => {
    const { host, eventType } = await hostWithEventType(c);
    const second = new pg.Client({ connectionString: stack().dbUrl });
    await second.connect();
    try {
      await c.query('begin');
      await book(c, eventType, '2030-05-01T10:00:00Z');
      // The second writer waits on the first's uncommitted busy row, then fails when it commits.
      const racing = second
        .query(`select create_booking($1, '2030-05-01 10:15Z', '2030-05-01 10:45Z', $2)`, [eventType, GUEST])
        .then(() => null, (e) => (e as { code: string }).code);
      await c.query('commit');
      expect(await racing).toBe('23P01');
      expect((await one(c, 'select count(*)::int as n from bookings where user_id = $1', [host])).n).toBe(1);
    } finally {
      await second.end();
      await c.query('delete from auth.users where id = $1', [host]);
    }
  });
});

describe('booking functions', () => {
  it('take the status from auto-confirm (no caller chooses it) and require end = start + duration', () =>
    rolledBack(c, async () => {
      const confirm = await hostWithEventType(c);
      const approve = await hostWithEventType(c, { auto_confirm: false });
      const status = async (et: number, start: string) => (await one(c, 'select status from bookings where id = $1', [await book(c, et, start)])).status;
      expect(await status(confirm.eventType, '2030-06-01T10:00:00Z')).toBe('confirmed');
      expect(await status(approve.eventType, '2030-06-01T10:00:00Z')).toBe('pending');
      expect(await errorCode(c, `select create_booking($1, '2030-06-02 10:00Z', '2030-06-02 10:30Z', $2, p_status => 'confirmed')`, [approve.eventType, GUEST])).toBe('42883');
      expect(await errorCode(c, `select create_booking($1, '2030-06-02 10:00Z', '2030-06-02 11:00Z', $2)`, [confirm.eventType, GUEST])).toBe('22023');
      expect(await errorCode(c, `select create_booking($1, '2030-06-02 10:00Z', '2030-06-02 10:30Z', '{"guestName": "Camel", "guestEmail": "camel@example.test"}')`, [confirm.eventType])).toBeNull();
      expect(await errorCode(c, `select create_booking($1, '2030-06-03 10:00Z', '2030-06-03 10:30Z', '{"guest_name": "No email"}')`, [confirm.eventType])).toBe('23502');
    }));

  it('refuse inactive event types, and every caller but the service role', async () => {
    const inactive = await hostWithEventType(c, { is_active: false });
    const mine = await hostWithEventType(c);
    try {
      await rolledBack(c, async () => {
        expect(await errorCode(c, `select create_booking($1, '2030-07-01 10:00Z', '2030-07-01 10:30Z', $2)`, [inactive.eventType, GUEST])).toBe('P0002');
      });
      // Not even a host on their own event type: the booking functions are the only door.
      for (const actor of [user(mine.host), anon]) {
        await as(c, actor, async () => {
          expect(await errorCode(c, `select create_booking($1, '2030-07-01 10:00Z', '2030-07-01 10:30Z', $2)`, [mine.eventType, GUEST])).toBe('42501');
        });
      }
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[inactive.host, mine.host]]);
    }
  });
});
