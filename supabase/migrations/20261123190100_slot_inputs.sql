-- Everything the slot engine needs for one event type, in one round trip: the `slots` function (and
-- GET /api/slots) call private.slot_inputs once per request over the functions' database connection
-- (SUPABASE_DB_URL) instead of reading table after table, page after page, through REST.
--
-- Whether the visitor may book the event type at all is asked of the database as the visitor: the
-- check runs under their role and JWT claims (anon for a guest), so the same function and policies
-- that decide it for the REST API decide it here (public_event_type for a personal type, the read
-- policy of team_event_types for a team type). Only then are the schedule's inputs read, as the
-- functions' own role. Only what the engine needs leaves: hours, rules, settings, override and
-- time-off dates (never their notes), busy intervals (never the bookings or events behind them),
-- members' ids, join dates and zones. Nothing here is reachable through the API: the private schema
-- is not exposed and no API role may execute it.

-- Epoch milliseconds: the engine's own unit, and compact in JSON.
create or replace function private.epoch_ms(p_at timestamptz)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select (extract(epoch from p_at) * 1000)::bigint;
$$;

-- The host (personal event type) or team (team event type) behind an event type the viewer may book,
-- or nulls; for a team, whether the viewer is one of its members as the viewer reads the membership.
-- `p_claims` are the viewer's verified JWT claims (null: a guest). With `p_own`, the personal event
-- type must also be one the viewer reads through event_types' policy (its host booking for a guest).
-- Role and claims are the caller's again when it returns.
create or replace function private.bookable_calendar(p_claims jsonb, p_event_type_id bigint, p_team_event_type_id bigint,
  p_own boolean, out host_id uuid, out owner_team_id bigint, out is_member boolean)
language plpgsql
set search_path = ''
as $$
declare
  prior_role text := current_setting('role');
  prior_claims text := current_setting('request.jwt.claims', true);
begin
  perform set_config('request.jwt.claims', coalesce(p_claims, '{"role": "anon"}'::jsonb)::text, true);
  perform set_config('role', case when p_claims->>'role' = 'authenticated' then 'authenticated' else 'anon' end, true);
  -- Each query in a branch of its own: a cached generic plan keeps every table it names, and anon may
  -- not read event_types or team_members at all.
  if p_event_type_id is not null then
    select e.user_id into host_id from public.public_event_type(p_event_type_id) e;
    if p_own then
      if not exists (select 1 from public.event_types o where o.id = p_event_type_id) then
        host_id := null;
      end if;
    end if;
  else
    select t.team_id into owner_team_id from public.team_event_types t where t.id = p_team_event_type_id and t.is_active;
    is_member := false;
    if owner_team_id is not null and p_claims->>'role' = 'authenticated' then
      is_member := exists (select 1 from public.team_members m where m.team_id = owner_team_id and m.user_id = (select auth.uid()));
    end if;
  end if;
  perform set_config('role', prior_role, true);
  perform set_config('request.jwt.claims', coalesce(prior_claims, ''), true);
end;
$$;

-- The version a slot list of this calendar is computed at: the host's, or the team's with the sum of
-- its members' (versions only grow, so any member's change raises the sum; a membership change raises
-- the team's own).
create or replace function private.slot_list_version(p_user_id uuid, p_team_id bigint)
returns text
language sql
stable
set search_path = ''
as $$
  select case when p_user_id is not null then
      coalesce((select v.version from private.schedule_versions v where v.user_id = p_user_id), 0)::text
    else
      coalesce((select v.version from private.schedule_versions v where v.team_id = p_team_id), 0)::text || '.' ||
      coalesce((select sum(v.version) from public.team_members m join private.schedule_versions v on v.user_id = m.user_id
                where m.team_id = p_team_id), 0)::text
    end;
$$;

