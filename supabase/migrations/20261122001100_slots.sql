-- Schedule versions: one number per calendar (a host, or a team) that every change to what its slots
-- are computed from raises, in the transaction of the change. The slot function sends it as the ETag
-- of a slot list, so a guest's repeated request is answered 304 Not Modified without computing, and a
-- list is never reused once a booking, an availability, override, time-off, settings or external
-- calendar change has committed.
--
-- What feeds a host's slots: their weekly hours, settings, date overrides, time off, event types,
-- time zone, busy time (bookings) and connected calendars' busy time. A team's: its hours, overrides,
-- event types, members (and their join dates), time zone and visibility, and its bookings (limits
-- count them, assigned or not); a team's slot list also depends on each member's own version (their
-- busy time, time off and zone), which the slot function combines with the team's.

create sequence private.schedule_version_seq;

create table private.schedule_versions (
  user_id uuid unique references public.profiles (id) on delete cascade,
  team_id bigint unique references public.teams (id) on delete cascade,
  version bigint not null,
  constraint schedule_versions_one_calendar check ((user_id is null) <> (team_id is null))
);
comment on table private.schedule_versions is
  'Per calendar (host or team), raised by every change to its slots'' inputs; no row yet means version 0.';

-- Raises the versions of these hosts and teams. Keys are taken in order, so two transactions raising
-- the same calendars never wait on each other in a cycle; a host or team being deleted (its rows go
-- by cascade) has nothing left to version.
create or replace function private.bump_schedule_versions(p_user_ids uuid[], p_team_ids bigint[])
returns void language plpgsql security definer set search_path = ''
as $$
begin
  insert into private.schedule_versions as v (user_id, version)
  select u, nextval('private.schedule_version_seq')
  from (select distinct u from unnest(p_user_ids) u where exists (select 1 from public.profiles p where p.id = u) order by u) keys
  on conflict (user_id) do update set version = excluded.version;
  insert into private.schedule_versions as v (team_id, version)
  select t, nextval('private.schedule_version_seq')
  from (select distinct t from unnest(p_team_ids) t where exists (select 1 from public.teams x where x.id = t) order by t) keys
  on conflict (team_id) do update set version = excluded.version;
end;
$$;

