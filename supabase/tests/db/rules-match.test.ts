// Where the database holds a rule the TypeScript also holds (a CHECK, an enum, a column default, the
// status trigger, guest normalisation), the two must not drift: each rule of _shared/rules is put to
// the database here, value by value.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOKING_TRANSITIONS, guestColumns } from '../../functions/_shared/rules/bookings.ts';
import * as rule from '../../functions/_shared/rules/constants.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../functions/_shared/rules/locales.ts';
import { DEFAULT_HOST_SETTINGS, settingsColumns } from '../../functions/_shared/rules/settings.ts';
import { anon, become, createUser, errorCode, fileConnection, one, rolledBack, user } from './db.ts';

const c = fileConnection();

const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** The probes the database accepts in `text` (taking the probe as the last parameter). */
async function accepted<T>(text: string, probes: readonly T[], params: unknown[] = []): Promise<T[]> {
  const out: T[] = [];
  for (const p of probes) if ((await errorCode(c, text, [...params, p])) === null) out.push(p);
  return out;
}

const sorted = <T>(values: readonly T[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

async function enumValues(type: string): Promise<string[]> {
  return (await one<{ v: string[] }>(c, `select enum_range(null::public.${type})::text[] as v`)).v;
}

describe('closed sets', () => {
  it('enums: booking statuses, team roles, assignment types, slot intervals', async () => {
    expect(await enumValues('booking_status')).toEqual([...rule.BOOKING_STATUSES]);
    expect(await enumValues('team_role')).toEqual([...rule.TEAM_ROLES]);
    expect(await enumValues('assignment_type')).toEqual([...rule.ASSIGNMENT_TYPES]);
    expect(await enumValues('slot_interval')).toEqual(rule.SLOT_INTERVALS.map(String));
  });

  it('event types: durations and colours', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const durations = await accepted(`insert into event_types (user_id, title, duration) values ($1, 'x', $2)`, range(0, 300, 5), [u]);
      expect(durations).toEqual([...rule.DURATIONS]);
      const probes = [...rule.COLORS, ...rule.COLORS.map((x) => x.toUpperCase()), '#000000', '#ffffff', 'blue'];
      expect(sorted(await accepted(`insert into event_types (user_id, title, color) values ($1, 'x', $2)`, probes, [u]))).toEqual(sorted(rule.COLORS));
    }));

  it('team event types: multiples of the step up to the maximum', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const { id: team } = await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`r-${randomUUID()}`, u]);
      const durations = await accepted(`insert into event_types (team_id, title, duration) values ($1, 'x', $2)`, range(0, rule.TEAM_DURATION_MAX + 60, 5), [team]);
      expect(durations).toEqual(range(rule.TEAM_DURATION_STEP, rule.TEAM_DURATION_MAX, rule.TEAM_DURATION_STEP));
    }));

  it('settings: buffers, notices and horizons', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const column = (name: string) => `update user_settings set ${name} = $2 where user_id = $1`;
      expect(await accepted(column('buffer_before'), range(0, 60, 1), [u])).toEqual([...rule.BUFFER_CHOICES]);
      expect(await accepted(column('buffer_after'), range(0, 60, 1), [u])).toEqual([...rule.BUFFER_CHOICES]);
      expect(await accepted(column('minimum_notice'), sorted([...new Set([...range(0, 3000, 30), ...rule.NOTICE_CHOICES])]), [u])).toEqual([...rule.NOTICE_CHOICES]);
      expect(await accepted(column('max_future_bookings'), range(0, 120, 1), [u])).toEqual([...rule.FUTURE_CHOICES]);
      expect(await accepted(column('guest_change_notice'), range(0, 72, 1), [u])).toEqual([...rule.GUEST_CHANGE_NOTICE_CHOICES]);
    }));

  it('event rules: booking limits per day and per week', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const { id } = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning id`, [u]);
      const limit = (name: string) => `update event_types set ${name} = $2 where id = $1`;
      const edges = (max: number) => [-1, 0, 1, 2, max - 1, max, max + 1];
      expect(await accepted(limit('max_bookings_per_day'), edges(rule.DAY_LIMIT_MAX), [id])).toEqual([1, 2, rule.DAY_LIMIT_MAX - 1, rule.DAY_LIMIT_MAX]);
      await c.query('update event_types set max_bookings_per_day = null where id = $1', [id]);
      expect(await accepted(limit('max_bookings_per_week'), edges(rule.WEEK_LIMIT_MAX), [id])).toEqual([1, 2, rule.WEEK_LIMIT_MAX - 1, rule.WEEK_LIMIT_MAX]);
    }));

  it('event types: the other people a guest may invite, none by default, at most MAX_EXTRA_ATTENDEES', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const { id, max_extra_attendees } = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning id, max_extra_attendees`, [u]);
      expect(max_extra_attendees).toBe(0);
      const max = rule.MAX_EXTRA_ATTENDEES;
      expect(await accepted('update event_types set max_extra_attendees = $2 where id = $1', [-1, 0, 1, max - 1, max, max + 1], [id])).toEqual([0, 1, max - 1, max]);
    }));

  it('event types: seats per slot, none by default, 2 to MAX_SEATS_PER_SLOT', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const { id, seats_per_slot } = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning id, seats_per_slot`, [u]);
      expect(seats_per_slot).toBeNull();
      const max = rule.MAX_SEATS_PER_SLOT;
      expect(await accepted('update event_types set seats_per_slot = $2 where id = $1', [0, 1, 2, max, max + 1], [id])).toEqual([2, max]);
    }));

  it('event types: series frequencies and 2 to MAX_SERIES_COUNT occurrences, none by default (docs/series.md)', () =>
    rolledBack(c, async () => {
      expect(await enumValues('series_frequency')).toEqual([...rule.SERIES_FREQUENCIES]);
      const u = await createUser(c);
      const row = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning id, recurrence_frequencies, recurrence_max_count`, [u]);
      expect([row.recurrence_frequencies, row.recurrence_max_count]).toEqual(['{}', null]);
      const max = rule.MAX_SERIES_COUNT;
      const counts = [null, 0, 1, 2, max, max + 1];
      expect(await accepted(`update event_types set recurrence_frequencies = '{weekly,monthly}', recurrence_max_count = $2 where id = $1`, counts, [row.id])).toEqual([2, max]);
      expect(await accepted(`update event_types set recurrence_frequencies = '{}', recurrence_max_count = $2 where id = $1`, counts, [row.id])).toEqual([null]);
      const series = `insert into booking_series (event_type_id, user_id, frequency, count, first_start, time_zone) values ($1, $2, 'weekly', $3, now(), 'UTC')`;
      expect(await accepted(series, [1, 2, max, max + 1], [row.id, u])).toEqual([2, max]);
    }));
});