-- Busy intervals of these people overlapping the window, from bookings and connected calendars alike,
-- as [[user id, start ms, end ms], …].
create or replace function private.busy_json(p_user_ids uuid[], p_window tstzrange)
returns json
language sql
stable
set search_path = ''
as $$
  select coalesce(json_agg(json_build_array(user_id, private.epoch_ms(lower(during)), private.epoch_ms(upper(during)))), '[]'::json)
  from (
    select b.user_id, b.during from public.booking_busy b
    where b.user_id = any(p_user_ids) and b.active and b.during && p_window
    union all
    select x.user_id, x.during from public.external_busy x
    where x.user_id = any(p_user_ids) and x.during && p_window
  ) busy;
$$;

-- Starts (ms) of an event type's non-cancelled bookings in the weeks around the window, for its limits
-- per day and week; none are read when it has no limit.
create or replace function private.booked_json(p_event_type_id bigint, p_team_event_type_id bigint, p_limited boolean,
  p_from timestamptz, p_to timestamptz)
returns json
language sql
stable
set search_path = ''
as $$
  select case when not p_limited then '[]'::json else
    (select coalesce(json_agg(private.epoch_ms(b.start_time)), '[]'::json) from public.bookings b
     where (b.event_type_id = p_event_type_id or b.team_event_type_id = p_team_event_type_id) and b.status <> 'cancelled'
       and b.start_time >= p_from - interval '8 days' and b.start_time < p_to + interval '8 days')
  end;
$$;

