// Date overrides, time off, per-event rules and booking limits in the database: closed sets, the
// shape of an override, who may change team overrides, the privacy of time-off notes, and limits that
// hold under concurrent bookings.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { BUFFER_CHOICES, DAY_LIMIT_MAX, FUTURE_CHOICES, NOTICE_CHOICES, SLOT_INTERVALS, TIME_OFF_MAX_DAYS, WEEK_LIMIT_MAX } from '../../functions/_shared/rules/constants.ts';
import { anon, as, book, connect, createUser, errorCode, fileConnection, hostWithEventType, one, rolledBack, user } from './db.ts';

const c = fileConnection();

async function team(owner: string): Promise<number> {
  return (await one(c, `insert into teams (name, slug, owner_id, timezone) values ('T', $1, $2, 'UTC') returning id`, [`t-${randomUUID()}`, owner])).id;
}

/** Rows of one user's, each with the error code its insert is answered with (null: stored). */
type Answered = [row: unknown[], code: string | null][];

/**
 * Inserts the rows in turn for a new user (`insert` takes the user as $1, then the row), rolled back
 * after: each row with the code it was answered with, for a test to expect its own table back.
 */
const insertedInTurn = (insert: string, table: Answered): Promise<Answered> =>
  rolledBack(c, async () => {
    const u = await createUser(c);
    const answered: Answered = [];
    for (const [row] of table) answered.push([row, await errorCode(c, insert, [u, ...row])]);
    return answered;
  });

describe('date overrides', () => {
  it('a date holds ranges or one day-off row, never both, and each start once', async () => {
    const table: Answered = [
      [['2027-01-04', '09:00', '10:00'], null],
      [['2027-01-04', '13:00', '14:00'], null],
      [['2027-01-04', null, null], '23P01'],
      [['2027-01-04', '09:00', '11:00'], '23505'],
      [['2027-01-05', null, null], null],
      [['2027-01-05', null, null], '23505'],
      [['2027-01-05', '09:00', '10:00'], '23P01'],
    ];
    expect(await insertedInTurn(`insert into date_overrides (user_id, date, start_time, end_time) values ($1, $2, $3, $4)`, table)).toEqual(table);
  });

  it('refuses broken ranges and times off the half hour', async () => {
    const table: Answered = [
      [['10:00', '09:00'], '23514'],
      [['10:00', '10:00'], '23514'],
      [['10:00', null], '23514'],
      [['10:15', '11:00'], '23514'],
    ];
    expect(await insertedInTurn(`insert into date_overrides (user_id, date, start_time, end_time) values ($1, '2027-01-04', $2, $3)`, table)).toEqual(table);
  });

  it('replace_date_override replaces one date atomically; [] makes it a day off', async () => {
    const host = await newUser();
    const replace = (date: string, ranges: unknown[]) => host.client.rpc('replace_date_override', { p_date: date, p_ranges: ranges });
    expect((await replace('2027-01-04', [{ start_time: '09:00', end_time: '10:00' }, { start_time: '13:00', end_time: '15:00' }])).error).toBeNull();
    expect((await replace('2027-01-05', [])).data).toEqual([expect.objectContaining({ date: '2027-01-05', start_time: null, end_time: null })]);
    // A refused range leaves the date as it was.
    expect((await replace('2027-01-04', [{ start_time: '09:00', end_time: '10:00' }, { start_time: '12:00', end_time: '11:00' }])).error).not.toBeNull();
    const rows = await sql('select date::text, start_time, end_time from date_overrides where user_id = $1 order by date, start_time', [host.id]);
    expect(rows).toEqual([
      { date: '2027-01-04', start_time: '09:00', end_time: '10:00' },
      { date: '2027-01-04', start_time: '13:00', end_time: '15:00' },
      { date: '2027-01-05', start_time: null, end_time: null },
    ]);
    expect((await replace('2027-01-05', [{ start_time: '08:00', end_time: '09:00' }])).error).toBeNull();
    expect(await sql(`select start_time from date_overrides where user_id = $1 and date = '2027-01-05'`, [host.id])).toEqual([{ start_time: '08:00' }]);
  });
});