describe('defaults', () => {
  it('a new host, event type, team, team event type, member and availability range start as the rules say', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      expect(
        await one(c, 'select buffer_before, buffer_after, minimum_notice, max_future_bookings, guest_change_notice from user_settings where user_id = $1', [u]),
      ).toEqual(settingsColumns(DEFAULT_HOST_SETTINGS));
      expect(await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning duration, color, is_active, auto_confirm`, [u])).toEqual({
        duration: rule.DEFAULT_DURATION,
        color: rule.DEFAULT_COLOR,
        is_active: true,
        auto_confirm: true,
      });
      const team = await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id, timezone, is_public`, [`d-${randomUUID()}`, u]);
      expect([team.timezone, team.is_public]).toEqual([rule.DEFAULT_TIME_ZONE, false]);
      const tet = await one(c, `insert into event_types (team_id, title) values ($1, 'x') returning duration, assignment_type, requires_all_members`, [team.id]);
      expect(tet).toEqual({ duration: rule.DEFAULT_DURATION, assignment_type: rule.DEFAULT_ASSIGNMENT, requires_all_members: false });
      const m = await createUser(c);
      expect((await one(c, `insert into team_members (team_id, user_id) values ($1, $2) returning role`, [team.id, m])).role).toBe(rule.DEFAULT_ROLE);
      const r = await one(c, `insert into availability_rules (user_id, day_of_week) values ($1, 1) returning start_time, end_time`, [u]);
      expect({ startTime: r.start_time, endTime: r.end_time }).toEqual(rule.DEFAULT_RANGE);
    }));

  it('a sign-up that names its time zone starts bookable: the working days and first event type of the rules, in that zone', () =>
    rolledBack(c, async () => {
      const u = await createUser(c, { first_name: 'Sven', last_name: 'Host', timezone: 'Europe/Stockholm' });
      expect((await one(c, 'select timezone from profiles where id = $1', [u])).timezone).toBe('Europe/Stockholm');
      const { rows } = await c.query('select day_of_week, start_time, end_time, is_enabled from availability_rules where user_id = $1 order by day_of_week', [u]);
      expect(rows).toEqual(rule.DEFAULT_WORKING_DAYS.map((day) => ({ day_of_week: day, start_time: rule.DEFAULT_RANGE.startTime, end_time: rule.DEFAULT_RANGE.endTime, is_enabled: true })));
      const { rows: types } = await c.query('select title, duration, color, is_active, auto_confirm from event_types where user_id = $1', [u]);
      expect(types).toEqual([{ title: rule.FIRST_EVENT_TYPE_TITLE, duration: rule.DEFAULT_DURATION, color: rule.DEFAULT_COLOR, is_active: true, auto_confirm: true }]);

      // A zone the server does not know is not trusted: the same week, in UTC.
      const odd = await createUser(c, { first_name: 'Odd', last_name: 'Zone', timezone: 'Mars/Olympus' });
      expect((await one(c, 'select timezone from profiles where id = $1', [odd])).timezone).toBe(rule.DEFAULT_TIME_ZONE);
      expect((await one(c, 'select count(*)::int as n from availability_rules where user_id = $1', [odd])).n).toBe(rule.DEFAULT_WORKING_DAYS.length);

      // A sign-up that does not say where the person is (an API client) keeps an empty week.
      const bare = await createUser(c);
      expect((await one(c, 'select count(*)::int as n from availability_rules where user_id = $1', [bare])).n).toBe(0);
      expect((await one(c, 'select count(*)::int as n from event_types where user_id = $1', [bare])).n).toBe(0);
      expect((await one(c, 'select awaits_time_zone from profiles where id = $1', [bare])).awaits_time_zone).toBe(false);
    }));

  it("a Google or Apple sign-up starts the same week on its first visit, in the browser's zone, once", () =>
    rolledBack(c, async () => {
      const providerUser = async (provider: string) => {
        const id = randomUUID();
        await c.query(
          `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ($1, 'authenticated', 'authenticated', $2, $3, $4, now(), now())`,
          [id, `p-${id.slice(0, 8)}@example.test`, { provider, providers: [provider] }, { full_name: 'Gita Google' }],
        );
        return id;
      };
      const firstWeek = async (id: string, zone: string) => {
        await become(c, user(id));
        const { started } = await one(c, 'select public.start_first_week($1) as started', [zone]);
        await c.query('reset role');
        return started;
      };
      const count = async (table: string, id: string) => (await one(c, `select count(*)::int as n from ${table} where user_id = $1`, [id])).n;
      const g = await providerUser('google');
      expect(await one(c, 'select timezone, awaits_time_zone from profiles where id = $1', [g])).toEqual({ timezone: rule.DEFAULT_TIME_ZONE, awaits_time_zone: true });
      expect(await count('availability_rules', g)).toBe(0);

      expect(await firstWeek(g, 'Asia/Kathmandu')).toBe(true);
      expect(await one(c, 'select timezone, awaits_time_zone from profiles where id = $1', [g])).toEqual({ timezone: 'Asia/Kathmandu', awaits_time_zone: false });
      const { rows } = await c.query('select day_of_week, start_time, end_time, is_enabled from availability_rules where user_id = $1 order by day_of_week', [g]);
      expect(rows).toEqual(rule.DEFAULT_WORKING_DAYS.map((day) => ({ day_of_week: day, start_time: rule.DEFAULT_RANGE.startTime, end_time: rule.DEFAULT_RANGE.endTime, is_enabled: true })));
      expect(await count('event_types', g)).toBe(1);

      // Once: a later visit (from another zone, after the hours were cleared on purpose) changes nothing.
      await c.query('delete from availability_rules where user_id = $1', [g]);
      expect(await firstWeek(g, 'America/New_York')).toBe(false);
      expect((await one(c, 'select timezone from profiles where id = $1', [g])).timezone).toBe('Asia/Kathmandu');
      expect(await count('availability_rules', g)).toBe(0);

      // The server decides the zone: one it does not know is UTC. Hours set before the first visit are kept.
      const a = await providerUser('apple');
      await c.query(`insert into availability_rules (user_id, day_of_week, start_time, end_time) values ($1, 6, '10:00', '12:00')`, [a]);
      expect(await firstWeek(a, 'Mars/Olympus')).toBe(true);
      expect((await one(c, 'select timezone from profiles where id = $1', [a])).timezone).toBe(rule.DEFAULT_TIME_ZONE);
      expect(await count('availability_rules', a)).toBe(1);
      expect(await count('event_types', a)).toBe(1);

      // Only the caller's own profile: anon may not call it, and no one can start someone else's week.
      await become(c, anon);
      expect(await errorCode(c, 'select public.start_first_week($1)', ['UTC'])).toBe('42501');
      await c.query('reset role');
    }));
});

