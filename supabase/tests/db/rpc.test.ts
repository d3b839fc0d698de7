// RPCs: the public read paths return only public columns of public things, as anon; the host and
// team figures are right and in the right time zone; handle checks and invites behave.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, as, become, book, createUser, errorCode, fileConnection, GUEST, hostWithEventType, one, rolledBack, user } from './db.ts';

const c = fileConnection();

/** Runs as anon, after `setup` has made data as superuser in the same (rolled back) transaction. */
async function asAnon<T>(setup: () => Promise<void>, fn: () => Promise<T>): Promise<T> {
  return rolledBack(c, async () => {
    await setup();
    await become(c, anon);
    return fn();
  });
}

const rows = async (text: string, params: unknown[] = []) => (await c.query(text, params)).rows;

describe('public read paths expose only public columns', () => {
  const EXPECTED: Record<string, string[]> = {
    directory_profiles: ['id', 'handle', 'first_name', 'last_name', 'profile_image_url', 'title', 'bio', 'company', 'location'],
    public_profile: ['id', 'handle', 'first_name', 'last_name', 'profile_image_url', 'timezone', 'bio', 'title', 'company', 'location',
      'website', 'linkedin', 'twitter', 'instagram', 'is_public_profile', 'is_calendar_public'],
    public_event_types: ['id', 'user_id', 'team_id', 'title', 'description', 'duration', 'color', 'auto_confirm', 'price_cents',
      'currency', 'requires_all_members', 'assignment_type', 'specific_member_id', 'locations', 'questions', 'guest_fields',
      'max_extra_attendees', 'recurrence_frequencies', 'recurrence_max_count'],
    public_event_type: ['id', 'user_id', 'title', 'description', 'duration', 'color', 'auto_confirm', 'price_cents', 'currency', 'host_handle',
      'host_first_name', 'host_last_name', 'host_profile_image_url', 'host_timezone', 'host_title', 'host_company', 'locations',
      'questions', 'guest_fields', 'max_extra_attendees', 'recurrence_frequencies', 'recurrence_max_count'],
    public_availability: ['day_of_week', 'is_enabled', 'start_time', 'end_time'],
    public_busy: ['user_id', 'start_time', 'end_time'],
    public_team: ['id', 'name', 'description', 'slug', 'timezone', 'member_count'],
    public_team_members: ['user_id', 'role', 'joined_at', 'handle', 'first_name', 'last_name', 'profile_image_url', 'title', 'company', 'location'],
  };

  it('returns exactly the listed columns, none of them an email or guest field', async () => {
    const out = await rows(`
      select p.proname, array(select n from unnest(p.proargnames, p.proargmodes) as a(n, m) where m = 't') as columns
      from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = any ($1)`, [Object.keys(EXPECTED)]);
    expect(Object.fromEntries(out.map((r) => [r.proname, r.columns]))).toEqual(EXPECTED);
    // guest_fields says how the form asks phone, company and notes (hidden, optional, required): no guest's data.
    expect(out.flatMap((r) => r.columns).filter((col: string) => col !== 'guest_fields' && /email|guest|notes|phone/.test(col))).toEqual([]);
  });
});

describe('directory and profiles', () => {
  it('lists public profiles only and shows a profile when either switch is on, by id or by handle', async () => {
    let listed = '', calendarOnly = '', hidden = '';
    const handle = `pub${randomUUID().slice(0, 8)}`;
    const hiddenHandle = `hid${randomUUID().slice(0, 8)}`;
    const result = await asAnon(async () => {
      [listed, calendarOnly, hidden] = [await createUser(c), await createUser(c), await createUser(c)];
      await c.query(`update profiles set is_public_profile = true, handle = $2 where id = $1`, [listed, handle]);
      await c.query(`update profiles set is_calendar_public = true where id = $1`, [calendarOnly]);
      await c.query(`update profiles set handle = $2 where id = $1`, [hidden, hiddenHandle]);
    }, async () => ({
      directory: (await rows('select id from directory_profiles()')).map((r) => r.id),
      byId: await Promise.all([listed, calendarOnly, hidden].map(async (id) => (await rows('select id from public_profile($1)', [id])).length)),
      byHandle: (await rows('select id from public_profile(p_handle => $1)', [` ${handle.toUpperCase()}`])).map((r) => r.id),
      hiddenByHandle: (await rows('select id from public_profile(p_handle => $1)', [hiddenHandle])).length,
      table: await errorCode(c, 'select * from profiles'),
    }));
    expect(result.directory).toContain(listed);
    expect(result.directory).not.toContain(calendarOnly);
    expect(result.directory).not.toContain(hidden);
    expect(result.byId).toEqual([1, 1, 0]);
    expect(result.byHandle).toEqual([listed]);
    expect(result.hiddenByHandle).toBe(0);
    expect(result.table).toBe('42501');
  });
});

