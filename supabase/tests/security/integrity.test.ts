// Data integrity (and the status transitions), replayed as an attacker through REST with
// their own session, and through the booking functions: immutable columns, error details, unbounded
// arrays, statuses ahead of the clock, and the booking rate limit.
import { describe, expect, it } from 'vitest';
import { anonClient, newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { guestBody, newHost } from '../api/fixtures.ts';
import { booked, daysAhead, eventTypeOf, GUEST, teamWith } from './support.ts';

describe('immutable columns', () => {
  it('keeps team_id, user_id, created_at and joined_at where they were born', async () => {
    const admin = await newUser();
    const member = await newUser();
    const [a, b] = [await teamWith(admin.id, [[member.id, 'member']]), await teamWith(admin.id)];
    const [{ id: type }] = await sql(`insert into public.event_types (team_id, title) values ($1, 'Call') returning id`, [a]);
    const [{ id: hours }] = await sql(`insert into public.availability_rules (team_id, day_of_week) values ($1, 1) returning id`, [a]);
    const db = admin.client;

    // An admin of two teams cannot move an event type or a week from one to the other.
    expect((await db.from('event_types').update({ team_id: b }).eq('id', type).select()).error?.code).toBe('42501');
    expect((await db.from('availability_rules').update({ team_id: b }).eq('id', hours).select()).error?.code).toBe('42501');
    expect((await db.from('event_types').update({ created_at: '2001-01-01T00:00:00Z' }).eq('id', type).select()).error?.code).toBe('42501');
    // A member row is never re-pointed or re-dated.
    for (const change of [{ team_id: b }, { user_id: admin.id }, { joined_at: '2001-01-01T00:00:00Z' }]) {
      expect((await db.from('team_members').update(change).eq('team_id', a).eq('user_id', member.id).select()).error?.code).toBe('42501');
    }
    // A host's own rows stay theirs and keep their age.
    const mine = await eventTypeOf(admin.id);
    expect((await db.from('event_types').update({ created_at: '2001-01-01T00:00:00Z' }).eq('id', mine).select()).error?.code).toBe('42501');
    expect((await db.from('user_settings').update({ user_id: member.id }).eq('user_id', admin.id).select()).error?.code).toBe('42501');
    // Nor does an owner hand a row to another owner: a host's event type to a team they manage, a team's to a host.
    expect((await db.from('event_types').update({ user_id: null, team_id: a }).eq('id', mine).select()).error?.code).toBe('42501');
    expect((await db.from('event_types').update({ user_id: admin.id, team_id: null }).eq('id', type).select()).error?.code).toBe('42501');

    const [after] = await sql(
      `select (select team_id from public.event_types where id = $1) as type_team,
              (select team_id from public.availability_rules where id = $2) as hours_team,
              (select extract(year from created_at) from public.event_types where id = $3)::int as year,
              (select user_id from public.event_types where id = $3) as mine_host`,
      [type, hours, mine],
    );
    expect(after).toEqual({ type_team: a, hours_team: a, year: new Date().getUTCFullYear(), mine_host: admin.id });
  });

  it('dates a new row by the server clock, not by what the client sends', async () => {
    const host = await newUser();
    const made = await host.client
      .from('event_types')
      .insert({ user_id: host.id, title: 'Backdated', created_at: '2001-01-01T00:00:00Z' })
      .select('created_at')
      .single();
    expect(made.error).toBeNull();
    expect(Math.abs(new Date(made.data!.created_at).getTime() - Date.now())).toBeLessThan(3_600_000);
  });
});

describe('errors', () => {
  it('never show another person\'s busy range or id when a time is taken', async () => {
    const admin = await newUser();
    const member = await newUser();
    const team = await teamWith(admin.id, [[member.id, 'member']]);
    // The member's own client booked 10:00 on their personal calendar: the admin cannot read it.
    const start = daysAhead(3);
    await booked(await eventTypeOf(member.id), start);
    const [{ id: teamType }] = await sql(`insert into public.event_types (team_id, title) values ($1, 'Team call') returning id`, [team]);
    const [{ id: teamBooking }] = await sql(
      `select id from public.create_booking(p_event_type_id => $1, p_start => $2::timestamptz,
         p_end => $2::timestamptz + interval '30 minutes', p_guest => $3)`,
      [teamType, start, GUEST],
    );

    const assign = await admin.client.from('bookings').update({ assigned_user_id: member.id }).eq('id', teamBooking).select();
    expect(assign.error).toMatchObject({ code: '23P01', message: 'This time slot is no longer available' });
    const said = JSON.stringify(assign.error);
    expect(said).not.toContain(member.id);
    expect(said).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(said).not.toMatch(/conflicts with|Failing row/);
  });
});

describe('bounded arrays', () => {
  it('refuses more than 200 people in one busy query and more than 100 ranges in one week', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const busy = await anonClient().rpc('public_busy', { p_user_ids: many, p_from: daysAhead(1), p_to: daysAhead(2) });
    expect(busy.error?.code).toBe('22023');
    expect((await anonClient().rpc('public_busy', { p_user_ids: many.slice(0, 200), p_from: daysAhead(1), p_to: daysAhead(2) })).error).toBeNull();

    const host = await newUser();
    const week = (n: number) => Array.from({ length: n }, () => ({ day_of_week: 1, start_time: '09:00', end_time: '10:00', is_enabled: true }));
    expect((await host.client.rpc('replace_availability', { p_rules: week(2) })).error).toBeNull();
    expect((await host.client.rpc('replace_availability', { p_rules: week(101) })).error?.code).toBe('22023');
    const team = await teamWith(host.id);
    expect((await host.client.rpc('replace_availability', { p_team_id: team, p_rules: week(101) })).error?.code).toBe('22023');
    expect(await sql('select count(*)::int as n from public.availability_rules where user_id = $1', [host.id])).toEqual([{ n: 2 }]);
  });
});