describe('team date overrides', () => {
  it('owners and admins replace them; a plain member cannot, neither by the RPC nor by a direct write', async () => {
    const [owner, admin, member] = [await createUser(c), await createUser(c), await createUser(c)];
    try {
      const t = await team(owner);
      await c.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin'), ($1, $3, 'member')`, [t, admin, member]);
      const replace = `select * from replace_date_override('2027-01-04', $2, $1)`;
      const ranges = JSON.stringify([{ start_time: '10:00', end_time: '12:00' }]);
      const attempt = (who: string, text: string, params: unknown[]) => as(c, user(who), () => errorCode(c, text, params));
      expect(await attempt(member, replace, [t, ranges])).toBe('42501');
      expect(await attempt(member, `insert into date_overrides (team_id, date) values ($1, '2027-01-04')`, [t])).toBe('42501');
      expect(await attempt(owner, replace, [t, ranges])).toBeNull();
      expect(await attempt(admin, replace, [t, '[]'])).toBeNull();
      await c.query(`insert into date_overrides (team_id, date, start_time, end_time) values ($1, '2027-01-04', '10:00', '12:00')`, [t]);
      // The member reads the team's overrides, deletes nothing.
      const memberView = await as(c, user(member), async () => {
        const read = (await c.query(`select count(*)::int as n from date_overrides where team_id = $1`, [t])).rows[0].n;
        const deleted = (await c.query(`delete from date_overrides where team_id = $1`, [t])).rowCount;
        return { read, deleted };
      });
      expect(memberView).toEqual({ read: 1, deleted: 0 });
      expect(await as(c, anon, () => errorCode(c, `select 1 from date_overrides`))).toBe('42501');
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[owner, admin, member]]);
    }
  });
});