describe('event types, availability and busy time', () => {
  it('shows active event types of visible hosts, any active one by direct link, and never an inactive one', async () => {
    let visible = '', privateHost = '', activeId = 0, inactiveId = 0, privateId = 0;
    const result = await asAnon(async () => {
      const a = await hostWithEventType(c);
      visible = a.host;
      activeId = a.eventType;
      await c.query('update profiles set is_calendar_public = true where id = $1', [visible]);
      inactiveId = (await one(c, `insert into event_types (user_id, title, is_active) values ($1, 'Old', false) returning id`, [visible])).id;
      const p = await hostWithEventType(c);
      privateHost = p.host;
      privateId = p.eventType;
    }, async () => ({
      visible: (await rows('select id from public_event_types($1)', [visible])).map((r) => r.id),
      privateList: (await rows('select id from public_event_types($1)', [privateHost])).length,
      direct: (await rows('select id, host_first_name from public_event_type($1)', [privateId])),
      inactive: (await rows('select id from public_event_type($1)', [inactiveId])).length,
    }));
    expect(result.visible).toEqual([activeId]);
    expect(result.privateList).toBe(0);
    expect(result.direct).toEqual([{ id: privateId, host_first_name: 'Test' }]);
    expect(result.inactive).toBe(0);
  });

  it('gives the weekly availability of a public host, and nothing for a private one (bookable by link only) or a user nobody can book', async () => {
    let bookable = '', nobody = '', byLink = '';
    const result = await asAnon(async () => {
      bookable = (await hostWithEventType(c)).host;
      await c.query('update profiles set is_calendar_public = true where id = $1', [bookable]);
      byLink = (await hostWithEventType(c)).host;
      nobody = await createUser(c);
      for (const u of [bookable, nobody, byLink]) {
        await c.query(`insert into availability_rules (user_id, day_of_week, start_time, end_time) values ($1, 1, '09:00', '12:00'), ($1, 1, '13:00', '17:00')`, [u]);
      }
    }, async () => [
      await rows('select * from public_availability($1)', [bookable]),
      (await rows('select * from public_availability($1)', [nobody])).length,
      (await rows('select * from public_availability($1)', [byLink])).length,
    ]);
    expect(result).toEqual([[
      { day_of_week: 1, is_enabled: true, start_time: '09:00', end_time: '12:00' },
      { day_of_week: 1, is_enabled: true, start_time: '13:00', end_time: '17:00' },
    ], 0, 0]);
  });

  it('returns busy intervals of non-cancelled bookings in the range, for bookable people only', async () => {
    let host = '', teamMember = '', stranger = '', hiddenHost = '';
    const result = await asAnon(async () => {
      const h = await hostWithEventType(c);
      host = h.host;
      await c.query('update profiles set is_calendar_public = true where id = $1', [host]);
      await book(c, h.eventType, '2032-01-05T09:00:00Z');
      const cancelled = await book(c, h.eventType, '2032-01-05T10:00:00Z');
      // Paid, then cancelled (a paid event type's booking starts awaiting its payment).
      await c.query(`update bookings set status = 'confirmed' where id = $1`, [cancelled]);
      await c.query(`update bookings set status = 'cancelled' where id = $1`, [cancelled]);
      await book(c, h.eventType, '2032-02-05T09:00:00Z');
      // A private host's event type is bookable by its link, which shows only its slots.
      const hidden = await hostWithEventType(c);
      await book(c, hidden.eventType, '2032-01-05T09:00:00Z');
      hiddenHost = hidden.host;
      // A member of a public team is bookable through the team; one of a private team is not.
      teamMember = await createUser(c);
      stranger = await createUser(c);
      for (const [u, isPublic] of [[teamMember, true], [stranger, false]] as const) {
        const team = (await one(c, `insert into teams (name, slug, owner_id, is_public) values ('T', $1, $2, $3) returning id`, [`p-${randomUUID()}`, u, isPublic])).id;
        const type = (await one(c, `insert into event_types (team_id, title) values ($1, 'x') returning id`, [team])).id;
        await c.query(`select create_booking($1, '2032-01-05 09:00Z', '2032-01-05 09:30Z', $2, array[$3::uuid])`, [type, GUEST, u]);
      }
    }, async () => ({
      busy: await rows(`select user_id, start_time::text, end_time::text from public_busy($1, '2032-01-01', '2032-02-01') order by user_id`, [[host, teamMember, stranger, hiddenHost]]),
      tooWide: await errorCode(c, `select * from public_busy($1, '2032-01-01', '2034-01-01')`, [[host]]),
    }));
    expect(result.busy).toEqual([
      { user_id: host, start_time: '2032-01-05 09:00:00+00', end_time: '2032-01-05 09:30:00+00' },
      { user_id: teamMember, start_time: '2032-01-05 09:00:00+00', end_time: '2032-01-05 09:30:00+00' },
    ].sort((a, b) => a.user_id.localeCompare(b.user_id)));
    expect(result.tooWide).toBe('22023');
  });
});