-- The inputs of the event type's slots over [p_from, p_to) as JSON, or null when the viewer may not
-- book it (`p_team_id`, when given, must be the team event type's team). When `p_if_version` equals the calendar's version, only {"version"}: the caller's copy
-- is current. `p_stale_before`: also report whether a connected calendar of these people was last
-- tried before it. `p_team_bookings`: also every open assigned booking of the team (assignment).
create or replace function private.slot_inputs(p_claims jsonb, p_event_type_id bigint, p_team_event_type_id bigint,
  p_from timestamptz, p_to timestamptz, p_if_version text default null, p_team_id bigint default null,
  p_own boolean default false, p_stale_before timestamptz default null, p_team_bookings boolean default false)
returns json
language plpgsql
set search_path = ''
as $$
declare
  cal record;
  et record;
  version text;
  people uuid[];
  -- Host-local dates the listing can touch, widened by a day: no zone is a day away from UTC.
  first_date date := ((p_from - interval '1 day') at time zone 'UTC')::date;
  last_date date := ((p_to + interval '1 day') at time zone 'UTC')::date;
  -- Busy time a day either side, for buffers.
  busy_window tstzrange := tstzrange(p_from - interval '1 day', p_to + interval '1 day', '[)');
begin
  select * into cal from private.bookable_calendar(p_claims, p_event_type_id, p_team_event_type_id, p_own);
  if p_event_type_id is not null then
    if cal.host_id is null then
      return null;
    end if;
    select e.id, e.user_id, e.title, e.duration, e.auto_confirm, e.is_active, e.buffer_before, e.buffer_after,
      e.minimum_notice, e.max_future_bookings, e.slot_interval, e.max_bookings_per_day, e.max_bookings_per_week
    into et from public.event_types e where e.id = p_event_type_id;
    version := private.slot_list_version(et.user_id, null);
    if version = p_if_version then
      return json_build_object('version', version);
    end if;
    people := array[et.user_id];
    return json_build_object(
      'version', version,
      'event', row_to_json(et),
      'zone', (select p.timezone from public.profiles p where p.id = et.user_id),
      'settings', (select row_to_json(s) from (
          select s.buffer_before, s.buffer_after, s.minimum_notice, s.max_future_bookings
          from public.user_settings s where s.user_id = et.user_id) s),
      'rules', (select coalesce(json_agg(json_build_array(r.day_of_week, r.start_time, r.end_time, r.is_enabled)), '[]')
          from public.availability_rules r where r.user_id = et.user_id),
      'overrides', (select coalesce(json_agg(json_build_array(o.date, o.start_time, o.end_time)), '[]')
          from public.date_overrides o where o.user_id = et.user_id and o.date between first_date and last_date),
      'time_off', (select coalesce(json_agg(json_build_array(t.user_id, t.start_date, t.end_date)), '[]')
          from public.time_off t where t.user_id = et.user_id and t.start_date <= last_date and t.end_date >= first_date),
      'busy', private.busy_json(people, busy_window),
      'booked', private.booked_json(p_event_type_id, null,
          et.max_bookings_per_day is not null or et.max_bookings_per_week is not null, p_from, p_to),
      'stale', p_stale_before is not null and exists (select 1 from public.calendar_connections c
          where c.user_id = et.user_id and (c.last_attempt_at is null or c.last_attempt_at < p_stale_before))
    );
  end if;

  if cal.owner_team_id is null or cal.owner_team_id <> coalesce(p_team_id, cal.owner_team_id) then
    return null;
  end if;
  select e.id, e.team_id, e.title, e.duration, e.auto_confirm, e.is_active, e.requires_all_members, e.assignment_type,
    e.specific_member_id, e.buffer_before, e.buffer_after, e.minimum_notice, e.max_future_bookings, e.slot_interval,
    e.max_bookings_per_day, e.max_bookings_per_week, t.timezone
  into et from public.team_event_types e join public.teams t on t.id = e.team_id where e.id = p_team_event_type_id;
  version := private.slot_list_version(null, et.team_id);
  if version = p_if_version then
    return json_build_object('version', version);
  end if;
  select coalesce(array_agg(m.user_id), '{}') into people from public.team_members m where m.team_id = et.team_id;
  return json_build_object(
    'version', version,
    'event', row_to_json(et),
    'is_member', cal.is_member,
    -- In join order, as assignment breaks ties.
    'members', (select coalesce(json_agg(json_build_array(m.user_id, m.joined_at, p.timezone) order by m.joined_at, m.id), '[]')
        from public.team_members m left join public.profiles p on p.id = m.user_id where m.team_id = et.team_id),
    'rules', (select coalesce(json_agg(json_build_array(r.day_of_week, r.start_time, r.end_time, r.is_enabled)), '[]')
        from public.team_availability r where r.team_id = et.team_id),
    'overrides', (select coalesce(json_agg(json_build_array(o.date, o.start_time, o.end_time)), '[]')
        from public.team_date_overrides o where o.team_id = et.team_id and o.date between first_date and last_date),
    'time_off', (select coalesce(json_agg(json_build_array(t.user_id, t.start_date, t.end_date)), '[]')
        from public.time_off t where t.user_id = any(people) and t.start_date <= last_date and t.end_date >= first_date),
    'busy', private.busy_json(people, busy_window),
    'booked', private.booked_json(null, p_team_event_type_id,
        et.max_bookings_per_day is not null or et.max_bookings_per_week is not null, p_from, p_to),
    'team_bookings', case when p_team_bookings then
        (select coalesce(json_agg(json_build_array(b.assigned_user_id, b.start_time, b.created_at, b.status) order by b.id), '[]')
         from public.bookings b where b.team_id = et.team_id and b.status <> 'cancelled' and b.assigned_user_id is not null)
      end,
    'stale', p_stale_before is not null and exists (select 1 from public.calendar_connections c
        where c.user_id = any(people) and (c.last_attempt_at is null or c.last_attempt_at < p_stale_before))
  );
end;
$$;

revoke all on function private.epoch_ms(timestamptz), private.slot_list_version(uuid, bigint),
  private.bookable_calendar(jsonb, bigint, bigint, boolean),
  private.busy_json(uuid[], tstzrange), private.booked_json(bigint, bigint, boolean, timestamptz, timestamptz),
  private.slot_inputs(jsonb, bigint, bigint, timestamptz, timestamptz, text, bigint, boolean, timestamptz, boolean)
  from public;