-- Statement-level, so a bulk change (a week of hours replaced, a calendar synced) raises each version
-- once. The arguments name the key columns: user_id (a host) and/or team_id (a team); a table a host
-- or a team owns names both, and each row raises its owner's. Static queries (the columns read by name
-- from each row's JSON), not EXECUTE: PL/pgSQL compiles a trigger function per trigger and keeps their
-- plans, where a dynamic query was planned again at every booking. Rows without a key (a personal
-- booking's team) raise nothing.
create or replace function private.bump_versions_of_changed_rows()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  changed jsonb[] := '{}';
  user_keys uuid[];
  team_keys bigint[];
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select coalesce(array_agg(to_jsonb(n)), '{}') into changed from new_rows n;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select changed || coalesce(array_agg(to_jsonb(o)), '{}') into changed from old_rows o;
  end if;
  select array_agg(distinct (r ->> 'user_id')::uuid) filter (where 'user_id' = any (tg_argv) and r ->> 'user_id' is not null),
         array_agg(distinct (r ->> 'team_id')::bigint) filter (where 'team_id' = any (tg_argv) and r ->> 'team_id' is not null)
  into user_keys, team_keys
  from unnest(changed) r;
  if user_keys is not null or team_keys is not null then
    perform private.bump_schedule_versions(user_keys, team_keys);
  end if;
  return null;
end;
$$;

do $$
declare
  t record;
  keys text;
begin
  for t in
    select * from (values
      ('availability_rules', '{user_id,team_id}'), ('date_overrides', '{user_id,team_id}'), ('event_types', '{user_id,team_id}'),
      ('user_settings', '{user_id}'), ('time_off', '{user_id}'), ('booking_busy', '{user_id}'), ('external_busy', '{user_id}'),
      ('team_members', '{team_id}'), ('bookings', '{team_id}')
    ) as x(tbl, keyed)
  loop
    keys := (select string_agg(quote_literal(k), ', ') from unnest(t.keyed::text[]) k);
    -- A busy row raises its person's version before it is written (booking_busy_version_first, below).
    if t.tbl <> 'booking_busy' then
      execute format('create trigger %1$s_version_insert after insert on public.%1$I referencing new table as new_rows
        for each statement execute function private.bump_versions_of_changed_rows(%2$s)', t.tbl, keys);
    end if;
    -- A booking's update has its own (bookings_version_update, below).
    if t.tbl <> 'bookings' then
      execute format('create trigger %1$s_version_update after update on public.%1$I referencing old table as old_rows new table as new_rows
        for each statement execute function private.bump_versions_of_changed_rows(%2$s)', t.tbl, keys);
    end if;
    execute format('create trigger %1$s_version_delete after delete on public.%1$I referencing old table as old_rows
      for each statement execute function private.bump_versions_of_changed_rows(%2$s)', t.tbl, keys);
  end loop;
end;
$$;

-- A team's slots read its bookings' time, status, event type and member (limits and fairness); their
-- other columns (the manage link's hash, a payment, a meeting link) change none, and every booking
-- writes its manage link's hash right after it is made: raising the team's version for it would make
-- each booking wait twice on the team's one version row. Transition tables allow no column list, so
-- the rows are compared.
create or replace function private.bump_versions_of_changed_bookings()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  team_keys bigint[];
begin
  select array_agg(distinct t) filter (where t is not null) into team_keys
  from old_rows o join new_rows n on n.id = o.id
  cross join unnest(array[o.team_id, n.team_id]) t
  where (o.status, o.start_time, o.end_time, o.team_id, o.assigned_user_id, o.event_type_id)
    is distinct from (n.status, n.start_time, n.end_time, n.team_id, n.assigned_user_id, n.event_type_id);
  if team_keys is not null then
    perform private.bump_schedule_versions(null, team_keys);
  end if;
  return null;
end;
$$;

create trigger bookings_version_update after update on public.bookings referencing old table as old_rows new table as new_rows
  for each statement execute function private.bump_versions_of_changed_bookings();

-- Row-level triggers raise the version of the row's calendar: a profile's or team's own, otherwise the
-- host in user_id. Returns the row, so it serves before triggers too.
create or replace function private.bump_version_of_row()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'teams' then
    perform private.bump_schedule_versions(null, array[new.id]);
  elsif tg_table_name = 'profiles' then
    perform private.bump_schedule_versions(array[new.id], null);
  else
    perform private.bump_schedule_versions(array[new.user_id], null);
  end if;
  return new;
end;
$$;

-- A host's time zone and a team's zone and visibility are inputs; their other columns are not.
create trigger profiles_version after update of timezone on public.profiles
  for each row when (old.timezone is distinct from new.timezone) execute function private.bump_version_of_row();
create trigger teams_version after update of timezone, is_public on public.teams
  for each row when (old.timezone is distinct from new.timezone or old.is_public is distinct from new.is_public)
  execute function private.bump_version_of_row();

revoke all on function private.bump_schedule_versions(uuid[], bigint[]), private.bump_versions_of_changed_rows(),
  private.bump_versions_of_changed_bookings(),
  private.bump_version_of_row() from public;
revoke all on table private.schedule_versions from public, anon, authenticated;

-- Slot inputs ---------------------------------------------------------------------------------------
-- Everything the slot engine needs for one event type, in one round trip: the `slots` function (and
-- GET /api/slots) call private.slot_inputs once per request over the functions' database connection
-- (SUPABASE_DB_URL) instead of reading table after table, page after page, through REST.
-- Its helpers are PL/pgSQL, not SQL: SQL functions with a pinned search_path are never inlined and
-- plan their query again at every call, where PL/pgSQL keeps its plans for the session.
--
-- Whether the visitor may book the event type at all is asked of the database as the visitor: the
-- check runs under their role and JWT claims (anon for a guest), so the same function and policies
-- that decide it for the REST API decide it here (public_event_type for a host's event type, the read
-- policies of event_types for a team's: its members', else anon's). Only then are the schedule's inputs read, as the
-- functions' own role. Only what the engine needs leaves: hours, rules, settings, override and
-- time-off dates (never their notes), busy intervals (never the bookings or events behind them),
-- members' ids, join dates and zones. Nothing here is reachable through the API: the private schema
-- is not exposed and no API role may execute it.

-- The host or team behind an event type the viewer may book, or nulls, and whether the viewer is the
-- host or one of the team's members (as the viewer reads the membership). `p_team` says which kind the caller names
-- (a host's id asked for as a team's, or the reverse, is no event type). `p_claims` are the viewer's
-- verified JWT claims (null: a guest). With `p_own`, a host's event type must also be one the viewer
-- reads through event_types' policy (its host booking for a guest). Role and claims are the caller's
-- again when it returns.
create or replace function private.bookable_calendar(p_claims jsonb, p_event_type_id bigint, p_team boolean,
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
  -- not read team_members at all. A host's event type: public_event_type holds a guest's checks (it
  -- is bookable by its direct link); a team's: the event_types read policy decides.
  if not p_team then
    select e.user_id into host_id from public.public_event_type(p_event_type_id) e;
    is_member := host_id is not null and host_id = (select auth.uid());
    if p_own then
      if not exists (select 1 from public.event_types o where o.id = p_event_type_id) then
        host_id := null;
      end if;
    end if;
  else
    select t.team_id into owner_team_id from public.event_types t where t.id = p_event_type_id and t.is_active;
    is_member := false;
    if owner_team_id is not null and p_claims->>'role' = 'authenticated' then
      is_member := exists (select 1 from public.team_members m where m.team_id = owner_team_id and m.user_id = (select auth.uid()));
    elsif p_claims->>'role' = 'authenticated' then
      -- Signed in, only its team's members read the row (its locations are in it); anyone else may
      -- book what a guest may.
      perform set_config('role', 'anon', true);
      select t.team_id into owner_team_id from public.event_types t where t.id = p_event_type_id and t.is_active;
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
returns text language plpgsql stable set search_path = ''
as $$
begin
  if p_user_id is not null then
    return coalesce((select v.version from private.schedule_versions v where v.user_id = p_user_id), 0)::text;
  end if;
  return coalesce((select v.version from private.schedule_versions v where v.team_id = p_team_id), 0)::text || '.' ||
    coalesce((select sum(v.version) from public.team_members m join private.schedule_versions v on v.user_id = m.user_id
              where m.team_id = p_team_id), 0)::text;
end;
$$;

-- Busy intervals of these people overlapping the window, from bookings and connected calendars alike,
-- grouped by person: [[user id, [[start ms, end ms], …]], …] (a user id is not written once per
-- interval). Milliseconds are the engine's own unit, computed with `date_part` (double precision,
-- exact for milliseconds) rather than `extract(epoch …)`, which computes in numeric. The seats of
-- `p_seated`'s own group slots are left out: seats_json tells the engine of them (docs/seats.md).
create or replace function private.busy_json(p_user_ids uuid[], p_window tstzrange, p_seated bigint default null)
returns json language plpgsql stable set search_path = ''
as $$
begin
  return (
    select coalesce(json_agg(json_build_array(p.user_id, person.spans)), '[]'::json)
    -- Person by person: each reads the (user, time) indexes by both columns (with `= any(p_user_ids)`
    -- the function's cached plan reads the window's busy time of everyone and filters the people), and
    -- sorts their own: a big team's 100,000 sorted at once spill out of work_mem to disk (160 → 90 ms).
    from unnest(p_user_ids) as p(user_id)
    cross join lateral (
      -- In order of start: the slot engine merges a sorted list in one pass.
      select array_agg(array[(date_part('epoch', lower(u.during)) * 1000)::bigint,
          (date_part('epoch', upper(u.during)) * 1000)::bigint] order by lower(u.during)) as spans
      from (
        select b.during from public.booking_busy b
        where b.user_id = p.user_id and b.active and b.during && p_window
          and b.shared_by not in (select s.id from public.seat_slots s where s.event_type_id = p_seated)
        union all
        select x.during from public.external_busy x
        where x.user_id = p.user_id and x.during && p_window
      ) u
    ) person
    -- People without busy time are left out (their aggregate is null).
    where person.spans is not null
  );
end;
$$;

-- A group event's slots with seats taken overlapping the window: [[start ms, end ms, seats left], …];
-- empty for an event type of one guest a slot.
create or replace function private.seats_json(p_event_type_id bigint, p_seats integer, p_window tstzrange)
returns json language plpgsql stable set search_path = ''
as $$
begin
  if p_seats is null then
    return '[]'::json;
  end if;
  return (
    select coalesce(json_agg(json_build_array((date_part('epoch', taken.start_time) * 1000)::bigint,
        (date_part('epoch', taken.end_time) * 1000)::bigint, p_seats - taken.seats)), '[]'::json)
    from (
      select s.start_time, max(b.end_time) as end_time, count(*)::int as seats
      from public.seat_slots s join public.bookings b on b.seat_slot_id = s.id and b.status not in ('cancelled', 'expired')
      where s.event_type_id = p_event_type_id and tstzrange(s.start_time, b.end_time) && p_window
      group by s.id
    ) taken
  );
end;
$$;

-- Starts (ms) of an event type's live (neither cancelled nor expired) bookings in the weeks around the window, for its limits
-- per day and week; none are read when it has no limit.
create or replace function private.booked_json(p_event_type_id bigint, p_limited boolean, p_from timestamptz, p_to timestamptz)
returns json language plpgsql stable set search_path = ''
as $$
begin
  if not p_limited then
    return '[]'::json;
  end if;
  return (
    select coalesce(json_agg((date_part('epoch', b.start_time) * 1000)::bigint), '[]'::json) from public.bookings b
    where b.event_type_id = p_event_type_id and b.status not in ('cancelled', 'expired')
      and b.start_time >= p_from - interval '8 days' and b.start_time < p_to + interval '8 days'
  );
end;
$$;

-- The inputs of the event type's slots over [p_from, p_to) as JSON, or null when the viewer may not
-- book it (`p_team`: the caller names a team's event type; `p_team_id`, when given, must be its team).
-- One path for a host's and a team's: the owner's hours, overrides and zone, and the time off and busy
-- time of its people (the host, or the team's members). With `p_if_version`, only {"version", "stale",
-- "is_member"}: the caller holds inputs of that version, and only what changes without a new version
-- (time, the viewer) is read again; when the version moved on, the caller reads the inputs in a call
-- of their own, one for all of its process's requests (booking/schedule.ts). `p_stale_before`: also
-- report whether a connected calendar of these people was last tried before it. `p_tally_at`: also
-- each member's tally for assignment at a slot starting then (`tallies` below). Its statements and its
-- helpers' keep one plan for the session, as create_booking's (docs/scale.md "Plans kept").
create or replace function private.slot_inputs(p_claims jsonb, p_event_type_id bigint, p_team boolean,
  p_from timestamptz, p_to timestamptz, p_if_version text default null, p_team_id bigint default null,
  p_own boolean default false, p_stale_before timestamptz default null, p_tally_at timestamptz default null)
returns json language plpgsql set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  cal record;
  et record;
  version text;
  people uuid[];
  stale boolean;
  -- Owner-local dates the listing can touch, widened by a day: no zone is a day away from UTC.
  first_date date := ((p_from - interval '1 day') at time zone 'UTC')::date;
  last_date date := ((p_to + interval '1 day') at time zone 'UTC')::date;
  busy_window tstzrange;
  -- The Monday-to-Sunday week of p_tally_at in the owner's zone (least busy counts in it).
  monday timestamp;
  week_start timestamptz;
  week_end timestamptz;
begin
  select * into cal from private.bookable_calendar(p_claims, p_event_type_id, p_team, p_own);
  if cal.host_id is null and (cal.owner_team_id is null or cal.owner_team_id <> coalesce(p_team_id, cal.owner_team_id)) then
    return null;
  end if;
  -- The version and whose calendars are the owner's alone: a listing that holds the current inputs
  -- reads no more (the event type's row is read below, for new inputs only).
  version := private.slot_list_version(cal.host_id, cal.owner_team_id);
  if cal.host_id is not null then
    people := array[cal.host_id];
  else
    select coalesce(array_agg(m.user_id), '{}') into people from public.team_members m where m.team_id = cal.owner_team_id;
  end if;
  stale := p_stale_before is not null and exists (select 1 from public.calendar_connections c
      where c.user_id = any(people) and (c.last_attempt_at is null or c.last_attempt_at < p_stale_before));
  if p_if_version is not null then
    return json_build_object('version', version, 'stale', stale, 'is_member', cal.is_member);
  end if;
  select e.id, e.user_id, e.team_id, e.title, e.duration, e.auto_confirm, e.is_active, e.requires_all_members,
    e.assignment_type, e.specific_member_id, e.buffer_before, e.buffer_after, e.minimum_notice, e.max_future_bookings,
    e.slot_interval, e.max_bookings_per_day, e.max_bookings_per_week, coalesce(p.timezone, t.timezone) as timezone,
    -- The kinds offered (public, as public_locations tells them): a booking naming none takes the only one.
    array(select l ->> 'kind' from jsonb_array_elements(e.locations) l) as location_kinds,
    -- What a booking must answer (public: the guest's form shows them), and whom it may invite.
    e.questions, e.guest_fields, e.max_extra_attendees, e.seats_per_slot,
    -- The series a guest may book (docs/series.md; public, as the booking page offers it).
    e.recurrence_frequencies, e.recurrence_max_count
  into et
  from public.event_types e
  left join public.profiles p on p.id = e.user_id
  left join public.teams t on t.id = e.team_id
  where e.id = p_event_type_id;
  -- Busy time a start in [p_from, p_to) can touch: the meeting and its buffers (public.buffer_minutes:
  -- 30 minutes at most). A booking reads a day from its start: a wider window would read three days of
  -- every member of a big team.
  busy_window := tstzrange(p_from - interval '30 minutes', p_to + make_interval(mins => et.duration + 30), '[)');
  if p_tally_at is not null then
    monday := date_trunc('week', p_tally_at at time zone coalesce(et.timezone, 'UTC'));
    week_start := monday at time zone coalesce(et.timezone, 'UTC');
    week_end := (monday + interval '7 days') at time zone coalesce(et.timezone, 'UTC');
  end if;
  return json_build_object(
    'version', version,
    'event', row_to_json(et),
    'is_member', cal.is_member,
    -- A host's settings; a team has none of its own (its defaults are the engine's).
    'settings', (select row_to_json(s) from (
        select s.buffer_before, s.buffer_after, s.minimum_notice, s.max_future_bookings
        from public.user_settings s where s.user_id = et.user_id) s),
    -- In join order, as assignment breaks ties.
    'members', (select json_agg(json_build_array(m.user_id, m.joined_at, p.timezone) order by m.joined_at, m.id)
        from public.team_members m left join public.profiles p on p.id = m.user_id where m.team_id = et.team_id),
    'rules', (select coalesce(json_agg(json_build_array(r.day_of_week, r.start_time, r.end_time, r.is_enabled)), '[]')
        from public.availability_rules r where r.user_id = et.user_id or r.team_id = et.team_id),
    'overrides', (select coalesce(json_agg(json_build_array(o.date, o.start_time, o.end_time)), '[]')
        from public.date_overrides o
        where (o.user_id = et.user_id or o.team_id = et.team_id) and o.date between first_date and last_date),
    'time_off', (select coalesce(json_agg(json_build_array(t.user_id, t.start_date, t.end_date)), '[]')
        from public.time_off t where t.user_id = any(people) and t.start_date <= last_date and t.end_date >= first_date),
    'busy', private.busy_json(people, busy_window, case when et.seats_per_slot is not null then et.id end),
    'seats', private.seats_json(et.id, et.seats_per_slot, busy_window),
    'booked', private.booked_json(p_event_type_id, et.max_bookings_per_day is not null or et.max_bookings_per_week is not null,
        p_from, p_to),
    -- What assignment weighs (rules/assignment.ts chooseMembers), per member with open bookings of
    -- the team: [user id, when the latest was booked (ms), for least busy how many start in the week
    -- of p_tally_at]. Looked up member by member on the indexes: a big team's history is tens of
    -- thousands of bookings, and neither figure needs all of it.
    'tallies', case when p_tally_at is not null then
        (select coalesce(json_agg(json_build_array(m.user_id, t.last_booked, t.in_week) order by m.joined_at, m.id), '[]')
         from public.team_members m
         cross join lateral (select
             (select (date_part('epoch', b.created_at) * 1000)::bigint from public.bookings b
              where b.team_id = et.team_id and b.assigned_user_id = m.user_id and b.status not in ('cancelled', 'expired')
              order by b.created_at desc limit 1) as last_booked,
             case when et.assignment_type = 'least_busy' then
               (select count(*) from public.bookings b
                where b.team_id = et.team_id and b.assigned_user_id = m.user_id and b.status not in ('cancelled', 'expired')
                  and b.start_time >= week_start and b.start_time < week_end)
             else 0 end as in_week) t
         where m.team_id = et.team_id and t.last_booked is not null)
      end,
    'stale', stale
  );
end;
$$;

revoke all on function private.slot_list_version(uuid, bigint),
  private.bookable_calendar(jsonb, bigint, boolean, boolean),
  private.busy_json(uuid[], tstzrange, bigint), private.seats_json(bigint, integer, tstzrange), private.booked_json(bigint, boolean, timestamptz, timestamptz),
  private.slot_inputs(jsonb, bigint, boolean, timestamptz, timestamptz, text, bigint, boolean, timestamptz, timestamptz)
  from public;

-- Version before busy time --------------------------------------------------------------------------
-- A calendar's schedule version is locked before its busy time is written (or made active), not after.
--
-- The version row of a host is raised (and so locked until commit) by a statement trigger once a
-- change is made. A guest's reschedule first cancels the old booking (raising the host's version),
-- then books the new time; a rival booking the same time inserted its busy row first and then
-- waited for the version row. The reschedule's busy row then waited for the rival's: a deadlock,
-- answered 500 instead of "no longer available". Taking the version before inserting busy time means
-- whoever holds a host's version is the only one with uncommitted busy rows of that host, so busy
-- inserts never wait on each other while holding a version: a conflict shows as the exclusion
-- violation the booking paths already turn into 409. An inserted busy row needs nothing more; an
-- update also raises its former person's version (the statement trigger), a delete has no new row.

create trigger booking_busy_version_first before insert or update of user_id, during, active on public.booking_busy
  for each row execute function private.bump_version_of_row();

revoke all on all functions in schema private from public;