describe('public teams', () => {
  it('shows a public team with its active event types, members\' card fields and availability; a private one not at all', async () => {
    const slug = `pub-${randomUUID().slice(0, 8)}`;
    const hiddenSlug = `priv-${randomUUID().slice(0, 8)}`;
    let owner = '';
    const result = await asAnon(async () => {
      owner = await createUser(c, { firstName: 'Olive', lastName: 'Owner' });
      const member = await createUser(c);
      const team = (await one(c, `insert into teams (name, slug, owner_id, is_public) values ('Public', $1, $2, true) returning id`, [slug, owner])).id;
      await c.query('insert into team_members (team_id, user_id) values ($1, $2)', [team, member]);
      await c.query(`insert into event_types (team_id, title, is_active) values ($1, 'Live', true), ($1, 'Retired', false)`, [team]);
      await c.query('insert into availability_rules (team_id, day_of_week) values ($1, 3)', [team]);
      await c.query(`insert into teams (name, slug, owner_id) values ('Private', $1, $2)`, [hiddenSlug, owner]);
      // The owner hosts too, as a public host: their own event type and hours are not the team's.
      await c.query('update profiles set is_public_profile = true where id = $1', [owner]);
      await c.query(`insert into event_types (user_id, title) values ($1, 'Own')`, [owner]);
      await c.query('insert into availability_rules (user_id, day_of_week) values ($1, 5)', [owner]);
    }, async () => ({
      team: await rows('select name, slug, member_count from public_team($1)', [slug.toUpperCase()]),
      types: (await rows('select title from public_event_types(p_team_slug => $1)', [slug])).map((r) => r.title),
      members: await rows('select user_id, role, first_name from public_team_members($1)', [slug]),
      availability: (await rows('select day_of_week from public_availability(p_team_slug => $1)', [slug])).map((r) => r.day_of_week),
      host: (await rows('select title from public_event_types($1)', [owner])).map((r) => r.title),
      hostHours: (await rows('select day_of_week from public_availability($1)', [owner])).map((r) => r.day_of_week),
      nobody: [(await rows('select 1 from public_event_types()')).length, (await rows('select 1 from public_availability()')).length],
      hidden: [
        (await rows('select 1 from public_team($1)', [hiddenSlug])).length,
        (await rows('select 1 from public_event_types(p_team_slug => $1)', [hiddenSlug])).length,
        (await rows('select 1 from public_team_members($1)', [hiddenSlug])).length,
        (await rows('select 1 from teams where slug = $1', [hiddenSlug])).length,
      ],
      tableRead: (await rows('select slug from teams where slug = $1', [slug])).length,
    }));
    expect(result.team).toEqual([{ name: 'Public', slug, member_count: 2 }]);
    expect(result.types).toEqual(['Live']);
    expect(result.members[0]).toEqual({ user_id: owner, role: 'owner', first_name: 'Olive' });
    expect(result.members).toHaveLength(2);
    expect(result.availability).toEqual([3]);
    expect([result.host, result.hostHours, result.nobody]).toEqual([['Own'], [5], [0, 0]]);
    expect(result.hidden).toEqual([0, 0, 0, 0]);
    expect(result.tableRead).toBe(1);
  });
});