describe('time off', () => {
  it('is whole days in order, at most a year, with a short note', async () => {
    const table: Answered = [
      [['2027-02-01', '2027-02-07', 'Ski trip'], null],
      [['2027-02-01', '2027-02-01', null], null],
      [['2027-02-07', '2027-02-01', null], '23514'],
      [['2027-01-01', '2028-01-02', null], '23514'],
      [['2027-02-01', '2027-02-02', 'x'.repeat(501)], '23514'],
    ];
    expect(await insertedInTurn(`insert into time_off (user_id, start_date, end_date, note) values ($1, $2, $3, $4)`, table)).toEqual(table);
  });

  it('nobody reads another host\'s time off or its note, team-mates and team owners included', async () => {
    const [host, mate] = await Promise.all([newUser(), newUser()]);
    const t = (await sql(`insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`t-${randomUUID()}`, mate.id]))[0].id;
    await sql(`insert into team_members (team_id, user_id, role) values ($1, $2, 'member')`, [t, host.id]);
    await sql(`insert into time_off (user_id, start_date, end_date, note) values ($1, '2027-02-01', '2027-02-05', 'Surgery')`, [host.id]);
    const own = await host.client.from('time_off').select('note');
    expect(own.data).toEqual([{ note: 'Surgery' }]);
    const theirs = await mate.client.from('time_off').select('note, start_date').eq('user_id', host.id);
    expect(theirs).toMatchObject({ error: null, data: [] });
  });
});

describe('per-event-type rules', () => {
  it('hold the same closed sets as the TypeScript rules', async () => {
    const numbers = (def: string) => (def.match(/\d+/g) ?? []).map(Number);
    const domain = async (name: string) =>
      numbers((await one(c, `select pg_get_constraintdef(oid) as def from pg_constraint where contypid = $1::regtype`, [`public.${name}`])).def);
    expect(await domain('buffer_minutes')).toEqual([...BUFFER_CHOICES]);
    expect(await domain('notice_minutes')).toEqual([...NOTICE_CHOICES]);
    expect(await domain('horizon_days')).toEqual([...FUTURE_CHOICES]);
    const { labels } = await one(c, `select enum_range(null::public.slot_interval)::text[] as labels`);
    expect(labels).toEqual(SLOT_INTERVALS.map(String));
    const check = async (name: string) => numbers((await one(c, `select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1`, [name])).def);
    expect(await domain('day_booking_limit')).toEqual([1, DAY_LIMIT_MAX]);
    expect(await domain('week_booking_limit')).toEqual([1, WEEK_LIMIT_MAX]);
    expect(await check('time_off_at_most_a_year')).toEqual([TIME_OFF_MAX_DAYS]);
  });

  it('take only the closed sets of docs/product/constants.md, for personal and team event types alike', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const t = await team(u);
      for (const owner of ['user_id', 'team_id']) {
        const { id } = await one(c, `insert into event_types (${owner}, title) values ($1, 'E') returning id`, [owner === 'user_id' ? u : t]);
        const set = (column: string, value: unknown) => errorCode(c, `update event_types set ${column} = $2 where id = $1`, [id, value]);
        expect(await one(c, `select slot_interval, buffer_before, max_bookings_per_day from event_types where id = $1`, [id])).toEqual({
          slot_interval: '30', buffer_before: null, max_bookings_per_day: null,
        });
        for (const v of [0, 5, 10, 15, 30, null]) expect(await set('buffer_before', v)).toBeNull();
        expect(await set('buffer_after', 7)).toBe('23514');
        expect(await set('minimum_notice', 30)).toBe('23514');
        expect(await set('max_future_bookings', 45)).toBe('23514');
        for (const v of ['15', '60', 'duration']) expect(await set('slot_interval', v)).toBeNull();
        expect(await set('slot_interval', '45')).toBe('22P02');
        expect(await set('max_bookings_per_day', 0)).toBe('23514');
        expect(await set('max_bookings_per_day', 3)).toBeNull();
        expect(await set('max_bookings_per_week', 2)).toBe('23514');
        expect(await set('max_bookings_per_week', 10)).toBeNull();
      }
    }));
});

/** Resolves once the connection's backend waits on a lock held by another transaction. */
async function waitUntilBlocked(blocked: pg.Client): Promise<void> {
  const pid = (blocked as unknown as { processID: number }).processID;
  for (;;) {
    const { wait } = await one(c, `select wait_event_type as wait from pg_stat_activity where pid = $1`, [pid]);
    if (wait === 'Lock') return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('booking limits', () => {
  const insertAt = (eventType: number, host: string, start: string) =>
    errorCode(
      c,
      `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time)
       values ($1, $2, 'G', 'g@example.test', $3::timestamptz, $3::timestamptz + interval '30 minutes')`,
      [eventType, host, start],
    );

  it('per host-local day: New York evening bookings count for their New York date; cancelled ones do not count', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c);
      await c.query(`update profiles set timezone = 'America/New_York' where id = $1`, [host]);
      await c.query(`update event_types set max_bookings_per_day = 2 where id = $1`, [eventType]);
      expect(await insertAt(eventType, host, '2027-03-01T15:00:00Z')).toBeNull(); // Monday 10:00
      expect(await insertAt(eventType, host, '2027-03-02T02:00:00Z')).toBeNull(); // Monday 21:00
      expect(await insertAt(eventType, host, '2027-03-01T17:00:00Z')).toBe('23P01');
      expect(await insertAt(eventType, host, '2027-03-02T06:00:00Z')).toBeNull(); // Tuesday 01:00
      await c.query(`update bookings set status = 'cancelled' where event_type_id = $1 and start_time = '2027-03-01T15:00:00Z'`, [eventType]);
      expect(await insertAt(eventType, host, '2027-03-01T17:00:00Z')).toBeNull();
    }));

  it('per week, Monday first, and when a booking moves into a full week', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c);
      await c.query(`update event_types set max_bookings_per_week = 2 where id = $1`, [eventType]);
      expect(await insertAt(eventType, host, '2027-03-07T10:00:00Z')).toBeNull(); // Sunday: the week before
      expect(await insertAt(eventType, host, '2027-03-08T10:00:00Z')).toBeNull(); // Monday
      expect(await insertAt(eventType, host, '2027-03-14T10:00:00Z')).toBeNull(); // Sunday: same week
      expect(await insertAt(eventType, host, '2027-03-10T10:00:00Z')).toBe('23P01');
      expect(
        await errorCode(c, `update bookings set start_time = '2027-03-09T10:00:00Z', end_time = '2027-03-09T10:30:00Z' where event_type_id = $1 and start_time = '2027-03-07T10:00:00Z'`, [eventType]),
      ).toBe('23P01');
      // Other event types of the same host are not counted.
      const other = (await one(c, `insert into event_types (user_id, title) values ($1, 'Other') returning id`, [host])).id;
      expect(await insertAt(other, host, '2027-03-10T12:00:00Z')).toBeNull();
    }));

  it('per team-local day for team event types, through create_booking', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      const t = await team(owner);
      await c.query(`update teams set timezone = 'Asia/Kathmandu' where id = $1`, [t]);
      const { id } = await one(c, `insert into event_types (team_id, title, max_bookings_per_day) values ($1, 'E', 1) returning id`, [t]);
      const bookTeam = (start: string) =>
        errorCode(c, `select create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', '{"guest_name":"G","guest_email":"g@example.test"}')`, [id, start]);
      expect(await bookTeam('2027-03-01T18:00:00Z')).toBeNull(); // Monday 23:45 in Kathmandu
      expect(await bookTeam('2027-03-01T18:30:00Z')).toBeNull(); // Tuesday 00:15
      expect(await bookTeam('2027-03-01T10:00:00Z')).toBe('23P01');
    }));

  it('hold when two bookings race for the last place of a day', async () => {
    const [a, b] = [await connect(), await connect()];
    const { host, eventType } = await hostWithEventType(c);
    try {
      await c.query(`update event_types set max_bookings_per_day = 1 where id = $1`, [eventType]);
      await a.query('begin');
      await b.query('begin');
      await book(a, eventType, '2027-04-05T09:00:00Z');
      // The second waits for the first's lock, then counts its booking.
      const second = book(b, eventType, '2027-04-05T11:00:00Z').then(
        () => 'booked',
        (e: { code?: string }) => e.code,
      );
      await waitUntilBlocked(b);
      await a.query('commit');
      expect(await second).toBe('23P01');
      await b.query('rollback');
      expect(await sql('select count(*)::int as n from bookings where event_type_id = $1', [eventType])).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all([a.end(), b.end()]);
      await c.query('delete from auth.users where id = $1', [host]);
    }
  });
});