describe('languages', () => {
  it('a profile speaks exactly the LOCALES, the one its sign-up named, and is its owner’s to change', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      expect((await one(c, 'select locale from profiles where id = $1', [u])).locale).toBe(DEFAULT_LOCALE);
      const probes = [...LOCALES, 'EN', 'en-US', 'pt', 'pt-PT', 'zh', 'xx', ''];
      expect(await accepted('update profiles set locale = $2 where id = $1', probes, [u])).toEqual([...LOCALES]);

      const japanese = await createUser(c, { first_name: 'Aiko', last_name: 'Host', locale: 'ja' });
      expect((await one(c, 'select locale from profiles where id = $1', [japanese])).locale).toBe('ja');
      // A provider's own tag (Google's Latin-American Spanish) is not one Kairos speaks: English, and the sign-up goes through.
      const google = await createUser(c, { first_name: 'Ana', last_name: 'Host', locale: 'es-419' });
      expect((await one(c, 'select locale from profiles where id = $1', [google])).locale).toBe(DEFAULT_LOCALE);

      await become(c, user(japanese));
      await c.query(`update profiles set locale = 'ar' where id = $1`, [japanese]);
      await c.query(`update profiles set locale = 'fr' where id = $1`, [google]); // someone else's: RLS lets nothing through
      await c.query('reset role');
      expect((await c.query('select id, locale from profiles where id = any($1) order by locale', [[japanese, google]])).rows).toEqual([
        { id: japanese, locale: 'ar' },
        { id: google, locale: DEFAULT_LOCALE },
      ]);
    }));
});