describe('check_handle', () => {
  it('answers available, own, taken, reserved and invalid, each with its reason (the code a screen words it by)', async () => {
    const [mine, theirs] = [await createUser(c), await createUser(c)];
    const [myHandle, theirHandle] = [`m${randomUUID().slice(0, 8)}`, `t${randomUUID().slice(0, 8)}`];
    try {
      await c.query('update profiles set handle = $2 where id = $1', [mine, myHandle]);
      await c.query('update profiles set handle = $2 where id = $1', [theirs, theirHandle]);
      const check = async (h: string) => (await one(c, 'select check_handle($1) as r', [h])).r;
      const answers = await as(c, user(mine), async () => ({
        free: await check(`free${randomUUID().slice(0, 8)}`),
        own: await check(myHandle.toUpperCase()),
        taken: await check(theirHandle),
        reserved: await check('dashboard'),
        invalid: await check('a!'),
      }));
      expect(answers).toEqual({
        free: { available: true, reason: 'free', message: 'Handle is available' },
        own: { available: true, reason: 'yours', message: 'This is your current handle' },
        taken: { available: false, reason: 'taken', message: 'Handle is already taken' },
        reserved: { available: false, reason: 'reserved', message: 'This handle is reserved' },
        invalid: { available: false, reason: 'format', message: 'Handle must be 3-30 characters: lowercase letters, numbers, underscores and hyphens' },
      });
      expect(await as(c, anon, () => check(theirHandle))).toEqual({ available: false, reason: 'taken', message: 'Handle is already taken' });
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[mine, theirs]]);
    }
  });
});