describe('booking statuses', () => {
  it('refuses a future booking marked completed, from its host as from anyone', async () => {
    const host = await newUser();
    const id = await booked(await eventTypeOf(host.id), daysAhead(2));
    const done = await host.client.from('bookings').update({ status: 'completed' }).eq('id', id).select();
    expect(done.error).toMatchObject({ code: '22023', message: 'A booking is completed only once it has ended' });
    expect(await sql('select status from public.bookings where id = $1', [id])).toEqual([{ status: 'confirmed' }]);
  });
});

describe('booking rate limit', () => {
  it('keeps one bucket per client and calendar in Postgres, keyed by the address the platform gives', async () => {
    const [host, other] = [await newHost(), await newHost()];
    const book = (eventTypeId: number, days: number, headers: Record<string, string> = {}) =>
      call('/bookings', { body: guestBody(eventTypeId, new Date(daysAhead(days, 10))), headers });
    expect((await book(host.eventTypeId, 1)).status).toBe(201);
    // The bucket lives in the database, whichever function instance counts: empty it from outside.
    const [bucket] = await sql<{ client: string }>('select client from private.booking_rate_buckets where calendar = $1', [`user:${host.id}`]);
    expect(bucket.client).not.toBe('unknown');
    await sql('update private.booking_rate_buckets set tokens = 0, refreshed_at = now() + interval \'1 hour\' where calendar = $1', [`user:${host.id}`]);

    const limited = await book(host.eventTypeId, 2);
    expect(limited).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    // A forged X-Forwarded-For is not a new client: the platform's own entry is the key.
    expect((await book(host.eventTypeId, 3, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another calendar has its own bucket.
    expect((await book(other.eventTypeId, 2)).status).toBe(201);
    expect(await sql('select count(*)::int as n from public.bookings where user_id = $1', [host.id])).toEqual([{ n: 1 }]);

    // Only the service role takes tokens: a client cannot refill or spend another's bucket.
    const taken = await anonClient().rpc('take_booking_token', { p_client: bucket.client, p_calendar: `user:${host.id}`, p_per_minute: 1000 });
    expect(taken.error?.code).toBe('42501');
  });

  it('refills a bucket with time, up to the minute\'s allowance', async () => {
    const key = [`test-${Math.random()}`, 'user:refill'];
    const take = async () => (await sql<{ ok: boolean }>('select public.take_booking_token($1, $2, 2) as ok', key))[0].ok;
    expect([await take(), await take(), await take()]).toEqual([true, true, false]);
    // 30 seconds later one token of the two per minute is back.
    await sql(`update private.booking_rate_buckets set refreshed_at = refreshed_at - interval '30 seconds' where client = $1 and calendar = $2`, key);
    expect([await take(), await take()]).toEqual([true, false]);
  });
});