describe('booking status transitions', () => {
  it('the bookings trigger allows exactly BOOKING_TRANSITIONS (for a meeting that has ended)', () =>
    rolledBack(c, async () => {
      const u = await createUser(c);
      const { id: eventType } = await one(c, `insert into event_types (user_id, title) values ($1, 'x') returning id`, [u]);
      const allowed: Record<string, string[]> = {};
      let hour = 0;
      for (const from of rule.BOOKING_STATUSES) {
        allowed[from] = [];
        for (const to of rule.BOOKING_STATUSES) {
          if (to === from) continue;
          // A distinct past hour each, so no two bookings of the host overlap.
          hour += 1;
          const { id } = await one(
            c,
            `insert into bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status, hold_expires_at)
             values ($1, $2, 'G', 'g@example.test', now() - make_interval(days => 30, hours => $3),
                     now() - make_interval(days => 30, hours => $3) + interval '30 minutes', $4::booking_status,
                     case when $4::booking_status = 'awaiting_payment' then now() end) returning id`,
            [eventType, u, hour, from],
          );
          if ((await errorCode(c, 'update bookings set status = $2 where id = $1', [id, to])) === null) allowed[from].push(to);
        }
      }
      expect(allowed).toEqual(Object.fromEntries(rule.BOOKING_STATUSES.map((s) => [s, [...BOOKING_TRANSITIONS[s]]])));
    }));
});

describe('guest fields', () => {
  it('private.guest_field trims and nulls as guestColumns does', async () => {
    const texts = ['Ann', '  Ann  ', '\tAnn\n', '\u00a0Ann\u3000', '', '   ', '\t\n', 'A  B', null];
    for (const text of texts) {
      const guest = { guestName: 'Name', guestEmail: 'g@example.test', guestPhone: text, guestCompany: text, notes: text };
      const ts = guestColumns(guest);
      const sql = await one<{ phone: string | null; company: string | null; notes: string | null }>(
        c,
        `select private.guest_field($1, 'guest_phone', 'guestPhone') as phone, private.guest_field($1, 'guest_company', 'guestCompany') as company,
                private.guest_field($1, 'notes', 'notes') as notes`,
        [guest],
      );
      expect(sql, JSON.stringify(text)).toEqual({ phone: ts.guest_phone, company: ts.guest_company, notes: ts.notes });
    }
  });
});