describe('dashboard_stats', () => {
  it('counts this period to date in the host\'s time zone against the same stretch of the previous period', async () => {
    const { host, eventType } = await hostWithEventType(c, { duration: 60, price_cents: 5000 });
    try {
      await c.query(`update profiles set timezone = 'Pacific/Auckland' where id = $1`, [host]);
      const cheap = (await one(c, `insert into event_types (user_id, title, duration, price_cents) values ($1, 'Quick', 30, 1250) returning id`, [host])).id;
      const stats = () => as(c, user(host), async () => (await one(c, `select dashboard_stats('week') as s`)).s);
      const before = await stats();
      // The week starts on Monday 00:00 in Auckland.
      expect(await one(c, `select extract(isodow from $1::timestamptz at time zone 'Pacific/Auckland')::int as dow,
        ($1::timestamptz at time zone 'Pacific/Auckland')::time::text as t`, [before.period_start])).toEqual({ dow: 1, t: '00:00:00' });
      const start = before.period_start as string;
      const prevStart = before.previous_period_start as string;
      // Both current bookings start at the period's first instant, so they are "to date" at any moment
      // of the week; the stats read bookings, not busy rows, so the first one's interval is freed.
      // Paid bookings (a paid event type's booking starts awaiting its payment): their payments, in two
      // currencies, one partly and one wholly refunded, are the revenue, net of refunds; never the price.
      const paid = async (booking: number, amount: number, currency: string, refunded = 0) => {
        await c.query(`insert into payments (booking_id, account_id, checkout_session_id, amount, currency, status, refunded_amount)
          values ($1, 'acct_1Dash', $2, $3, $4, 'paid', $5)`, [booking, `cs_test_${booking}`, amount, currency, refunded]);
        await c.query(`update bookings set status = 'confirmed' where id = $1`, [booking]);
      };
      const first = await book(c, eventType, start, 60, { guest_name: 'A', guest_email: 'a@example.test' });
      await c.query('delete from booking_busy where booking_id = $1', [first]);
      await paid(first, 5000, 'usd');
      const second = await book(c, cheap, start, 30, { guest_name: 'A', guest_email: 'A@example.test' });
      await c.query('delete from booking_busy where booking_id = $1', [second]);
      await paid(second, 1250, 'eur', 250);
      const cancelled = await book(c, cheap, start, 30, { guest_name: 'B', guest_email: 'b@example.test' });
      await paid(cancelled, 1250, 'usd', 1250);
      await c.query(`update bookings set status = 'cancelled' where id = $1`, [cancelled]);
      // A hold still awaiting its payment is not a booking yet.
      await c.query('delete from booking_busy where booking_id = $1', [cancelled]);
      await book(c, cheap, start, 30, { guest_name: 'D', guest_email: 'd@example.test' });
      await paid(await book(c, eventType, prevStart, 60, { guest_name: 'C', guest_email: 'c@example.test' }), 5000, 'usd');
      // Outside both windows: before the previous period, and after now (future bookings are not "to date").
      await paid(await book(c, cheap, new Date(Date.parse(prevStart) - 3_600_000).toISOString(), 30), 1250, 'usd');
      await paid(await book(c, cheap, new Date(Date.now() + 10 * 86_400_000).toISOString(), 30), 1250, 'usd');

      expect(await stats()).toMatchObject({
        timeframe: 'week',
        timezone: 'Pacific/Auckland',
        total_bookings: 2,
        total_hours: 1.5,
        active_clients: 1,
        // The spec's dollar figure is the dollars; every currency has its own line.
        revenue: 50,
        revenue_cents: 5000,
        revenue_by_currency: [{ currency: 'eur', amount: 1000 }, { currency: 'usd', amount: 5000 }],
        previous_total_bookings: 1,
        previous_total_hours: 1,
        previous_active_clients: 1,
        previous_revenue: 50,
        previous_revenue_cents: 5000,
        previous_revenue_by_currency: [{ currency: 'usd', amount: 5000 }],
      });
      expect(await as(c, user(host), () => errorCode(c, `select dashboard_stats('decade')`))).toBe('22023');
      expect(await as(c, anon, () => errorCode(c, `select dashboard_stats('week')`))).toBe('42501');
    } finally {
      await c.query('delete from auth.users where id = $1', [host]);
    }
  });
});

describe('team RPCs', () => {
  it('counts the team\'s bookings this month for members only, and lets owners and admins invite by email (a pending invitation)', async () => {
    const [owner, admin, member, outsider, invitee] = [await createUser(c), await createUser(c), await createUser(c), await createUser(c), await createUser(c)];
    try {
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`r-${randomUUID()}`, owner])).id;
      await c.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin'), ($1, $3, 'member')`, [team, admin, member]);
      const type = (await one(c, `insert into event_types (team_id, title) values ($1, 'x') returning id`, [team])).id;
      const monthStart = (await one(c, `select date_trunc('month', now())::timestamptz::text as t`)).t;
      await c.query(`select create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', $3)`, [type, monthStart, GUEST]);
      await c.query(`select create_booking($1, $2::timestamptz - interval '1 day', $2::timestamptz - interval '1 day' + interval '30 minutes', $3)`, [type, monthStart, GUEST]);
      const cancelled = (await one(c, `select id from create_booking($1, $2::timestamptz + interval '1 hour', $2::timestamptz + interval '90 minutes', $3)`, [type, monthStart, GUEST])).id;
      // Paid, then cancelled (a paid event type's booking starts awaiting its payment).
      await c.query(`update bookings set status = 'confirmed' where id = $1`, [cancelled]);
      await c.query(`update bookings set status = 'cancelled' where id = $1`, [cancelled]);

      expect(await as(c, user(member), async () => (await one(c, 'select team_bookings_this_month($1) as n', [team])).n)).toBe(1);
      expect(await as(c, user(outsider), () => errorCode(c, 'select team_bookings_this_month($1)', [team]))).toBe('42501');

      const invite = (who: string, email: string, role: string) =>
        as(c, user(who), () => errorCode(c, 'select invite_team_member($1, $2, $3)', [team, email, role]));
      const email = (await one(c, 'select email from profiles where id = $1', [invitee])).email as string;
      expect(await invite(member, email, 'member')).toBe('42501');
      expect(await invite(outsider, email, 'member')).toBe('42501');
      expect(await invite(admin, email, 'owner')).toBe('22023');
      expect(await invite(admin, 'not an address', 'member')).toBe('22023');
      // No account needed, and none looked up: the same answer either way; nobody joins by it.
      const invited = await as(c, user(admin), async () => ({
        unknown: await errorCode(c, 'select invite_team_member($1, $2, $3)', [team, 'nobody@example.test', 'member']),
        known: await errorCode(c, 'select invite_team_member($1, $2, $3)', [team, email.toUpperCase(), 'admin']),
        joined: (await one(c, 'select count(*)::int as n from team_members where team_id = $1 and user_id = $2', [team, invitee])).n,
        pending: (await c.query('select email, role from team_invitations where team_id = $1 order by email', [team])).rows,
      }));
      expect(invited).toEqual({
        unknown: null,
        known: null,
        joined: 0,
        pending: [
          { email, role: 'admin' },
          { email: 'nobody@example.test', role: 'member' },
        ],
      });
      await c.query(`insert into team_members (team_id, user_id) values ($1, $2)`, [team, invitee]);
      expect(await invite(owner, email, 'member')).toBe('23505');
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[owner, admin, member, outsider, invitee]]);
    }
  });

  it('keeps booking writes from every signed-in caller, owners included: the functions are the only door', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`q-${randomUUID()}`, owner])).id;
      const type = (await one(c, `insert into event_types (team_id, title) values ($1, 'x') returning id`, [team])).id;
      await c.query('savepoint fixture');
      await become(c, user(owner));
      expect(await errorCode(c, `select create_booking($1, '2033-01-03 10:00Z', '2033-01-03 10:30Z', $2, array[$3::uuid])`, [type, GUEST, owner])).toBe('42501');
      await c.query('rollback to savepoint fixture');
      expect(await errorCode(c, `select create_booking($1, '2033-01-03 10:00Z', '2033-01-03 10:30Z', $2, array[$3::uuid])`, [type, GUEST, owner])).toBeNull();
    }));
});

describe('functions that act for the caller', () => {
  it('refuse a caller who is no user (a token without a subject) as Unauthorized, before anything else', () =>
    rolledBack(c, async () => {
      await c.query(`select set_config('request.jwt.claims', '{"role": "authenticated"}', true)`);
      await c.query('set local role authenticated');
      const refusal = async (call: string) => {
        await c.query('savepoint attempt');
        try {
          await c.query(call);
          return null;
        } catch (error) {
          const { code, message } = error as { code: string; message: string };
          return { code, message };
        } finally {
          await c.query('rollback to savepoint attempt');
        }
      };
      const unauthorized = { code: '42501', message: 'Unauthorized' };
      expect(await refusal(`select replace_availability('[]')`)).toEqual(unauthorized);
      expect(await refusal(`select replace_date_override('2033-01-03', '[]')`)).toEqual(unauthorized);
      expect(await refusal(`select invite_team_member(1, 'someone@example.test')`)).toEqual(unauthorized);
      expect(await refusal(`select start_first_week('UTC')`)).toEqual(unauthorized);
    }));
});
